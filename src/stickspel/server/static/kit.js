// What the score-sheet and replay pages share: their words (sheet.po, embedded in the
// page for both languages), the language switch, elements, cards in display notation.
import { cardText as cardName, el, SUIT_SYMBOL } from "./i18n.js";

export { el };

const WORDS = JSON.parse(document.getElementById("words")?.textContent || "{}");

export function t(lang, key, params = {}) {
  const text = (WORDS[lang] || WORDS.sv || {})[key] ?? WORDS.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ""));
}

export function pageLang() {
  const q = new URLSearchParams(location.search).get("lang");
  if (q === "sv" || q === "en") { localStorage.setItem("stickspel.lang", q); return q; }
  const saved = localStorage.getItem("stickspel.lang");
  if (saved === "sv" || saved === "en") return saved;
  return document.documentElement.lang === "en" ? "en" : "sv";
}

// the page's words, <html lang>, and the button that switches language (the hash stays)
export function setupWords(lang) {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(lang, node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(lang, node.dataset.tLabel));
  const button = document.getElementById("lang");
  if (!button) return;
  button.textContent = lang === "sv" ? "English" : "Svenska";
  button.setAttribute("lang", lang === "sv" ? "en" : "sv");
  button.addEventListener("click", () => {
    localStorage.setItem("stickspel.lang", lang === "sv" ? "en" : "sv");
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.replace(url.href);
    location.reload();
  });
}

// "QH" → "D♥" (sv) or "Q♥" (en), as on the table page; anything else as it is
export function cardText(card, lang) {
  if (typeof card !== "string" || card.length !== 2 || !SUIT_SYMBOL[card[1]]) return String(card);
  return cardName(card, lang);
}

export function isRed(card) { return typeof card === "string" && (card[1] === "H" || card[1] === "D"); }

// the text of an error answer in the page's language
export function errorText(body, lang) {
  const e = body && body.error;
  if (!e) return String(body?.detail?.[0]?.msg || body?.detail || "?");
  return (lang === "sv" ? e.sv : e.message) || e.message || e.code;
}

// a file the server answers, saved by the browser
export async function download(url, token, name) {
  const r = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!r.ok) throw new Error(errorText(await r.json().catch(() => ({})), pageLang()));
  const blob = await r.blob();
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// the score sheets this browser keeps or follows (never sent anywhere)
const SHEETS = "stickspel.sheets";
export function keptSheets() {
  try { return JSON.parse(localStorage.getItem(SHEETS) || "[]"); } catch { return []; }
}
export function keepSheet(entry) {
  const rest = keptSheets().filter((x) => x.id !== entry.id);
  localStorage.setItem(SHEETS, JSON.stringify([entry, ...rest].slice(0, 50)));
}
