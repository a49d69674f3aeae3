// The table page: one websocket to the server (docs/protocol.md).  Everything drawn
// here comes from the server's messages for this seat (or the spectators): the legal
// actions with their labels, the refused ones with the reason, the game's panel.
// No game logic lives here.
import { t, currentLang, setupPage, el, cardText, hostedTables, rememberTable, linkList } from "./i18n.js";

const info = JSON.parse(document.getElementById("table-info").textContent);
const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
const lang = currentLang();
setupPage(lang);

const $ = (id) => document.getElementById(id);
// replaceChildren, skipping the empty parts (null, false, "")
const fill = (node, ...children) => node.replaceChildren(...children.flat().filter((c) => c !== null && c !== false && c !== ""));
let ws = null;
let state = null;
let retry = 0;
let retryTimer = null;
let refused = false;
let showLast = false;
let lastTurnKey = "";
let turnChanged = false;
let deadlineAt = null;  // when the clock of the person to act runs out (this page's clock)

// --- connection, with backoff ---------------------------------------------------------------
function setConn(key, params = {}) {
  $("conn").textContent = t(lang, key, params);
  $("conn").dataset.state = key;
}

function connect() {
  setConn(retry ? "reconnecting" : "connecting");
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/tables/${info.id}`);
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token, lang, since: 0, ui: true }));
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (refused || ev.code === 4403 || ev.code === 4404) { setConn("refused_token"); return; }
    retry += 1;
    const wait = Math.min(500 * 2 ** retry, 15000) * (0.8 + 0.4 * Math.random());
    countdown(Date.now() + wait);
  };
}

// "reconnecting in 3 s", then try (a click on the status tries at once)
function countdown(at) {
  clearTimeout(retryTimer);
  const left = Math.ceil((at - Date.now()) / 1000);
  if (left <= 0) { connect(); return; }
  setConn("retry_in", { s: left });
  retryTimer = setTimeout(() => countdown(at), Math.min(1000, at - Date.now()));
}
$("conn").addEventListener("click", () => { if (ws?.readyState === WebSocket.CLOSED && !refused) countdown(0); });
// a phone waking up: try now rather than at the end of the backoff
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && ws?.readyState === WebSocket.CLOSED && !refused) countdown(0);
});

function receive(msg) {
  switch (msg.type) {
    case "welcome":
      retry = 0;
      setConn("connected");
      fill($("log"));
      break;
    case "event": logEvent(msg); break;
    case "state": state = msg; render(); break;
    case "ack": $("error").textContent = ""; break;
    case "error":
      $("error").textContent = msg.message;
      if (msg.code === "token" || msg.code === "no_table") { refused = true; setConn("refused_token"); }
      break;
    case "rematch": goTo(msg.table); break;
  }
}

const nameOf = (seat) => (seat === null || seat === undefined ? "" : state?.names[seat] ?? `#${seat}`);
// events name the person (seats can change hands between rubbers in Priffe)
const personName = (person) => (person === null || person === undefined ? "" : info.players[person] ?? `#${person}`);

function logEvent(e) {
  let line = null;
  const who = personName(e.person);
  if (e.kind === "deal") line = t(lang, "dealt", { name: who });
  else if (e.kind === "action") {
    if (e.hidden) line = t(lang, "hidden", { name: who });
    else if (e.call) line = t(lang, "calls_", { name: who, call: e.text });
    else line = t(lang, "plays", { name: who, card: cardText(e.text, lang) });
  }
  if (line) $("log").append(el("li", {}, line));
  if (e.trick_winner !== null) $("log").append(el("li", { class: "dim" }, t(lang, "takes", { name: personName(e.trick_winner_person) })));
  if (e.deal_over) {
    $("log").append(el("li", { class: "dim" }, t(lang, "deal_over")));
    if ($("protokoll-box").open) loadProtokoll();  // a new row
  }
  const box = $("log");
  box.scrollTop = box.scrollHeight;
}

function send(action) {
  if (!ws || ws.readyState !== WebSocket.OPEN || !state) return;
  $("error").textContent = "";
  ws.send(JSON.stringify({ type: "act", action, version: state.version, id: String(Date.now()) }));
}

// --- drawing ----------------------------------------------------------------------------------
function cardNode(card, attrs = {}) {
  const red = card[1] === "H" || card[1] === "D";
  return el("span", { class: `card${red ? " red" : ""}`, "data-card": card, ...attrs }, cardText(card, lang));
}

// by suit in alternating colours (trump first), high to low: how people hold cards
const RANK_ORDER = "AKQJT98765432";
function sortHand(hand, trump) {
  const order = ["S", "H", "C", "D"];
  if (trump && order.includes(trump)) {
    const i = order.indexOf(trump);
    order.push(...order.splice(0, i));  // keep the colours alternating, trump first
  }
  return [...hand].sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1])
                                 || RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]));
}

