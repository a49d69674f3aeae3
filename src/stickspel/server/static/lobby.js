// The lobby: the form that creates a table, the links it hands out, and the tables
// this browser created (kept in local storage with their host token), refreshed.
import { t, currentLang, setupPage, el, hostedTables, rememberTable, forgetTable, linkList } from "./i18n.js";

const lang = currentLang();
setupPage(lang);

const form = document.getElementById("create");
const seats = document.getElementById("seats");
let games = {};

function defaultNames() {
  return lang === "sv" ? ["Anna", "Björn", "Cissi", "David", "Eva", "Fredrik", "Gun"]
                       : ["Anna", "Ben", "Cleo", "Dan", "Eve", "Fred", "Gus"];
}

function seatRows() {
  const game = games[form.game.value];
  if (!game) return;
  let n = game.players;
  const m = /players=(\d+)/.exec(form.rules.value);
  if (m) n = Math.min(Number(m[1]), 8);
  const names = defaultNames();
  const old = [...seats.children].map((li) => [li.querySelector("input").value, li.querySelector("select").value]);
  seats.replaceChildren();
  for (let i = 0; i < n; i++) {
    const seatLabel = t(lang, "seat_n", { n: i + 1 });
    const kind = el("select", { name: `kind${i}`, "aria-label": `${seatLabel}: ${t(lang, "who")}` },
      el("option", { value: "" }, t(lang, "human")),
      ...game.bots.map((b) => el("option", { value: b }, `${t(lang, "bot")}: ${b}`)));
    const name = el("input", { name: `name${i}`, value: old[i]?.[0] ?? names[i], maxlength: 40, required: true,
                                 "aria-label": `${seatLabel}: ${t(lang, "name")}` });
    kind.value = old[i]?.[1] ?? (i === 0 ? "" : game.bots.includes("heuristic") ? "heuristic" : game.bots[0]);
    seats.append(el("li", {}, name, " ", kind));
  }
}

async function init() {
  games = await (await fetch("/api/games")).json();
  form.rules.value = games[form.game.value].rules;
  form.game.addEventListener("change", () => { form.rules.value = games[form.game.value].rules; seatRows(); });
  form.rules.addEventListener("change", seatRows);
  seatRows();
  await refreshTables();
  setInterval(refreshTables, 5000);
}

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const error = document.getElementById("create-error");
  error.textContent = "";
  const body = {
    rules: form.rules.value.trim() || form.game.value,
    seats: [...seats.children].map((li) => ({
      name: li.querySelector("input").value, bot: li.querySelector("select").value || null,
    })),
    timer: form.timer.value ? Number(form.timer.value) : null,
  };
  const resp = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await resp.json();
  if (!resp.ok) {
    const e = answer.error;
    error.textContent = e ? (lang === "sv" ? e.sv : e.message)
                          : answer.detail?.map((d) => `${d.loc?.slice(1).join(".")}: ${d.msg}`).join("; ") ?? String(resp.status);
    return;
  }
  const entry = {
    id: answer.id, rules: answer.rules, created: answer.created, host_token: answer.host_token,
    seats: answer.seats.map((s) => ({ name: s.name, join_url: s.join_url })),
    spectator_url: answer.spectator_url,
  };
  rememberTable(entry);
  const created = document.getElementById("created");
  const first = entry.seats.find((s) => s.join_url);
  created.replaceChildren(
    el("h3", {}, t(lang, "links")),
    linkList(lang, entry),
    first ? el("p", {}, el("a", { href: first.join_url, class: "button", id: "play-here" },
                          `${t(lang, "play_here")} (${first.name})`)) : null);
  created.hidden = false;
  created.querySelector("h3").focus?.();
  refreshTables();
});

// the tables this browser made, with their status now (a table gone from the server says so)
async function refreshTables() {
  const list = document.getElementById("tables");
  const hosted = hostedTables();
  document.getElementById("tables-none").hidden = hosted.length > 0;
  const items = await Promise.all(hosted.map(async (entry) => {
    let status = "gone", players = entry.seats.map((s) => s.name);
    try {
      const resp = await fetch(`/api/tables/${entry.id}`);
      if (resp.ok) { const info = await resp.json(); status = info.status; players = info.players; }
    } catch { /* offline: keep the last list */ }
    const first = entry.seats.find((s) => s.join_url);
    return el("li", { "data-status": status, "data-id": entry.id },
      el("a", { href: first ? first.join_url : entry.spectator_url }, entry.rules), " ",
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
