// The web UI's words, Swedish and English.  Rule messages come from the server,
// already in the connection's language.
export const WORDS = {
  sv: {
    lobby: "Lobby", tables: "Bord på den här servern", none: "Inga bord ännu.",
    create: "Nytt bord", game: "Spel", rules: "Regler", seats: "Platser", name: "Namn",
    human: "människa", bot: "bot", make: "Skapa bord", links: "Länkar — ge var och en sin egen",
    watch: "Åskådare", open: "Öppna", connected: "Ansluten", reconnecting: "Återansluter…",
    connecting: "Ansluter…", your_hand: "Din hand", your_turn: "Din tur",
    waiting_for: "Väntar på {name}", trick: "Sticket", last_trick: "Förra sticket",
    trump: "Trumf", upcard: "Uppvänt kort", no_trump: "utan trumf", player: "Spelare",
    bid: "Bud", tricks: "Stick", score: "Poäng", deal: "Giv {i} av {n}", dealer: "givare",
    bids: "Bud", calls: "Val", over: "Partiet är slut.", winners: "Vinnare: {names}",
    rematch: "Spela igen", log: "Händelser", plays: "{name} lägger {card}",
    calls_: "{name}: {call}", hidden: "{name} har bjudit", takes: "{name} tar sticket",
    dealt: "Ny giv: {name} ger", deal_over: "Given är slut.", spectator: "Du tittar på.",
    no_token: "Ingen platsnyckel i länken: du tittar på som åskådare om länken har en.",
    status_waiting: "väntar", status_playing: "pågår", status_over: "slut",
    language: "English", keys: "Tangenter: siffror för bud, ← → och Enter för kort.",
    forbidden: "Spärrat bud", protokoll: "Protokoll", pdf: "Ladda ner PDF",
  },
  en: {
    lobby: "Lobby", tables: "Tables on this server", none: "No tables yet.",
    create: "New table", game: "Game", rules: "Rules", seats: "Seats", name: "Name",
    human: "person", bot: "bot", make: "Create table", links: "Links — give each player their own",
    watch: "Spectators", open: "Open", connected: "Connected", reconnecting: "Reconnecting…",
    connecting: "Connecting…", your_hand: "Your hand", your_turn: "Your turn",
    waiting_for: "Waiting for {name}", trick: "Trick", last_trick: "Last trick",
    trump: "Trump", upcard: "Upcard", no_trump: "no trump", player: "Player",
    bid: "Bid", tricks: "Tricks", score: "Score", deal: "Deal {i} of {n}", dealer: "dealer",
    bids: "Bids", calls: "Calls", over: "The game is over.", winners: "Winner: {names}",
    rematch: "Play again", log: "Events", plays: "{name} plays {card}",
    calls_: "{name}: {call}", hidden: "{name} has bid", takes: "{name} takes the trick",
    dealt: "New deal: {name} deals", deal_over: "The deal is over.", spectator: "You are watching.",
    no_token: "No seat token in the link.",
    status_waiting: "waiting", status_playing: "playing", status_over: "over",
    language: "Svenska", keys: "Keys: digits for bids, ← → and Enter for cards.",
    forbidden: "Forbidden bid", protokoll: "Score sheet", pdf: "Download PDF",
  },
};

export function t(lang, key, params = {}) {
  const text = (WORDS[lang] || WORDS.sv)[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ""));
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