function observation() { return state.observation ?? state.public ?? {}; }

function render() {
  const obs = observation();
  document.querySelector("main").dataset.version = state.version;
  renderTurn();
  renderPanel(obs);
  renderTrick(obs);
  renderActions();
  renderHand(obs);
  renderScores(obs);
  renderEnd();
  if (turnChanged && state.legal.length) focusChoice();
  $("protokoll-box").hidden = state.seat === null;  // a seat's own view of the record
}

function renderTurn() {
  const mine = state.legal.length > 0;
  const me = state.seating[state.seat];
  const away = state.seat !== null && state.away.includes(me);
  let parts;
  if (state.terminal) parts = [el("strong", {}, t(lang, "over")), " ", t(lang, "winners", { names: state.winners.join(", ") })];
  else if (state.status === "waiting") parts = [t(lang, "waiting_start")];
  else if (mine) parts = [el("strong", {}, t(lang, "your_turn")), " ", el("span", { id: "prompt" })];
  else if (state.to_act !== null) parts = [t(lang, "waiting_for", { name: info.players[state.to_act] })];
  else parts = [];
  if (state.seat === null) parts.unshift(el("span", { class: "chip" }, t(lang, "spectator")), " ");
  deadlineAt = state.deadline === null || state.deadline === undefined ? null : Date.now() + state.deadline * 1000;
  const clock = el("span", { id: "clock", class: "clock" });
  const box = [el("p", { class: "turn-line" }, ...parts, " ", clock)];
  if (away) {
    box.push(el("p", { class: "away-me" }, t(lang, "you_away"), " ",
      el("button", { type: "button", id: "back", onclick: () => ws?.send(JSON.stringify({ type: "back" })) }, t(lang, "back"))));
  }
  // announce only a change of whose turn it is (aria-live), not every redraw
  const key = `${state.terminal}|${mine}|${state.to_act}|${away}`;
  turnChanged = key !== lastTurnKey;
  if (turnChanged) { lastTurnKey = key; fill($("turn"), ...box); }
  if ($("prompt")) $("prompt").textContent = state.panel.prompt ? `— ${state.panel.prompt}` : "";
  $("turn").dataset.mine = mine ? "yes" : "no";
  tick();
}

function tick() {
  const clock = $("clock");
  if (!clock) return;
  clock.textContent = deadlineAt === null ? "" : t(lang, "seconds_left", { s: Math.max(0, Math.ceil((deadlineAt - Date.now()) / 1000)) });
}
setInterval(tick, 1000);

