// The lobby's list of the score sheets this browser keeps (beside its tables).
import { t, currentLang, el } from "./i18n.js";

const lang = currentLang();
let kept = [];
try { kept = JSON.parse(localStorage.getItem("stickspel.sheets") || "[]"); } catch { kept = []; }
document.getElementById("sheets")?.replaceChildren(...kept.map((s) =>
  el("li", { "data-id": s.id }, el("a", { href: `/s/${s.id}#token=${s.token}` }, `${t(lang, "sheet_kind")}: ${s.title}`),
     " ", el("span", { class: "players" }, s.players.join(", ")))));
if (kept.length) document.getElementById("tables-none").hidden = true;
