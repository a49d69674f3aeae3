// The table page: one websocket to the server (docs/protocol.md).  Everything drawn
// here comes from the server's messages for this seat (or the spectators): the legal
// actions with their labels, the refused ones with the reason, the game's panel, the
// finished tricks.  No game logic lives here: the page only places what it is told.
import { t, tn, currentLang, setupPage, el, cardText, hostedTables, rememberTable, linkList, errorText } from "./i18n.js";
import { cardBack, cardFace, cardPicture, RED } from "./cards.js";
import { seatSpot } from "./felt.js";
import { showDealSummary } from "./summary.js";

const info = JSON.parse(document.getElementById("table-info").textContent);
const token = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";
let lang = currentLang();

const $ = (id) => document.getElementById(id);
// replaceChildren, skipping the empty parts (null, false, "")
const fill = (node, ...children) => node.replaceChildren(...children.flat().filter((c) => c !== null && c !== false && c !== undefined && c !== ""));
let ws = null;
let state = null;
let retry = 0;
let retryTimer = null;
let refused = false;
let showLast = false;  // the last trick shown: the tricks when it was asked for (trickKey), else false
let lastTurnKey = "";
let turnChanged = false;
let deadlineAt = null;  // when the clock of the person to act runs out (this page's clock)
let caughtUp = false;  // the events before the first state are history: no pauses for them
let behind = false;  // a delta did not fit this page's state: the whole state was asked for
const events = [];  // the events so far, kept to redraw the log in another language
const finished = [];  // finished tricks waiting to be shown in full: {trick, until}
const marked = [];  // Tremanswhist's buying: the cards chosen to put away, not yet sent
const outbox = [];  // actions to send one by one, each on the state after the last
let trickTimer = null;
let switching = false;  // the socket closes to reopen in the other language

// --- language: the whole page redraws in the other one, at once --------------------------
function setupLanguage() {
  setupPage(lang, (next) => {
    lang = next;
    setupLanguage();
    redrawLog();
    if (state) { lastTurnKey = ""; render(); }
    renderLinks();
    setConn($("conn").dataset.state || "connecting");
    // the server words the panel, labels and refusals in the connection's language: ask again
    if (ws?.readyState === WebSocket.OPEN) { switching = true; ws.close(); }
  });
  document.querySelector(".rules").textContent = info.titles?.[lang] ?? info.rules;
  baseTitle = `${info.titles?.[lang] ?? info.rules} — stickspel`;
  updateTitle();
}
let baseTitle = document.title;

// --- connection, with backoff ---------------------------------------------------------------
function setConn(key, params = {}) {
  $("conn").textContent = t(lang, key, params);
  $("conn").dataset.state = key;
}