function renderPanel(obs) {
  const p = state.panel;
  const chips = [];
  if ("trump" in obs) {
    const suit = obs.trump ? { C: "♣", D: "♦", H: "♥", S: "♠" }[obs.trump] : t(lang, "no_trump");
    chips.push(el("span", { class: "chip trump" }, `${t(lang, "trump")}: `, el("strong", {}, suit)));
  }
  if (obs.upcard) chips.push(el("span", { class: "chip" }, `${t(lang, "upcard")}: `, cardNode(obs.upcard)));
  const parts = [
    p.head ? el("h2", { class: "head" }, p.head) : null,
    chips.length ? el("div", { class: "chips" }, ...chips) : null,
    ...p.lines.map((line) => el("p", { class: "line" }, line)),
  ];
  if (p.auction && p.auction.length) {
    parts.push(el("div", { class: "auction", "aria-label": t(lang, "auction") },
      el("h3", {}, t(lang, "auction")),
      el("ol", { class: "calls-made" }, ...p.auction.map((c) => el("li", { class: "chip" }, `${c.name}: `, el("strong", {}, c.call))))));
  }
  fill($("panel"), ...parts);
  // Priffe's pair scores sit by the players' table
  fill($("pairs"), p.table ? el("table", { class: "pairs" },
    el("thead", {}, el("tr", {}, ...p.table.columns.map((c) => el("th", { scope: "col" }, c)))),
    el("tbody", {}, ...p.table.rows.map((r) => el("tr", {}, ...r.map((v) => el("td", {}, v))))))  : null);
}

function renderTrick(obs) {
  const n = state.names.length;
  const trick = obs.trick ? obs.trick.cards.map((c, i) => ({ card: c, seat: (obs.trick.leader + i) % n })) : [];
  const played = trick.map((p) => el("figure", { class: "played" }, cardNode(p.card), el("figcaption", {}, nameOf(p.seat))));
  const last = obs.last_trick;
  const lastNodes = [];
  if (last) {
    lastNodes.push(el("button", { type: "button", class: "link", id: "show-last", "aria-expanded": String(showLast),
      onclick: () => { showLast = !showLast; renderTrick(observation()); } }, t(lang, showLast ? "hide_last" : "show_last")));
    if (showLast) {
      const cards = last.cards.map((c, i) => el("figure", { class: "played small" }, cardNode(c),
        el("figcaption", {}, nameOf((last.leader + i) % n))));
      lastNodes.push(el("div", { class: "last", id: "last-trick" },
        el("h3", {}, t(lang, "last_trick")), el("div", { class: "cards" }, ...cards),
        el("p", { class: "dim" }, t(lang, "took", { name: nameOf(last.winner) }))));
    }
  }
  const show = obs.trick || last;
  $("trick").hidden = !show;
  const leads = obs.trick && !obs.trick.cards.length ? el("p", { class: "dim leads" }, t(lang, "leads", { name: nameOf(obs.trick.leader) })) : null;
  fill($("trick"), el("h3", {}, t(lang, "trick")), leads, el("div", { class: "cards", "aria-live": "polite" }, ...played), ...lastNodes);
}

function renderActions() {
  // calls (bids, passes, the exchange) as buttons; the refused ones greyed, with the reason
  const calls = state.legal.filter((a) => a.call).map((a) => ({ ...a, ok: true }))
    .concat(state.refused.map((a) => ({ ...a, ok: false })))
    .sort((x, y) => x.action - y.action);
  if (!calls.length) { fill($("actions")); return; }
  const why = state.refused.map((r) => el("p", { class: "refused-why", id: `why-${r.action}` }, `${t(lang, "forbidden")} ${r.label}: ${r.message}`));
  fill($("actions"),
    el("div", { class: "calls", role: "group", "aria-label": t(lang, "calls") },
      ...calls.map((a) => el("button", {
        type: "button", class: a.ok ? "call" : "call refused", "aria-disabled": a.ok ? null : "true",
        title: a.ok ? null : a.message, "data-action": a.action, "data-text": a.text,
        "aria-describedby": a.ok ? null : `why-${a.action}`,
        onclick: a.ok ? () => send(a.action) : () => { $("error").textContent = a.message; },
      }, a.label))),
    ...why);
}

