// SPDX-License-Identifier: MIT
// The playground's WebAssembly without a browser (meson suite 'web', with
// -Dweb=enabled): its pictures (pictures.wasm) drawn from what the npm
// package computes, as the page does, against the native CLI.
// Usage: node test_wasm.mjs PICTURES_WASM PACKAGE_DIR NAPFIRE_CLI SOURCE_ROOT
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [wasmPath, pkg, cliArg, src] = process.argv.slice(2);
const cli = path.resolve(cliArg);
const nf = await (await import(pathToFileURL(path.resolve(pkg, "napfire.js")))).load();
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const P = instance.exports;
P._initialize();
const dec = new TextDecoder();
const svg = () => dec.decode(new Uint8Array(P.memory.buffer, P.nfw_svg(), P.nfw_svg_len()));
let failed = 0;
const check = (what, ok, detail) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${ok ? "" : `: ${detail}`}`);
  if (!ok) failed++;
};

// F-EX-1 with the made-up tables: the chart's bars are the CLI's outcomes.
const rules = nf.Rules.fromText(readFileSync(`${src}/tests/data/synthetic.txt`, "utf8"));
const shot = new nf.Shot(new nf.Unit(nf.Arm.LINE_INFANTRY, { nation: nf.Nation.BRITAIN, troopClass: nf.TroopClass.ELITE,
  figures: 30, moved: nf.Moved.HALF }), new nf.Unit(nf.Arm.LINE_INFANTRY, { formation: nf.Formation.COLUMN_OF_DIVISIONS }),
{ distance: 150 });
new Uint8Array(P.memory.buffer, P.nfw_shot(), nf.CONSTANTS.SHOT_SIZE).set(shot.storage());
new Uint8Array(P.memory.buffer, P.nfw_rules(), nf.CONSTANTS.RULES_SIZE).set(rules.storage());
check("odds chart of the package's shot drawn", P.nfw_odds_svg(1) === 0);
const bars = [...svg().matchAll(/<rect class="bar"[^>]*data-target="(\d+)" data-screen="(\d+)" data-weight="(\d+)"/g)]
  .map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
const native = JSON.parse(spawnSync(cli, ["odds", "musketry", "--nation", "britain", "--class", "elite", "--figures", "30",
  "--moved", "half", "--target-formation", "column-of-divisions", "--distance", "15cm",
  "--rules", "tests/data/synthetic.txt", "--json"], { cwd: src, encoding: "utf8" }).stdout);
check("odds chart's bars equal the native CLI's outcomes", JSON.stringify(bars) ===
  JSON.stringify(native.outcomes.map((o) => [o.target, o.screen, o.weight])), `${JSON.stringify(bars)} vs ${JSON.stringify(native.outcomes)}`);
check("built-in data: the chart has an unknown share", P.nfw_odds_svg(0) === 0 && /class="bar unknown"/.test(svg()));

// The ridge map: its field of view from the package, drawn here.
const lines = readFileSync(`${src}/examples/maps/ridge.map`, "utf8").split("\n")
  .map((l) => l.replace(/#.*/, "").trim()).filter((l) => l).slice(3);
const cells = [];
P.nfw_map_init(0, 10, 7);
lines.forEach((line, row) => line.split(/\s+/).forEach((tok, col) => {
  const m = /^([.WTS])(-?\d+)?([url])?(\d+)?$/.exec(tok);
  const c = { elevation: Number(m[2] || 0), terrain: ".WTS".indexOf(m[1]), presence: m[3] ? " url".indexOf(m[3]) : 0, unitSide: Number(m[4] || 0) };
  cells.push(c);
  P.nfw_map_set(col, row, c.elevation, c.terrain, c.presence, c.unitSide);
}));
const grid = { layout: 0, columns: 10, rows: 7, cells };
const view = nf.fieldOfView(grid, 64, { firer: nf.hexFromOffset(0, 5, 0), firerSide: 1, targetSide: 2 });
check("field of view drawn before it is set: ESTATE", P.nfw_fov_svg() === nf.Status.ESTATE);
new Uint8Array(P.memory.buffer, P.nfw_fov_view(), view.length).set(view);
check("field of view set and drawn", P.nfw_fov_set(5, 0, 0x3f) === 0 && P.nfw_fov_svg() === 0);
const asked = view.filter((v) => v !== nf.CONSTANTS.FOV_NOT_ASKED).length;
check("field of view: one shaded hex per hex asked", (svg().match(/<polygon class="(un)?seen"/g) || []).length === asked,
  `${(svg().match(/<polygon class="(un)?seen"/g) || []).length} vs ${asked}`);
check("line of sight drawn over it, with the CLI's verdict", P.nfw_los_svg(5, 0, 9, 3, 0x3f, 1, 2, 0) === 0 &&
  svg().includes("CLEAR line of sight"), svg().slice(0, 200));
check("map changed: the field of view is dropped", P.nfw_map_set(0, 0, 0, 0, 0, 0) === 0 && P.nfw_fov_svg() === nf.Status.ESTATE);
check("firer equal to target, or off the grid: EDOMAIN", P.nfw_los_svg(3, 3, 3, 3, 0x3f, 1, 2, 0) === nf.Status.EDOMAIN &&
  P.nfw_los_svg(10, 0, 3, 3, 0x3f, 1, 2, 0) === nf.Status.EDOMAIN);
check("a La Bataille-sized grid (100 x 80) is drawn, 129 columns are refused",
  P.nfw_map_init(0, 100, 80) === 0 && P.nfw_map_svg() === 0 && P.nfw_map_init(0, 129, 80) === nf.Status.EDOMAIN);
check("the page's elevations (-99..99) and sides (0..9) only", P.nfw_map_init(0, 5, 5) === 0 &&
  P.nfw_map_set(0, 0, 99, 0, 1, 9) === 0 && P.nfw_map_set(0, 0, 100, 0, 0, 0) === nf.Status.EDOMAIN &&
  P.nfw_map_set(0, 0, 0, 0, 1, 10) === nf.Status.EDOMAIN);
check("grid max 128", P.nfw_grid_max() === 128);
process.exit(failed ? 1 : 0);
