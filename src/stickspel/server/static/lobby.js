// The lobby: the form that creates a table, and the links it hands out.
import { t, currentLang, setLang, el } from "./i18n.js";

const lang = currentLang();
document.documentElement.lang = lang;
for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(lang, node.dataset.t);
const langButton = document.getElementById("lang");
langButton.textContent = t(lang, "language");
langButton.addEventListener("click", () => { setLang(lang === "sv" ? "en" : "sv"); location.reload(); });

const form = document.getElementById("create");
const seats = document.getElementById("seats");
let games = {};

function defaultNames() {
  return lang === "sv" ? ["Anna", "Björn", "Cissi", "David", "Eva", "Fredrik", "Gun"]
                       : ["Anna", "Ben", "Cleo", "Dan", "Eve", "Fred", "Gus"];
}

async function seatRows() {
  const game = games[form.game.value];
  if (!game) return;
  let n = game.players;
  const m = /players=(\d+)/.exec(form.rules.value);
  if (m) n = Number(m[1]);
  const names = defaultNames();
  const old = [...seats.children].map((li) => [li.querySelector("input").value, li.querySelector("select").value]);
  seats.replaceChildren();
  for (let i = 0; i < n; i++) {
    const kind = el("select", { name: `kind${i}`, "aria-label": t(lang, "player") },
      el("option", { value: "" }, t(lang, "human")),
      ...game.bots.map((b) => el("option", { value: b }, `${t(lang, "bot")}: ${b}`)));
    const name = el("input", { name: `name${i}`, value: old[i]?.[0] ?? names[i], maxlength: 40, required: true,
                                 "aria-label": t(lang, "name") });
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
  };
  const resp = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await resp.json();
  if (!resp.ok) {
    const e = answer.error;
    error.textContent = e ? (lang === "sv" ? e.sv : e.message)
                          : answer.detail?.map((d) => d.msg).join("; ") ?? String(resp.status);
    return;
  }
  const created = document.getElementById("created");
  const link = (path) => new URL(path, location.href).href;
  const entry = (label, url) => {
    const img = el("img", { class: "qr", alt: `QR: ${label}`, width: 128, height: 128 });
    qr(url).then((src) => { img.src = src; });
    return el("li", {}, el("strong", {}, label), " ", el("a", { href: url }, url), el("br"), img);
  };
  created.replaceChildren(
    el("h3", {}, t(lang, "links")),
    el("ul", { class: "links" },
      ...answer.seats.filter((s) => s.join_url).map((s) => entry(s.name, link(s.join_url))),
      entry(t(lang, "watch"), link(answer.spectator_url))));
  created.hidden = false;
});

// a QR code of a link, drawn by the server (POST: the link holds a token)
async function qr(text) {
  const resp = await fetch("/api/qr", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }),
  });
  return URL.createObjectURL(await resp.blob());
}

init();