function renderHand(obs) {
  const hand = state.observation?.hand;
  $("hand").hidden = !hand || (state.terminal && !hand.length);
  if (!hand) return;
  const legalCards = new Map(state.legal.filter((a) => !a.call).map((a) => [a.text, a.action]));
  const myTurn = state.legal.length > 0;
  const cardTurn = legalCards.size > 0;  // dim only when this seat plays a card now
  const focused = document.activeElement?.dataset?.card;
  const buttons = sortHand(hand, obs.trump).map((c) => {
    const action = legalCards.get(c);
    const reason = action !== undefined ? null : (state.reasons[c] ?? (myTurn ? null : t(lang, "not_your_turn")));
    return el("button", {
      // while others play the hand stays bright; on this seat's turn the cards it may not play dim
      type: "button", class: `card-button${action !== undefined ? " legal" : cardTurn ? " dimmed" : " waiting"}`,
      "aria-disabled": action === undefined ? "true" : null, "data-card": c, tabindex: "-1",
      "aria-label": cardText(c, lang) + (reason ? ` — ${reason}` : ""), title: reason,
      onclick: action === undefined ? () => { if (reason) $("error").textContent = reason; } : () => send(action),
    }, cardNode(c));
  });
  fill($("hand"), el("h3", {}, t(lang, "your_hand"), " ", el("span", { class: "dim" }, t(lang, "hand_count", { n: hand.length }))),
    el("div", { class: "cards", role: "toolbar", "aria-label": t(lang, "your_hand") }, ...buttons),
    el("p", { class: "dim keys" }, t(lang, "keys")));
  // one card in the tab order (roving focus): the focused one, else the first playable
  const keep = buttons.find((b) => b.dataset.card === focused) ?? buttons.find((b) => b.classList.contains("legal")) ?? buttons[0];
  if (keep) keep.tabIndex = 0;
  if (keep && focused) keep.focus({ preventScroll: true });
}

// when the turn comes to this seat: focus its first choice (a call, else a playable card)
function focusChoice() {
  const first = document.querySelector("#actions button.call:not(.refused)") ?? document.querySelector("#hand .card-button.legal");
  first?.focus({ preventScroll: true });
}

function renderScores(obs) {
  const auction = Object.fromEntries((state.panel.auction ?? []).map((c) => [c.seat, c.call]));
  const bidColumn = obs.bids !== undefined || state.panel.auction;
  const rows = state.names.map((name, seat) => {
    const person = state.seating[seat];
    const bid = obs.bids ? obs.bids[seat] : auction[seat];
    const tricks = obs.tricks_won ? obs.tricks_won[seat] : null;
    const marks = [];
    if (obs.current_player === seat && !state.terminal) marks.push(el("span", { class: "mark", "aria-hidden": "true" }, "▶ "));
    const label = [name];
    if (seat === state.seat) label.push(` (${t(lang, "you")})`);
    if (obs.dealer === seat) label.push(el("span", { class: "dim" }, ` · ${t(lang, "dealer_mark")}`));
    if (state.away.includes(person)) label.push(el("span", { class: "away" }, ` · ${t(lang, "away")}`));
    return el("tr", { class: [seat === state.seat ? "me" : "", state.to_act === person ? "acting" : ""].join(" ").trim() || null },
      el("th", { scope: "row" }, ...marks, ...label),
      bidColumn ? el("td", {}, bid ?? "–") : null,
      el("td", {}, tricks ?? "–"),
      el("td", {}, state.totals[person] ?? ""));
  });
  const heads = ["player", ...(bidColumn ? ["bid"] : []), "tricks", "score"];
  fill($("scores"), el("table", {},
    el("thead", {}, el("tr", {}, ...heads.map((k) => el("th", { scope: "col" }, t(lang, k === "bid" && state.panel.auction ? "auction" : k))))),
    el("tbody", {}, ...rows)));
}

function renderEnd() {
  $("end").hidden = !state.terminal;
  if (!state.terminal) return;
  fill($("end"),
    el("p", {}, el("strong", {}, t(lang, "winners", { names: state.winners.join(", ") }))),
    state.seat !== null ? el("button", { type: "button", id: "rematch", onclick: rematch }, t(lang, "rematch")) : null,
    state.seat !== null ? el("button", { type: "button", id: "pdf", class: "link", onclick: () => download("protokoll", "pdf") }, t(lang, "pdf")) : null,
    el("button", { type: "button", id: "record", class: "link", onclick: () => download("record", "json") }, t(lang, "record")),
    el("button", { type: "button", id: "analyse", class: "link", onclick: analyse }, t(lang, "analyse")),
    el("a", { id: "replay", href: `/r/t/${info.id}#token=${encodeURIComponent(token)}` }, t(lang, "replay_open")),
    el("p", { id: "analysis-status", role: "status", "aria-live": "polite" }),
    el("iframe", { id: "analysis", title: t(lang, "analysis"), sandbox: "", hidden: true }));
}

