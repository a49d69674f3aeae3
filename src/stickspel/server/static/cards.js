// Card faces drawn here as SVG: the index (Swedish E K D Kn, or English A K Q J with the
// page in English) and the suit's own shape, drawn from paths of this file.  The deck
// is the project's own work, under the project's licence (MIT); no deck art is copied.
import { cardText } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
// suit shapes in a 100×100 box
const SUIT_PATHS = {
  H: "M50 90C22 68 4 50 4 30 4 15 15 5 29 5 39 5 46 11 50 20 54 11 61 5 71 5 85 5 96 15 96 30 96 50 78 68 50 90Z",
  D: "M50 3 86 50 50 97 14 50Z",
  S: "M50 4C76 28 96 44 96 62 96 76 86 85 73 85 64 85 57 80 54 74 55 84 60 91 68 97H32C40 91 45 84 46 74 43 80 36 85 27 85 14 85 4 76 4 62 4 44 24 28 50 4Z",
  C: "M50 5A21 21 0 0 0 32 37 21 21 0 1 0 45 71C45 82 40 90 32 97H68C60 90 55 82 55 71A21 21 0 1 0 68 37 21 21 0 0 0 50 5Z",
};
export const RED = new Set(["H", "D"]);

function node(tag, attrs, ...children) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) n.setAttribute(k, String(v));
  n.append(...children);
  return n;
}

function pip(suit, x, y, size) {
  const g = node("g", { transform: `translate(${x} ${y}) scale(${size / 100})` });
  g.append(node("path", { d: SUIT_PATHS[suit] }));
  return g;
}

// the rank as the page writes it: "E", "Kn", "10" (sv); "A", "J", "10" (en)
export function rankText(card, lang) {
  return cardText(card, lang).slice(0, -1);
}

// one card face, 60×84 units, drawn to fill its box; decorative (its name is on its holder)
export function cardFace(card, lang) {
  const suit = card[1];
  const rank = rankText(card, lang);
  const svg = node("svg", { viewBox: "0 0 60 84", class: `face ${RED.has(suit) ? "red" : "black"}`, "aria-hidden": "true", focusable: "false" });
  svg.append(node("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "paper" }));
  const small = rank.length > 1 ? 13 : 16;
  const corner = (flip) => {
    const g = node("g", flip ? { transform: "rotate(180 30 42)" } : {});
    g.append(node("text", { x: 4, y: 16, "font-size": small, class: "index", textLength: rank.length > 1 ? 15 : null }, rank));
    g.append(pip(suit, 4.5, 19.5, 11));
    return g;
  };
  svg.append(corner(false), corner(true));
  svg.append(pip(suit, 19, 28, 26));
  return svg;
}

// a card as a picture with its name ("E♠"): for the trick, the last trick, the upcard
export function cardPicture(card, lang, attrs = {}) {
  const wrap = document.createElement("span");
  wrap.className = `card ${RED.has(card[1]) ? "red" : "black"}`;
  wrap.setAttribute("role", "img");
  wrap.setAttribute("aria-label", cardText(card, lang));
  wrap.dataset.card = card;
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) wrap.setAttribute(k, String(v));
  wrap.append(cardFace(card, lang));
  return wrap;
}

// the back of a card (the fourth pile, a deck): a plain lattice in the table's colours
export function cardBack() {
  const svg = node("svg", { viewBox: "0 0 60 84", class: "back", "aria-hidden": "true", focusable: "false" });
  svg.append(node("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, fill: "#fff", stroke: "#8a8f98" }));
  const inner = node("svg", { x: 5, y: 5, width: 50, height: 74, viewBox: "0 0 50 74" });  // clips the lattice
  inner.append(node("rect", { width: 50, height: 74, fill: "#8c1c2b" }));
  for (let i = -80; i < 60; i += 8) {
    inner.append(node("path", { d: `M${i} 0 l74 74 M${50 - i} 0 l-74 74`, stroke: "#d9a441", "stroke-width": 1.2 }));
  }
  svg.append(inner);
  svg.append(node("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, fill: "none", stroke: "#d9a441", "stroke-width": 2 }));
  return svg;
}
