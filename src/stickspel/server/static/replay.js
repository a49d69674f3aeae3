// The replay and analysis viewer: a finished game move by move with every hand, the
// protokoll beside it, and the analysis' marks at the moves they judge.  The server
// builds every frame and runs the analysis (a job whose progress this page polls).
import { t, pageLang, setupWords, el, errorText, cardText, isRed } from "./kit.js";

const lang = pageLang();
setupWords(lang);
const $ = (id) => document.getElementById(id);
const tableId = document.body.dataset.table;
const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
let game = null, at = 0, analysis = null;

async function post(url, body) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { ok: r.ok, data: await r.json().catch(() => ({})) };
}

const show = (text) => (/^[2-9TJQKA][CDHS]$/.test(text) ? cardText(text, lang) : text);
function card(c, extra = "") {
  return el("span", { class: `card${isRed(c) ? " red" : ""}${extra}` }, cardText(c, lang));
}

function render() {
  const f = game.frames[at];
  document.querySelector("main").dataset.step = at;
  const moveNo = f.move ? f.move.index + 1 : 0;
  $("where").textContent = `${t(lang, "replay.deal_of", { deal: f.deal + 1, deals: game.deals })}, ${t(lang, "replay.move_of", { move: moveNo, moves: game.moves })}`;
  $("move").textContent = f.move ? t(lang, "replay.played", { name: game.players[f.move.person], move: show(f.move.text) }) : t(lang, "replay.start");
  $("trick").replaceChildren(...(f.trick?.cards || []).map((c) => card(c)));
  $("facts").textContent = facts(f);
  $("hands").replaceChildren(...f.hands.map((h) => el("div", { class: `hand${f.turn === h.seat ? " turn" : ""}` },
    el("span", { class: "name" }, h.name, f.dealer === h.seat ? ` (${t(lang, "replay.dealer")})` : ""),
    el("span", { class: "cards" }, ...h.cards.map((c) => card(c))))));
  const done = f.deal + (f.deal_over ? 1 : 0);
  $("paper").innerHTML = game.sheets[Math.min(Math.max(done, 0), game.sheets.length - 1)];  // escaped by the server
  renderMark(f);
}

const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };
// the public facts of a frame in words: per-seat lists with the seat's name
function facts(f) {
  const names = f.hands.map((h) => h.name);
  return Object.entries(f.facts).map(([k, v]) => {
    let text;
    if (Array.isArray(v) && v.length === names.length && k !== "declarers") text = v.map((x, i) => `${names[i]} ${x ?? "–"}`).join(", ");
    else if (Array.isArray(v)) text = v.map((x) => (typeof x === "number" && names[x] ? names[x] : show(String(x)))).join(", ");
    else text = SUIT[v] || show(String(v));
    return `${t(lang, `replay.fact.${k}`)}: ${text}`;
  }).join(" · ");
}

function verdictWords(v) { return t(lang, `replay.verdict.${v}`); }

function renderMark(f) {
  const box = $("mark");
  box.replaceChildren();
  if (!analysis || !f.move) return;
  const d = analysis.decisions.find((x) => x.index === f.move.index);
  if (!d) return;
  const name = game.players[d.person];
  const text = d.verdict === "best"
    ? t(lang, "replay.mark_best", { name, made: show(d.made) })
    : t(lang, "replay.mark", { name, made: show(d.made), best: show(d.best), loss: d.loss.toFixed(1), verdict: verdictWords(d.verdict) });
  box.append(el("p", { class: `mark ${d.verdict}`, "data-verdict": d.verdict }, text));
  const why = whyWords(d);
  if (why) box.append(el("div", { class: "why" }, why));
}

// why the best move (and the one made, where it was another), in the coach's words
function whyWords(d) {
  const said = (reasons) => (reasons || []).map((r) => r[lang] ?? r.en ?? "").filter(Boolean).join("; ");
  const best = said(d.why_best);
  if (d.verdict === "best") return best;
  const made = said(d.why_made);
  return [best && t(lang, "replay.why_best", { move: show(d.best), why: best }),
    made && t(lang, "replay.why_made", { move: show(d.made), why: made })].filter(Boolean).join(" ");
}

function go(k) {
  at = Math.max(0, Math.min(game.frames.length - 1, k));
  render();
}
function goDeal(step) {
  const deal = game.frames[at].deal + step;
  const k = game.frames.findIndex((f) => f.deal === deal);
  if (k >= 0) go(k); else go(step < 0 ? 0 : game.frames.length - 1);
}

function start(data) {
  game = data;
  document.title = `${data.title}: ${data.players.join(", ")} · stickspel`;
  $("open").hidden = true; $("board").hidden = false; $("side").hidden = false;
  $("first").onclick = () => go(0);
  $("last").onclick = () => go(game.frames.length - 1);
  $("prev").onclick = () => go(at - 1);
  $("next").onclick = () => go(at + 1);
  $("prev-deal").onclick = () => goDeal(-1);
  $("next-deal").onclick = () => goDeal(1);
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest && ev.target.closest("input, select, textarea")) return;
    const keys = { ArrowLeft: () => go(at - 1), ArrowRight: () => go(at + 1), ArrowUp: () => goDeal(-1),
                   ArrowDown: () => goDeal(1), Home: () => go(0), End: () => go(game.frames.length - 1) };
    if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
  });
  go(0);
}

// the analysis: started in the background, its progress polled until it is done
async function analyse(body) {
  const r = await post("/api/analyses", body);
  if (!r.ok) { $("progress-text").textContent = errorText(r.data, lang); return; }
  let job = r.data;
  while (!job.finished && !job.error) {
    $("progress").max = Math.max(job.total, 1);
    $("progress").value = job.done;
    $("progress-text").textContent = t(lang, "replay.analysing", { done: job.done, total: job.total || "…" });
    await new Promise((ok) => setTimeout(ok, 600));
    const p = await fetch(`/api/analyses/${job.job}`);
    job = await p.json();
  }
  if (job.error) { $("progress-text").textContent = job.error; return; }
  analysis = job.analysis;
  $("progress").max = 1; $("progress").value = 1;
  $("progress-text").textContent = t(lang, "replay.analysed");
  const flagged = analysis.decisions.filter((d) => ["inaccuracy", "mistake", "blunder"].includes(d.verdict));
  $("flagged").replaceChildren(...flagged.map((d) => el("li", {}, el("button", {
    type: "button", class: "link", "data-verdict": d.verdict,
    onclick: () => go(game.frames.findIndex((f) => f.move && f.move.index === d.index)),
  }, `${t(lang, "replay.deal_of", { deal: d.deal, deals: game.deals })}: ${game.players[d.person]} ${show(d.made)} (${verdictWords(d.verdict)})`))));
  $("luck").replaceChildren(...analysis.by_player.map((p) => el("li", {}, t(lang, "replay.luck_of", { name: p.name, luck: p.luck.toFixed(1) }))));
  render();
}

async function open(text) {
  const r = await post("/api/replays", { text, lang });
  if (!r.ok) { $("open-error").textContent = errorText(r.data, lang); return; }
  $("open-error").textContent = "";
  start(r.data);
  analyse({ text });
}

if (tableId) {
  post(`/api/tables/${encodeURIComponent(tableId)}/replay`, { token, lang }).then((r) => {
    if (!r.ok) { $("load-error").textContent = errorText(r.data, lang); return; }
    start(r.data);
    analyse({ table: tableId, token });
  });
} else {
  $("file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (file) open(await file.text());
  });
}
