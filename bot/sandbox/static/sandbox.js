// The sandbox page: one seat's view of the table channel, its threads and their DMs, live. The sandbox
// pushes every seat's view over a WebSocket whenever anything changes (the bot's messages, edits and
// deletions as they happen); what a seat types or presses goes to the sandbox, which acts through
// SimCord as that seat.

const KEY = new URLSearchParams(location.search).get("key") || "";
const FIRST_MOVE = "/goryo challenge opponent:@Kenji role:goryo";
const STORE = "goryo-sandbox";  // localStorage: the seat, each seat's drafts and place, per browser
const saved = JSON.parse(localStorage.getItem(STORE) || "{}");
const state = {
  you: new URLSearchParams(location.search).get("as") || saved.you || "aiko",
  drafts: saved.drafts || {},  // seat -> place -> the text in its box
  place: saved.place || {},  // seat -> the channel or thread shown (DMs have a pane of their own on a wide screen)
  views: {}, seen: {}, welcomed: false, panes: new Map(),
  change: 0, drawing: new Set(),  // the newest change drawn; who waits for a later one
};

function remember() {
  localStorage.setItem(STORE, JSON.stringify({ you: state.you, drafts: state.drafts, place: state.place }));
  const query = new URLSearchParams(location.search);
  if (query.get("as") !== state.you) {
    query.set("as", state.you);
    history.replaceState(null, "", `${location.pathname}?${query}`);
  }
}