function connect() {
  setConn(retry ? "reconnecting" : "connecting");
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/tables/${info.id}`);
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: token(), lang, since: 0, ui: true, protocol: 2 }));
  ws.onmessage = (ev) => {
    const data = JSON.parse(ev.data);  // one message, or (protocol 2) a list of them
    for (const msg of Array.isArray(data) ? data : [data]) receive(msg);
  };
  ws.onclose = (ev) => {
    if (switching) { switching = false; connect(); return; }
    if (refused || ev.code === 4403 || ev.code === 4404) { refuse(ev.code === 4404 ? "no_table" : "token"); return; }
    retry += 1;
    const wait = Math.min(500 * 2 ** retry, 15000) * (0.8 + 0.4 * Math.random());
    countdown(Date.now() + wait);
  };
}

function refuse(code) {
  refused = true;
  setConn("refused_token");
  $("error").textContent = errorText(lang, code, null);
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
      behind = false;
      caughtUp = false;
      setConn("connected");
      events.length = 0;
      fill($("log"));
      break;
    case "event": logEvent(msg); break;
    case "state": takeState(msg); break;
    case "delta": takeDelta(msg); break;
    case "ack": $("error").textContent = ""; break;
    case "error":
      $("error").textContent = errorText(lang, msg.code, msg.message);
      outbox.length = 0;
      if (msg.code === "token" || msg.code === "no_table") refuse(msg.code);
      break;
    case "rematch": goTo(msg.table); break;
    case "hint": showHint(msg); break;
  }
  if (msg.type === "error" && String(msg.id ?? "").startsWith("hint-")) { hint = null; renderCoach(); }
}

function takeState(next) {
  state = next;
  behind = false;
  caughtUp = true;
  render();
  sendQueued();
}

// protocol 2: after a change the server sends only what changed since the last state
// (docs/protocol.md); one that does not start from this page's state asks for the whole
function takeDelta(d) {
  if (behind) return;
  if (!state || state.version !== d.from) {
    behind = true;
    ws.send(JSON.stringify({ type: "sync" }));
    return;
  }
  takeState(applyDelta(state, d));
}

function applyDelta(base, d) {
  const next = { ...base, ...d.set };
  for (const [name, patch] of Object.entries(d.patch ?? {})) next[name] = { ...(base[name] ?? {}), ...patch };
  for (const [name, keys] of Object.entries(d.drop ?? {})) {
    next[name] = { ...next[name] };
    for (const key of keys) delete next[name][key];
  }
  next.version = d.version;
  return next;
}

const nameOf = (seat) => (seat === null || seat === undefined ? "" : state?.names[seat] ?? `#${seat}`);
// events name the person (seats can change hands between rubbers in Priffe)
const personName = (person) => (person === null || person === undefined ? "" : info.players[person] ?? `#${person}`);

// --- the events: the log in words, and the finished tricks --------------------------------
function eventLines(e) {
  const lines = [];
  const who = personName(e.person);
  if (e.kind === "deal") lines.push([t(lang, "dealt", { name: who }), false]);
  else if (e.kind === "action") {
    if (e.hidden) lines.push([t(lang, "hidden", { name: who }), false]);
    else if (e.call) lines.push([callWords(who, e.text), false]);
    else lines.push([t(lang, "plays", { name: who, card: cardText(e.text, lang) }), false]);
  }
  if (e.trick_winner !== null && e.trick_winner !== undefined) lines.push([t(lang, "takes", { name: personName(e.trick_winner_person) }), true]);
  if (e.deal_over) lines.push([t(lang, "deal_over"), true]);
  return lines;
}

// "David bjuder 1", "Anna passar", "Björn säger 7 spader" — the call in the game's words
function callWords(name, text) {
  const game = info.game;
  if (/^\d+$/.test(text) && game === "plump") return t(lang, "log_bid", { name, bid: text });
  const key = `log_call_${game}_${text}`;
  const own = t(lang, key, { name });
  if (own !== key) return own;
  return t(lang, "log_call", { name, call: text });
}

function logEvent(e) {
  events.push(e);
  for (const [line, dim] of eventLines(e)) $("log").append(el("li", { class: dim ? "dim" : null }, line));
  if (e.trick && caughtUp) queueTrick(e.trick);
  if (e.deal_over && $("protokoll")) loadProtokoll();  // a new row
  const box = $("log");
  box.scrollTop = box.scrollHeight;
}

function redrawLog() {
  fill($("log"), ...events.flatMap((e) => eventLines(e).map(([line, dim]) => el("li", { class: dim ? "dim" : null }, line))));
}

// a finished trick stays in full, its winner marked, for the table's trick pause, then
// its cards go to the winner; the next trick waits its turn
function queueTrick(trick) {
  finished.push({ trick, until: 0 });
  if (finished.length === 1) startTrickPause();
}

function pauseSeconds() { return state?.trick_pause ?? 1.2; }

function startTrickPause() {
  const head = finished[0];
  if (!head) return;
  head.until = performance.now() + pauseSeconds() * 1000;
  clearTimeout(trickTimer);
  trickTimer = setTimeout(() => {
    $("trick-cards")?.classList.add("collect", `to-${posOf(head.trick.winner).name}`);
    trickTimer = setTimeout(() => {
      finished.shift();
      startTrickPause();
      if (state) renderTable(observation());
    }, 350);
  }, pauseSeconds() * 1000);
  if (state) renderTable(observation());
}

function send(action) {
  if (!ws || ws.readyState !== WebSocket.OPEN || !state) return;
  $("error").textContent = "";
  ws.send(JSON.stringify({ type: "act", action, version: state.version, id: String(Date.now()) }));
}

// the page's own queue: actions chosen together (cards put away, then the purchase), each
// sent when the state before it has come back; the server judges each one
function sendQueued() {
  if (!outbox.length || !state) return;
  const next = outbox[0];
  const legal = state.legal.find((a) => next(a));
  if (!legal) { if (!state.legal.length) return; outbox.length = 0; return; }
  outbox.shift();
  send(legal.action);
}

// --- drawing ----------------------------------------------------------------------------------
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
  renderTable(obs);
  renderActions(obs);
  renderCoach();
  renderHand(obs);
  renderScores(obs);
  renderEnd();
  showDealSummary(state, lang, (msg) => { if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg)); });
  if (turnChanged && state.legal.length) focusChoice();
  if (!protokollLoaded) loadProtokoll();
}

function myTurn() { return state.legal.length > 0 && !state.terminal; }

function renderTurn() {
  const mine = myTurn();
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
  const key = `${lang}|${state.terminal}|${mine}|${state.to_act}|${away}`;
  turnChanged = key !== lastTurnKey;
  if (turnChanged) {
    const wasMine = lastTurnKey.split("|")[2] === "true";
    if (mine && lastTurnKey && !wasMine) chime();  // the turn has just come to this seat
    lastTurnKey = key;
    fill($("turn"), ...box);
  }
  if ($("prompt")) $("prompt").textContent = state.panel.prompt ? `— ${state.panel.prompt}` : "";
  $("turn").dataset.mine = mine ? "yes" : "no";
  updateTitle();
  tick();
}

