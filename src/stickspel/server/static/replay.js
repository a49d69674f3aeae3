// The replay and analysis viewer: a finished game move by move on the table's felt, its
// seats and cards, every hand open, the protokoll beside it, and the analysis' marks at
// the moves they judge (the key moments listed, the better move shown on the table).
// The server builds every frame and runs the analysis (a job whose progress this page
// polls); this page only places what they say.
import { t, pageLang, setupWords, el, errorText, cardText } from "./kit.js";
import { cardPicture } from "./cards.js";
import { seatSpot, trickSpot } from "./felt.js";

const lang = pageLang();
setupWords(lang);
const $ = (id) => document.getElementById(id);
const tableId = document.body.dataset.table;
const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
let game = null, at = 0, analysis = null;
const judged = new Map();  // the analysis' decisions by move index
const MARKS = ["inaccuracy", "mistake", "blunder"];

async function post(url, body) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { ok: r.ok, data: await r.json().catch(() => ({})) };
}

const show = (text) => cardText(text, lang);
// points as the page's language writes them, one decimal: "3,4" (sv), "3.4" (en)
const num = (x) => Number(x).toLocaleString(lang === "sv" ? "sv-SE" : "en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const isYou = (person) => game.viewer !== null && game.viewer !== undefined && person === game.viewer;

// a move in words: "Anna bjöd 1", "Du spelade K♠", "Ben passade"
function said(move) {
  const what = move.kind === "card" || move.kind === "put_away" ? show(move.text) : move.label;
  return t(lang, `replay.move.${move.kind}${isYou(move.person) ? "_you" : ""}`,
    { name: game.players[move.person], card: what, call: what });
}

function verdictWords(v) { return t(lang, `replay.verdict.${v}`); }

// the decision the frame's move was, where the analysis marked it (a clear loss)
function markOf(f) {
  const d = f.move ? judged.get(f.move.index) : null;
  return d && MARKS.includes(d.verdict) && d.best ? d : null;
}

function render() {
  const f = game.frames[at];
  document.querySelector("main").dataset.step = at;
  const moveNo = f.move ? f.move.index + 1 : 0;
  $("where").textContent = `${t(lang, "replay.deal_of", { deal: f.deal + 1, deals: game.deals })}, ${t(lang, "replay.move_of", { move: moveNo, moves: game.moves })}`;
  $("move").textContent = f.move ? said(f.move) : t(lang, "replay.start");
  const mark = markOf(f);
  renderFelt(f, mark);
  renderHands(f, mark);
  $("facts").textContent = facts(f);
  const done = f.deal + (f.deal_over ? 1 : 0);
  $("paper").innerHTML = game.sheets[Math.min(Math.max(done, 0), game.sheets.length - 1)];  // escaped by the server
  renderMark(f);
  for (const b of document.querySelectorAll("#moments button")) {
    b.setAttribute("aria-current", String(Number(b.dataset.frame) === at));
  }
}

// the seat at the bottom: the reader's own where they played, else the first
function bottomSeat(f) {
  const mine = f.hands.find((h) => isYou(h.person));
  return mine ? mine.seat : 0;
}

function seatBox(f, h, me, mark) {
  const n = f.hands.length;
  const spot = seatSpot(h.seat, me, n);
  const lines = [];
  const bid = f.facts.bids?.[h.seat];
  if (bid !== null && bid !== undefined) lines.push(t(lang, "replay.seat_bid", { call: bid }));
  const tricks = f.facts.tricks_won?.[h.seat];
  const playing = f.trick || (f.facts.tricks_won || []).some((x) => x);
  if (tricks !== null && tricks !== undefined && playing) lines.push(t(lang, "replay.seat_tricks", { n: tricks }));
  const better = mark && mark.seat === h.seat;  // the better move said at the seat (a card also outlined in the hand)
  return el("div", {
    class: `seat pos-${spot.name}${f.turn === h.seat ? " acting" : ""}${isYou(h.person) ? " me" : ""}`,
    style: `left:${spot.x}%;top:${spot.y}%`, "data-seat": h.seat,
  },
  el("div", { class: "seat-name" }, el("strong", {}, h.name),
    isYou(h.person) ? el("span", { class: "dim" }, ` (${t(lang, "replay.you")})`) : null,
    f.dealer === h.seat ? el("span", { class: "tag" }, t(lang, "replay.dealer")) : null),
  lines.length ? el("div", { class: "seat-info" }, ...lines.flatMap((l, i) => [i ? " · " : null, el("span", {}, l)])) : null,
  better ? el("div", { class: "better-call", "data-better": mark.best }, t(lang, "replay.better_call", { call: show(mark.best) })) : null);
}

// the felt: the seats around it, the trick's cards each at its player's side
function renderFelt(f, mark) {
  const n = f.hands.length;
  const me = bottomSeat(f);
  const trick = f.trick;
  const name = (seat) => f.hands[seat]?.name ?? "";
  const played = (trick?.cards || []).map((c, i) => {
    const seat = (trick.leader + i) % n;
    const spot = trickSpot(seatSpot(seat, me, n));
    return el("figure", {
      class: `played${trick.done && trick.winner === seat ? " winner" : ""}`,
      style: `left:${spot.x}%;top:${spot.y}%`, "data-seat": seat,
    }, cardPicture(c, lang, { "aria-label": `${name(seat)}: ${show(c)}` }), el("figcaption", {}, name(seat)));
  });
  const took = trick?.done && trick.winner !== null && trick.winner !== undefined
    ? el("p", { class: "trick-note" }, t(lang, "replay.took", { name: name(trick.winner) })) : null;
  $("felt").replaceChildren(...f.hands.map((h) => seatBox(f, h, me, mark)),
    el("section", { id: "trick", class: "trick", role: "region", "aria-label": t(lang, "replay.trick"), "data-done": trick?.done ? "yes" : "no" },
      el("div", { class: "trick-cards" }, ...played), took));
  $("felt").dataset.players = n;
}

// every hand open, as cards; at a marked card the better one outlined and labelled
function renderHands(f, mark) {
  const me = bottomSeat(f);
  const order = f.hands.map((_, i) => f.hands[(me + i) % f.hands.length]);
  $("hands").replaceChildren(...order.map((h) => {
    const better = mark && mark.seat === h.seat && (f.move.kind === "card" || f.move.kind === "put_away") ? mark.best : null;
    const cards = h.cards.map((c) => (c === better
      ? el("span", { class: "better-card", "data-card": c },
        cardPicture(c, lang, { "aria-label": t(lang, "replay.better_card", { card: show(c) }) }),
        el("span", { class: "better-label", "aria-hidden": "true" }, t(lang, "replay.better")))
      : cardPicture(c, lang)));
    return el("section", { class: `rp-hand${f.turn === h.seat ? " acting" : ""}`, "data-seat": h.seat, "aria-label": t(lang, "replay.hand_of", { name: h.name }) },
      el("h3", {}, h.name, isYou(h.person) ? el("span", { class: "dim" }, ` (${t(lang, "replay.you")})`) : null),
      el("div", { class: "cards" }, ...cards));
  }));
}

const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };
// the public facts of a frame in words (those the seats do not show already)
function facts(f) {
  const names = f.hands.map((h) => h.name);
  return Object.entries(f.facts).filter(([k]) => !["bids", "tricks_won"].includes(k)).map(([k, v]) => {
    let text;
    if (Array.isArray(v) && v.length === names.length && k !== "declarers") text = v.map((x, i) => `${names[i]} ${x ?? "–"}`).join(", ");
    else if (Array.isArray(v)) text = v.map((x) => (typeof x === "number" && names[x] ? names[x] : show(String(x)))).join(", ");
    else text = SUIT[v] || show(String(v));
    return `${t(lang, `replay.fact.${k}`)}: ${text}`;
  }).join(" · ");
}

