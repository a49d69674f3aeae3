// The end of a deal: what it came to, on a card over the felt, for the table's deal pause
// or until closed (docs/web.md).  Everything on it comes from the server: the state's
// `last_deal` (the figures, the names, the marks and this seat's own line already in
// words) and the page's words (web.po); no game logic lives here.  Closing it tells the
// server, which deals the next deal once everyone watching has closed it.
import { t, el } from "./i18n.js";

const info = JSON.parse(document.getElementById("table-info")?.textContent || "{}");
const SHOWN = `stickspel.deal_summary.${info.id}`;  // this tab: the last summary closed
const $ = (id) => document.getElementById(id);

let handled = Number(sessionStorage.getItem(SHOWN) || 0);  // the last deal shown or skipped
let started = false;  // a state came before: a new summary comes live, after its last trick
let showing = null;  // { summary, lang, terminal, send, timer, opener } while in view
let waiting = null;  // the timer until the last trick has gone to its winner

// Called with every state the page draws: shows a new deal's summary, redraws the one in
// view (another language), or leaves it.
export function showDealSummary(state, lang, send) {
  const d = state.last_deal;
  const first = !started;
  started = true;
  if (!d || !(state.deal_pause > 0)) { close(false); return; }
  if (showing && showing.summary.deal === d.deal) {
    // another language, or the server's words again (they come in the connection's)
    if (showing.summary !== d || showing.lang !== lang || showing.terminal !== state.terminal) {
      Object.assign(showing, { lang, terminal: state.terminal, summary: d });
      draw();
    }
    return;
  }
  if (d.deal <= handled) return;
  handled = d.deal;
  // a page that opens between two deals shows the one just over; mid-deal it is old news
  const phase = (state.observation ?? state.public ?? {}).phase;
  if (first && phase !== "deal") return;
  const after = first ? 0 : ((state.trick_pause ?? 0) + 0.4) * 1000;  // the last trick first
  clearTimeout(waiting);
  waiting = setTimeout(() => open(d, lang, state, send), after);
}

function open(summary, lang, state, send) {
  close(false);
  const opener = document.activeElement;
  const timer = setTimeout(() => close(false), state.deal_pause * 1000);
  showing = { summary, lang, terminal: state.terminal, send, timer, opener, seconds: state.deal_pause };
  draw();
  const said = liveRegion();
  said.textContent = [t(lang, "summary_title", { k: summary.deal }), summary.you].filter(Boolean).join(". ");
}

// closed by the button or Escape (`byPerson`: the server is told), or when its time is up
function close(byPerson) {
  clearTimeout(waiting);
  if (!showing) return;
  const { summary, timer, send, opener, terminal } = showing;
  showing = null;
  clearTimeout(timer);
  sessionStorage.setItem(SHOWN, String(summary.deal));
  const box = $("deal-summary");
  const hadFocus = box.contains(document.activeElement);
  box.hidden = true;
  box.replaceChildren();
  liveRegion().textContent = "";
  if (!byPerson) return;
  send({ type: "deal_seen", deal: summary.deal });
  if (terminal) $("end")?.scrollIntoView({ block: "nearest" });
  if (hadFocus && opener?.isConnected) opener.focus({ preventScroll: true });
}

function draw() {
  const { summary: d, lang, terminal, seconds } = showing;
  const box = $("deal-summary");
  const focused = document.activeElement?.id === "deal-summary-close";
  const mine = d.seats.find((s) => s.you);
  const has = (field) => d.seats.some((s) => s[field] !== null && s[field] !== undefined);
  // the columns the deal has figures for: a bid or call, a target, a mark
  const cols = [
    ["call", info.game === "priffe" ? t(lang, "summary_call") : t(lang, "summary_bid")],
    ["tricks", t(lang, "summary_tricks")], ["target", t(lang, "summary_target")],
    ["points", t(lang, "summary_points")], ["mark", t(lang, "summary_result")],
  ].filter(([field]) => field === "tricks" || field === "points" || has(field));
  const verdict = (made) => (made === true ? "made" : made === false ? "missed" : null);
  const cell = (s, field) => {
    if (field === "points") return points(s.points);
    if (field !== "mark") return s[field] ?? "–";
    return s.mark ? [el("span", { "aria-hidden": "true" }, s.made ? "✓ " : "✗ "), s.mark] : "";
  };
  const rows = d.seats.map((s) => el("tr", { class: s.you ? "me" : null },
    el("th", { scope: "row" }, s.name, s.you ? ` (${t(lang, "you")})` : ""),
    ...cols.map(([field]) => el("td", { class: field === "mark" ? verdict(s.made) : null }, cell(s, field)))));
  const name = t(lang, "summary_close_name", { k: d.deal });
  box.replaceChildren(
    el("h2", { id: "deal-summary-title" }, t(lang, "summary_title", { k: d.deal })),
    d.you ? el("p", { class: `deal-you ${verdict(mine?.made) ?? ""}`.trim() }, d.you) : null,
    ...d.lines.map((line) => el("p", { class: "deal-line" }, line)),
    el("table", {},
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t(lang, "summary_player")),
        ...cols.map(([, label]) => el("th", { scope: "col" }, label)))),
      el("tbody", {}, ...rows)),
    el("div", { class: "deal-timer", "aria-hidden": "true", style: `animation-duration:${seconds}s` }),
    terminal
      ? el("button", { type: "button", class: "call", id: "deal-summary-close", onclick: () => close(true) }, t(lang, "summary_to_end"))
      : el("button", { type: "button", class: "call", id: "deal-summary-close", "aria-label": name, onclick: () => close(true) }, t(lang, "summary_close")));
  box.setAttribute("aria-labelledby", "deal-summary-title");
  box.hidden = false;
  place(box);
  if (focused) $("deal-summary-close").focus({ preventScroll: true });
}

// a deal's points: "−1" with a real minus sign
const points = (x) => (x < 0 ? `−${-x}` : String(x));

// over the middle of the felt where it is on screen, else of the window; always whole
function place(box) {
  const felt = $("felt")?.getBoundingClientRect();
  const w = box.offsetWidth, h = box.offsetHeight, vw = innerWidth, vh = innerHeight;
  let x = vw / 2, y = vh / 2;
  if (felt && felt.width && felt.bottom > 0 && felt.top < vh) {
    x = felt.left + felt.width / 2;
    y = (Math.max(felt.top, 0) + Math.min(felt.bottom, vh)) / 2;
  }
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(v, hi));
  box.style.left = `${clamp(x - w / 2, 4, Math.max(4, vw - w - 4))}px`;
  box.style.top = `${clamp(y - h / 2, 4, Math.max(4, vh - h - 4))}px`;
}

// what a screen reader is told when a summary comes (the card itself takes no focus)
function liveRegion() {
  return $("deal-summary-said") ?? document.body.appendChild(
    el("p", { id: "deal-summary-said", class: "sr-only", "aria-live": "polite" }));
}

window.addEventListener("resize", () => { if (showing) place($("deal-summary")); });
document.addEventListener("keydown", (ev) => { if (showing && ev.key === "Escape") close(true); });