function updateTitle() {
  document.title = state && myTurn() ? `● ${t(lang, "your_turn")} ${baseTitle}` : baseTitle;
}

// an optional sound when the turn comes to this seat (off unless switched on)
const SOUND = "stickspel.sound";
function chime() {
  if (localStorage.getItem(SOUND) !== "on") return;
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.35);
  } catch { /* no sound on this device */ }
}
function renderSoundButton() {
  const on = localStorage.getItem(SOUND) === "on";
  const b = $("sound");
  b.textContent = t(lang, on ? "sound_on" : "sound_off");
  b.setAttribute("aria-pressed", String(on));
}
$("sound").addEventListener("click", () => {
  localStorage.setItem(SOUND, localStorage.getItem(SOUND) === "on" ? "off" : "on");
  renderSoundButton();
});

function tick() {
  const clock = $("clock");
  if (!clock) return;
  clock.textContent = deadlineAt === null ? "" : t(lang, "seconds_left", { s: Math.max(0, Math.ceil((deadlineAt - Date.now()) / 1000)) });
}
setInterval(tick, 1000);

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };

// the trump, only when there is one to show: a suit, or "no trump" while a deal without
// one is played (never between deals, at the end, or in an auction before the contract)
function trumpChip(obs) {
  if (state.terminal || !("trump" in obs)) return null;
  if (obs.trump && ["bid", "play", "offer", "buy"].includes(obs.phase)) {
    return el("span", { class: `chip trump${RED.has(obs.trump) ? " red-suit" : ""}`, id: "trump" }, `${t(lang, "trump")}: `, el("strong", {}, SUITS[obs.trump]));
  }
  if (obs.trump === null && obs.phase === "play") {
    return el("span", { class: "chip trump", id: "trump" }, `${t(lang, "trump")}: `, el("strong", {}, t(lang, "no_trump")));
  }
  return null;
}

function renderPanel(obs) {
  const p = state.panel;
  const chips = [trumpChip(obs)];
  if (obs.upcard && !state.terminal) chips.push(el("span", { class: "chip upcard" }, `${t(lang, "upcard")}: `, cardPicture(obs.upcard, lang, { class: `card mini ${RED.has(obs.upcard[1]) ? "red" : "black"}` })));
  const shown = chips.filter(Boolean);
  const parts = [
    p.head ? el("h2", { class: "head" }, p.head) : null,
    shown.length ? el("div", { class: "chips" }, ...shown) : null,
    ...p.lines.map((line) => el("p", { class: "line" }, line)),
  ];
  if (p.auction && p.auction.length) {
    parts.push(el("div", { class: "auction" },
      el("h3", {}, t(lang, "auction")),
      el("ol", { class: "calls-made", "aria-label": t(lang, "auction") }, ...p.auction.map((c) => el("li", { class: "chip" }, `${c.name}: `, el("strong", {}, c.call))))));
  }
  fill($("panel"), ...parts);
  // Priffe's pair scores sit by the players' table
  fill($("pairs"), p.table ? el("table", { class: "pairs" },
    el("thead", {}, el("tr", {}, ...p.table.columns.map((c) => el("th", { scope: "col" }, c)))),
    el("tbody", {}, ...p.table.rows.map((r) => el("tr", {}, ...r.map((v) => el("td", {}, v))))))  : null);
  // where long names make it scroll sideways, the keyboard can scroll it too
  if ($("pairs").scrollWidth > $("pairs").clientWidth) $("pairs").tabIndex = 0;
  else $("pairs").removeAttribute("tabindex");
}

// --- the table: seats around it, the trick in the middle ------------------------------------
// where seat `seat` sits on the screen: this seat at the bottom, the others clockwise
// (the next to play on the left, a partner opposite)
function posOf(seat) {
  return seatSpot(seat, state.seat ?? 0, state.names.length);
}

// what a seat's box says under the name: the bid or last call, the target, the tricks
function seatLines(seat, obs, lines) {
  const bids = obs.bids;
  const auction = (state.panel.auction ?? []).filter((c) => c.seat === seat);
  if (bids && bids[seat] !== null && bids[seat] !== undefined) lines.push(t(lang, "seat_bid", { bid: bids[seat] }));
  else if (auction.length) lines.push(auction[auction.length - 1].call);
  if (obs.targets) lines.push(t(lang, "seat_target", { n: obs.targets[seat] }));
  if (obs.tricks_won && (obs.phase === "play" || obs.tricks_won.some((x) => x))) {
    lines.push(tn(lang, "seat_tricks", obs.tricks_won[seat]));
  }
}

