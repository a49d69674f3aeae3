// A score sheet for a game played with real cards, on a phone.  Every rule lives on the
// server (the scorekeeper of `stickspel protokoll`): this page asks it about each value
// as it is typed, sends whole deals, and shows what it answers.  The token is in the
// link's hash (#token=…) and goes to the server only in an Authorization header.
import { t, pageLang, setupWords, el, errorText, download, keptSheets, keepSheet } from "./kit.js";

const lang = pageLang();
setupWords(lang);
const GAMES = JSON.parse(document.getElementById("games").textContent)[lang];
const sheetId = document.body.dataset.sheet;
const $ = (id) => document.getElementById(id);

async function api(method, url, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${url}${url.includes("?") ? "&" : "?"}lang=${lang}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  return { ok: r.ok, status: r.status, data };
}

if (sheetId) keepPage(); else newPage();

// --- a new sheet, a blank one, a file read in ------------------------------------------
function newPage() {
  const form = $("create"), players = $("players");
  const names = lang === "sv" ? ["Anna", "Björn", "Cissi", "David", "Eva", "Fredrik", "Gun", "Hans", "Ida", "Jonas"]
                              : ["Anna", "Ben", "Cleo", "Dan", "Eve", "Fred", "Gus", "Hal", "Ivy", "Jack"];
  // the games' names in the page's language (the server drew them in its own)
  for (const sel of document.querySelectorAll("select[name=game]"))
    for (const o of sel.options) o.textContent = GAMES[o.value]?.title ?? o.value;
  function playerRow(i, value) {
    const label = t(lang, "sheet.player_n", { n: i + 1 });
    const input = el("input", { name: "player", value, maxlength: 40, required: true, "aria-label": label,
                                autocomplete: "off", oninput: dealers });
    const remove = el("button", { type: "button", "aria-label": t(lang, "sheet.remove_player", { n: i + 1 }),
      onclick: () => { if (players.children.length > 2) { input.closest("li").remove(); renumber(); } } }, "×");
    return el("li", {}, el("div", {}, input, remove));
  }
  function renumber() {
    [...players.children].forEach((li, i) => {
      li.querySelector("input").setAttribute("aria-label", t(lang, "sheet.player_n", { n: i + 1 }));
      li.querySelector("button").setAttribute("aria-label", t(lang, "sheet.remove_player", { n: i + 1 }));
    });
    dealers();
  }
  function dealers() {
    const sel = $("first-dealer"), old = sel.value;
    sel.replaceChildren(...[...players.querySelectorAll("input")].map((inp, i) =>
      el("option", { value: i }, inp.value || t(lang, "sheet.player_n", { n: i + 1 }))));
    if (old && Number(old) < players.children.length) sel.value = old;
  }
  function gameChanged() {
    const g = GAMES[form.game.value];
    $("preset").replaceChildren(...g.presets.map((p) => el("option", { value: p.name }, p.label)));
    drawOptions();
    const n = g.free_players ? Math.max(players.children.length || 4, 2) : g.players;
    const old = [...players.querySelectorAll("input")].map((i) => i.value);
    players.replaceChildren(...Array.from({ length: n }, (_, i) => playerRow(i, old[i] ?? names[i])));
    $("add-player").hidden = !g.free_players;
    dealers();
  }
  // the rules as choices: each option of the game by its name, its values by theirs,
  // set as the variant has them; only what differs from the variant is sent
  const preset = () => GAMES[form.game.value].presets.find((p) => p.name === $("preset").value);
  function drawOptions() {
    const values = preset()?.values ?? {};
    $("options").replaceChildren(...GAMES[form.game.value].options.map((o) => {
      const id = `opt-${o.name}`, value = values[o.name];
      if (o.kind === "bool") {
        const box = el("input", { type: "checkbox", id, "data-option": o.name });
        box.checked = Boolean(value);
        return el("div", { class: "option bool" }, el("label", { for: id }, box, " ", o.label));
      }
      const input = o.kind === "choice"
        ? el("select", { id, "data-option": o.name }, ...o.choices.map((c) => el("option", { value: c.value }, c.label)))
        : el("input", { id, type: "number", min: 1, inputmode: "numeric", "data-option": o.name,
                        placeholder: o.optional ? t(lang, "sheet.as_variant") : null });
      input.value = value === null || value === undefined ? "" : String(value);
      return el("div", { class: "option" }, el("label", { for: id }, o.label), input);
    }));
  }
  function chosenOptions() {
    const values = preset()?.values ?? {}, out = {};
    for (const input of $("options").querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      const now = input.type === "checkbox" ? input.checked : input.type === "number"
        ? (input.value === "" ? null : Number(input.value)) : input.value;
      if (now !== null && String(now) !== String(values[name] ?? "")) out[name] = now;
    }
    return out;
  }
  form.game.addEventListener("change", gameChanged);
  $("preset").addEventListener("change", drawOptions);
  $("add-player").addEventListener("click", () => {
    if (players.children.length >= 10) return;
    players.append(playerRow(players.children.length, names[players.children.length])); renumber();
    players.lastElementChild.querySelector("input").focus();
  });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const options = chosenOptions();
    const names = [...players.querySelectorAll("input")].map((i) => i.value.trim());
    const body = { game: form.game.value, preset: form.preset.value || null, options, players: names,
                   first_dealer: Number($("first-dealer").value || 0) };
    const r = await api("POST", "/api/sheets", body);
    if (!r.ok) { $("create-error").textContent = errorText(r.data, lang); return; }
    remember(r.data);
    location.href = r.data.scorer_url;
  });
  $("blank").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = ev.target;
    try {
      await download(`/api/sheets/blank?game=${f.game.value}&players=${f.players.value}&lang=${lang}&format=pdf`,
                     null, `protokoll-${f.game.value}.pdf`);
      $("blank-error").textContent = "";
    } catch (e) { $("blank-error").textContent = e.message; }
  });
  $("upload").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    const r = await api("POST", "/api/sheets/upload", { text: await file.text() });
    if (!r.ok) { $("upload-error").textContent = `${file.name}: ${errorText(r.data, lang)}`; return; }
    remember(r.data);
    location.href = r.data.scorer_url;
  });
  $("kept").replaceChildren(...keptSheets().map((s) =>
    el("li", {}, el("a", { href: `/s/${s.id}#token=${s.token}` }, `${s.title}: ${s.players.join(", ")}`),
       el("span", { class: "dim" }, ` · ${s.created.slice(0, 10)}`))));
  gameChanged();
}

