// SPDX-License-Identifier: MIT
// Browser tests of the libnapfire playground (examples/web) in Debian's
// Chromium, driven by playwright-core (no browser download).
//
//   node test_browser.mjs SITE NAPFIRE_CLI SOURCE_ROOT [SCREENSHOT_DIR]
//
// Screenshots go into SCREENSHOT_DIR, by default build/web-screenshots
// under SOURCE_ROOT (one PNG per state worth looking at; their names say
// which).
//
// SITE is the address of the served page (http://localhost:8000/, as the
// README serves it), or the built site's folder (build-web/examples/web),
// which the test then serves itself with `python3 -m http.server` on a
// free port. The test compares what the page shows with what the napfire
// CLI (the same C library, natively built) answers. Any JavaScript error on
// the page (pageerror, console error) fails the run.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const [site, cliArg, src, shotsArg] = process.argv.slice(2);
if (!site || !cliArg || !src) {
  console.error("usage: node test_browser.mjs SITE_DIR NAPFIRE_CLI SOURCE_ROOT [SCREENSHOT_DIR]");
  process.exit(2);
}
const cli = path.resolve(cliArg);
// The npm package the page runs on, built beside the CLI (build/examples/npm),
// to check the tabletop view's verdicts from Node.js.
const nf = await (await import(pathToFileURL(path.resolve(path.dirname(cli), "..", "npm", "napfire.js")))).load();
const shots = path.resolve(shotsArg || path.join(src, "build", "web-screenshots"));
mkdirSync(shots, { recursive: true });
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const FEX1 = ["--nation", "britain", "--class", "elite", "--figures", "30", "--formation", "line",
  "--moved", "half", "--target-arm", "line-infantry", "--target-formation", "column-of-divisions",
  "--distance", "15cm"];

let failures = 0, passes = 0;
function check(what, ok, detail) {
  if (ok) {
    passes++;
    console.log(`ok   ${what}`);
  } else {
    failures++;
    console.log(`FAIL ${what}${detail !== undefined ? `: ${detail}` : ""}`);
  }
}
function runCli(args) {
  const p = spawnSync(cli, args, { cwd: src, encoding: "utf8" });
  return { status: p.status, stdout: p.stdout, stderr: p.stderr };
}

// The same shots and bad inputs every surface answers with the same words
// (tests/data/vocabulary.json, also read by tests/python/test_vocabulary.py):
// the page's result, or the refusal beside the field, must contain each
// word ("a|b": either spelling; the page writes enum names in plain words).
// A value of another enumeration cannot be typed on the page: each menu
// holds one enumeration.
const FIELDS = { arm: "arm", nation: "nation", troop_class: "class", formation: "formation", moved: "moved" };
const DEFAULTS = { nation: "OTHER", troop_class: "LINE", formation: "LINE", moved: "NONE" };
const ERRORS = { figures: "[data-err=figures]", roll_2d6: "[data-err=roll]", half_die: "[data-err=half_die]",
  formation: "[data-err=formation]" };
const plain = (v) => String(v).toLowerCase().replace(/_/g, " ");
function missingWords(said, words) {
  const t = said.toLowerCase();
  return words.filter((w) => !w.split("|").some((alt) => t.includes(alt.toLowerCase()) || t.includes(plain(alt))));
}
async function setCase(page, spec) {
  for (const [key, value] of Object.entries(spec.firer)) {
    if (key === "figures") await page.fill("[name=figures]", String(value));
    else await page.selectOption(`[name=${FIELDS[key]}]`, { label: plain(value) });
  }
  await page.selectOption("[name=target_arm]", { label: plain(spec.target.arm) });
  await page.selectOption("[name=target_formation]", { label: plain(spec.target.formation || "LINE") });
  await page.selectOption("#unit", "cm");
  await page.fill("#distance", String(spec.shot.distance / 10));
  await page.fill("#roll", String(spec.roll_2d6));
  await page.fill("#half_die", String(spec.half_die));
}
async function vocabulary(page, text, press) {
  const vocab = JSON.parse(readFileSync(path.join(src, "tests", "data", "vocabulary.json"), "utf8"));
  const shotSpec = (name) => ({ ...vocab.shots[name], firer: { ...DEFAULTS, ...vocab.shots[name].firer } });
  await press("#rules-builtin");
  for (const name of Object.keys(vocab.shots)) {
    const spec = shotSpec(name);
    await setCase(page, spec);
    const said = await text("#fire-results");
    check(`vocabulary: the ${name} shot (${spec.rule}) in the same words`, missingWords(said, spec.expect.words).length === 0,
      `missing ${missingWords(said, spec.expect.words)} in: ${said.slice(0, 400)}`);
  }
  for (const bad of vocab.bad_inputs) {
    const base = shotSpec(bad.base), firer = { ...base.firer, ...(bad.firer || {}) };
    if (Object.values(firer).some((v) => String(v).includes("."))) {
      const menu = await page.$$eval("[name=formation] option", (os) => os.map((o) => o.textContent));
      check(`vocabulary: ${bad.what}: cannot be typed, the formation menu holds formations only`,
        !menu.some((o) => o.includes("britain")), menu.join(", "));
      continue;
    }
    await setCase(page, { ...base, firer, roll_2d6: bad.roll_2d6 ?? base.roll_2d6, half_die: bad.half_die ?? base.half_die });
    const said = await text(ERRORS[bad.parameter]);
    check(`vocabulary: ${bad.what}: the refusal in the same words`, missingWords(said, bad.words).length === 0,
      `missing ${missingWords(said, bad.words)} in: ${said}`);
  }
  await press("#rules-example");
  await setCase(page, shotSpec("fex1"));
}

