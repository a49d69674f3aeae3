// The lobby: the form that creates a table, the links it hands out, and the tables
// this browser created (kept in local storage with their host token), refreshed.
// The form is drawn from the server's description of the games (/api/games: presets,
// options with their help, defaults and allowed values, player counts, bot levels, all
// in the page's language); the server judges the rules it is sent.
import { t, currentLang, setupPage, el, hostedTables, rememberTable, forgetTable, linkList, errorText } from "./i18n.js";

let lang = currentLang();
const form = document.getElementById("create");
const seats = document.getElementById("seats");
const $ = (id) => document.getElementById(id);
let games = {};
let chosen = "plump";

function defaultNames() {
  return lang === "sv" ? ["Anna", "Björn", "Cissi", "David", "Eva", "Fredrik", "Gun", "Hans", "Ida", "Jonas"]
                       : ["Anna", "Ben", "Cleo", "Dan", "Eve", "Fred", "Gus", "Hal", "Ivy", "Jack"];
}

const game = () => games[chosen];
const preset = () => game().presets.find((p) => p.name === form.preset.value) ?? game().presets[0];

// --- the three games as cards to choose from ----------------------------------------------
function drawGames() {
  $("game-cards").replaceChildren(...Object.entries(games).map(([name, g]) => {
    const input = el("input", { type: "radio", name: "game", value: name, id: `game-${name}` });
    input.checked = name === chosen;
    input.addEventListener("change", () => { chosen = name; drawChoices(); });
    return el("label", { class: "game-card", for: `game-${name}` }, input,
      el("span", { class: "game-title" }, g.title), el("span", { class: "game-about" }, g.description));
  }));
}

// the presets, player counts and options of the chosen game
function drawChoices(keepPreset = false) {
  const g = game();
  const was = keepPreset ? form.preset.value : null;
  form.preset.replaceChildren(...g.presets.filter((p) => p.name !== "research").map((p) => el("option", { value: p.name }, p.label)));
  if (was && g.presets.some((p) => p.name === was)) form.preset.value = was;
  drawPlayers(keepPreset);
  drawOptions();
  seatRows();
}

// the player counts the preset allows; the count chosen stays where it may (not when
// another game is chosen: its own count then)
function drawPlayers(keep = true) {
  const p = preset();
  const was = Number(form.players.value);
  const counts = p.player_counts;
  form.players.replaceChildren(...counts.map((n) => el("option", { value: n }, String(n))));
  const wanted = keep && counts.includes(was) ? was : (p.values.players ?? counts[0]);
  form.players.value = String(counts.includes(wanted) ? wanted : counts[0]);
  form.players.disabled = counts.length < 2;
}

// one field per option the rules describe (players has its own field above)
function drawOptions() {
  const values = preset().values;
  const fields = game().options.filter((o) => o.name !== "players" && (o.kind !== "text" || o.choices.length)).map((o) => {
    const id = `opt-${o.name}`;
    const help = el("small", { class: "dim", id: `${id}-help` }, o.help);
    const value = values[o.name];
    let input;
    if (o.kind === "bool") {
      input = el("input", { type: "checkbox", id, name: o.name, "aria-describedby": `${id}-help`, "data-option": o.name });
      input.checked = Boolean(value);
      return el("div", { class: "option bool" }, el("label", { for: id }, input, " ", o.label), help);
    }
    if (o.kind === "choice") {
      input = el("select", { id, name: o.name, "aria-describedby": `${id}-help`, "data-option": o.name },
        ...o.choices.map((c) => el("option", { value: c.value }, c.label)));
      input.value = String(value);
    } else if (o.kind === "numbers") {  // a figure a seat or a contract: "6/5/2"
      input = el("input", { type: "text", id, name: o.name, "aria-describedby": `${id}-help`,
        "data-option": o.name, autocomplete: "off", spellcheck: "false" });
      input.value = Array.isArray(value) ? value.join("/") : String(value ?? "");
    } else {
      input = el("input", { type: "number", id, name: o.name, inputmode: "numeric", "aria-describedby": `${id}-help`,
        "data-option": o.name, placeholder: o.optional ? t(lang, "default_value") : null });
      input.value = value === null || value === undefined ? "" : String(value);
    }
    return el("div", { class: "option" }, el("label", { for: id }, o.label), input, help);
  });
  $("options").replaceChildren(...fields);
}

// the rules the form describes: the game, its preset, and the options that differ
// from the preset (the server builds the rules and judges them)
function chosenRules() {
  const p = preset();
  const options = {};
  const players = Number(form.players.value);
  if (!form.players.disabled && players !== p.values.players) options.players = players;
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    const before = Array.isArray(p.values[name]) ? p.values[name].join("/") : p.values[name];
    let now;
    if (input.type === "checkbox") now = input.checked;
    else if (input.type === "number") now = input.value === "" ? null : Number(input.value);
    else now = input.value;
    if (now === null || now === before || String(now) === String(before)) continue;
    options[name] = now;
  }
  return { game: chosen, preset: p.name, options };
}