// the game's analysis: every decision judged by the expert, drawn by the server
async function analyse() {
  const button = $("analyse");
  button.disabled = true;
  $("analysis-status").textContent = t(lang, "analysing");
  const resp = await fetch(`/api/tables/${info.id}/analysis`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, lang }),
  });
  button.disabled = false;
  if (!resp.ok) { $("analysis-status").textContent = t(lang, "analysis_failed"); return; }
  $("analysis-status").textContent = "";
  $("analysis").srcdoc = await resp.text();
  $("analysis").hidden = false;
}

// to the rematch's table, once (the answer and the websocket both say where)
let leaving = false;
function goTo(tableId) {
  if (leaving) return;
  leaving = true;
  // the host's links carry over: the same tokens, the new table
  const host = hostedTables().find((x) => x.id === info.id);
  if (host) {
    const moved = (url) => url && url.replace(`/t/${info.id}`, `/t/${tableId}`);
    rememberTable({ ...host, id: tableId, seats: host.seats.map((s) => ({ ...s, join_url: moved(s.join_url) })),
                    spectator_url: moved(host.spectator_url) });
  }
  location.href = `/t/${tableId}${location.search}#token=${encodeURIComponent(token)}`;
}

async function rematch() {
  const resp = await fetch(`/api/tables/${info.id}/rematch`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }),
  });
  const answer = await resp.json();
  if (resp.ok) goTo(answer.id);
  else $("error").textContent = lang === "sv" ? answer.error.sv : answer.error.message;
}

// the protokoll and the record: this seat's view, drawn by the server (sandboxed, no scripts)
async function fetchSheet(what, format) {
  const body = what === "record" ? { token } : { token, format, lang };
  const resp = await fetch(`/api/tables/${info.id}/${what}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  if (!resp.ok) return null;
  return format === "html" ? resp.text() : resp.blob();
}
async function loadProtokoll() {
  const html = await fetchSheet("protokoll", "html");
  if (html !== null) $("protokoll").srcdoc = html;
}
async function download(what, format) {
  const blob = await fetchSheet(what, format);
  if (blob === null) return;
  const a = el("a", { href: URL.createObjectURL(blob), download: `${what}-${info.id}.${format}` });
  document.body.append(a);
  a.click();
  a.remove();
}
$("protokoll-box").addEventListener("toggle", () => { if ($("protokoll-box").open) loadProtokoll(); });

// keys: digits for numeric calls (Plump's bids), ← → to move along the hand (Enter plays)
document.addEventListener("keydown", (ev) => {
  if (!state || ev.target instanceof HTMLInputElement || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  if (/^[0-9]$/.test(ev.key)) {
    const call = state.legal.find((a) => a.call && a.text === ev.key);
    if (call) { send(call.action); ev.preventDefault(); }
    return;
  }
  if (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft") return;
  const cards = [...document.querySelectorAll("#hand .card-button")];
  if (!cards.length) return;
  const at = cards.indexOf(document.activeElement);
  const next = cards[(at + (ev.key === "ArrowRight" ? 1 : cards.length - 1) + (at < 0 ? 1 : 0)) % cards.length];
  for (const c of cards) c.tabIndex = c === next ? 0 : -1;
  next.focus();
  ev.preventDefault();
});

// the host's links, when this browser created the table
const hosted = hostedTables().find((x) => x.id === info.id);
if (hosted) {
  $("links-box").hidden = false;
  fill($("links"), linkList(lang, hosted));
}

if (!token) { setConn("no_key"); $("error").textContent = t(lang, "no_token"); $("side").hidden = true; }
else connect();
// a link with another token opened in this tab changes only the hash: start over with it
window.addEventListener("hashchange", () => location.reload());
