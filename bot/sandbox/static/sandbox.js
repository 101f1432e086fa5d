// The sandbox page: shows one player's view of the table channel and of their DMs, and sends
// what they type or press to the sandbox, which acts through SimCord as that player.

const KEY = new URLSearchParams(location.search).get("key") || "";
const POLL_MS = 1500;
const state = { you: "aiko", views: {}, seen: {}, busy: false, rendered: {}, welcomed: false };
const FIRST_MOVE = "/goryo challenge opponent:@Kenji role:goryo";

async function api(path, body) {
  const options = { headers: { "X-Sandbox-Key": KEY } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  if (!response.ok) throw new Error(await response.text());
  return response.json();
}

async function refresh() {
  try {
    const players = state.players || [{ key: "aiko" }, { key: "kenji" }];
    for (const player of players) {
      state.views[player.key] = await api(`/api/state?as=${encodeURIComponent(player.key)}`);
      // What a seat could already see when the page opened is not news to it: only later messages count as unread.
      if (!state.seen[player.key]) state.seen[player.key] = lastId(state.views[player.key]);
    }
    state.players = state.views[state.you].players;
    document.getElementById("offline").hidden = true;
    draw();
  } catch (error) {
    document.getElementById("offline").hidden = false;
  }
}

function lastId(view) {
  const ids = {};
  for (const [place, pane] of Object.entries(view.places)) {
    ids[place] = pane.messages.length ? BigInt(pane.messages[pane.messages.length - 1].id) : 0n;
  }
  return ids;
}

function unread(key) {
  const view = state.views[key];
  if (!view) return 0;
  const seen = state.seen[key] || {};
  let count = 0;
  for (const [place, pane] of Object.entries(view.places)) {
    count += pane.messages.filter((m) => BigInt(m.id) > (seen[place] ?? -1n)).length;
  }
  return count;
}

function draw() {
  const view = state.views[state.you];
  if (!view) return;
  state.seen[state.you] = lastId(view);
  const nav = document.getElementById("players");
  nav.replaceChildren(...view.players.map((player) => {
    const button = el("button", { type: "button", className: player.key === state.you ? "player active" : "player" },
      player.role ? `${player.name} (${player.role})` : player.name);
    button.title = `Play as ${player.name}`;
    button.dataset.player = player.key;
    button.setAttribute("aria-pressed", String(player.key === state.you));
    const count = player.key === state.you ? 0 : unread(player.key);
    if (count) button.append(el("span", { className: "badge", title: "new messages" }, String(count)));
    button.addEventListener("click", () => { state.you = player.key; draw(); });
    return button;
  }));
  // Your seat's Discord client language: what the bot says to you alone (and its menus' words) follows it.
  const me = view.players.find((p) => p.key === state.you);
  const language = el("button", { type: "button", className: "player language", title: "Switch your Discord client's language" },
    me.language === "it" ? "Italiano" : "English");
  language.addEventListener("click", () => state.busy || act("/api/language",
    { as: state.you, language: me.language === "it" ? "en" : "it" }, "channel"));
  nav.append(language);
  const errors = document.getElementById("bot-errors");
  errors.hidden = !view.botErrors.length;
  errors.replaceChildren(...view.botErrors.map((line) => el("div", {}, line)), el("div", { className: "note" }, "Full tracebacks are in the terminal."));
  // People keep their names; the role is whatever the current match gave them (none before a match).
  const you = view.players.find((p) => p.key === state.you);
  const name = you.role ? `${you.name}, the ${you.role}` : you.name;
  for (const pane of document.querySelectorAll(".pane")) drawPane(pane, view.places[pane.dataset.place], name);
  if (!state.welcomed) welcome(view);
}

// A newcomer lands on an empty table: open the guide and put the first command in the box.
function welcome(view) {
  state.welcomed = true;
  const fresh = !view.places.channel.messages.length && !view.places.dm.messages.length;
  document.getElementById("guide").open = fresh;
  const input = document.querySelector('.pane[data-place="channel"] input');
  if (fresh && state.you === "aiko" && !input.value) {
    input.value = FIRST_MOVE;
    showUsage(input.closest(".pane"));
    input.focus();
  }
}

function drawPane(pane, place, name) {
  pane.querySelector(".title").textContent = place.title;
  pane.querySelector(".seen-as").textContent = `as seen by ${name}`;
  const list = pane.querySelector(".messages");
  const signature = state.you + JSON.stringify(place.messages);
  if (state.rendered[pane.dataset.place] !== signature) {
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80
      || !state.rendered[pane.dataset.place]?.startsWith(state.you);
    state.rendered[pane.dataset.place] = signature;
    // Unchanged messages keep their nodes, so their images are not fetched and decoded again.
    const previous = pane.drawn || new Map();
    pane.drawn = new Map(place.messages.map((m) => {
      const json = state.you + JSON.stringify(m);
      const kept = previous.get(m.id);
      return [m.id, kept && kept.json === json ? kept : { json, node: message(m, pane.dataset.place) }];
    }));
    list.replaceChildren(...(place.messages.length ? [...pane.drawn.values()].map((drawn) => drawn.node)
      : [el("p", { className: "empty" }, pane.dataset.place === "dm" ? "No direct messages yet." : "Nothing here yet. Type /goryo challenge below to begin.")]));
    if (nearBottom) {
      list.scrollTop = list.scrollHeight;
      for (const img of list.querySelectorAll("img")) img.addEventListener("load", () => { list.scrollTop = list.scrollHeight; }, { once: true });
    }
  }
  const datalist = pane.querySelector("datalist");
  datalist.replaceChildren(...place.commands.map((c) => el("option", { value: c.template }, c.description)));
  pane.commands = place.commands;
  showUsage(pane);
}

function message(m, place) {
  const box = el("article", { className: m.ephemeral ? "message ephemeral" : "message" });
  if (m.invokedBy) {
    box.append(el("div", { className: "invoked" }, `${m.invokedBy} ${m.invokedWith || "used a command"}`));
  }
  const head = el("div", { className: "head" }, el("span", { className: m.bot ? "author bot" : "author" }, m.author));
  if (m.bot) head.append(el("span", { className: "tag" }, "BOT"));
  if (m.edited) head.append(el("span", { className: "time" }, "(edited)"));
  box.append(head);
  if (m.content) box.append(markdown(m.content));
  for (const embed of m.embeds) box.append(embedBox(embed));
  for (const file of m.attachments) {
    box.append(file.image
      ? el("a", { href: file.url, target: "_blank", className: "image" }, el("img", { src: file.url, alt: file.filename }))
      : el("a", { href: file.url, className: "file", download: file.filename }, `📎 ${file.filename}`));
  }
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
  if (embed.image) box.append(el("a", { href: embed.image, target: "_blank", className: "image" }, el("img", { src: embed.image, alt: embed.title || "image" })));
  if (embed.footer) box.append(el("div", { className: "embed-footer" }, embed.footer));
  return box;
}

function component(item, m, place) {
  if (item.kind === "button") {
    if (item.url) return el("span", { className: "button link", title: "links are not followed in the sandbox" }, `${item.emoji} ${item.label} ↗`);
    const button = el("button", { type: "button", className: `button ${item.style}`, disabled: item.disabled },
      `${item.emoji} ${item.label}`.trim());
    button.addEventListener("click", () => state.busy || act("/api/press", { as: state.you, place, message: m.id, customId: item.customId }, place));
    return button;
  }
  if (item.kind === "select") {
    const select = el("select", { disabled: item.disabled },
      el("option", { value: "" }, item.placeholder),
      ...item.options.map((o) => el("option", { value: o.value, selected: Boolean(o.default) },
        o.description ? `${o.label} — ${o.description}` : o.label)));
    select.addEventListener("change", () => select.value && !state.busy && act("/api/press",
      { as: state.you, place, message: m.id, customId: item.customId, values: [select.value] }, place));
    return select;
  }
  return el("span", { className: "note" }, `(${item.label})`);
}

async function act(path, body, place) {
  const pane = document.querySelector(`.pane[data-place="${place}"]`);
  const problem = pane.querySelector(".problem");
  state.busy = true;
  document.body.classList.add("busy");
  problem.textContent = "";
  try {
    const answer = await api(path, body);
    problem.replaceChildren(...inline(answer.ok ? (answer.notices || []).join(" ") : answer.error));
    // A refused command changed nothing: keep it in the box to fix, rather than retype.
    return answer.ok && !answer.refused;
  } catch (error) {
    problem.textContent = String(error.message || error);
    return false;
  } finally {
    state.busy = false;
    document.body.classList.remove("busy");
    await refresh();
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
        showUsage(pane);
        offerChoices(pane);
      });
      return button;
    }));
  }, 120);
}

for (const pane of document.querySelectorAll(".pane")) {
  const input = pane.querySelector("input");
  input.addEventListener("input", () => { showUsage(pane); offerChoices(pane); });
  pane.querySelector("form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!input.value.trim() || state.busy) return;
    const sent = await act("/api/command", { as: state.you, place: pane.dataset.place, text: input.value }, pane.dataset.place);
    if (sent) { input.value = ""; showUsage(pane); offerChoices(pane); }
  });
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

const wanted = new URLSearchParams(location.search).get("as");
if (wanted) state.you = wanted;
refresh();
setInterval(() => { if (!state.busy) refresh(); }, POLL_MS);