function renderMark(f) {
  const box = $("mark");
  box.replaceChildren();
  const d = analysis && f.move ? judged.get(f.move.index) : null;
  if (!d || !d.made) return;  // a card put away stays its player's
  const text = MARKS.includes(d.verdict)
    ? t(lang, "replay.judged_mark", { verdict: capital(verdictWords(d.verdict)), best: show(d.best), loss: num(d.loss) })
    : d.verdict === "best" ? t(lang, "replay.judged_best") : t(lang, "replay.judged_good", { best: show(d.best) });
  box.append(el("p", { class: `mark ${d.verdict}`, "data-verdict": d.verdict }, text));
  const why = whyWords(d);
  if (why) box.append(el("div", { class: "why" }, why));
}

// why the best move (and the one made, where it was another), in the coach's words
function whyWords(d) {
  const words = (reasons) => (reasons || []).map((r) => r[lang] ?? r.en ?? "").filter(Boolean).join("; ");
  const best = words(d.why_best);
  if (d.verdict === "best") return best;
  const made = words(d.why_made);
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
  $("game-title").textContent = data.title;
  $("open").hidden = true; $("board").hidden = false; $("side").hidden = false;
  $("first").onclick = () => go(0);
  $("last").onclick = () => go(game.frames.length - 1);
  $("prev").onclick = () => go(at - 1);
  $("next").onclick = () => go(at + 1);
  $("prev-deal").onclick = () => goDeal(-1);
  $("next-deal").onclick = () => goDeal(1);
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest && ev.target.closest("input, select, textarea")) return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
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
  for (const d of analysis.decisions) judged.set(d.index, d);
  $("progress").max = 1; $("progress").value = 1;
  $("progress-text").textContent = t(lang, "replay.analysed");
  renderMoments();
  const rule = analysis.rule;
  if (rule) $("rule").textContent = t(lang, "replay.rule", { floor: num(rule.floor), k: Number(rule.k).toLocaleString(lang === "sv" ? "sv-SE" : "en-GB"), n: rule.rechecks });
  $("luck").replaceChildren(...analysis.by_player.map((p, person) => el("li", {}, luckWords(p.luck, p.name, person))));
  render();
}

// the key moments: the game's largest clear losses, each a jump to its move
function renderMoments() {
  $("moments-title").hidden = false;
  const items = (analysis.key_moments || []).map((index) => {
    const d = judged.get(index);
    const frame = game.frames.findIndex((f) => f.move && f.move.index === index);
    if (!d || frame < 0) return null;
    const text = t(lang, "replay.key_moment", { deal: d.deal, move: index + 1, said: said(game.frames[frame].move),
      verdict: capital(verdictWords(d.verdict)), loss: num(d.loss) });
    return el("li", {}, el("button", { type: "button", class: "link", "data-verdict": d.verdict, "data-frame": frame,
      onclick: () => { go(frame); $("where").focus({ preventScroll: true }); $("board").scrollIntoView({ block: "start" }); } }, text));
  }).filter(Boolean);
  $("moments").replaceChildren(...(items.length ? items : [el("li", {}, t(lang, "replay.no_key_moments"))]));
}

// luck in words: "Du fick kort värda 9,2 poäng mer än bordets snitt"
function luckWords(luck, name, person) {
  const shown = num(Math.abs(luck));
  const how = shown === num(0) ? "even" : luck > 0 ? "more" : "less";
  return t(lang, `replay.luck_${how}${isYou(person) ? "_you" : ""}`, { name, n: shown });
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
