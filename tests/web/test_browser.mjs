// SPDX-License-Identifier: MIT
// Browser tests of the libnapfire playground (examples/web) in Debian's
// Chromium, driven by playwright-core (no browser download).
//
//   node test_browser.mjs SITE NAPFIRE_CLI SOURCE_ROOT [SCREENSHOT_DIR]
//
// SITE is the address of the served page (http://localhost:8000/, as the
// README serves it), or the built site's folder (build-web/examples/web),
// which the test then serves itself with `python3 -m http.server` on a
// free port. The test compares what the page shows with what the napfire
// CLI (the same C library, natively built) answers. Any JavaScript error on
// the page (pageerror, console error) fails the run.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const [site, cliArg, src, shots = path.join(tmpdir(), "napfire-web-shots")] = process.argv.slice(2);
if (!site || !cliArg || !src) {
  console.error("usage: node test_browser.mjs SITE_DIR NAPFIRE_CLI SOURCE_ROOT [SCREENSHOT_DIR]");
  process.exit(2);
}
const cli = path.resolve(cliArg);
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
  check("F-EX-1 is at long range, halved", (await text("#band")) === "long range" &&
    (await text("#fire-result")).includes("Long range: halved → 2½ (F-CAS-1)"), await text("#fire-result"));
  const cliFex1 = JSON.parse(runCli(["musketry", ...FEX1, "--roll", "8", "--half-die", "6", "--json"]).stdout);
  const mods = await page.$$eval("#modifiers tbody tr", (rows) => rows.map((r) => r.cells[0].textContent));
  check("modifier breakdown as the CLI's", JSON.stringify(mods) ===
    JSON.stringify(cliFex1.modifiers.map((m) => m.id.toLowerCase().replace(/_/g, " "))), JSON.stringify(mods));
  check("roll 8 + 3 = 11, table cell 5", (await text("#fire-result")).includes("= 11 → table row 4, column 6 (11–12): 5 figures"),
    await text("#fire-result"));
  await page.screenshot({ path: path.join(shots, "fire-fex1.png"), fullPage: true });

  // --- Built-in data: the odds need unknown cells; the unknown share is shown.
  const unknownBar = await page.$$eval("#odds-chart rect.bar.unknown", (b) => b.map((e) => Number(e.dataset.weight)));
  const allBars = await page.$$eval("#odds-chart rect.bar", (b) => b.reduce((s, e) => s + Number(e.dataset.weight), 0));
  check("built-in data: an unknown share, weights sum to 216", unknownBar.length === 1 && unknownBar[0] > 0 && allBars === 216,
    `${unknownBar} / ${allBars}`);
  check("built-in data: the missing cell is named", new RegExp(`Rolls worth ${unknownBar[0]}/216 need unknown rules data: musketry table,? row 4`)
    .test(await text("#odds-note")), await text("#odds-note"));

  // --- A missing datum in the result: roll 5 lands on an unknown cell.
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
  await page.screenshot({ path: path.join(shots, "fire-unknown.png"), fullPage: true });
  await page.fill("#roll", "8");

  // --- Load the labelled made-up table and compare the chart with the C
  // distribution (napfire odds --json).
  await page.setInputFiles("#rules-file", path.join(src, "tests", "data", "synthetic.txt"));
  await page.waitForFunction(() => document.querySelector("#rules-name").textContent.includes("SYNTHETIC"));
  await page.waitForFunction(() => document.querySelectorAll("#odds-chart rect.bar.unknown").length === 0);
  const bars = await page.$$eval("#odds-chart rect.bar", (b) => b.map((e) => [Number(e.dataset.target), Number(e.dataset.screen), Number(e.dataset.weight)]));
  const odds = JSON.parse(runCli(["odds", "musketry", ...FEX1, "--rules", "tests/data/synthetic.txt", "--json"]).stdout);
  check("odds chart weights equal the C distribution", JSON.stringify(bars) ===
    JSON.stringify(odds.outcomes.map((o) => [o.target, o.screen, o.weight])), `${JSON.stringify(bars)} vs ${JSON.stringify(odds.outcomes)}`);
  check("expected value as the C library's", (await text("#odds-note")).includes(`Expected casualties ${odds.expected[0]}/${odds.expected[1]}.`),
    await text("#odds-note"));
  check("F-EX-1 with the made-up table still reads 3 figures", (await text("#casualties")) === "3 figures");
  await page.screenshot({ path: path.join(shots, "fire-odds-synthetic.png"), fullPage: true });

  // --- Bad input: an empty distance gets the library's message beside the
  // field, and nothing else changes.
  const before = await page.innerHTML("#fire-result");
  const chartBefore = await page.innerHTML("#odds-chart");
  await page.fill("#distance", "");
  check("empty distance: the library's message next to the field",
    /^\S.*required setting missing\) \(EINVAL\): no distance given$/.test(await text("#err-distance")),
    await text("#err-distance"));
  check("empty distance: result and chart unchanged", (await page.innerHTML("#fire-result")) === before &&
    (await page.innerHTML("#odds-chart")) === chartBefore);
  await page.screenshot({ path: path.join(shots, "fire-empty-distance.png"), fullPage: true });
  await page.fill("#distance", "15");
  check("distance back: no message", (await text("#err-distance")) === "");

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
  await page.screenshot({ path: path.join(shots, "fire-bad-rules.png"), fullPage: true });
  rmSync(path.dirname(badPath), { recursive: true });

  // --- Line of sight: a small map of our own, painted with the mouse.
  await page.click("#tab-los");
  await page.fill("#cols", "6");
  await page.fill("#rows", "5");
  await page.selectOption("#layout", { label: "odd q" });
  await page.click("#new-map");
  const hex = (c, r) => `#los-map polygon.hex[data-col="${c}"][data-row="${r}"]`;
  await page.check("input[name=tool][value=terrain]");
  await page.selectOption("#paint-terrain", { label: "blocking" });
  await page.click(hex(2, 2));
  await page.check("input[name=tool][value=firer]");
  await page.click(hex(0, 2));
  await page.check("input[name=tool][value=target]");
  await page.click(hex(5, 2));
  // The same map for the CLI, cell by cell (doc/los-map-format.md).
  const cells = new Map([["2,2", "W"]]);
  const cliLos = () => {
    const mapText = "napfire-map 1\nlayout odd-q\nsize 6 5\n" + [0, 1, 2, 3, 4].map((r) =>
      [0, 1, 2, 3, 4, 5].map((c) => cells.get(`${c},${r}`) || ".").join(" ")).join("\n") + "\n";
    const mapDir = mkdtempSync(path.join(tmpdir(), "napfire-map-"));
    writeFileSync(path.join(mapDir, "small.map"), mapText);
    const los = JSON.parse(runCli(["los", path.join(mapDir, "small.map"), "0,2", "5,2", "--firer-side", "1",
      "--target-side", "2", "--json"]).stdout);
    rmSync(mapDir, { recursive: true });
    return los;
  };
  const expectVerdict = (los) => los.clear
    ? "CLEAR line of sight" + (los.lifted ? ` (${los.lifted} blocker${los.lifted > 1 ? "s" : ""} seen over by elevation, H-ELV-1/2)` : "")
    : `BLOCKED: ${los.rule} [${los.rule_id}] at ${los.blocker[0].col},${los.blocker[0].row}` +
      (los.elevation !== "NONE" ? `; elevation does not lift it: ${los.elevation} [${los.elevation_rule_id}]` : "");
  let los = cliLos();
  let verdict = await text("#los-verdict");
  check("painted woods block: verdict and rule as the CLI's (H-LOS-5)", !los.clear && los.rule === "TERRAIN" &&
    verdict === expectVerdict(los), `${verdict} vs ${JSON.stringify(los)}`);
  check("the picture marks the blocker", (await page.$$eval("#los-map polygon.blocker", (b) => b.map((e) => `${e.dataset.col},${e.dataset.row}`))).join() === "2,2");
  check("the trace lists every step", (await page.$$eval("#los-trace li", (l) => l.length)) === los.trace.length);
  await page.screenshot({ path: path.join(shots, "los-small-map.png"), fullPage: true });

  // The firer on a hill sees over the woods near itself (H-ELV-1) ...
  await page.check("input[name=tool][value=elevation]");
  await page.fill("#paint-elevation", "1");
  await page.click(hex(0, 2));
  cells.set("0,2", ".1");
  los = cliLos();
  verdict = await text("#los-verdict");
  check("hill under the firer: clear, as the CLI's (H-ELV-1)", los.clear && verdict === expectVerdict(los), `${verdict} vs ${JSON.stringify(los)}`);
  // ... but not over a unit next to the target (H-ELV-1: the other half).
  await page.check("input[name=tool][value=unit]");
  await page.selectOption("#paint-presence", { label: "combat" });
  await page.fill("#paint-side", "2");
  await page.click(hex(4, 2));
  cells.set("4,2", ".u2");
  los = cliLos();
  verdict = await text("#los-verdict");
  check("a unit near the target blocks, as the CLI's (H-LOS-5, H-ELV-1)", !los.clear && los.rule === "UNIT" &&
    verdict === expectVerdict(los), `${verdict} vs ${JSON.stringify(los)}`);
  await page.screenshot({ path: path.join(shots, "los-painted.png"), fullPage: true });

  // --- A target outside the grid: the library's message, nothing else changes.
  const mapBefore = await page.innerHTML("#los-map");
  await page.fill("#target", "30,3");
  await page.dispatchEvent("#target", "change");
  check("target outside the grid: the library's message next to the field",
    /^\S.*domain \(EDOMAIN\): 30,3 is not a hex of the 6 × 5 map$/.test(await text("#err-target")), await text("#err-target"));
  check("target outside the grid: verdict and picture unchanged", (await text("#los-verdict")) === verdict &&
    (await page.innerHTML("#los-map")) === mapBefore);
  await page.screenshot({ path: path.join(shots, "los-bad-target.png"), fullPage: true });

  // --- The ridge example, from the ridge top (H-ELV-1).
  await page.click("#ridge-map");
  await page.fill("#firer", "5,0");
  await page.dispatchEvent("#firer", "change");
  await page.fill("#target", "9,3");
  await page.dispatchEvent("#target", "change");
  const ridge = JSON.parse(runCli(["los", "examples/maps/ridge.map", "5,0", "9,3", "--json"]).stdout);
  check("ridge top: clear, one blocker seen over, as the CLI", ridge.clear && ridge.lifted === 1 &&
    (await text("#los-verdict")) === "CLEAR line of sight (1 blocker seen over by elevation, H-ELV-1/2)", await text("#los-verdict"));
  await page.screenshot({ path: path.join(shots, "los-ridge.png"), fullPage: true });

  // An empty elevation to paint: the library refuses it, the map stays.
  const ridgeMap = await page.innerHTML("#los-map");
  await page.check("input[name=tool][value=elevation]");
  await page.fill("#paint-elevation", "");
  await page.click(hex(6, 2));
  check("empty elevation: the library's message, the map unchanged",
    /\(EDOMAIN\)$/.test(await text("#err-paint")) && (await page.innerHTML("#los-map")) === ridgeMap, await text("#err-paint"));
} finally {
  await browser.close();
  if (server) server.kill();
}
check("no JavaScript error on the page", errors.length === 0, errors.join("; "));
console.log(`\nbrowser tests: ${passes} passed, ${failures} failed; screenshots in ${shots}`);
process.exit(failures ? 1 : 0);