function seatNode(seat, obs) {
  const person = state.seating[seat];
  const pos = posOf(seat);
  const acting = !state.terminal && state.to_act === person;
  const lines = [];
  if (state.terminal) lines.push(t(lang, "seat_total", { n: fmt(state.totals[person]) }));
  else seatLines(seat, obs, lines);
  const marks = [];
  if (obs.dealer === seat && !state.terminal) marks.push(el("span", { class: "dealer", title: t(lang, "dealer_mark") }, t(lang, "dealer_short")));
  if (obs.partner === seat) marks.push(el("span", { class: "tag" }, t(lang, "partner_tag")));
  if (state.away.includes(person)) marks.push(el("span", { class: "tag away", title: t(lang, "away") }, t(lang, "away_short")));
  if (info.kinds?.[person] === "bot") marks.push(el("span", { class: "tag bot" }, t(lang, "bot")));
  const you = seat === state.seat;
  return el("div", {
    class: `seat pos-${pos.name}${acting ? " acting" : ""}${you ? " me" : ""}`,
    style: `left:${pos.x}%;top:${pos.y}%`, "data-seat": seat,
  },
  el("div", { class: "seat-name" }, acting ? el("span", { class: "turn-dot", "aria-hidden": "true" }, "▶") : null,
    el("strong", {}, nameOf(seat)), you ? el("span", { class: "dim" }, ` (${t(lang, "you")})`) : null, ...marks),
  lines.length ? el("div", { class: "seat-info" }, lines.join(" · ")) : null,
  acting ? el("span", { class: "sr-only" }, t(lang, "to_act")) : null);
}

let shownCards = new Set();  // the trick's cards already drawn: only new ones fly in
function renderTable(obs) {
  const n = state.names.length;
  const head = finished[0];
  const current = head ? { ...head.trick } : obs.trick;
  const trickCards = current ? current.cards.map((c, i) => ({ card: c, seat: (current.leader + i) % n })) : [];
  const now = new Set();
  const played = trickCards.map((p) => {
    const fresh = !shownCards.has(p.card);
    now.add(p.card);
    const win = head && head.trick.winner === p.seat;
    return playedCard(p.card, p.seat, `played${fresh ? " arrive" : ""}${win ? " winner" : ""}`);
  });
  shownCards = now;
  if (showLast && showLast !== trickKey(obs)) showLast = false;  // a card played since: the table again
  const last = showLast && !head ? lastTrickArea(obs) : null;
  const note = head ? el("p", { class: "trick-note winner-note", id: "trick-winner" }, t(lang, "takes", { name: nameOf(head.trick.winner) }))
    : obs.trick && !obs.trick.cards.length && !state.terminal ? el("p", { class: "trick-note dim" }, t(lang, "leads", { name: nameOf(obs.trick.leader) })) : null;
  const trickBox = el("section", { id: "trick", class: "trick trick-area", role: "region", "aria-label": t(lang, "trick"), "data-done": head ? "yes" : "no", hidden: Boolean(last) },
    el("div", { id: "trick-cards", class: "trick-cards" }, ...played), note, played.length ? null : pileNode(obs));
  fill($("felt"), ...state.names.map((_, seat) => seatNode(seat, obs)), trickBox, last, lastTrickButton(obs));
  $("felt").dataset.players = n;
  $("felt").dataset.over = state.terminal && !head ? "yes" : "no";
  layoutTrick();
}

// a played card, on the line from the middle of the table to its player's seat (app.css
// places it by --dx/--dy inside the trick's area); it flies in from that side
function playedCard(card, seat, cls) {
  const a = posOf(seat).a;
  const dx = -Math.sin(a), dy = Math.cos(a);
  return el("figure", {
    class: cls, "data-seat": seat,
    style: `--dx:${dx.toFixed(3)};--dy:${dy.toFixed(3)};--fx:${Math.round(dx * 90)}px;--fy:${Math.round(dy * 90)}px`,
  }, cardPicture(card, lang), el("figcaption", {}, nameOf(seat)));
}

