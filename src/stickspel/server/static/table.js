// The table page: one websocket to the server (docs/protocol.md); everything
// drawn here comes from the server's messages for this seat.
import { t, currentLang, setLang, el, cardText } from "./i18n.js";

const info = JSON.parse(document.getElementById("table-info").textContent);
const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
const lang = currentLang();
document.documentElement.lang = lang;
for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(lang, node.dataset.t);
const langButton = document.getElementById("lang");
langButton.textContent = t(lang, "language");
langButton.addEventListener("click", () => { setLang(lang === "sv" ? "en" : "sv"); location.reload(); });

const $ = (id) => document.getElementById(id);
// replaceChildren, skipping the empty parts (null, false, "")
const fill = (node, ...children) => node.replaceChildren(...children.flat().filter((c) => c !== null && c !== false && c !== ""));
let ws = null;
let state = null;
let names = info.players;
let retry = 0;
let focus = 0;
// what a spectator sees of the trick, from the public events (a seat has its observation)
let publicTrick = [];
let publicLast = null;
let publicCalls = {};
let publicTricks = {};

function setConn(key) {
  $("conn").textContent = t(lang, key);
  $("conn").dataset.state = key;
}

function connect() {
  setConn(retry ? "reconnecting" : "connecting");
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/tables/${info.id}`);
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token, lang, since: 0 }));
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (ev.code === 4403 || ev.code === 4404) return;  // refused: no point in trying again
    retry += 1;
    setConn("reconnecting");
    setTimeout(connect, Math.min(500 * 2 ** retry, 8000));
  };
}

function receive(msg) {
  switch (msg.type) {
    case "welcome":
      retry = 0;
      setConn("connected");
      fill($("log"));
      names = msg.table.players;
      break;
    case "event": logEvent(msg); break;
    case "state": state = msg; names = msg.names; render(); break;
    case "ack": $("error").textContent = ""; break;
    case "error": $("error").textContent = msg.message; if (msg.code === "token") setConn("no_token"); break;
    case "rematch": location.href = `/t/${msg.table}#token=${encodeURIComponent(token)}`; break;
  }
}

function nameOf(seat) { return seat === null || seat === undefined ? "" : names[seat] ?? `#${seat}`; }
// events name the person too (seats can change hands between rubbers in Priffe)
function personName(person) { return person === null || person === undefined ? "" : info.players[person] ?? `#${person}`; }

function logEvent(e) {
  if (e.kind === "deal") { publicTrick = []; publicLast = null; publicCalls = {}; publicTricks = {}; }
  if (e.kind === "action" && !e.hidden && !e.call) publicTrick.push({ seat: e.seat, person: e.person, card: e.text });
  if (e.kind === "action" && e.call) publicCalls[e.seat] = e.hidden ? "✓" : e.text;
  if (e.trick_winner !== null) {
    publicLast = { cards: publicTrick, winner: e.trick_winner, winnerName: personName(e.trick_winner_person) };
    publicTrick = [];
    publicTricks[e.trick_winner] = (publicTricks[e.trick_winner] ?? 0) + 1;
  }
  let line = null;
  const who = personName(e.person);
  if (e.kind === "deal") line = t(lang, "dealt", { name: who });
  else if (e.kind === "action") {
    if (e.hidden) line = t(lang, "hidden", { name: who });
    else if (e.call) line = t(lang, "calls_", { name: who, call: e.text });
    else line = t(lang, "plays", { name: who, card: cardText(e.text, lang) });
  }
  if (line) $("log").append(el("li", {}, line));
  if (e.trick_winner !== null) {
    $("log").append(el("li", { class: "dim" }, t(lang, "takes", { name: personName(e.trick_winner_person) })));
  }
  if (e.deal_over) {
    $("log").append(el("li", { class: "dim" }, t(lang, "deal_over")));
    if ($("protokoll-box").open) $("protokoll-box").dispatchEvent(new Event("toggle"));  // a new row
  }
  $("log").lastElementChild?.scrollIntoView?.({ block: "nearest" });
}