function remember(data) {
  keepSheet({ id: data.id, token: data.scorer_token, reader: data.reader_token, title: data.title,
              players: data.players, created: data.created });
}

// --- keeping a sheet ---------------------------------------------------------------------
function keepPage() {
  const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
  let sheet = null;        // the sheet as the server last told it
  let correcting = null;   // the row being corrected, or null
  let values = {};         // what is typed: per-player lists and single fields
  let checkTimer = null;
  document.querySelector("main").classList.add("two");

  async function load() {
    const r = await api("GET", `/api/sheets/${sheetId}`, undefined, token);
    if (!r.ok) { $("next-title").textContent = errorText(r.data, lang); return; }
    show(r.data, true);
    follow();
  }

  function show(data, fresh) {
    const changed = !sheet || sheet.version !== data.version;
    sheet = data;
    document.querySelector("main").dataset.version = data.version;
    document.title = `${data.title}: ${data.players.join(", ")} · stickspel`;
    const scorer = data.role === "scorer";
    $("paper").innerHTML = data.html;  // rendered and escaped by the server
    $("paper").classList.toggle("fit", data.players.length <= 5);  // see sheet.css
    $("following").hidden = scorer;
    $("scorer-tools").hidden = !scorer || (data.rows.length === 0 && !data.pending);
    $("pending").hidden = !data.pending;
    $("pending").textContent = data.pending?.text ?? "";
    if (data.next) $("next-title").textContent = data.next.text;
    else $("next-title").textContent = `${t(lang, "sheet.over")} ${t(lang, "sheet.winner", { names: data.winners.join(", ") })}`;
    $("correct-row").replaceChildren(el("option", { value: "" }, "—"),
      ...data.rows.map((r) => el("option", { value: r.row }, t(lang, "sheet.correct_row", { row: r.row }))));
    $("entry").hidden = !scorer || (!data.next && correcting === null);
    if (scorer && (fresh || changed) && correcting === null) { values = {}; buildFields(); }
    if (fresh) links();
  }

  // the fields of a deal for this game, in the order the table fills them in
  function buildFields() {
    const box = $("fields");
    box.replaceChildren();
    // a correction starts from its row; the next deal from its open row (the calls written)
    const row = correcting ? sheet.rows[correcting - 1] : sheet.pending;
    const players = sheet.players;
    const seatsOrder = sheet.next && !correcting ? sheet.next.order : players.map((_, i) => i);
    const perPlayer = (key, i) => (values[key] ||= (row?.fields[key]?.split(",") ?? players.map(() => "")))[i] ?? "";
    const single = (key) => (values[key] ??= row?.fields[key] ?? "");
    if (sheet.game === "plump") {
      const bids = el("fieldset", {}, el("legend", {}, t(lang, "sheet.bids")));
      for (const seat of seatsOrder) bids.append(numberRow("bids", seat, t(lang, "sheet.bid_of", { name: players[seat] }), perPlayer("bids", seat)));
      const tricks = el("fieldset", {}, el("legend", {}, t(lang, "sheet.tricks")));
      for (const seat of seatsOrder) tricks.append(tricksRow(seat, perPlayer("tricks", seat)));
      box.append(bids, tricks);
    } else if (sheet.game === "priffe") {
      box.append(textField("calls", t(lang, "sheet.calls"), single("calls")),
        el("div", { class: "grid" },
          selectField("contract", t(lang, "sheet.contract"), ["", "tvångsnoll", "klöver", "spader", "ruter", "hjärter", "noll", "spel"], single("contract")),
          selectField("by", t(lang, "sheet.by"), ["", ...players], single("by"))),
        numberField("tricks", t(lang, "sheet.priffe_tricks"), single("tricks")),
        textField("honours", t(lang, "sheet.honours"), single("honours")));
    } else {
      box.append(textField("upcard", t(lang, "sheet.upcard"), single("upcard")));
      if (/buying/.test(sheet.rules)) box.append(textField("bought", t(lang, "sheet.bought"), single("bought")));
      else box.append(selectField("exchange", t(lang, "sheet.exchange"), ["", ...players], single("exchange"), t(lang, "sheet.nobody")));
      const tricks = el("fieldset", {}, el("legend", {}, t(lang, "sheet.tricks")));
      players.forEach((name, seat) => tricks.append(numberRow("tricks", seat, t(lang, "sheet.tricks_of", { name }), perPlayer("tricks", seat))));
      box.append(tricks);
    }
    $("refusal").textContent = ""; $("hint").textContent = "";
    enterLabel();
    $("correcting").hidden = !correcting;
    $("cancel").hidden = !correcting;
    if (correcting) $("correcting").textContent = t(lang, "sheet.correcting", { label: row.label });
  }

  function numberRow(key, seat, label, value) {
    const id = `${key}-${seat}`;
    const name = sheet.players[seat];
    const dealer = sheet.next && !correcting && sheet.next.dealer === seat;
    return el("div", { class: "prow" },
      el("label", { for: id, class: "who" }, name, dealer ? el("small", {}, ` (${t(lang, "replay.dealer")})`) : null,
         el("span", { class: "visually-hidden" }, ` ${label}`)),
      el("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", value, "aria-label": label,
                    oninput: (ev) => { values[key][seat] = ev.target.value.trim(); askSoon(); } }));
  }

  function tricksRow(seat, value) {
    const name = sheet.players[seat];
    const label = t(lang, "sheet.tricks_of", { name });
    const id = `tricks-${seat}`;
    const input = el("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", value, "aria-label": label,
                                oninput: (ev) => { values.tricks[seat] = ev.target.value.trim(); askSoon(); } });
    const mark = (sign, word) => el("button", { type: "button", "aria-label": `${name}: ${word}`, title: word,
      onclick: () => { input.value = sign; values.tricks[seat] = sign; askSoon(); } }, sign === "+" ? "✓" : "●");
    return el("div", { class: "prow tricks" }, el("label", { for: id, class: "who" }, name), input,
              mark("+", t(lang, "sheet.made")), mark("-", t(lang, "sheet.missed")));
  }

  function textField(key, label, value) {
    return el("label", {}, el("span", {}, label),
      el("input", { name: key, value, autocomplete: "off", spellcheck: "false",
                    oninput: (ev) => { values[key] = ev.target.value.trim(); askSoon(); } }));
  }
  function numberField(key, label, value) {
    return el("label", {}, el("span", {}, label),
      el("input", { name: key, value, inputmode: "numeric", autocomplete: "off",
                    oninput: (ev) => { values[key] = ev.target.value.trim(); askSoon(); } }));
  }
  function selectField(key, label, options, value, emptyText = "—") {
    const sel = el("select", { name: key, onchange: (ev) => { values[key] = ev.target.value; askSoon(); } },
      ...options.map((o) => el("option", { value: o }, o || emptyText)));
    sel.value = value;
    return el("label", {}, el("span", {}, label), sel);
  }

  // the button says what it writes: the calls alone before the deal is played, or the deal
  function enterLabel() {
    const tricks = values.tricks;
    const results = Array.isArray(tricks) ? tricks.some(Boolean) : Boolean(tricks);
    $("enter").textContent = results || correcting ? t(lang, "sheet.enter") : t(lang, `sheet.enter_calls.${sheet.game}`);
  }

  function fieldsOut() {
    const out = {};
    for (const [k, v] of Object.entries(values)) {
      if (Array.isArray(v)) { if (v.some((x) => x)) out[k] = v.join(","); }
      else if (v) out[k] = v;
    }
    return out;
  }

  // each value is judged as it is typed: by the server, which knows the rules
  function askSoon() { enterLabel(); clearTimeout(checkTimer); checkTimer = setTimeout(ask, 150); }
  async function ask() {
    const r = await api("POST", `/api/sheets/${sheetId}/check`, { fields: fieldsOut(), row: correcting }, token);
    $("refusal").textContent = r.ok ? "" : errorText(r.data, lang);
    // the dealer's bar, while the dealer has still to bid
    const forbidden = r.ok && !correcting && !values.bids?.[sheet.next?.dealer] ? r.data.forbidden : null;
    $("hint").textContent = (forbidden !== null && forbidden !== undefined && sheet.next)
      ? t(lang, "sheet.forbidden", { name: sheet.players[sheet.next.dealer], bid: forbidden }) : "";
  }

  $("entry").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { version: sheet.version, fields: fieldsOut() };
    if (correcting) body.row = correcting;
    const r = await api("POST", `/api/sheets/${sheetId}/deals`, body, token);
    if (!r.ok) {
      $("refusal").textContent = errorText(r.data, lang);
      if (r.status === 409 && r.data.sheet) show(r.data.sheet, false);
      return;
    }
    const opened = !correcting && r.data.pending;
    $("done").textContent = correcting ? t(lang, "sheet.corrected", { row: correcting })
      : t(lang, opened ? `sheet.saved_calls.${sheet.game}` : "sheet.saved");
    correcting = null;
    show(r.data, true);
    // next: the tricks of the deal whose calls are written, else the next deal's first field
    ($("fields").querySelector(opened ? "[id^=tricks-], [name=tricks]" : "input") ?? $("fields").querySelector("input"))?.focus();
  });
  $("clear").addEventListener("click", () => { values = {}; buildFields(); });
  $("cancel").addEventListener("click", () => { correcting = null; values = {}; $("correct-row").value = ""; show(sheet, true); });
  $("undo").addEventListener("click", async () => {
    const r = await api("POST", `/api/sheets/${sheetId}/undo`, { version: sheet.version }, token);
    if (!r.ok) { $("refusal").textContent = errorText(r.data, lang); if (r.data.sheet) show(r.data.sheet, false); return; }
    $("done").textContent = t(lang, "sheet.undone");
    correcting = null;
    show(r.data, true);
  });
  $("correct-row").addEventListener("change", (ev) => {
    const row = Number(ev.target.value);
    if (!row) return;
    correcting = row; values = {};
    $("entry").hidden = false;
    buildFields();
    $("fields").querySelector("input, select")?.focus();
  });
  const fail = (e) => { $("done").textContent = e.message; };
  $("pdf").addEventListener("click", () => download(`/api/sheets/${sheetId}/print?format=pdf&lang=${lang}`, token, `protokoll-${sheetId}.pdf`).catch(fail));
  $("html").addEventListener("click", () => download(`/api/sheets/${sheetId}/print?format=html&lang=${lang}`, token, `protokoll-${sheetId}.html`).catch(fail));
  $("record").addEventListener("click", () => download(`/api/sheets/${sheetId}/record`, token, `protokoll-${sheetId}.json`).catch(fail));

  // the links to hand round: the scorer's (only a scorer sees it) and the reader's, with QR codes
  async function links() {
    const kept = keptSheets().find((s) => s.id === sheetId);
    const reader = sheet.role === "reader" ? token : kept?.reader;
    const items = [];
    if (sheet.role === "scorer") items.push([t(lang, "sheet.scorer_link"), token]);
    if (reader) items.push([t(lang, "sheet.reader_link"), reader]);
    const box = $("links");
    box.replaceChildren();
    $("share").hidden = items.length === 0;
    for (const [what, tok] of items) {
      const url = `${location.origin}/s/${sheetId}#token=${tok}`;
      const qr = await fetch("/api/qr", { method: "POST", headers: { "content-type": "application/json" },
                                          body: JSON.stringify({ text: url }) });
      const img = el("img", { alt: t(lang, "sheet.qr_of", { what }), src: URL.createObjectURL(await qr.blob()) });
      const input = el("input", { value: url, readonly: true, "aria-label": what });
      const copy = el("button", { type: "button", "aria-label": `${t(lang, "sheet.copy")}: ${what}`,
        onclick: () => navigator.clipboard?.writeText(url) }, t(lang, "sheet.copy"));
      box.append(el("figure", {}, el("figcaption", {}, what), img, input, copy));
    }
  }

  // every phone follows the sheet live: the server says when it changed
  let retry = 500;
  function follow() {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/sheets/${sheetId}?lang=${lang}`);
    ws.onopen = () => { ws.send(JSON.stringify({ type: "hello", token, lang })); };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "sheet") {
        retry = 500;
        $("conn").textContent = `● ${t(lang, "sheet.live")}`;
        if (!sheet || msg.sheet.version !== sheet.version) show(msg.sheet, false);
      }
    };
    ws.onclose = (ev) => {
      if (ev.code === 4403) return;
      $("conn").textContent = t(lang, "sheet.offline");
      setTimeout(follow, retry); retry = Math.min(retry * 2, 10000);
    };
  }

  if (token && !keptSheets().some((s) => s.id === sheetId)) {
    api("GET", `/api/sheets/${sheetId}`, undefined, token).then((r) => {
      if (r.ok) keepSheet({ id: sheetId, token, title: r.data.title, players: r.data.players, created: r.data.created });
    });
  }
  load();
}