// The trick's cards go where no seat is: each seat's box (and the last trick's button)
// cuts off the side of the felt it takes the least from, and the cards are as large as
// the rest allows, so no name covers a card however small the felt.
function layoutTrick() {
  const felt = $("felt");
  if (!felt || !felt.clientWidth) return;
  const W = felt.clientWidth, H = felt.clientHeight;
  const frame = felt.getBoundingClientRect();
  const x0 = frame.left + felt.clientLeft, y0 = frame.top + felt.clientTop;
  // first each seat's box within the felt (its rim at most), where a small felt would let it out
  const rim = felt.clientLeft;
  for (const seat of felt.querySelectorAll(".seat")) {
    seat.style.margin = "";
    const r = seat.getBoundingClientRect();
    const dx = Math.max(0, -rim - (r.left - x0)) - Math.max(0, r.right - x0 - W - rim);
    const dy = Math.max(0, -rim - (r.top - y0)) - Math.max(0, r.bottom - y0 - H - rim);
    if (dx || dy) seat.style.margin = `${dy}px 0 0 ${dx}px`;
  }
  const cut = { top: H * 0.05, bottom: H * 0.05, left: W * 0.05, right: W * 0.05 };  // off the rim at least
  for (const node of felt.querySelectorAll(".seat, .last-box")) {
    const r = node.getBoundingClientRect();
    const sides = { top: (r.bottom - y0) / H, bottom: (H - r.top + y0) / H, left: (r.right - x0) / W, right: (W - r.left + x0) / W };
    const side = Object.keys(sides).reduce((a, b) => (sides[b] < sides[a] ? b : a));
    cut[side] = Math.max(cut[side], sides[side] * (side === "top" || side === "bottom" ? H : W) + 4);
  }
  const w = Math.max(0, W - cut.left - cut.right), h = Math.max(0, H - cut.top - cut.bottom);
  const cw = Math.round(Math.max(28, Math.min(72, w / 3, h / 2.8)));
  // in the felt's percents: where it grows before this runs again (a taller window), the
  // seats' boxes, fixed in size, still lie outside
  const pc = (px, of) => `${((100 * px) / of).toFixed(2)}%`;
  for (const area of felt.querySelectorAll(".trick-area")) {
    area.style.inset = `${pc(cut.top, H)} ${pc(cut.right, W)} ${pc(cut.bottom, H)} ${pc(cut.left, W)}`;
    area.style.setProperty("--tcw", `${cw}px`);
  }
}

// Tremanswhist's fourth pile, face down in the middle while it is offered or bought from
function pileNode(obs) {
  if (typeof obs.pile_size !== "number" || !obs.pile_size || !["offer", "buy"].includes(obs.phase)) return null;
  return el("figure", { class: "pile", id: "pile" },
    el("span", { class: "card back-card", role: "img", "aria-label": t(lang, "pile_n", { n: obs.pile_size }) }, cardBack()),
    obs.upcard ? cardPicture(obs.upcard, lang, { class: `card upcard-on-pile ${RED.has(obs.upcard[1]) ? "red" : "black"}` }) : null,
    el("figcaption", {}, t(lang, "pile_n", { n: obs.pile_size })));
}

// the last trick, one tap away: shown in the trick's place (each card by its player, the
// winner's marked) until the tap again or the next card played
function lastTrickButton(obs) {
  if (!obs.last_trick || finished.length) return null;
  return el("div", { class: "last-box" },
    el("button", { type: "button", class: "link", id: "show-last", "aria-expanded": String(Boolean(showLast)), "aria-controls": "last-trick",
      onclick: () => { showLast = showLast ? false : trickKey(observation()); renderTable(observation()); $("show-last")?.focus(); } },
    t(lang, "last_trick")));
}

// what the table's tricks are now: the last trick stays shown only while this holds
function trickKey(obs) { return JSON.stringify([obs.trick?.cards ?? [], obs.last_trick?.cards ?? []]); }

function lastTrickArea(obs) {
  const last = obs.last_trick;
  const n = state.names.length;
  const cards = last.cards.map((c, i) => {
    const seat = (last.leader + i) % n;
    return playedCard(c, seat, `played${seat === last.winner ? " winner" : ""}`);
  });
  return el("section", { id: "last-trick", class: "trick trick-area last-trick", role: "region", "aria-label": t(lang, "last_trick") },
    el("div", { class: "trick-cards" }, ...cards),
    el("p", { class: "trick-note" }, t(lang, "took", { name: nameOf(last.winner) })));
}

// --- the coach: a hint on request, where the table allows it ------------------------------------
// the server works it out from this seat's view; the panel shows the options it sends
let hint = null;  // { version, lang, waiting } while asked, { version, lang, hint } when answered
function hintAllowed() { return Boolean(info.hints) && state.seat !== null && state.status === "playing" && myTurn(); }

function renderCoach() {
  if (!state || !hintAllowed()) { hint = null; fill($("coach")); return; }
  if (hint && (hint.version !== state.version || hint.lang !== lang)) hint = null;
  const button = el("button", {
    type: "button", id: "hint", class: "secondary", "aria-label": t(lang, "hint_name"),
    "aria-expanded": String(Boolean(hint)), "aria-controls": "hint-panel", onclick: askHint,
  }, t(lang, "hint"));
  fill($("coach"), button, hint ? hintPanel() : null);
}

function askHint() {
  if (hint || !ws || ws.readyState !== WebSocket.OPEN) { hint = null; renderCoach(); $("hint")?.focus(); return; }
  hint = { version: state.version, lang, waiting: true };
  ws.send(JSON.stringify({ type: "hint", id: `hint-${state.version}`, version: state.version, lang }));
  renderCoach();
  $("hint")?.focus();
}

