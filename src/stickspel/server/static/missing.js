// A table link that leads nowhere: the message in the page's language, switchable.
import { currentLang, setupPage } from "./i18n.js";

const draw = (lang) => setupPage(lang, draw);
draw(currentLang());
