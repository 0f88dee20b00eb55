// SPDX-License-Identifier: MIT
// The playground's WebAssembly module in Node.js, without a browser
// (meson suite 'web', with -Dweb=enabled): F-EX-1 resolves to 3 figures
// and its odds agree with the library's distribution, as in the native
// build. Usage: node test_wasm.mjs NAPFIRE_WASM NAPFIRE_CLI SOURCE_ROOT
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";

const [wasmPath, cliArg, src] = process.argv.slice(2);
const cli = path.resolve(cliArg);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const W = instance.exports;
W._initialize();
const dec = new TextDecoder();
const out = () => JSON.parse(dec.decode(new Uint8Array(W.memory.buffer, W.nfw_out(), W.nfw_out_len())));
let failed = 0;
const check = (what, ok, detail) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${ok ? "" : `: ${detail}`}`);
  if (!ok) failed++;
};

// F-EX-1: britain (2), elite (1), 30 figures, moved half (1); target column
// of divisions (2); 150 mm; roll 8, half die 6.
const fex1 = () => {
  W.nfw_fire_begin(0, 0);
  W.nfw_unit_set(0, 2, 2); W.nfw_unit_set(0, 3, 1); W.nfw_unit_set(0, 5, 30); W.nfw_unit_set(0, 9, 1);
  W.nfw_unit_set(1, 4, 2);
  W.nfw_shot_begin();
  return W.nfw_shot_set(102, 150);
};
check("F-EX-1 set up", fex1() === 0);
check("F-EX-1 resolves", W.nfw_resolve(8, 6) === 0);
const r = out();
check("F-EX-1: 3 figures, half die used", r.casualties === 3 && r.half_die_used === 1 && r.modified_roll === 11, JSON.stringify(r));
check("no distance: EINVAL (-1)", (W.nfw_shot_begin(), W.nfw_resolve(8, 6)) === -1);

const text = readFileSync(`${src}/tests/data/synthetic.txt`);
new Uint8Array(W.memory.buffer, W.nfw_in(), text.length).set(text);
check("synthetic rules load", W.nfw_rules_load(text.length) === 0);
fex1();
check("odds computed", W.nfw_odds() === 0);
const odds = out();
const p = spawnSync(cli, ["odds", "musketry", "--nation", "britain", "--class", "elite", "--figures", "30",
  "--moved", "half", "--target-formation", "column-of-divisions", "--distance", "15cm",
  "--rules", "tests/data/synthetic.txt", "--json"], { cwd: src, encoding: "utf8" });
const native = JSON.parse(p.stdout);
check("odds equal the native CLI's", odds.agree === 1 && JSON.stringify(odds.outcomes) === JSON.stringify(native.outcomes) &&
  JSON.stringify(odds.expected) === JSON.stringify(native.expected), `${JSON.stringify(odds)} vs ${p.stdout}`);

const bad = new TextEncoder().encode("napfire-rules 1\nfoo = 1\n");
new Uint8Array(W.memory.buffer, W.nfw_in(), bad.length).set(bad);
check("malformed rules: ESYNTAX at 2:1", W.nfw_rules_load(bad.length) === -6 && out().line === 2 && out().column === 1, JSON.stringify(out()));
// The field of view of the ridge map from its top (5,0), square (six
// fronts), against `napfire los --fov --json` of the native CLI.
const ridge = readFileSync(`${src}/examples/maps/ridge.map`, "utf8").split("\n")
  .map((l) => l.replace(/#.*/, "").trim()).filter((l) => l).slice(3);
W.nfw_map_init(0, 10, 7);
ridge.forEach((line, row) => line.split(/\s+/).forEach((tok, col) => {
  const m = /^([.WTS])(-?\d+)?([url])?(\d+)?$/.exec(tok);
  W.nfw_map_set(col, row, Number(m[2] || 0), ".WTS".indexOf(m[1]), m[3] ? " url".indexOf(m[3]) : 0, Number(m[4] || 0));
}));
check("field of view computed", W.nfw_fov(5, 0, 4, 0, 1, 2, 0) === 0);
const fov = out();
const nativeFov = JSON.parse(spawnSync(cli, ["los", "--fov", "--json", "--radius", "64", "--firer-side", "1",
  "--target-side", "2", "examples/maps/ridge.map", "5,0"], { cwd: src, encoding: "utf8" }).stdout);
check("field of view equals the native CLI's", JSON.stringify(fov.counts) === JSON.stringify(nativeFov.counts),
  `${JSON.stringify(fov.counts)} vs ${JSON.stringify(nativeFov.counts)}`);
const svg = dec.decode(new Uint8Array(W.memory.buffer, W.nfw_svg(), W.nfw_svg_len()));
check("field of view drawn", (svg.match(/<polygon class="(un)?seen"/g) || []).length === fov.seen + fov.hidden, "count of shaded hexes");
process.exit(failed ? 1 : 0);