// The tabletop view (F-GEO): the page's footprints (data-corners) measured
// again here, in Node.js, with the same package: the verdict, the facts
// and, for "what can this unit fire at", every enemy's colour must agree.
// Units and rules as the page's: a British 9-pdr battery of 6 guns firing
// canister at French columns of divisions, with the made-up tables.
async function tabletop(page, text, press, shot) {
  const rules = nf.Rules.fromText(readFileSync(path.join(src, "tests", "data", "synthetic.txt"), "utf8"));
  const scene = async (targetId) => page.$$eval("#table-svg g.piece", (gs, t) => {
    const fp = (g) => ({ corners: JSON.parse(g.querySelector("polygon").dataset.corners) });
    const of = (side) => gs.filter((g) => g.classList.contains(side));
    return { firer: fp(of("firer")[0]), target: fp(gs.find((g) => g.dataset.id === t)),
      friends: of("friend").map(fp), others: gs.filter((g) => (g.classList.contains("enemy") && g.dataset.id !== t) || g.classList.contains("wood")).map(fp) };
  }, targetId);
  const judged = (sc) => {
    const shot = new nf.Shot(new nf.Unit(nf.Arm.FOOT_ARTILLERY, { nation: nf.Nation.BRITAIN, gun: nf.Gun.P9, figures: 6 }),
      new nf.Unit(nf.Arm.LINE_INFANTRY, { nation: nf.Nation.FRANCE, formation: nf.Formation.COLUMN_OF_DIVISIONS, figures: 36 }),
      { ammo: nf.Ammo.CANISTER });
    const facts = shot.measure(sc, { rules });
    const v = shot.distributionKnown({ rules });
    return { facts, permitted: v.verdict.permitted, reason: nf.reasonName(v.verdict.reason), unknown: v.unknownWeight, shot };
  };
  await press("#tab-table");
  let want = judged(await scene("enemy-0"));
  const e = want.shot.expected({ rules });
  check("tabletop: the verdict and the measured distance as the package measures the page's footprints (F-GEO-3)",
    want.permitted && (await text("#table-verdict")) === `FIRE PERMITTED at canister range: expected casualties ${(e.numerator / e.denominator).toFixed(3)} figures (exactly ${e.numerator}/${e.denominator})` &&
      (await text("#table-facts [data-param=distance]")).startsWith(`distance = ${want.facts[0].value}, decided by the target (F-GEO-3`),
    `${await text("#table-verdict")} | ${await text("#table-facts")}`);
  check("tabletop: 14 facts for a battery, each with its rule (F-GEO-13, F-GEO-14)", (await page.$$("#table-facts li")).length === 14 &&
    (await page.$$eval("#table-facts li", (l) => l.every((x) => /\(F-GEO-\d+/.test(x.textContent)))));
  check("tabletop: the sector of fire, the 10 cm zones and the line of fire are drawn",
    (await page.$$("#table-svg .sector")).length === 1 && (await page.$$("#table-svg .zone")).length === 2 &&
      (await page.$$("#table-svg .line-of-fire")).length === 1);
  await shot("20-tabletop");
  // Drag the right-hand friend with the mouse into the battery's sector:
  // canister with a friend in the arc is refused (F-ART-4, F-GEO-6).
  const centre = async (sel) => page.$eval(sel, (e) => { const b = e.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; });
  const [fx, fy] = await centre("#table-svg g[data-id='friend-0'] polygon");
  const [bx, by] = await centre("#table-svg g[data-id='firer'] polygon");
  const [tx, ty] = await centre("#table-svg g[data-id='enemy-0'] polygon");
  await page.mouse.move(fx, fy);
  await page.mouse.down();
  await page.mouse.move((fx + bx) / 2, fy, { steps: 4 });
  await page.mouse.move(bx, (by + ty) / 2, { steps: 4 });
  await page.mouse.up();
  want = judged(await scene("enemy-0"));
  const arc = want.facts.find((f) => f.name === "friendInArc");
  check("tabletop: a friend dragged into the sector: NO FIRE, friend in the arc, decided by that friend (F-ART-4)",
    !want.permitted && want.reason === "FRIEND_IN_ARC" && arc.value === 1 &&
      (await text("#table-verdict")) === "NO FIRE: canister with a friend in the arc (F-ART-4) [FRIEND_IN_ARC]" &&
      (await text("#table-facts [data-param=friendInArc]")) === "friend in arc = 1, decided by friend 1 (F-GEO-6, F-ART-4)",
    `${await text("#table-verdict")} | ${await text("#table-facts [data-param=friendInArc]")}`);
  await shot("21-tabletop-friend-in-arc");
  await press("#table-reset");
  // Turn the battery with the mouse wheel: its corners turn, and the range
  // is measured again from its new front edge.
  const angle = () => page.$eval("#table-svg g[data-id='firer'] polygon", (p) => Number(p.dataset.angle));
  await page.mouse.move(bx, by);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -100);
  want = judged(await scene("enemy-0"));
  check("tabletop: the wheel turns the battery 30°, the range follows as the package measures it",
    (await angle()) === 30 && (await text("#table-facts [data-param=distance]")).startsWith(`distance = ${want.facts[0].value},`) &&
      want.facts[0].value !== 160, `${await angle()} | ${await text("#table-facts [data-param=distance]")} vs ${want.facts[0].value}`);
  await press("#table-reset");
  // What can this unit fire at: every enemy coloured by its own verdict.
  await page.check("#table-all");
  const colours = await page.$$eval("#table-svg g.enemy", (gs) => gs.map((g) => [g.dataset.id, g.querySelector("polygon").getAttribute("class")]));
  const wrong = [];
  for (const [id, cls] of colours) {
    const j = judged(await scene(id));
    const kind = !j.permitted ? "forbidden" : j.unknown === 216 ? "unknown" : "permitted";
    if (cls !== `verdict-${kind}`) wrong.push(`${id}: ${cls} vs ${kind}`);
  }
  check("tabletop: what can this unit fire at: every enemy coloured by the verdict of the shot at it, both kinds shown",
    colours.length === 3 && wrong.length === 0 && colours.some(([, c]) => c === "verdict-permitted") && colours.some(([, c]) => c === "verdict-forbidden"),
    `${JSON.stringify(colours)} ${wrong}`);
  await shot("22-tabletop-what-can-it-fire-at");
  // A click on another enemy makes it the target.
  await page.click("#table-svg g[data-id='enemy-2'] polygon");
  check("tabletop: a click on an enemy makes it the target", (await page.$eval("#table-svg g[data-id='enemy-2']", (g) => g.classList.contains("target"))) &&
    (await text("#table-verdict")).startsWith("NO FIRE"), await text("#table-verdict"));
}