// --- the seats: a name each and who plays (a person, or a bot of a level) -----------------------
function seatRows() {
  const g = game();
  const n = Number(form.players.value) || g.players;
  const names = defaultNames();
  const old = [...seats.children].map((li) => [li.querySelector("input").value, li.querySelector("select").value]);
  seats.replaceChildren();
  for (let i = 0; i < n; i++) {
    const seatLabel = t(lang, "seat_n", { n: i + 1 });
    const kind = el("select", { name: `kind${i}`, "aria-label": `${seatLabel}: ${t(lang, "who")}` },
      el("option", { value: "" }, t(lang, "human")),
      ...g.bots.filter((b) => b !== "random").map((b) => el("option", { value: b }, `${t(lang, "bot")}: ${g.bot_labels[b] ?? b}`)));
    const name = el("input", { name: `name${i}`, value: old[i]?.[0] ?? names[i], maxlength: 40, required: true,
                                 "aria-label": `${seatLabel}: ${t(lang, "name")}`, autocomplete: "off" });
    name.addEventListener("input", checkNames);
    kind.value = old[i]?.[1] ?? (i === 0 ? "" : g.bots.includes("intermediate") ? "intermediate" : g.bots[0]);
    seats.append(el("li", {}, name, " ", kind));
  }
  checkNames();
}

// two seats of one name are refused here, with the reason (the server refuses them too)
function checkNames() {
  const inputs = [...seats.querySelectorAll("input")];
  const seen = new Map();
  let problem = "";
  for (const [i, input] of inputs.entries()) {
    const key = input.value.trim().toLowerCase();
    input.removeAttribute("aria-invalid");
    if (!key) { problem ||= t(lang, "empty_name", { n: i + 1 }); input.setAttribute("aria-invalid", "true"); continue; }
    if (seen.has(key)) {
      problem ||= t(lang, "duplicate_name", { name: input.value.trim() });
      input.setAttribute("aria-invalid", "true");
      inputs[seen.get(key)].setAttribute("aria-invalid", "true");
    } else seen.set(key, i);
  }
  $("create-error").textContent = problem;
  return !problem;
}

async function loadGames() {
  games = await (await fetch(`/api/games?lang=${lang}`)).json();
  if (!games[chosen]) chosen = Object.keys(games)[0];
}

async function init() {
  setupPage(lang, relabel);
  await loadGames();
  drawGames();
  drawChoices();
  form.preset.addEventListener("change", () => { drawPlayers(); drawOptions(); seatRows(); });
  form.players.addEventListener("change", seatRows);
  await refreshTables();
  setInterval(refreshTables, 5000);
}

// the other language at once: the games' words come again from the server
async function relabel(next) {
  const keep = { preset: form.preset.value, players: form.players.value };
  lang = next;
  setupPage(lang, relabel);
  await loadGames();
  drawGames();
  drawChoices(true);
  form.players.value = keep.players;
  seatRows();
  refreshTables();
  const created = hostedTables()[0];
  if (!$("created").hidden && created) showCreated(created);
}

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const error = $("create-error");
  if (!checkNames()) return;
  error.textContent = "";
  const body = {
    ...chosenRules(),
    seats: [...seats.children].map((li) => ({
      name: li.querySelector("input").value.trim(), bot: li.querySelector("select").value || null,
    })),
    timer: form.timer.value ? Number(form.timer.value) : null,
    hints: form.hints.value ? form.hints.value === "on" : null,  // "": as the table (one person: on)
  };
  const resp = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await resp.json();
  if (!resp.ok) {
    const e = answer.error;
    error.textContent = e ? errorText(lang, null, lang === "sv" ? e.sv : e.message)
                          : answer.detail?.map((d) => `${d.loc?.slice(1).join(".")}: ${d.msg}`).join("; ") ?? String(resp.status);
    return;
  }
  const entry = {
    id: answer.id, rules: answer.rules, titles: answer.titles, created: answer.created, host_token: answer.host_token,
    seats: answer.seats.map((s) => ({ name: s.name, join_url: s.join_url })),
    spectator_url: answer.spectator_url,
  };
  rememberTable(entry);
  // one person against bots goes straight to the table (the links wait there, under
  // "links", for this browser); with several people the links are handed out here
  const people = entry.seats.filter((s) => s.join_url);
  if (people.length === 1) { location.assign(people[0].join_url); return; }
  showCreated(entry);
  refreshTables();
});

function showCreated(entry) {
  const created = $("created");
  const first = entry.seats.find((s) => s.join_url);
  created.replaceChildren(
    el("h3", { tabindex: "-1" }, t(lang, "links"), " — ", entry.titles?.[lang] ?? entry.rules),
    linkList(lang, entry),
    first ? el("p", {}, el("a", { href: first.join_url, class: "button", id: "play-here" },
                          `${t(lang, "play_here")} (${first.name})`)) : null);
  created.hidden = false;
  created.querySelector("h3").focus();
}

// the tables this browser made, with their status now (a table gone from the server says so)
async function refreshTables() {
  const list = $("tables");
  const hosted = hostedTables();
  $("tables-none").hidden = hosted.length > 0;
  const items = await Promise.all(hosted.map(async (entry) => {
    let status = "gone", players = entry.seats.map((s) => s.name), titles = entry.titles;
    try {
      const resp = await fetch(`/api/tables/${entry.id}`);
      if (resp.ok) { const info = await resp.json(); status = info.status; players = info.players; titles = info.titles ?? titles; }
    } catch { /* offline: keep the last list */ }
    const first = entry.seats.find((s) => s.join_url);
    return el("li", { "data-status": status, "data-id": entry.id },
      el("a", { href: first ? first.join_url : entry.spectator_url }, titles?.[lang] ?? entry.rules), " ",
      el("span", { class: "players" }, players.join(", ")), " ",
      el("span", { class: `status status-${status}` }, t(lang, `status_${status}`)), " ",
      status === "over" ? el("a", { class: "replay", href: (first ? first.join_url : entry.spectator_url).replace("/t/", "/r/t/") },
        t(lang, "replay_open")) : null, " ",
      el("button", { type: "button", class: "link", onclick: () => { forgetTable(entry.id); refreshTables(); } },
        t(lang, "forget")));
  }));
  list.replaceChildren(...items);
}

init();