function showHint(msg) {
  if (!hint || msg.version !== hint.version) return;  // the table has moved on
  hint = { version: msg.version, lang: hint.lang, hint: msg.hint };
  renderCoach();
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function hintPanel() {
  if (hint.waiting) return el("div", { id: "hint-panel", class: "hint-panel", role: "status" }, t(lang, "hint_thinking"));
  const h = hint.hint;
  const label = (o) => state.legal.find((a) => a.action === o.action)?.label ?? o.label;
  const points = (v) => (Math.round(v * 10) / 10).toLocaleString(lang === "sv" ? "sv-SE" : "en-GB");
  return el("section", { id: "hint-panel", class: "hint-panel", "aria-label": t(lang, "hint_options") },
    h.situation_said.length ? el("p", { class: "hint-situation" }, capital(h.situation_said.join("; "))) : null,
    el("ol", { class: "hint-options" }, ...h.options.map((o) => el("li", { class: o.chosen ? "chosen" : null, "data-action": o.action },
      el("strong", { class: "hint-label" }, label(o)),
      o.chosen ? el("span", { class: "tag" }, t(lang, "hint_chosen")) : null,
      o.value === null ? null : el("span", { class: "hint-value" }, t(lang, "hint_value", { v: points(o.value) })),
      el("span", { class: "hint-why" }, o.said.join("; "))))));
}

// --- the choices: calls as buttons, cards in the hand -----------------------------------------
function buying(obs) {
  return obs.phase === "buy" && myTurn() && state.legal.some((a) => !a.call);
}

function renderActions(obs) {
  // calls (bids, passes, the exchange) as buttons; the refused ones greyed, with the reason
  const calls = state.legal.filter((a) => a.call).map((a) => ({ ...a, ok: true }))
    .concat(state.refused.map((a) => ({ ...a, ok: false })))
    .sort((x, y) => x.action - y.action);
  const buyBar = buying(obs) ? buyingBar() : null;
  if (!calls.length && !buyBar) { fill($("actions")); return; }
  const why = state.refused.map((r) => el("p", { class: "refused-why", id: `why-${r.action}` }, `${t(lang, "forbidden")} ${r.label}: ${r.message}`));
  fill($("actions"),
    buyBar,
    calls.length && !marked.length ? el("div", { class: "calls", role: "group", "aria-label": t(lang, "calls") },
      ...calls.map((a) => el("button", {
        type: "button", class: a.ok ? "call" : "call refused", "aria-disabled": a.ok ? null : "true",
        title: a.ok ? null : a.message, "data-action": a.action, "data-text": a.text,
        "aria-describedby": a.ok ? null : `why-${a.action}`,
        onclick: a.ok ? () => send(a.action) : () => { $("error").textContent = a.message; },
      }, a.label))) : null,
    ...why);
}

// Tremanswhist's buying: the cards marked here are put away only on confirm
function buyingBar() {
  const pile = state.observation?.pile_size ?? 0;
  return el("div", { class: "buying", role: "group", "aria-label": t(lang, "put_away") },
    el("p", {}, marked.length ? t(lang, "put_away_marked", { cards: marked.map((c) => cardText(c, lang)).join(" ") })
      : t(lang, "put_away_hint", { n: pile })),
    marked.length ? el("button", { type: "button", class: "call", id: "confirm-buy", onclick: confirmBuy },
      tn(lang, "put_away_confirm", marked.length)) : null,
    marked.length ? el("button", { type: "button", class: "call secondary", id: "undo-buy", onclick: () => { marked.length = 0; render(); } },
      t(lang, "undo")) : null);
}

function confirmBuy() {
  for (const card of marked) outbox.push((a) => !a.call && a.text === card);
  outbox.push((a) => a.call);  // then the purchase itself, as the server labels it
  marked.length = 0;
  sendQueued();
}

function toggleMark(card) {
  const i = marked.indexOf(card);
  if (i >= 0) marked.splice(i, 1);
  else if (marked.length < (state.observation?.pile_size ?? 0)) marked.push(card);
  render();
  document.querySelector(`#hand [data-card="${card}"]`)?.focus();
}

function renderHand(obs) {
  const hand = state.observation?.hand;
  $("hand").hidden = !hand || (state.terminal && !hand.length);
  if (!hand) return;
  const legalCards = new Map(state.legal.filter((a) => !a.call).map((a) => [a.text, a.action]));
  const mine = myTurn();
  const cardTurn = legalCards.size > 0;  // grey only when this seat plays a card now
  const buy = buying(obs);
  if (!buy) marked.length = 0;
  const focused = document.activeElement?.dataset?.card;
  const buttons = sortHand(hand, obs.trump).map((c) => {
    const action = legalCards.get(c);
    const reason = action !== undefined ? null : (state.reasons[c] ?? (mine ? null : t(lang, "not_your_turn")));
    const isMarked = marked.includes(c);
    return el("button", {
      // while others play the hand stays bright; on this seat's turn the cards it may not play grey
      type: "button", class: `card-button${action !== undefined ? " legal" : cardTurn ? " dimmed" : " waiting"}${isMarked ? " marked" : ""}`,
      "aria-disabled": action === undefined ? "true" : null, "data-card": c, tabindex: "-1",
      "aria-pressed": buy ? String(isMarked) : null,
      "aria-description": reason || null, title: reason,
      onclick: action === undefined ? () => { if (reason) $("error").textContent = reason; }
        : buy ? () => toggleMark(c) : () => send(action),
    // the name is the card as the page writes it ("E♠"), the picture is decoration
    }, el("span", { class: "sr-only" }, cardText(c, lang)), el("span", { class: `card ${RED.has(c[1]) ? "red" : "black"}` }, cardFace(c, lang)));
  });
  const row = el("div", { class: "cards fan", role: "toolbar", "aria-label": t(lang, "your_hand"), style: handLayout(buttons.length) }, ...buttons);
  fill($("hand"), el("h3", {}, t(lang, "your_hand"), " ", el("span", { class: "dim" }, tn(lang, "hand_count", hand.length))),
    row, el("p", { class: "dim keys keyboard-only" }, t(lang, "keys")));
  // one card in the tab order (roving focus): the focused one, else the first playable
  const keep = buttons.find((b) => b.dataset.card === focused) ?? buttons.find((b) => b.classList.contains("legal")) ?? buttons[0];
  if (keep) keep.tabIndex = 0;
  if (keep && focused) keep.focus({ preventScroll: true });
}

// the hand in as few balanced rows as keep its cards a comfortable size (13 cards on a
// phone: 7 and 6, never one card alone), as large as the width and the hand's share of
// the screen's height allow, so that the whole hand is in view with the table above it;
// no card covers another (each is a whole button).  The gaps are app.css's.
function handLayout(n) {
  const gap = 4, rowGap = 9;
  const width = Math.max(200, ($("hand").clientWidth || document.documentElement.clientWidth) - 20);
  const largest = width >= 600 ? 76 : 62;
  const comfortable = Math.min(window.innerWidth, window.innerHeight) < 500 ? 42 : 56;
  const tall = Math.max(100, window.innerHeight * 0.3);
  const byWidth = (rows) => Math.floor((width + gap) / Math.ceil(n / rows)) - gap;
  let rows = 1;
  while (rows < n && byWidth(rows) < comfortable) rows += 1;
  const byHeight = Math.floor((tall - (rows - 1) * rowGap) / (rows * 1.4));
  const cw = Math.max(30, Math.min(largest, byWidth(rows), byHeight));
  return `--cw:${cw}px;max-width:${Math.ceil(n / rows) * (cw + gap)}px`;
}
let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => { if (state) renderHand(observation()); }, 100);
});