// The static server, as documented: python3 -m http.server.
async function serve() {
  if (/^https?:/.test(site)) return { server: null, url: site };
  const port = 8700 + Math.floor(Math.random() * 800);
  const server = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", site],
    { stdio: ["ignore", "ignore", "pipe"] });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(url);
      if (r.ok) return { server, url };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`python3 -m http.server did not answer on ${url}`);
}

const { server, url } = await serve();
// launch() gives Chromium a fresh temporary profile (user data dir) of its own.
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic"],
});
const errors = [];
try {
  const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") errors.push(`console error: ${m.text()}`); });
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']", { timeout: 15000 });
  const text = async (sel) => (await page.textContent(sel)) || "";

  // A click on a button in the middle of the viewport (Chromium's focus
  // scroll can move one at the viewport's edge between mousedown and mouseup).
  const press = async (sel) => {
    await page.$eval(sel, (e) => e.scrollIntoView({ block: "center" }));
    await page.click(sel);
  };
  const shot = (name) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const visible = (sel) => page.isVisible(sel);
  const stale = async (id) => (await visible(`#${id}-stale`)) &&
    (await page.$eval(`#${id}`, (e) => e.classList.contains("stale")));

  // --- The line-of-sight tab opened first, as a user does: its map was
  // drawn while the tab was hidden, and is fitted when the tab shows.
  await press("#tab-los");
  const firstLos = await page.evaluate(() => ({ zoom: document.querySelector("#zoom-level").textContent,
    width: document.querySelector("#los-map svg").getBoundingClientRect().width,
    view: document.querySelector("#los-view").clientWidth,
    labels: !document.querySelector("#los-map").classList.contains("far") &&
      document.querySelector("#los-map svg text.coord").getBoundingClientRect().width > 0 }));
  const pct = Number(/^(-?\d+) %$/.exec(firstLos.zoom)?.[1]);
  check("line-of-sight tab opened first: a readable zoom that fills the view's width, hex labels shown",
    pct >= 90 && pct <= 200 && firstLos.width > 0.5 * firstLos.view && firstLos.width <= firstLos.view && firstLos.labels,
    JSON.stringify(firstLos));
  await shot("09-los-opened-first");
  await press("#zoom-in");
  const zoomedFirst = await page.evaluate(() => ({ zoom: document.querySelector("#zoom-level").textContent,
    width: document.querySelector("#los-map svg").getBoundingClientRect().width }));
  check("line-of-sight tab opened first: + enlarges the map by a quarter",
    Math.abs(zoomedFirst.width - 1.25 * firstLos.width) < 2 && Math.abs(Number(/^(\d+) %$/.exec(zoomedFirst.zoom)?.[1]) - pct * 1.25) <= 1,
    `${JSON.stringify(firstLos)} -> ${JSON.stringify(zoomedFirst)}`);
  await press("#zoom-out");
  check("the coordinates are said to be the map format's col,row",
    (await text("#coord-note")).replace(/\s+/g, " ").includes("col,row as the map format numbers them"), await text("#coord-note"));
  await press("#tab-fire");

  // --- The first view: the made-up example tables, labelled as made up,
  // so that F-EX-1's odds have no unknown share.
  check("first view: the made-up example tables, labelled as such",
    (await text("#rules-name")).includes("SYNTHETIC") && (await text("#rules-kind")).startsWith("MADE-UP EXAMPLE TABLES"),
    `${await text("#rules-name")} | ${await text("#rules-kind")}`);
  check("first view: no unknown share in the odds",
    (await page.$$("#odds-chart rect.bar")).length > 0 && (await page.$$("#odds-chart rect.bar.unknown")).length === 0);
  check("first view: not stale", !(await stale("fire-results")));
  const pressed = async () => [await page.getAttribute("#rules-example", "aria-pressed"), await page.getAttribute("#rules-builtin", "aria-pressed")];
  check("first view: the example tables' button shows it is in use, the other not", JSON.stringify(await pressed()) === '["true","false"]',
    JSON.stringify(await pressed()));
  const cov = JSON.parse(runCli(["rules", "--coverage", "tests/data/synthetic.txt", "--json"]).stdout);
  check("first view: the library's coverage of the tables in use, as rules --coverage counts it",
    (await text("#rules-coverage")) === `Coverage: ${cov.musketry.resolved} of ${cov.musketry.shots} musketry shots (100 %) and ` +
      `${cov.artillery.resolved} of ${cov.artillery.shots} artillery shots (100 %) resolve with these tables.`, await text("#rules-coverage"));
  await shot("01-first-view");

  // --- F-EX-1: British elite line, 30 figures, moved half, at a column of
  // divisions 15 cm away; roll 8, half die 6 -> 3 figures.
  await page.selectOption("[name=arm]", { label: "line infantry" });
  await page.selectOption("[name=nation]", { label: "britain" });
  await page.selectOption("[name=class]", { label: "elite" });
  await page.selectOption("[name=formation]", { label: "line" });
  await page.fill("[name=figures]", "30");
  await page.selectOption("[name=moved]", { label: "half" });
  await page.selectOption("[name=target_arm]", { label: "line infantry" });
  await page.selectOption("[name=target_formation]", { label: "column of divisions" });
  await page.fill("#distance", "15");
  await page.selectOption("#unit", "cm");
  await page.fill("#roll", "8");
  await page.fill("#half_die", "6");
  check("F-EX-1 reads 3 figures", (await text("#casualties")) === "3 figures", await text("#casualties"));
  check("F-EX-1 half die 6 makes a whole figure", (await text("#half-die-line")).includes("Half die 6 → a whole figure (F-CAS-3)"),
    await text("#half-die-line"));
  check("F-EX-1 is at long range, in words beside the rule, halved", (await text("#band")) === "long range (F-RNG)" &&
    (await text("#fire-result")).includes("Long range: halved → 2½ (F-CAS-1)"), await text("#fire-result"));
  const cliFex1 = JSON.parse(runCli(["musketry", ...FEX1, "--roll", "8", "--half-die", "6", "--json"]).stdout);
  const mods = await page.$$eval("#modifiers tbody tr", (rows) => rows.map((r) => r.cells[0].textContent));
  check("modifier breakdown as the CLI's", JSON.stringify(mods) ===
    JSON.stringify(cliFex1.modifiers.map((m) => m.id.toLowerCase().replace(/_/g, " "))), JSON.stringify(mods));
  // The rulebook's numbers on screen, 0-based indexes named as such in data.
  check("roll 8 + 3 = 11: row 4, modified roll 11-12, as the rulebook numbers them",
    (await text("#table-line")) === "Roll 8 + 3 = 11 → table row 4, modified roll 11-12: 5 figures (F-TAB)", await text("#table-line"));
  const data = await page.evaluate(() => playground.lastResult());
  check("the page's data names its 0-based indexes row_index and column_index",
    data.row_index === 3 && data.column_index === 5 && !("row" in data) && !("column" in data), JSON.stringify(data));

  // --- The odds chart: its title names the shot, its bars fill it, and
  // its weights are the C distribution's.
  const title = await text("#odds-chart svg text.title");
  check("odds title names the shot", title === "britain elite line infantry (30) in line at line infantry in column of divisions, 15 cm", title);
  const fill = await page.$eval("#odds-chart svg", (svg) => {
    const axis = svg.querySelector("line.axis:last-of-type");
    const plot = Number(axis.getAttribute("x2")) - Number(axis.getAttribute("x1"));
    const bars = Array.from(svg.querySelectorAll("rect.bar"));
    const left = Math.min(...bars.map((b) => Number(b.getAttribute("x"))));
    const right = Math.max(...bars.map((b) => Number(b.getAttribute("x")) + Number(b.getAttribute("width"))));
    return { plot, span: right - left, n: bars.length };
  });
  check("odds bars fill the chart (span of the bars over 90 % of the axis)", fill.n > 0 && fill.span > 0.9 * fill.plot, JSON.stringify(fill));
  const bars = await page.$$eval("#odds-chart rect.bar", (b) => b.map((e) => [Number(e.dataset.target), Number(e.dataset.screen), Number(e.dataset.weight)]));
  const odds = JSON.parse(runCli(["odds", "musketry", ...FEX1, "--rules", "tests/data/synthetic.txt", "--json"]).stdout);
  check("odds chart weights equal the C distribution", JSON.stringify(bars) ===
    JSON.stringify(odds.outcomes.map((o) => [o.target, o.screen, o.weight])), `${JSON.stringify(bars)} vs ${JSON.stringify(odds.outcomes)}`);
  check("expected value in words, as the C library's fraction",
    (await text("#odds-note")) === `Expected casualties: ${(odds.expected[0] / odds.expected[1]).toFixed(3)} figures (exactly ${odds.expected[0]}/${odds.expected[1]}).`,
    await text("#odds-note"));
  check("SVG's expected casualties in words too",
    (await text("#odds-chart svg text.expected"))=== `expected casualties: ${(odds.expected[0] / odds.expected[1]).toFixed(3)} figures (exactly ${odds.expected[0]}/${odds.expected[1]})`, await text("#odds-chart svg text.expected"));
  await shot("02-fire-fex1-example-tables");
  await page.locator("#odds-chart").screenshot({ path: path.join(shots, "03-odds-chart.png") });

  // --- The source texts' own numbers: the odds need unknown cells; the
  // unknown share is shown and named.
  await press("#rules-builtin");
  check("source texts' data: labelled", (await text("#rules-kind")).startsWith("The source texts' own numbers"), await text("#rules-kind"));
  check("source texts' data: its button shows it is in use, the other not", JSON.stringify(await pressed()) === '["false","true"]',
    JSON.stringify(await pressed()));
  const unknownBar = await page.$$eval("#odds-chart rect.bar.unknown", (b) => b.map((e) => Number(e.dataset.weight)));
  const allBars = await page.$$eval("#odds-chart rect.bar", (b) => b.reduce((s, e) => s + Number(e.dataset.weight), 0));
  check("source texts' data: an unknown share, weights sum to 216", unknownBar.length === 1 && unknownBar[0] > 0 && allBars === 216,
    `${unknownBar} / ${allBars}`);
  check("source texts' data: the missing cell is named", new RegExp(`Rolls worth ${unknownBar[0]}/216 need unknown rules data: musketry table,? row 4`)
    .test(await text("#odds-note")), await text("#odds-note"));
  await page.fill("#roll", "5");
  const cliUnknown = runCli(["musketry", ...FEX1, "--roll", "5", "--json"]);
  const cliMissing = JSON.parse(cliUnknown.stdout);
  // napfire_missing_describe: the page shows the library's sentence and its
  // rules-text line with one '?', exactly as the CLI names them.
  const patch = (await page.$("#missing-patch")) ? await text("#missing-patch") : "";
  check("roll 5: UNKNOWN RULES DATA with the library's sentence and patch line (exit 3 in the CLI)",
    cliUnknown.status === 3 && patch === cliMissing.missing_patch && patch.split("?").length === 2 &&
      (await text("#missing")) === cliMissing.missing_sentence,
    `${await text("#verdict")} | ${patch} | CLI: ${cliMissing.missing_sentence} | ${cliMissing.missing_patch}`);
  // The result names the cell its roll needs, the odds the first any roll
  // needs: where they differ, the page says why.
  const oddsCell = /need unknown rules data: (.*?)\./.exec(await text("#odds-note"))?.[1];
  const differ = oddsCell !== undefined && oddsCell !== (await text("#missing"));
  check("roll 5: result and odds name different cells, and the page says each names the first it needs",
    differ && (await text("#odds-note")).includes("each names the first it needs"), `${await text("#missing")} | ${await text("#odds-note")}`);
  await page.fill("#roll", "2");
  const sameCell = (await text("#missing")) === /need unknown rules data: (.*?)\./.exec(await text("#odds-note"))?.[1];
  check("a roll needing the odds' own cell: no such note", !sameCell || !(await text("#odds-note")).includes("each names the first"),
    `${await text("#missing")} | ${await text("#odds-note")}`);
  await page.fill("#roll", "5");
  await shot("04-fire-source-texts-unknown");
  await page.fill("#roll", "8");
  await press("#rules-example");
  await page.waitForFunction(() => document.querySelector("#rules-name").textContent.includes("SYNTHETIC"));
  check("the made-up example is one click away", (await page.$$("#odds-chart rect.bar.unknown")).length === 0 &&
    (await text("#rules-kind")).startsWith("MADE-UP EXAMPLE TABLES") && (await text("#casualties")) === "3 figures");

  // --- Roll the dice: the library's dice fill the roll and the half die.
  await press("#roll-dice");
  const rolled = { roll: Number(await page.inputValue("#roll")), die: Number(await page.inputValue("#half_die")) };
  check("roll the dice: 2D6 and a half die in range, the result uses them",
    rolled.roll >= 2 && rolled.roll <= 12 && rolled.die >= 1 && rolled.die <= 6 &&
      (await text("#rolled")) === `Rolled ${rolled.roll} on 2D6 and ${rolled.die} on the half die.` &&
      (await text("#fire-result")).includes(`Roll ${rolled.roll} + 3 = ${rolled.roll + 3}`), `${JSON.stringify(rolled)} ${await text("#fire-result")}`);
  await shot("05-fire-rolled");
  await page.fill("#roll", "8");
  await page.fill("#half_die", "6");

  // --- Out of range: plain words beside the rule, no "0/1 = 0.000".
  await page.fill("#distance", "500");
  check("out of range: 'out of range: no fire' beside its rule", (await text("#band")) === "out of range: no fire (F-RNG)" &&
    (await text("#verdict")) === "NO FIRE: out of range (F-RNG) [OUT_OF_RANGE]", `${await text("#band")} | ${await text("#verdict")}`);
  const noFire = (await text("#odds-note")) + (await text("#odds-chart"));
  check("out of range: no '0/1' nor '0.000' anywhere in the odds", !/0\/1|0\.000/.test(noFire) &&
    (await text("#odds-chart svg text.expected")) === "no fire: no casualties", noFire);
  await shot("06-fire-out-of-range");
  await page.fill("#distance", "15");

  // --- Bad input: the library's message with the field's range beside
  // it; the result and odds stay, visibly marked stale.
  const before = await page.innerHTML("#fire-result");
  await page.fill("#distance", "");
  check("empty distance: the library's message and the range next to the field",
    /^distance \(empty\): \S.*required setting missing\) \(EINVAL\): no distance given \(allowed: 0\.\.100000 cm\)$/.test(await text("#err-distance")),
    await text("#err-distance"));
  check("empty distance: result and odds kept but marked stale", (await stale("fire-results")) &&
    (await page.innerHTML("#fire-result")) === before);
  await shot("07-fire-stale-empty-distance");
  await page.selectOption("#unit", "in");
  check("empty distance in inches: the range in inches", (await text("#err-distance")).endsWith("(allowed: 0..100000 in)"), await text("#err-distance"));
  await page.selectOption("#unit", "cm");
  await page.fill("#distance", "15");
  check("distance back: no message, not stale", (await text("#err-distance")) === "" && !(await stale("fire-results")));
  await page.fill("#roll", "13");
  check("roll 13: names field and value, 'allowed: 2..12', stale", /^roll 13: .*\(allowed: 2\.\.12\)$/.test(await text("[data-err=roll]")) &&
    (await stale("fire-results")), await text("[data-err=roll]"));
  await page.fill("#roll", "8");
  await page.fill("[name=figures]", "-1");
  check("figures -1: message with the library's bounds (napfire_param_bounds), stale",
    /^figures -1: .*\(EDOMAIN\) \(allowed: 0\.\.9999\)$/.test(await text("[data-err=figures]")) && (await stale("fire-results")), await text("[data-err=figures]"));
  await shot("08-fire-stale-figures");
  await page.fill("[name=figures]", "30");
  check("all fixed: current again", !(await stale("fire-results")) && (await text("#casualties")) === "3 figures");
  await vocabulary(page, text, press);

  // --- A malformed rules file: line and column, as napfire rules --check.
  const bad = "napfire-rules 1\n# a comment\nmusketry.row9 = 1 2 3\n";
  const badPath = path.join(mkdtempSync(path.join(tmpdir(), "napfire-bad-")), "bad-rules.txt");
  writeFileSync(badPath, bad);
  const cliCheck = runCli(["rules", "--check", badPath]);
  const where = /:(\d+):(\d+): (.*)/.exec(cliCheck.stderr);
  await page.setInputFiles("#rules-file", badPath);
  await page.waitForFunction(() => document.querySelector("#err-rules").textContent !== "");
  check("malformed rules: line and column shown as the CLI finds them", where !== null &&
    (await text("#parse-where")) === `line ${where[1]}, column ${where[2]}` && (await text("#err-rules")).includes(where[3]),
    `${await text("#err-rules")} vs ${cliCheck.stderr.trim()}`);
  check("malformed rules: the rules in use are unchanged", (await text("#rules-name")).includes("SYNTHETIC") &&
    (await text("#casualties")) === "3 figures");
  rmSync(path.dirname(badPath), { recursive: true });

  // --- Line of sight: a small map of our own, painted with the mouse.
  await press("#tab-los");
  await page.fill("#cols", "6");
  await page.fill("#rows", "5");
  await page.selectOption("#layout", { label: "odd q" });
  await press("#new-map");
  const hex = (c, r) => `#los-map polygon.hex[data-col="${c}"][data-row="${r}"]`;
  await page.check("input[name=tool][value=terrain]");
  await page.selectOption("#paint-terrain", { label: "blocking" });
  await page.click(hex(2, 2));
  await page.check("input[name=tool][value=firer]");
  await page.click(hex(0, 2));
  await page.check("input[name=tool][value=target]");
  await page.click(hex(5, 2));
  // The same map for the CLI, cell by cell (doc/los-map-format.md).
  const mapText = (m) => `napfire-map 1\nlayout ${["odd-q", "even-q", "odd-r", "even-r"][m.layout]}\nsize ${m.cols} ${m.rows}\n` +
    Array.from({ length: m.rows }, (_, r) => Array.from({ length: m.cols }, (_, c) => {
      const x = m.cells[r * m.cols + c];
      return ".WTS"[x.t] + (x.e ? String(x.e) : "") + (x.p ? " url"[x.p] + String(x.s) : "");
    }).join(" ")).join("\n") + "\n";
  const cliLos = async (firer, target) => {
    const m = await page.evaluate(() => playground.map);
    const mapDir = mkdtempSync(path.join(tmpdir(), "napfire-map-"));
    writeFileSync(path.join(mapDir, "page.map"), mapText(m));
    const p = runCli(["los", path.join(mapDir, "page.map"), firer, target, "--firer-side", "1", "--target-side", "2", "--json"]);
    rmSync(mapDir, { recursive: true });
    return JSON.parse(p.stdout);
  };
  // The field of view's shading against napfire_los_grid asked hex by hex
  // (through the package, as the page asks for its verdict): every hex
  // within the radius carries the rule the line to it gets; the others none.
  const fovAgrees = () => page.evaluate(() => {
    const { nf, map, pair } = playground, radius = playground.lastFov().radius;
    const [fc, fr] = pair(document.querySelector("#firer").value);
    const q = playground.losQuestion(), grid = playground.packageGrid();
    const shade = new Map();
    for (const o of document.querySelectorAll("#los-map polygon.unseen, #los-map polygon.beyond")) {
      shade.set(`${o.dataset.col},${o.dataset.row}`, o.classList.contains("beyond") ? "beyond" : o.dataset.rule);
    }
    let asked = 0, hidden = 0;
    const wrong = [];
    for (const h of document.querySelectorAll("#los-map polygon.hex")) {
      const c = Number(h.dataset.col), r = Number(h.dataset.row), firer = c === fc && r === fr;
      const los = firer ? null : playground.losAnswer(grid, { ...q.query, target: nf.hexFromOffset(map.layout, c, r) });
      const inReach = los && los.distance <= radius;
      const want = firer ? undefined : !inReach ? "beyond" : los.clear ? undefined : los.rule;
      asked += inReach ? 1 : 0;
      hidden += inReach && !los.clear ? 1 : 0;
      if (shade.get(`${c},${r}`) !== want) wrong.push(`${c},${r}: ${shade.get(`${c},${r}`)} vs ${want}`);
    }
    playground.computeLos();
    return { asked, hidden, radius, wrong: wrong.slice(0, 5), nwrong: wrong.length };
  });
  const WORDS = { TERRAIN: "woods or walls in the way", UNIT: "a unit in the way", SLOPE: "a slope in the way",
    TOWN: "a town in the way", EQUAL: "firer and target at the same elevation",
    OTHER_HALF: "the blocker is on the half elevation does not clear" };
  const expectVerdict = (los) => los.clear
    ? "CLEAR line of sight" + (los.lifted ? ` (${los.lifted} blocker${los.lifted > 1 ? "s" : ""} seen over by elevation, H-ELV-1/2)` : "")
    : `BLOCKED: ${los.rule} [${los.rule_id}: ${WORDS[los.rule]}] at ${los.blocker[0].col},${los.blocker[0].row}` +
      (los.elevation !== "NONE" ? `; elevation does not lift it: ${los.elevation} [${los.elevation_rule_id}: ${WORDS[los.elevation]}]` : "");
  let los = await cliLos("0,2", "5,2");
  let verdict = await text("#los-verdict");
  check("painted woods block: verdict and rule as the CLI's, in words beside the rule IDs (H-LOS-5)", !los.clear && los.rule === "TERRAIN" &&
    verdict === expectVerdict(los), `${verdict} vs ${JSON.stringify(los)}`);
  check("the picture marks the blocker", (await page.$$eval("#los-map polygon.blocker", (b) => b.map((e) => `${e.dataset.col},${e.dataset.row}`))).join() === "2,2");
  check("the trace lists every step", (await page.$$eval("#los-trace li", (l) => l.length)) === los.trace.length);
  await shot("10-los-small-map");

  // The firer on a hill sees over the woods near itself (H-ELV-1) ...
  await page.check("input[name=tool][value=elevation]");
  await page.fill("#paint-elevation", "1");
  await page.click(hex(0, 2));
  los = await cliLos("0,2", "5,2");
  verdict = await text("#los-verdict");
  check("hill under the firer: clear, as the CLI's (H-ELV-1)", los.clear && verdict === expectVerdict(los), `${verdict} vs ${JSON.stringify(los)}`);
  let fov = await fovAgrees();
  check("field of view: every hex's shading is the rule its own line of sight gets", fov.asked === 29 && fov.nwrong === 0, JSON.stringify(fov));
  // ... but not over a unit next to the target (H-ELV-1: the other half).
  await page.check("input[name=tool][value=unit]");
  await page.selectOption("#paint-presence", { label: "combat" });
  await page.fill("#paint-side", "2");
  await page.click(hex(4, 2));
  los = await cliLos("0,2", "5,2");
  verdict = await text("#los-verdict");
  check("a unit near the target blocks, as the CLI's (H-LOS-5, H-ELV-1)", !los.clear && los.rule === "UNIT" &&
    verdict === expectVerdict(los), `${verdict} vs ${JSON.stringify(los)}`);
  const fovAfter = await fovAgrees();
  check("field of view: live as you paint, the unit hides more hexes, shading still exact",
    fovAfter.nwrong === 0 && fovAfter.hidden > fov.hidden && (await text("#fov-summary")).startsWith(`Field of view within 11 hexes: the firer sees ${29 - fovAfter.hidden} of 29; hidden: `),
    `${JSON.stringify(fov)} -> ${JSON.stringify(fovAfter)}; ${await text("#fov-summary")}`);
  // The long verdict wraps on the page, never clipped, and no word of
  // the picture runs past its edge.
  const clipped = () => page.evaluate(() => {
    const v = document.querySelector("#los-verdict"), svg = document.querySelector("#los-map svg");
    const box = svg.getBoundingClientRect();
    const out = Array.from(svg.querySelectorAll("text")).filter((t) => { const b = t.getBoundingClientRect(); return b.left < box.left || b.right > box.right; });
    return { page: v.scrollWidth > v.clientWidth, wrapped: v.getBoundingClientRect().height > 1.8 * parseFloat(getComputedStyle(v).fontSize),
      svg: out.map((t) => t.textContent), svgLines: svg.querySelectorAll("text.verdict tspan").length + 1 };
  });
  let clip = await clipped();
  check("long verdict: wraps on the page, nothing past the picture's edge", clip.wrapped && !clip.page && clip.svg.length === 0, JSON.stringify(clip));
  await shot("11-los-painted-long-verdict");

  // --- Legend: every mark drawn has an entry, and so does every terrain,
  // elevation band and kind of unit.
  const marks = await page.$$eval("#los-map svg > g:first-of-type *, #los-map svg *", (els) => Array.from(new Set(els.flatMap((e) =>
    Array.from(e.classList)).filter((c) => ["trace-hex", "trace-pair", "trace-hexside", "trace-vertex", "front-hexside", "exit-hexside",
    "line-of-fire", "blocker", "blocker-other", "ring", "unit", "routed", "leader", "unseen", "why", "beyond"].includes(c)))));
  const legend = await page.$$eval("#los-legend [data-mark]", (l) => l.map((e) => e.dataset.mark.split(" ")).flat());
  const missing = marks.filter((m) => !legend.includes(m));
  check("legend: an entry for every mark in the picture", marks.length >= 6 && missing.length === 0, `marks ${marks}; missing ${missing}`);
  const legendText = await text("#los-legend");
  check("legend: terrain, elevation and units", ["clear ground", "woods or walls", "town", "slope", "below 0", "3 and above", "routed", "leader alone"]
    .every((w) => legendText.includes(w)), legendText);

  // --- Firer equal to target: said so, the answer marked stale.
  await page.fill("#target", "0,2");
  await page.dispatchEvent("#target", "change");
  check("firer equal to target: says so", /\(EDOMAIN\): firer and target are the same hex \(0,2\)/.test(await text("#err-target")) &&
    (await stale("los-results")), await text("#err-target"));
  await shot("12-los-same-hex");

  // --- A target outside the grid: the library's message with the map's
  // range, the verdict and picture kept, marked stale.
  const mapBefore = await page.innerHTML("#los-map");
  await page.fill("#target", "30,3");
  await page.dispatchEvent("#target", "change");
  check("target outside the grid: the library's message and the map's range next to the field",
    /^\S.*domain \(EDOMAIN\): 30,3 is not a hex of the 6 × 5 map \(columns 0 to 5, rows 0 to 4\)$/.test(await text("#err-target")), await text("#err-target"));
  check("target outside the grid: verdict and picture kept, marked stale", (await text("#los-verdict")) === verdict &&
    (await page.innerHTML("#los-map")) === mapBefore && (await stale("los-results")));
  await shot("13-los-bad-target");
  await page.fill("#target", "5,2");
  await page.dispatchEvent("#target", "change");
  check("target back: current again", !(await stale("los-results")) && (await text("#err-target")) === "");
  await page.fill("#cols", "500");
  await press("#new-map");
  check("a map too large: the message names the range", /\(EDOMAIN\): columns and rows allowed: 1\.\.128$/.test(await text("#err-map")) &&
    (await stale("los-results")), await text("#err-map"));
  await page.fill("#cols", "6");

  // --- The facing menu offers only what the formation can take (H-FACE),
  // exactly the facings the CLI accepts.
  const facingsOk = [];
  for (const [label, form] of [["column", "column"], ["artillery", "artillery"], ["line", "line"], ["tirailleur", "tirailleur"], ["square", "square"]]) {
    await page.selectOption("#hex-formation", { label });
    const offered = await page.$$eval("#facing option", (o) => o.map((e) => Number(e.value)));
    const cliOk = [...Array(12).keys()].filter((f) => runCli(["los", "examples/maps/ridge.map", "0,0", "2,2", "--facing", `${form}:${f}`]).status !== 2);
    facingsOk.push(`${label}: ${offered} vs ${cliOk}`);
    check(`facing menu for ${label}: only the facings the CLI accepts`, JSON.stringify(offered) === JSON.stringify(cliOk), facingsOk.at(-1));
  }
  await page.selectOption("#hex-formation", { label: "line" });
  check("facing menu: names each facing by hexside or vertex and clock position",
    (await page.$$eval("#facing option", (o) => o.map((e) => e.textContent)))[0] === "vertex 0 (3 o'clock)");
  await page.selectOption("#hex-formation", { label: "square" });

  // --- The ridge example, from the ridge top (H-ELV-1).
  await press("#ridge-map");
  await page.fill("#firer", "5,0");
  await page.dispatchEvent("#firer", "change");
  await page.fill("#target", "9,3");
  await page.dispatchEvent("#target", "change");
  const ridge = JSON.parse(runCli(["los", "examples/maps/ridge.map", "5,0", "9,3", "--json"]).stdout);
  check("ridge top: clear, one blocker seen over, as the CLI", ridge.clear && ridge.lifted === 1 &&
    (await text("#los-verdict")) === "CLEAR line of sight (1 blocker seen over by elevation, H-ELV-1/2)", await text("#los-verdict"));
  clip = await clipped();
  check("ridge verdict: wraps onto two lines in the SVG, nothing past its edge", clip.svgLines === 2 && clip.svg.length === 0, JSON.stringify(clip));
  const whole = await page.$eval("#los-view", (v) => v.scrollHeight <= v.clientHeight && v.scrollWidth <= v.clientWidth);
  check("a small map opens whole in the view, its own key included", whole);
  fov = await fovAgrees();
  check("ridge: the field of view's shading exact on every hex", fov.asked > 0 && fov.nwrong === 0, JSON.stringify(fov));
  await shot("14-los-ridge");
  await page.fill("#fov-radius", "0");
  await page.dispatchEvent("#fov-radius", "change");
  check("view radius 0: refused with the range beside it", /^view radius 0: .*\(EDOMAIN\) \(allowed: 1\.\.192 hexes; empty: the whole map\)$/.test(await text("#err-fov")),
    await text("#err-fov"));
  await page.fill("#fov-radius", "3");
  await page.dispatchEvent("#fov-radius", "change");
  fov = await fovAgrees();
  check("view radius 3: hexes beyond it are left unshaded, the rest exact", (await text("#err-fov")) === "" && fov.nwrong === 0 &&
    (await page.$$("#los-map polygon.beyond")).length > 0, JSON.stringify(fov));
  await shot("14b-los-ridge-radius-3");
  await page.fill("#fov-radius", "");
  await page.dispatchEvent("#fov-radius", "change");

  // An empty elevation to paint: the library refuses it with the range,
  // the map stays.
  const ridgeMap = await page.innerHTML("#los-map");
  await page.check("input[name=tool][value=elevation]");
  await page.fill("#paint-elevation", "");
  await page.click(hex(6, 2));
  check("empty elevation: the library's message with the range, the map unchanged",
    /^elevation \(empty\): .*\(EDOMAIN\) \(allowed: -99\.\.99\); the map is unchanged$/.test(await text("#err-paint")) &&
      (await page.innerHTML("#los-map")) === ridgeMap, await text("#err-paint"));

  // --- A map as large as a printed La Bataille map, scrolled and zoomed.
  await press("#large-map");
  const big = await page.$eval("#los-view", (v) => ({ hexes: v.querySelectorAll("polygon.hex").length,
    scrolls: v.scrollWidth > v.clientWidth && v.scrollHeight > v.clientHeight, width: v.querySelector("svg").getBoundingClientRect().width }));
  check("large map: 100 × 80 = 8000 hexes in a scrolling view", big.hexes === 8000 && big.scrolls, JSON.stringify(big));
  const firerShown = await page.$eval("#los-view", (v) => {
    const b = v.querySelector("circle.ring").getBoundingClientRect(), r = v.getBoundingClientRect();
    return b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom;
  });
  check("large map: the view opens on the firer", firerShown);
  check("large map: earlier messages gone with the old map", (await text("#err-map")) === "" && (await text("#err-paint")) === "");
  los = await cliLos("30,25", "60,40");
  check("large map: the verdict as the CLI's on the same map", (await text("#los-verdict")) === expectVerdict(los),
    `${await text("#los-verdict")} vs ${expectVerdict(los)}`);
  fov = await fovAgrees();
  check("large map: the field of view over the whole map, exact on all 8000 hexes", fov.asked === 7999 && fov.nwrong === 0, JSON.stringify(fov));
  await shot("15-los-large-map");
  await press("#zoom-in");
  const zoomedIn = await page.$eval("#los-map svg", (s) => s.getBoundingClientRect().width);
  await press("#zoom-fit");
  const fitted = await page.$eval("#los-view", (v) => ({ svg: v.querySelector("svg").getBoundingClientRect().width, view: v.clientWidth }));
  check("large map: zoom in widens, fit shows the whole width", zoomedIn > big.width * 1.2 && fitted.svg <= fitted.view,
    `${big.width} -> ${zoomedIn}; fit ${JSON.stringify(fitted)}`);
  await shot("16-los-large-map-fitted");
  for (let i = 0; i < 7; i++) await press("#zoom-in");
  await page.$eval("#los-view", (v) => v.querySelector("polygon.hex[data-col='45'][data-row='32']").scrollIntoView({ block: "center", inline: "center" }));
  await page.locator("#los-view").screenshot({ path: path.join(shots, "17-los-large-map-zoomed.png") });
  await tabletop(page, text, press, shot);
} finally {
  await browser.close();
  if (server) server.kill();
}
check("no JavaScript error on the page", errors.length === 0, errors.join("; "));
console.log(`\nbrowser tests: ${passes} passed, ${failures} failed; screenshots in ${shots}`);
process.exit(failures ? 1 : 0);
