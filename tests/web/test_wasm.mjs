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
const cstr = (ptr) => {
  const b = new Uint8Array(W.memory.buffer);
  let end = ptr;
  while (b[end]) end++;
  return dec.decode(b.subarray(ptr, end));
};
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
const loadRidge = () => {
  W.nfw_map_init(0, 10, 7);
  ridge.forEach((line, row) => line.split(/\s+/).forEach((tok, col) => {
    const m = /^([.WTS])(-?\d+)?([url])?(\d+)?$/.exec(tok);
    W.nfw_map_set(col, row, Number(m[2] || 0), ".WTS".indexOf(m[1]), m[3] ? " url".indexOf(m[3]) : 0, Number(m[4] || 0));
  }));
};
loadRidge();
check("field of view computed", W.nfw_fov(5, 0, 4, 0, 1, 2, 0, 64) === 0);
const fov = out();
const nativeFov = JSON.parse(spawnSync(cli, ["los", "--fov", "--json", "--radius", "64", "--firer-side", "1",
  "--target-side", "2", "examples/maps/ridge.map", "5,0"], { cwd: src, encoding: "utf8" }).stdout);
check("field of view equals the native CLI's", JSON.stringify(fov.counts) === JSON.stringify(nativeFov.counts),
  `${JSON.stringify(fov.counts)} vs ${JSON.stringify(nativeFov.counts)}`);
check("field of view drawn alone", W.nfw_fov_svg() === 0);
const svg = dec.decode(new Uint8Array(W.memory.buffer, W.nfw_svg(), W.nfw_svg_len()));
check("field of view drawn", (svg.match(/<polygon class="(un)?seen"/g) || []).length === fov.seen + fov.hidden, "count of shaded hexes");

// The page's data names 0-based indexes as such (row_index, column_index).
fex1();
W.nfw_resolve(8, 6);
const fx = out();
check("resolve JSON: row_index 3, column_index 5, no bare row/column", fx.row_index === 3 && fx.column_index === 5 &&
  !("row" in fx) && !("column" in fx), JSON.stringify(fx));

// Ranges beside a refusal: the library's napfire_param_bounds, the dice's.
const bounds = (p) => (W.nfw_bounds(p) === 0 ? out() : null);
check("bounds: figures (5) 0..9999, extra modifier (108) -10..10, roll 2..12, half die 0..6",
  JSON.stringify([bounds(5), bounds(108), bounds(1001), bounds(1002)]) ===
    JSON.stringify([{ lo: 0, hi: 9999 }, { lo: -10, hi: 10 }, { lo: 2, hi: 12 }, { lo: 0, hi: 6 }]),
  JSON.stringify([bounds(5), bounds(108), bounds(1001), bounds(1002)]));
check("bounds: an unknown parameter is EDOMAIN (-2)", W.nfw_bounds(999) === -2);

// The library's dice: refused before seeding, in range after.
check("dice before a seed: ESTATE (-3)", W.nfw_dice_roll() === -3);
W.nfw_dice_seed(12345, 678);
let diceOk = true;
for (let i = 0; i < 200; i++) {
  const st = W.nfw_dice_roll(), d = out();
  diceOk &&= st === 0 && d.roll >= 2 && d.roll <= 12 && d.half_die >= 1 && d.half_die <= 6;
}
check("dice: 200 rolls of 2D6 in 2..12 and half dice in 1..6", diceOk);

// Facings (H-FACE): line (2) faces vertices only, column (0) hexsides only.
check("facing: line takes vertex 0 (1), not hexside 0 (0); column the other way",
  W.nfw_hex_facing(2, 1) === 0 && W.nfw_hex_facing(2, 0) === -2 && W.nfw_hex_facing(0, 0) === 0 && W.nfw_hex_facing(0, 1) === -2);

// Firer and target in one hex: refused, and said so.
W.nfw_map_init(0, 10, 7);
check("firer equal to target: EDOMAIN with field 'same'", W.nfw_los(3, 3, 3, 3, 4, 0, 1, 2, 0) === -2 && out().field === "same",
  JSON.stringify(out()));
check("a La Bataille-sized grid (100 x 80) is accepted, 129 columns are not",
  W.nfw_map_init(0, 100, 80) === 0 && W.nfw_map_svg() === 0 && W.nfw_map_init(0, 129, 80) === -2);

// The field of view (napfire_fov_grid) on the ridge map, against one
// line of sight per hex (napfire_los_grid through nfw_los): from the ridge
// top, from the valley, and with a line's front (H-LOS-4).
loadRidge();
let fovChecked = 0;
const fovWrong = [];
for (const [fc, fr, formation, facing] of [[5, 0, 4, 0], [1, 3, 4, 0], [9, 6, 2, 5], [0, 0, 0, 2]]) {
  for (const radius of [2, 12]) {
    if (W.nfw_fov(fc, fr, formation, facing, 1, 2, 0, radius) !== 0) { fovWrong.push(`fov ${fc},${fr}`); continue; }
    const rules = new Uint8Array(W.memory.buffer, W.nfw_fov_rules(), 70).slice();
    for (let row = 0; row < 7; row++) {
      for (let col = 0; col < 10; col++) {
        const st = W.nfw_los(fc, fr, col, row, formation, facing, 1, 2, 0);
        const los = st === 0 ? out() : null;
        const want = los && los.distance <= radius ? los.rule : "NOT_ASKED";
        const rule = rules[row * 10 + col], got = rule === 255 ? "NOT_ASKED" : cstr(W.nfw_hex_enum_name(4, rule));
        fovChecked++;
        if (got !== want) fovWrong.push(`${fc},${fr} r${radius} -> ${col},${row}: ${got} vs ${want}`);
      }
    }
  }
}
check(`field of view: ${fovChecked} hexes as napfire_los_grid judges each`, fovChecked === 560 && fovWrong.length === 0, fovWrong.slice(0, 5).join("; "));
check("field of view: radius 0 and 193 refused (EDOMAIN), a firer off the page's grid too",
  W.nfw_fov(5, 0, 4, 0, 1, 2, 0, 0) === -2 && W.nfw_fov(5, 0, 4, 0, 1, 2, 0, 193) === -2 && W.nfw_fov(10, 0, 4, 0, 1, 2, 0, 5) === -2);
W.nfw_map_init(0, 128, 128);
check("field of view: radius 192 over a 128 x 128 grid fits the page's buffers", W.nfw_fov(64, 64, 4, 0, 1, 2, 0, 192) === 0);
process.exit(failed ? 1 : 0);