// the table fills the screen under the header (app.css: .play), however the header wraps;
// the trick's place follows the felt's size
function followScreen() {
  const bar = document.querySelector("header");
  new ResizeObserver(() => document.documentElement.style.setProperty("--bar", `${bar.offsetHeight}px`)).observe(bar);
  new ResizeObserver(() => layoutTrick()).observe($("felt"));
}

// when the turn comes to this seat: focus its first choice (a call, else a playable card)
function focusChoice() {
  const first = document.querySelector("#actions button.call:not(.refused)") ?? document.querySelector("#hand .card-button.legal");
  first?.focus({ preventScroll: true });
}

function renderScores(obs) {
  const auction = Object.fromEntries((state.panel.auction ?? []).map((c) => [c.seat, c.call]));
  const bidColumn = !state.terminal && (obs.bids !== undefined || state.panel.auction);
  const tricksColumn = !state.terminal && obs.tricks_won;
  const rows = state.names.map((name, seat) => {
    const person = state.seating[seat];
    const bid = obs.bids ? obs.bids[seat] : auction[seat];
    const tricks = obs.tricks_won ? obs.tricks_won[seat] : null;
    const label = [name];
    if (seat === state.seat) label.push(` (${t(lang, "you")})`);
    if (obs.dealer === seat && !state.terminal) label.push(el("span", { class: "dim" }, ` · ${t(lang, "dealer_mark")}`));
    if (state.away.includes(person)) label.push(el("span", { class: "away" }, ` · ${t(lang, "away")}`));
    return el("tr", { class: [seat === state.seat ? "me" : "", state.to_act === person && !state.terminal ? "acting" : ""].join(" ").trim() || null },
      el("th", { scope: "row" }, ...label),
      bidColumn ? el("td", {}, bid ?? "–") : null,
      tricksColumn ? el("td", {}, tricks ?? "–") : null,
      el("td", {}, fmt(state.totals[person])));
  });
  const heads = ["player", ...(bidColumn ? ["bid"] : []), ...(tricksColumn ? ["tricks"] : []), "score"];
  fill($("scores"), el("table", {},
    el("caption", { class: "sr-only" }, t(lang, "score")),
    el("thead", {}, el("tr", {}, ...heads.map((k) => el("th", { scope: "col" }, t(lang, k === "bid" && state.panel.auction ? "auction" : k))))),
    el("tbody", {}, ...rows)));
}

