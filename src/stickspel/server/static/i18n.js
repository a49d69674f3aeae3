// The pages' words come from the server's catalogue (web.po), embedded in the page
// for both languages; rule messages and labels come in the server's messages,
// already in the connection's language.
const WORDS = JSON.parse(document.getElementById("words")?.textContent || "{}");

export function t(lang, key, params = {}) {
  const text = (WORDS[lang] || WORDS.sv || {})[key] ?? WORDS.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ""));
}

// a message with plural forms for the count `n` ("1 card", "2 cards"; "1 kort", "2 kort"):
// the catalogue's plural sits beside the singular as `key|plural`
export function tn(lang, key, n, params = {}) {
  const plural = n === 1 ? null : (WORDS[lang] || {})[`${key}|plural`] ?? WORDS.en?.[`${key}|plural`];
  const text = plural ?? t(lang, key, { ...params, n });
  return text.replace(/\{(\w+)\}/g, (_, k) => String(k === "n" ? n : params[k] ?? ""));
}

// a server error for the person: the catalogue's words for its code where the page has
// them (a broken link, a table that is gone), else the server's message (already worded
// in the connection's language), else a general one
export function errorText(lang, code, message) {
  const key = `error_${code}`;
  const own = t(lang, key);
  if (own !== key) return own;
  return message || t(lang, "error_unknown");
}

export function currentLang() {
  const q = new URLSearchParams(location.search).get("lang");
  if (q === "sv" || q === "en") { setLang(q); return q; }
  const saved = localStorage.getItem("stickspel.lang");
  if (saved === "sv" || saved === "en") return saved;
  return document.documentElement.lang === "en" ? "en" : "sv";
}

export function setLang(lang) {
  localStorage.setItem("stickspel.lang", lang);
}

// the page in `lang`: words, <html lang>, and the button that switches; `redraw(next)`
// draws the page in the other language at once (without it the page loads again)
export function setupPage(lang, redraw = null) {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(lang, node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(lang, node.dataset.tLabel));
  const button = document.getElementById("lang");
  button.textContent = t(lang, "language");
  button.setAttribute("lang", lang === "sv" ? "en" : "sv");
  button.onclick = () => {
    const next = lang === "sv" ? "en" : "sv";
    setLang(next);
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.delete("lang");
      history.replaceState(null, "", url.href);  // the hash (a seat token) stays
    }
    if (redraw) redraw(next);
    else location.reload();
  };
}

const RANKS = {
  sv: { T: "10", J: "Kn", Q: "D", K: "K", A: "E" },
  en: { T: "10", J: "J", Q: "Q", K: "K", A: "A" },
};
export const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };

// "QH" → "D♥" (sv) or "Q♥" (en)
export function cardText(card, lang) {
  const r = card[0], s = card[1];
  return (RANKS[lang][r] || r) + SUIT_SYMBOL[s];
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// --- the tables this browser created: their host token and links (never sent anywhere) ---
const HOSTED = "stickspel.hosted";

export function hostedTables() {
  try { return JSON.parse(localStorage.getItem(HOSTED) || "[]"); } catch { return []; }
}

export function rememberTable(entry) {
  const rest = hostedTables().filter((x) => x.id !== entry.id);
  localStorage.setItem(HOSTED, JSON.stringify([entry, ...rest].slice(0, 50)));
}

export function forgetTable(id) {
  localStorage.setItem(HOSTED, JSON.stringify(hostedTables().filter((x) => x.id !== id)));
}

// a QR code of a link, drawn by the server (POST: the link holds a token)
export async function qrImage(text, label) {
  const img = el("img", { class: "qr", alt: `QR: ${label}`, width: 128, height: 128 });
  const resp = await fetch("/api/qr", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }),
  });
  if (resp.ok) img.src = URL.createObjectURL(await resp.blob());
  return img;
}

// the links of a hosted table: one per invited seat and the spectators', each with its QR code
export function linkList(lang, entry) {
  const abs = (path) => new URL(path, location.href).href;
  const item = (label, url) => {
    const li = el("li", {}, el("strong", {}, label), " ",
      el("a", { href: url, class: "join" }, url), " ",
      el("button", { type: "button", class: "link copy", onclick: async (ev) => {
        await navigator.clipboard?.writeText(url).catch(() => {});
        ev.target.textContent = t(lang, "copied");
      } }, t(lang, "copy")), el("br"));
    qrImage(url, label).then((img) => li.append(img));
    return li;
  };
  return el("ul", { class: "links" },
    ...entry.seats.filter((s) => s.join_url).map((s) => item(s.name, abs(s.join_url))),
    item(t(lang, "watch"), abs(entry.spectator_url)));
}