function send(action) {
  if (!ws || ws.readyState !== WebSocket.OPEN || !state) return;
  ws.send(JSON.stringify({ type: "act", action, version: state.version, id: String(Date.now()) }));
}

function cardNode(card, attrs = {}) {
  const red = card[1] === "H" || card[1] === "D";
  return el("span", { class: `card${red ? " red" : ""}`, "data-card": card, ...attrs }, cardText(card, lang));
}

const SUIT_ORDER = "SHCD";  // alternate colours: ♠ ♥ ♣ ♦
const RANK_ORDER = "AKQJT98765432";
function sortHand(hand) {
  return [...hand].sort((a, b) => SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1])
                                 || RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]));
}

function render() {
  const obs = state.observation;
  const n = state.names.length;
  // what the deal is
  const bits = [];
  if (obs) {
    if (obs.deals) bits.push(t(lang, "deal", { i: obs.deal_index + 1, n: obs.deals }));
    if (obs.dealer !== undefined && obs.dealer !== null) bits.push(`${t(lang, "dealer")}: ${nameOf(obs.dealer)}`);
    if ("trump" in obs) bits.push(`${t(lang, "trump")}: ${obs.trump ? { C: "♣", D: "♦", H: "♥", S: "♠" }[obs.trump] : t(lang, "no_trump")}`);
  }
  fill($("info"), ...bits.map((b) => el("span", { class: "chip" }, b)),
    obs?.upcard ? el("span", { class: "chip" }, `${t(lang, "upcard")}: `, cardNode(obs.upcard)) : null);
  // whose turn
  let turn;
  if (state.terminal) turn = [t(lang, "over"), " ", t(lang, "winners", { names: state.winners.join(", ") })];
  else if (state.seat === null) turn = [t(lang, "spectator")];
  else if (state.legal.length) turn = [el("strong", {}, t(lang, "your_turn"))];
  else if (state.to_act !== null) turn = [t(lang, "waiting_for", { name: info.players[state.to_act] })];
  else turn = [];
  fill($("turn"), ...turn);
  $("turn").dataset.mine = state.legal.length ? "yes" : "no";
  // the trick
  const trick = obs ? (obs.trick ? obs.trick.cards.map((c, i) => ({ card: c, seat: (obs.trick.leader + i) % n })) : [])
                    : publicTrick;
  const trickNodes = trick.map((p) =>
    el("figure", { class: "played" }, cardNode(p.card), el("figcaption", {}, p.person !== undefined ? personName(p.person) : nameOf(p.seat))));
  const last = obs ? obs.last_trick && { ...obs.last_trick, winnerName: nameOf(obs.last_trick.winner) }
    : publicLast && { cards: publicLast.cards.map((p) => p.card), winnerName: publicLast.winnerName };
  fill($("trick"), el("h3", {}, t(lang, "trick")), el("div", { class: "cards" }, ...trickNodes),
    last ? el("p", { class: "dim" }, `${t(lang, "last_trick")}: `, ...last.cards.map((c) => cardNode(c)),
              ` — ${last.winnerName}`) : null);
  // calls (bids …) as buttons; the refused ones greyed out with the reason
  const calls = state.legal.filter((a) => a.call);
  const actions = [];
  if (calls.length || state.refused.length) {
    const buttons = calls.map((a) => ({ ...a, ok: true }))
      .concat(state.refused.map((a) => ({ ...a, ok: false })))
      .sort((x, y) => x.action - y.action);
    actions.push(el("div", { class: "calls", role: "group", "aria-label": t(lang, "calls") },
      ...buttons.map((a) => el("button", {
        type: "button", class: a.ok ? "call" : "call refused", disabled: !a.ok,
        title: a.ok ? null : a.message, "data-action": a.action,
        onclick: a.ok ? () => send(a.action) : null,
      }, a.text))));
    for (const r of state.refused) actions.push(el("p", { class: "refused-why" }, `${t(lang, "forbidden")} ${r.text}: ${r.message}`));
  }
  fill($("actions"), ...actions);
  // the hand: sorted by suit, legal cards playable, the rest dimmed
  const legalCards = new Map(state.legal.filter((a) => !a.call).map((a) => [a.text, a.action]));
  const hand = sortHand(obs?.hand ?? []);
  const cardButtons = hand.map((c) => {
    const action = legalCards.get(c);
    return el("button", {
      type: "button", class: `card-button${action === undefined ? " dimmed" : " legal"}`,
      disabled: action === undefined, "data-card": c, "aria-label": cardText(c, lang),
      onclick: action === undefined ? null : () => send(action),
    }, cardNode(c));
  });
  fill($("hand"), obs ? el("h3", {}, t(lang, "your_hand")) : "", el("div", { class: "cards" }, ...cardButtons));
  $("hand").hidden = !obs;
  $("protokoll-box").hidden = state.seat === null;  // a seat's own view of the record
  // scores: per seat bids and tricks, totals per person
  const rows = state.names.map((name, seat) => {
    const bid = obs ? (obs.bids ? obs.bids[seat] : null) : publicCalls[seat];
    const tricks = obs ? (obs.tricks_won ? obs.tricks_won[seat] : null) : publicTricks[seat] ?? 0;
    const person = state.seating[seat];
    const marks = (obs && obs.current_player === seat ? "▶ " : "") + (obs && obs.dealer === seat ? "• " : "");
    return el("tr", { class: seat === state.seat ? "me" : null },
      el("td", {}, marks + name), el("td", {}, bid ?? "–"), el("td", {}, tricks ?? "–"),
      el("td", {}, state.totals[person] ?? ""));
  });
  fill($("scores"), el("table", {},
    el("thead", {}, el("tr", {}, ...["player", "bid", "tricks", "score"].map((k) => el("th", {}, t(lang, k))))),
    el("tbody", {}, ...rows)));
  if (state.terminal && state.seat !== null) {
    $("scores").append(el("button", { type: "button", id: "rematch", onclick: rematch }, t(lang, "rematch")));
  }
  $("scores").append(el("p", { class: "dim keys" }, t(lang, "keys")));
  const legalButtons = [...document.querySelectorAll(".card-button.legal")];
  if (legalButtons.length) legalButtons[Math.min(focus, legalButtons.length - 1)].focus({ preventScroll: true });
}