const fmt = (x) => (x === undefined || x === null ? "" : Number.isInteger(x) ? String(x) : x.toFixed(1));

function renderEnd() {
  $("end").hidden = !state.terminal;
  if (!state.terminal) return;
  // the players by their totals, the best first (a shared place shares its number)
  const order = info.players.map((name, person) => ({ name, total: state.totals[person] ?? 0 }))
    .sort((a, b) => b.total - a.total);
  const places = order.map((p) => 1 + order.filter((q) => q.total > p.total).length);
  const seated = state.seat !== null;
  fill($("end"),
    el("h2", {}, t(lang, "final")),
    el("ol", { class: "ranking" }, ...order.map((p, i) => el("li", { class: places[i] === 1 ? "first" : null },
      el("span", { class: "place" }, `${places[i]}.`), " ", el("strong", {}, p.name), " ", el("span", { class: "pts" }, fmt(p.total))))),
    el("div", { class: "end-actions" },
      seated ? el("button", { type: "button", id: "rematch", onclick: rematch }, t(lang, "rematch")) : null,
      el("button", { type: "button", id: "pdf", class: "secondary", onclick: () => download("protokoll", "pdf") }, t(lang, "pdf")),
      el("button", { type: "button", id: "record", class: "secondary", onclick: () => download("record", "json") }, t(lang, "record")),
      el("button", { type: "button", id: "analyse", class: "secondary", onclick: analyse }, t(lang, "analyse")),
      el("a", { id: "replay", class: "button secondary", href: `/r/t/${info.id}#token=${encodeURIComponent(token())}` }, t(lang, "replay_open"))),
    el("p", { id: "analysis-status", role: "status", "aria-live": "polite" }),
    // no scripts in it; same origin only so that it can be as tall as its page (no inner scroll)
    el("iframe", { id: "analysis", title: t(lang, "analysis"), sandbox: "allow-same-origin", hidden: true }));
}

// the game's analysis: every decision judged by the expert, drawn by the server
async function analyse() {
  const button = $("analyse");
  button.disabled = true;
  $("analysis-status").textContent = t(lang, "analysing");
  const resp = await fetch(`/api/tables/${info.id}/analysis`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: token(), lang }),
  });
  button.disabled = false;
  if (!resp.ok) { $("analysis-status").textContent = t(lang, "analysis_failed"); return; }
  $("analysis-status").textContent = "";
  const frame = $("analysis");
  frame.onload = () => { frame.style.height = `${frame.contentDocument.documentElement.scrollHeight + 4}px`; };
  frame.srcdoc = await resp.text();
  frame.hidden = false;
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
  location.href = `/t/${tableId}${location.search}#token=${encodeURIComponent(token())}`;
}

async function rematch() {
  const resp = await fetch(`/api/tables/${info.id}/rematch`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: token() }),
  });
  const answer = await resp.json();
  if (resp.ok) goTo(answer.id);
  else $("error").textContent = errorText(lang, answer.error?.code, lang === "sv" ? answer.error?.sv : answer.error?.message);
}

// the protokoll and the record: this reader's view, drawn by the server (sandboxed, no scripts)
async function fetchSheet(what, format) {
  const body = what === "record" ? { token: token() } : { token: token(), format, lang };
  const resp = await fetch(`/api/tables/${info.id}/${what}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  if (!resp.ok) return null;
  return format === "html" ? resp.text() : resp.blob();
}
let protokollLoaded = false;
async function loadProtokoll() {
  protokollLoaded = true;
  const html = await fetchSheet("protokoll", "html");
  if (html === null) return;
  const frame = $("protokoll");
  frame.onload = () => {
    // as tall as the sheet: the page scrolls, the sheet scrolls sideways inside itself
    try { frame.style.height = `${frame.contentDocument.documentElement.scrollHeight + 4}px`; } catch { /* sandboxed */ }
  };
  frame.srcdoc = html;
}
async function download(what, format) {
  const blob = await fetchSheet(what, format);
  if (blob === null) return;
  const a = el("a", { href: URL.createObjectURL(blob), download: `${what}-${info.id}.${format}` });
  document.body.append(a);
  a.click();
  a.remove();
}

// keys: digits for numeric calls (Plump's bids), ← → to move along the hand (Enter plays)
document.addEventListener("keydown", (ev) => {
  document.documentElement.dataset.keys = "yes";  // a keyboard after all: its help shows (app.css)
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
function renderLinks() {
  renderSoundButton();
  const hosted = hostedTables().find((x) => x.id === info.id);
  if (!hosted) return;
  $("links-box").hidden = false;
  fill($("links"), linkList(lang, hosted));
}

setupLanguage();
renderLinks();
followScreen();
if (!token()) { setConn("no_key"); $("error").textContent = t(lang, "no_token"); $("side").hidden = true; }
else connect();
// a link with another token opened in this tab changes only the hash: start over with it
window.addEventListener("hashchange", () => location.reload());