async function api(path, body) {
  const options = { headers: { "X-Sandbox-Key": KEY } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  if (!response.ok) throw new Error(await response.text());
  const answer = await response.json();
  answer.change = Number(response.headers.get("X-Sandbox-Change") || 0);
  return answer;
}

// Resolves once the page has drawn the sandbox's change number `change` (the live feed numbers its pushes).
function drawn(change) {
  if (state.change >= change) return Promise.resolve();
  return new Promise((resolve) => state.drawing.add({ change, resolve }));
}

// Server push: the sandbox sends each seat's whole view when it changes; a dropped line is reopened.
function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/live?key=${encodeURIComponent(KEY)}`);
  socket.addEventListener("message", (event) => {
    const { views, change } = JSON.parse(event.data);
    for (const [key, view] of Object.entries(views)) {
      state.views[key] = view;
      // What a seat could already see when the page opened is not news to it: only later messages count as unread.
      if (!state.seen[key]) state.seen[key] = lastIds(view);
    }
    document.getElementById("offline").hidden = true;
    if (Object.keys(views).length) draw();  // a push may only say how far the sandbox has got
    state.change = Math.max(state.change, change);
    for (const waiter of [...state.drawing]) {
      if (waiter.change <= state.change) { state.drawing.delete(waiter); waiter.resolve(); }
    }
  });
  socket.addEventListener("close", () => {
    document.getElementById("offline").hidden = false;
    setTimeout(listen, 1000);
  });
}

function lastIds(view) {
  const ids = {};
  for (const [place, pane] of Object.entries(view.places)) {
    ids[place] = pane.messages.length ? BigInt(pane.messages[pane.messages.length - 1].id) : 0n;
  }
  return ids;
}

function unread(key, only) {
  const view = state.views[key];
  if (!view) return 0;
  const seen = state.seen[key] || {};
  let count = 0;
  for (const [place, pane] of Object.entries(view.places)) {
    if (only && place !== only) continue;
    count += pane.messages.filter((m) => BigInt(m.id) > (seen[place] ?? -1n)).length;
  }
  return count;
}

function chosenPlace(view) {
  const place = state.place[state.you];
  return place && view.places[place] && place !== "dm" ? place : "channel";
}

function draw() {
  const view = state.views[state.you];
  if (!view) return;
  const me = view.players.find((p) => p.key === state.you);
  const shown = chosenPlace(view);
  const wide = matchMedia("(min-width: 901px)").matches;
  // On a narrow screen one place is shown at a time, DMs included; on a wide one the DMs keep their own pane.
  const narrowPlace = state.place[state.you] === "dm" && !wide ? "dm" : shown;
  const visible = new Set(wide ? [shown, "dm"] : [narrowPlace]);
  for (const place of visible) state.seen[state.you] = { ...(state.seen[state.you] || {}), [place]: lastIds(view)[place] };

  drawSeats(view, me);
  drawPlaces(view, wide ? shown : narrowPlace, wide);
  const errors = document.getElementById("bot-errors");
  errors.hidden = !view.botErrors.length;
  errors.replaceChildren(...view.botErrors.map((line) => el("div", {}, line)), el("div", { className: "note" }, "Full tracebacks are in the terminal."));
  const name = me.role ? `${me.name}, the ${me.role}` : me.name;
  for (const [place, pane] of state.panes) {
    if (!view.places[place]) { pane.remove(); state.panes.delete(place); }
  }
  const main = document.getElementById("panes");
  for (const [place, data] of Object.entries(view.places)) {
    let pane = state.panes.get(place);
    if (!pane) {
      pane = makePane(place);
      state.panes.set(place, pane);
    }
    pane.hidden = !visible.has(place);
    // Each seat keeps its own draft in each box.
    if (pane.draftOf !== state.you) {
      pane.querySelector("input").value = (state.drafts[state.you] || {})[place] || "";
      pane.draftOf = state.you;
    }
    if (!pane.hidden) {
      if (pane.parentNode !== main || (place === "dm") !== (pane === main.lastElementChild)) main.append(pane);
      drawPane(pane, data, name);
    }
  }
  // The DM pane stays last (on the right), the channel or thread first.
  const dm = state.panes.get("dm");
  if (dm && !dm.hidden) main.append(dm);
  if (!state.welcomed) welcome(view);
  // The guide opened for a newcomer gives way to the match once it begins.
  if (state.guideForNewcomer && Object.values(view.places).some((p) => p.messages.length)) {
    state.guideForNewcomer = false;
    document.getElementById("guide").open = false;
  }
}

function drawSeats(view, me) {
  const nav = document.getElementById("players");
  nav.replaceChildren(...view.players.map((player) => {
    const button = el("button", { type: "button", className: player.key === state.you ? "player active" : "player" },
      player.role ? `${player.name} (${player.role})` : player.name);
    button.title = `Play as ${player.name}`;
    button.dataset.player = player.key;
    button.setAttribute("aria-pressed", String(player.key === state.you));
    const count = player.key === state.you ? 0 : unread(player.key);
    if (count) button.append(el("span", { className: "badge", title: "new messages" }, String(count)));
    button.addEventListener("click", () => { saveDrafts(); state.you = player.key; remember(); draw(); });
    return button;
  }));
  // One more member at the table (up to eight): a tournament takes three or more.
  if (view.players.length < 8) {
    const seat = el("button", { type: "button", className: "player add", title: "Seat one more member (a tournament takes three or more)" }, "+ Seat");
    seat.dataset.addSeat = "true";
    seat.addEventListener("click", () => act("/api/seat", {}, "channel"));
    nav.append(seat);
  }
  // This seat's Discord: its client's language, and whether it may manage the server (settings, threads).
  const language = el("button", { type: "button", className: "switch", title: "Switch this seat's Discord client between English and Italian", "aria-pressed": String(me.language === "it") },
    me.language === "it" ? "IT" : "EN");
  language.dataset.switch = "language";
  language.addEventListener("click", () => act("/api/language", { as: state.you, language: me.language === "it" ? "en" : "it" }, "channel"));
  const manager = el("button", { type: "button", className: me.manager ? "switch on" : "switch", "aria-pressed": String(me.manager),
    title: "Give this seat the Manage Server permission (to change /goryo settings, such as threads)" }, "Manage Server");
  manager.dataset.switch = "manager";
  manager.addEventListener("click", () => act("/api/manager", { as: state.you, on: !me.manager }, "channel"));
  document.getElementById("switches").replaceChildren(language, manager);
}

function drawPlaces(view, current, wide) {
  const tabs = Object.entries(view.places).filter(([place]) => !(wide && place === "dm"));
  const nav = document.getElementById("places");
  nav.hidden = tabs.length < 2;
  nav.replaceChildren(...tabs.map(([place, data]) => {
    const label = data.kind === "thread" ? `🧵 ${data.title}` : data.kind === "dm" ? "Direct messages" : data.title;
    const tab = el("button", { type: "button", className: place === current ? "tab active" : "tab", "aria-pressed": String(place === current) }, label);
    tab.dataset.place = place;
    const count = place === current ? 0 : unread(state.you, place);
    if (count) tab.append(el("span", { className: "badge" }, String(count)));
    tab.addEventListener("click", () => { state.place[state.you] = place; remember(); draw(); });
    return tab;
  }));
}

// A newcomer lands on an empty table: open the guide and put the first command in the box.
function welcome(view) {
  state.welcomed = true;
  const fresh = !view.places.channel.messages.length && !view.places.dm.messages.length;
  document.getElementById("guide").open = fresh;
  state.guideForNewcomer = fresh;
  const input = state.panes.get("channel").querySelector("input");
  if (fresh && state.you === "aiko" && !input.value) {
    input.value = FIRST_MOVE;
    saveDrafts();
    showUsage(input.closest(".pane"));
  }
}

function saveDrafts() {
  const drafts = state.drafts[state.you] = state.drafts[state.you] || {};
  for (const [place, pane] of state.panes) drafts[place] = pane.querySelector("input").value;
  remember();
}

function makePane(place) {
  const pane = document.getElementById("pane").content.firstElementChild.cloneNode(true);
  pane.dataset.place = place;
  const input = pane.querySelector("input");
  const list = `commands-${place}`;
  pane.querySelector("datalist").id = list;
  input.setAttribute("list", list);
  input.setAttribute("aria-label", `Command in ${place === "dm" ? "direct messages" : place === "channel" ? "the table channel" : "the thread"}`);
  input.addEventListener("input", () => { saveDrafts(); showUsage(pane); offerChoices(pane); });
  pane.querySelector("form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!input.value.trim() || pane.sending) return;
    pane.sending = true;
    const sent = await act("/api/command", { as: state.you, place, text: input.value }, place);
    pane.sending = false;
    if (sent) { input.value = ""; saveDrafts(); showUsage(pane); offerChoices(pane); }
  });
  return pane;
}

// Keyboard play: a message redrawn while one of its controls has the focus gives the focus to the same control
// of the new drawing, so a player moving with Tab is not sent back to the top of the page.
function focusedControl(list) {
  const at = document.activeElement;
  const article = at && list.contains(at) ? at.closest("article.message") : null;
  if (!article) return null;
  return { id: article.dataset.id, index: [...article.querySelectorAll("button, select")].indexOf(at) };
}

function refocus(list, focus) {
  if (!focus || list.contains(document.activeElement)) return;
  const usable = (a) => a && a.querySelector("button:enabled, select:enabled");
  const articles = [...list.querySelectorAll("article.message")];
  const same = articles.find((a) => a.dataset.id === focus.id);
  // A message that was replaced or lost its controls (the live board, posted anew after each action): the
  // newest message's controls.
  const article = usable(same) ? same : articles.reverse().find(usable);
  if (!article) return;
  const controls = [...article.querySelectorAll("button, select")];
  const control = [controls[focus.index], ...controls].find((c) => c && !c.disabled);
  if (control) control.focus();
}

function drawPane(pane, place, name) {
  pane.querySelector(".title").textContent = place.kind === "thread" ? `🧵 ${place.title}` : place.title;
  pane.querySelector(".seen-as").textContent = `as seen by ${name}`;
  const list = pane.querySelector(".messages .stack");
  const signature = state.you + JSON.stringify(place.messages);
  if (pane.signature !== signature) {
    pane.signature = signature;
    // Unchanged messages keep their nodes, so their images are not fetched and decoded again. The list is
    // anchored at its bottom (sandbox.css), so the newest message stays in view as messages and pictures arrive.
    const previous = pane.drawn || new Map();
    pane.drawn = new Map(place.messages.map((m) => {
      const json = state.you + JSON.stringify(m);
      const kept = previous.get(m.id);
      return [m.id, kept && kept.json === json ? kept : { json, node: message(m, pane.dataset.place) }];
    }));
    const focus = focusedControl(list);
    list.replaceChildren(...(place.messages.length ? [...pane.drawn.values()].map((drawn) => drawn.node)
      : [el("p", { className: "empty" }, pane.dataset.place === "dm" ? "No direct messages yet." : "Nothing here yet. Type /goryo challenge below to begin.")]));
    refocus(list, focus);
  }
  const datalist = pane.querySelector("datalist");
  datalist.replaceChildren(...place.commands.map((c) => el("option", { value: c.template }, c.description)));
  pane.commands = place.commands;
  showUsage(pane);
}

// As Discord lays a message out: its words, then its pictures, then its embeds, then its components.
function message(m, place) {
  const box = el("article", { className: m.ephemeral ? "message ephemeral" : "message" });
  box.dataset.id = m.id;
  if (m.invokedBy) {
    box.append(el("div", { className: "invoked" }, `${m.invokedBy} ${m.invokedWith || "used a command"}`));
  }
  const head = el("div", { className: "head" }, el("span", { className: m.bot ? "author bot" : "author" }, m.author));
  if (m.bot) head.append(el("span", { className: "tag" }, "BOT"));
  if (m.edited) head.append(el("span", { className: "time" }, "(edited)"));
  box.append(head);
  if (m.content) box.append(markdown(m.content));
  for (const file of m.attachments) {
    box.append(file.image
      ? el("a", { href: file.url, target: "_blank", className: "image" }, el("img", { src: file.url, alt: file.description || file.filename }))
      : el("a", { href: file.url, className: "file", download: file.filename }, `📎 ${file.filename}`));
  }
  for (const embed of m.embeds) box.append(embedBox(embed));
  for (const row of m.rows) {
    const line = el("div", { className: "row" });
    for (const item of row) line.append(component(item, m, place));
    box.append(line);
  }
  if (m.unsupported) box.append(el("div", { className: "note" }, "(this message has parts the sandbox cannot draw)"));
  if (m.ephemeral) box.append(el("div", { className: "note" }, "Only you can see this"));
  return box;
}

function embedBox(embed) {
  const box = el("div", { className: "embed" });
  if (embed.colour) box.style.borderLeftColor = embed.colour;
  if (embed.author) box.append(el("div", { className: "embed-author" }, embed.author));
  if (embed.title) box.append(el("div", { className: "embed-title" }, embed.title));
  if (embed.description) box.append(markdown(embed.description));
  if (embed.fields.length) {
    const fields = el("div", { className: "fields" });
    for (const field of embed.fields) {
      fields.append(el("div", { className: field.inline ? "field inline" : "field" },
        el("div", { className: "field-name" }, field.name), markdown(field.value)));
    }
    box.append(fields);
  }
  if (embed.thumbnail) box.append(el("img", { className: "thumbnail", src: embed.thumbnail, alt: "" }));
  if (embed.image) box.append(el("a", { href: embed.image, target: "_blank", className: "image" }, el("img", { src: embed.image, alt: embed.imageAlt || embed.title || "image" })));
  if (embed.footer) box.append(el("div", { className: "embed-footer" }, embed.footer));
  return box;
}

function component(item, m, place) {
  if (item.kind === "button") {
    if (item.url) return el("span", { className: "button link", title: "links are not followed in the sandbox" }, `${item.emoji} ${item.label} ↗`);
    const button = el("button", { type: "button", className: `button ${item.style}`, disabled: item.disabled },
      `${item.emoji} ${item.label}`.trim());
    button.addEventListener("click", async () => {
      if (button.dataset.sending) return;
      button.dataset.sending = "1";
      await act("/api/press", { as: state.you, place, message: m.id, customId: item.customId }, place);
      delete button.dataset.sending;
    });
    return button;
  }
  if (item.kind === "select") {
    const chosen = item.options.find((o) => o.default);
    const select = el("select", { disabled: item.disabled, title: item.placeholder },
      el("option", { value: "" }, item.placeholder),
      ...item.options.map((o) => el("option", { value: o.value, selected: Boolean(o.default) },
        o.description ? `${o.label} — ${o.description}` : o.label)));
    select.addEventListener("change", async () => {
      if (!select.value) return;
      await act("/api/press", { as: state.you, place, message: m.id, customId: item.customId, values: [select.value] }, place);
      // As on Discord, a menu shows what its message says once the bot has answered: a choice the bot took
      // redraws the message (or replaces it), and one it refused leaves the menu as it was before.
      select.value = chosen ? chosen.value : "";
    });
    return select;
  }
  return el("span", { className: "note" }, `(${item.label})`);
}

// The pane is busy (aria-busy) from a press or a command until the bot's answer to it is drawn: a screen reader
// waits to read it whole, and so can a test.
async function act(path, body, place) {
  const pane = state.panes.get(place) || state.panes.get("channel");
  const problem = pane.querySelector(".problem");
  problem.textContent = "";
  pane.acting = (pane.acting || 0) + 1;
  pane.setAttribute("aria-busy", "true");
  try {
    const answer = await api(path, body);
    await drawn(answer.change);
    problem.replaceChildren(...inline(answer.ok ? (answer.notices || []).join(" ") : answer.error));
    // A refused command changed nothing: keep it in the box to fix, rather than retype.
    return answer.ok && !answer.refused;
  } catch (error) {
    problem.textContent = String(error.message || error);
    return false;
  } finally {
    pane.acting -= 1;
    if (!pane.acting) pane.removeAttribute("aria-busy");
  }
}

function showUsage(pane) {
  const text = pane.querySelector("input").value.trim().toLowerCase();
  const usage = pane.querySelector(".usage");
  const commands = pane.commands || [];
  const match = commands.filter((c) => text.startsWith(c.template.trim().split(" ").slice(0, 2).join(" ").toLowerCase()));
  const shown = text.startsWith("/") && text.length > 1
    ? (match.length ? match : commands.filter((c) => c.usage.toLowerCase().startsWith(text)))
    : [];
  usage.replaceChildren(...shown.slice(0, 4).map((c) => el("div", {}, el("code", {}, c.usage), c.description ? ` — ${c.description}` : "",
    ...(shown.length === 1 ? c.options.map((o) => el("div", { className: "option" }, o)) : []))));
}

// Discord's autocomplete: while an option the bot completes is being typed, its choices for this player
// (legal moves, paths, ...) show under the box; picking one puts its value in place of what was typed.
function offerChoices(pane) {
  clearTimeout(pane.choicesTimer);
  pane.choicesTimer = setTimeout(async () => {
    const input = pane.querySelector("input");
    const text = input.value;
    const box = pane.querySelector(".choices");
    if (!/\w+:[^:]*$/.test(text) || !text.trim().startsWith("/")) { box.replaceChildren(); return; }
    let answer;
    try {
      answer = await api("/api/autocomplete", { as: state.you, place: pane.dataset.place, text });
    } catch (error) { return; }
    if (input.value !== text) return;  // typed on meanwhile: a newer request answers
    box.replaceChildren(...(answer.ok ? answer.choices : []).map((choice) => {
      const button = el("button", { type: "button", className: "choice" }, choice.name);
      button.addEventListener("click", () => {
        // One space after the value, to type on; a path's group ("A1 A2 ") already ends with one.
        input.value = text.replace(/(\w+:)[^:]*$/, (_, option) => `${option}${choice.value.trimEnd()} `);
        input.focus();
        saveDrafts();
        showUsage(pane);
        offerChoices(pane);
      });
      return button;
    }));
  }, 120);
}

// A tiny subset of Discord markdown, built as DOM nodes so message text is never parsed as HTML.
function markdown(text) {
  const box = el("div", { className: "text" });
  const blocks = text.split(/```(?:\w*\n)?([\s\S]*?)```/);
  blocks.forEach((part, index) => {
    if (index % 2) { box.append(el("pre", {}, part)); return; }
    for (const line of part.split("\n")) {
      let node;
      const heading = line.match(/^(#{1,3}) (.*)$/);
      if (heading) node = el(`h${heading[1].length + 2}`, {}, ...inline(heading[2]));
      else if (line.startsWith("> ")) node = el("blockquote", {}, ...inline(line.slice(2)));
      else if (/^[-*] /.test(line)) node = el("div", { className: "bullet" }, "• ", ...inline(line.slice(2)));
      else if (line.startsWith("-# ")) node = el("div", { className: "subtext" }, ...inline(line.slice(3)));
      else node = el("div", {}, ...(line ? inline(line) : [" "]));
      box.append(node);
    }
  });
  return box;
}

function inline(text) {
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*|__[^_]+__|~~[^~]+~~|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/g;
  const out = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const token = match[0];
    if (token.startsWith("`")) out.push(el("code", {}, token.slice(1, -1)));
    else if (token.startsWith("**")) out.push(el("strong", {}, ...inline(token.slice(2, -2))));
    else if (token.startsWith("__")) out.push(el("u", {}, ...inline(token.slice(2, -2))));
    else if (token.startsWith("~~")) out.push(el("s", {}, ...inline(token.slice(2, -2))));
    else out.push(el("em", {}, ...inline(token.slice(1, -1))));
    last = match.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function el(tag, properties = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(properties)) {
    if (name === "className") node.className = value;
    else if (typeof value === "boolean") node[name] = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

remember();
listen();
addEventListener("resize", () => draw());
document.getElementById("guide-button").addEventListener("click", () => {
  const guide = document.getElementById("guide");
  guide.open = !guide.open;
});
