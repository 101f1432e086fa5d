// Play a whole sandbox match in a real browser by clicks alone: the challenge is typed (as the page's
// guide offers it), then every start, path step, False Trail, Preview, Confirm, move, sniff, search and
// End turn is a menu pick or a button press, both seats, until the match is won (issue 22).
// Not part of the test suite, and nothing it needs is a project dependency. To run it:
//
//   apt-get install chromium                      # or any Chromium; set CHROMIUM=/path/to/it
//   mkdir /tmp/pw && (cd /tmp/pw && npm install playwright-core)
//   GORYO_AI_PAUSE=0 python -m bot --sandbox --seed 11        # prints http://127.0.0.1:PORT/?key=…
//   PLAYWRIGHT_DIR=/tmp/pw node docs/sandbox_clickthrough.mjs 'http://127.0.0.1:PORT/?key=…' [shots-folder]
//
// ROLE=samurai makes Aiko the Samurai and Kenji the Goryō (Aiko is the Goryō by default);
// LANGUAGE=it switches both seats' Discord clients to Italian first.
// It prints each click, saves a screenshot every ten steps, and exits non-zero unless the match ends.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(path.join(process.env.PLAYWRIGHT_DIR || process.cwd(), "noop.js"));
const { chromium } = require("playwright-core");
const [url, shots = fs.mkdtempSync(path.join(os.tmpdir(), "goryo-shots-"))] = process.argv.slice(2);
if (!url) throw new Error("usage: node docs/sandbox_clickthrough.mjs URL [shots-folder]");
// Pages the Goryō must not press to move on: they undo or leave rather than play.
const AVOID = /back|cancel|rematch|indietro|annulla|rivincita/i;
const FINISH = /confirm|preview|end turn|conferma|anteprima|fine turno/i;

const profile = fs.mkdtempSync(path.join(os.tmpdir(), "goryo-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  viewport: { width: 1600, height: 1000 },
});
const page = context.pages()[0] || await context.newPage();
await page.goto(`${url}&as=aiko`);
await page.waitForTimeout(1500);

let seed = 7;  // a fixed little generator, so a run with the same sandbox --seed replays
const pick = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor(seed / 65536) % n; };
let step = 0;
let samuraiActions = 0;
let trailTried = false;  // each round she looks at the False Trail menus once, and lays one half the time
const log = (...words) => console.log(`[${step}]`, ...words);
const pane = (place) => page.locator(`.pane[data-place="${place}"]`);

if (process.env.LANGUAGE === "it") {
  for (const seat of ["aiko", "kenji"]) {
    await page.click(`button[data-player="${seat}"]`);
    await page.locator("button.language").click();
    await page.waitForTimeout(800);
  }
  await page.click('button[data-player="aiko"]');
}
await pane("channel").locator("input").fill(`/goryo challenge opponent:@Kenji role:${process.env.ROLE || "goryo"}`);
await pane("channel").locator("button[type=submit]").click();
await page.waitForTimeout(1200);
await page.click('button[data-player="kenji"]');
await pane("channel").locator("button.button", { hasText: /Accept|Accetta/ }).last().click();
await page.waitForTimeout(1500);

// One click for `seat` if its side has something to do: the Goryō in her DMs, the Samurai in the channel.
async function act(seat) {
  await page.click(`button[data-player="${seat}"]`);
  await page.waitForTimeout(250);
  const goryo = /Goryō/.test(await page.locator(`button[data-player="${seat}"]`).textContent());
  const place = goryo ? "dm" : "channel";
  const messages = pane(place).locator("article.message:not(.ephemeral)");
  const count = await messages.count();
  // Her newest DM only: older builders are for a path already locked in (the bot refuses them).
  for (let i = count - 1; i >= Math.max(0, count - (goryo ? 1 : 2)); i--) {
    const selects = messages.nth(i).locator("select:not([disabled])");
    const buttons = messages.nth(i).locator("button.button:not([disabled])");
    const [menus, presses] = [await selects.count(), await buttons.count()];
    if (!menus && !presses) continue;
    const labels = [];
    for (let b = 0; b < presses; b++) labels.push((await buttons.nth(b).textContent()).trim());
    let chosen = false;  // a menu showing a pick (her False Trail): time to Preview
    for (let s = 0; s < menus; s++) chosen ||= Boolean(await selects.nth(s).inputValue());
    const finish = labels.findIndex((label) => FINISH.test(label));
    const turnDone = !goryo && samuraiActions >= 2 + pick(5);
    const layTrail = goryo && chosen && finish >= 0 && !trailTried && (trailTried = true) && pick(2) === 0;
    if (menus && (layTrail || !(chosen && finish >= 0)) && !turnDone) {
      const menu = selects.nth(pick(menus));
      const options = (await menu.locator("option").evaluateAll((all) => all.map((o) => [o.value, o.textContent])))
        .filter(([value]) => value);
      if (options.length) {
        const [value, label] = options[pick(options.length)];
        log(seat, place, "picks", label);
        await menu.selectOption(value);
        if (!goryo) samuraiActions++;
        if (goryo && !chosen) trailTried = false;  // a path being built: a new round's menus
        return true;
      }
    }
    const index = finish >= 0 ? finish : labels.findIndex((label) => !AVOID.test(label));
    if (index < 0) continue;
    log(seat, place, "presses", labels[index]);
    if (/end turn|fine turno/i.test(labels[index])) samuraiActions = 0;
    await buttons.nth(index).click();
    return true;
  }
  return false;
}

let idle = 0;
while (step < 400 && idle < 2) {
  step++;
  let acted = false;
  for (const seat of ["aiko", "kenji"]) if (!acted && await act(seat)) acted = true;
  idle = acted ? 0 : idle + 1;
  await page.waitForTimeout(700);
  for (const place of ["channel", "dm"]) {
    const problem = (await pane(place).locator(".problem").innerText()).trim();
    if (problem) log("PROBLEM", place, problem);
  }
  if (step % 10 === 0) await page.screenshot({ path: path.join(shots, `step${String(step).padStart(3, "0")}.png`) });
}
const channel = await pane("channel").locator("article.message").allInnerTexts();
const result = channel.find((text) => /wins?:|vince/i.test(text));
await page.screenshot({ path: path.join(shots, "end.png") });
await context.close();
console.log(result ? `Match over after ${step} steps:\n${result.split("\n").slice(2, 4).join("\n")}` : "The match did not end.");
console.log(`Screenshots in ${shots}`);
process.exit(result ? 0 : 1);