async function rematch() {
  const resp = await fetch(`/api/tables/${info.id}/rematch`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }),
  });
  const answer = await resp.json();
  if (resp.ok) { location.href = `/t/${answer.id}#token=${encodeURIComponent(token)}`; }
  else $("error").textContent = lang === "sv" ? answer.error.sv : answer.error.message;
}

// the protokoll: this seat's view of the record, drawn by the server (sandboxed, no scripts)
async function protokoll(format) {
  const resp = await fetch(`/api/tables/${info.id}/protokoll`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, format, lang }),
  });
  if (!resp.ok) return null;
  return format === "pdf" ? resp.blob() : resp.text();
}
$("protokoll-box").addEventListener("toggle", async () => {
  if (!$("protokoll-box").open) return;
  const html = await protokoll("html");
  if (html !== null) $("protokoll").srcdoc = html;
});
$("pdf").addEventListener("click", async () => {
  const pdf = await protokoll("pdf");
  if (pdf === null) return;
  const a = el("a", { href: URL.createObjectURL(pdf), download: `protokoll-${info.id}.pdf` });
  document.body.append(a);
  a.click();
  a.remove();
});

document.addEventListener("keydown", (ev) => {
  if (!state || ev.target instanceof HTMLInputElement) return;
  if (/^[0-9]$/.test(ev.key)) {
    const call = state.legal.find((a) => a.call && a.text === ev.key);
    if (call) { send(call.action); ev.preventDefault(); }
    return;
  }
  const legal = [...document.querySelectorAll(".card-button.legal")];
  if (!legal.length) return;
  if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
    focus = (focus + (ev.key === "ArrowRight" ? 1 : legal.length - 1)) % legal.length;
    legal[focus].focus();
    ev.preventDefault();
  }
});

if (!token) setConn("no_token");
connect();
