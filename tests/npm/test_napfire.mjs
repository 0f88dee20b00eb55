// SPDX-License-Identifier: MIT
// The npm package napfire against the native CLI (the same C library):
// node --test, with NAPFIRE_PACKAGE the built package's folder
// (build/examples/npm), NAPFIRE_CLI the napfire tool and NAPFIRE_SOURCE the
// source root (meson test --suite web runs it so).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const pkg = path.resolve(process.env.NAPFIRE_PACKAGE);
const src = path.resolve(process.env.NAPFIRE_SOURCE);
const cli = path.resolve(process.env.NAPFIRE_CLI);
const nf = await (await import(pathToFileURL(path.join(pkg, "napfire.js")))).load();
const synthetic = readFileSync(path.join(src, "tests", "data", "synthetic.txt"), "utf8");
const runCli = (args) => JSON.parse(spawnSync(cli, args, { cwd: src, encoding: "utf8" }).stdout);
const FEX1 = ["--nation", "britain", "--class", "elite", "--figures", "30", "--moved", "half",
  "--target-formation", "column-of-divisions", "--distance", "15cm"];
const fex1 = () => new nf.Shot(new nf.Unit(nf.Arm.LINE_INFANTRY, { nation: nf.Nation.BRITAIN,
  troopClass: nf.TroopClass.ELITE, figures: 30, moved: nf.Moved.HALF }),
new nf.Unit(nf.Arm.LINE_INFANTRY, { formation: nf.Formation.COLUMN_OF_DIVISIONS }), { distance: 150 });

test("F-EX-1: 3 figures, row 4 (rowIndex 3), modifiers as the CLI's", () => {
  const r = fex1().resolve(8, { halfDie: 6 });
  assert.equal(r.casualties, 3);
  assert.equal(r.modifiedRoll, 11);
  assert.equal(r.rowIndex, 3);
  assert.equal(r.columnIndex, 5);
  assert.equal(r.halfDieUsed, true);
  const native = runCli(["musketry", ...FEX1, "--roll", "8", "--half-die", "6", "--json"]);
  assert.deepEqual(fex1().modifiers().items.map((m) => m.name), native.modifiers.map((m) => m.id));
});

test("the version is the library's", () => {
  assert.equal(nf.versionString(), nf.VERSION);
  const [major, minor, patch] = nf.VERSION.split(".").map(Number);
  assert.equal(nf.versionNumber(), major * 10000 + minor * 100 + patch);
});

test("odds and expected value equal the native CLI's (made-up tables)", () => {
  const rules = nf.Rules.fromText(synthetic);
  const native = runCli(["odds", "musketry", ...FEX1, "--rules", "tests/data/synthetic.txt", "--json"]);
  const { outcomes } = fex1().distribution({ rules });
  assert.deepEqual(outcomes.map((o) => [o.targetCasualties, o.screenCasualties, o.weight]),
    native.outcomes.map((o) => [o.target, o.screen, o.weight]));
  assert.equal(outcomes.reduce((s, o) => s + o.weight, 0), nf.CONSTANTS.OUTCOME_DENOMINATOR);
  const e = fex1().expected({ rules });
  assert.deepEqual([e.numerator, e.denominator], native.expected);
});

test("unknown data: UnknownDataError with the sentence and the patch line, as the CLI names them", () => {
  const native = runCli(["musketry", ...FEX1, "--roll", "5", "--json"]);
  assert.throws(() => fex1().resolve(5), (e) => e instanceof nf.UnknownDataError && e instanceof nf.NapfireError &&
    e instanceof Error && e.code === "EUNKNOWN" && e.sentence === native.missing_sentence && e.patch === native.missing_patch &&
    e.result.casualties === 0);
  const known = fex1().distributionKnown();
  assert.ok(known.unknownWeight > 0 && known.unknownWeight < 216);
  assert.equal(nf.missingDescribe(known.verdict.missing, known.verdict.missingIndex, nf.DescribeStyle.PATCH).split("?").length, 2);
});

test("every argument is checked before the call: the error names parameter, value and allowed; nothing changes", () => {
  const u = new nf.Unit(nf.Arm.LINE_INFANTRY, { figures: 20 });
  assert.throws(() => u.update({ nation: nf.Nation.FRANCE, figures: 10000 }), (e) => e instanceof nf.DomainError &&
    e.parameter === "figures" && e.value === 10000 && e.allowed === "0..9999" && /figures=10000 is outside 0\.\.9999/.test(e.message));
  assert.equal(u.get("figures"), 20);
  assert.equal(u.get("nation"), nf.Nation.OTHER);
  assert.throws(() => u.set("figures", 2.5), TypeError);
  assert.throws(() => u.set("figures", "30"), TypeError);
  assert.throws(() => u.set("nation", 99), (e) => e instanceof nf.DomainError && e.allowed.includes("BRITAIN"));
  assert.throws(() => u.set("colour", 1), TypeError);
  assert.throws(() => new nf.Unit(99), (e) => e instanceof nf.DomainError && e.parameter === "arm");
  assert.throws(() => new nf.Unit(nf.Arm.CAVALRY, { formation: nf.Formation.SQUARE }), (e) => e instanceof nf.DomainError &&
    /formation SQUARE is not open to CAVALRY: give one of /.test(e.message) && e.allowed.length > 0);
  assert.throws(() => fex1().resolve(13), (e) => e instanceof nf.DomainError && e.parameter === "roll2d6" && e.allowed === "2..12");
  assert.throws(() => fex1().resolve(8, { halfDie: 7 }), (e) => e.parameter === "halfDie");
  assert.throws(() => fex1().resolve(8, { rules: {} }), TypeError);
  assert.throws(() => fex1().resolve(8, { halfdie: 6 }), TypeError);
  assert.throws(() => new nf.Shot(u, {}), TypeError);
});

test("a shot without a distance: InvalidArgumentError (EINVAL) from the library", () => {
  const s = new nf.Shot(new nf.Unit(nf.Arm.LINE_INFANTRY), new nf.Unit(nf.Arm.LINE_INFANTRY));
  assert.throws(() => s.resolve(8), (e) => e instanceof nf.InvalidArgumentError && e.status === nf.Status.EINVAL);
});

test("rules text: parse, format back, check and coverage as napfire rules --check/--coverage", () => {
  const rules = nf.Rules.fromText(synthetic);
  assert.equal(nf.Rules.fromText(rules.format()).format(), rules.format());
  const cov = runCli(["rules", "--coverage", "tests/data/synthetic.txt", "--json"]);
  const mine = rules.coverage();
  assert.deepEqual([mine.musketry, mine.artillery], [cov.musketry, cov.artillery].map((c) => ({ shots: c.shots, resolved: c.resolved })));
  assert.deepEqual(rules.check(), []);
  const builtin = nf.rulesCoverage();
  assert.deepEqual(new nf.Rules().coverage(), builtin);
  assert.ok(builtin.musketry.resolved < builtin.musketry.shots && builtin.blockers.length > 0);
  assert.throws(() => nf.Rules.fromText("napfire-rules 1\n# a comment\nmusketry.row9 = 1 2 3\n"),
    (e) => e instanceof nf.RulesSyntaxError && e.line === 3 && e.column >= 1);
  assert.throws(() => new nf.Rules().parse("a\0b"), nf.DomainError);
});

test("seeded dice: the same seed gives the same rolls; batches resolve each shot", () => {
  const a = new nf.Dice(42), b = new nf.Dice(42n);
  const rolls = Array.from({ length: 50 }, () => a.roll2d6());
  assert.deepEqual(rolls, Array.from({ length: 50 }, () => b.roll2d6()));
  assert.ok(rolls.every((r) => r >= 2 && r <= 12));
  assert.throws(() => new nf.Dice(-1), nf.DomainError);
  const rules = nf.Rules.fromText(synthetic);
  const batch = nf.resolveMany([fex1(), fex1()], [8, 5], [6, 6], { rules });
  assert.deepEqual(batch.map((x) => x.status), [0, 0]);
  assert.equal(batch[0].result.casualties, 3);
  const unknown = nf.resolveMany([fex1(), fex1()], [8, 5], [6, 6]);
  assert.deepEqual(unknown.map((x) => x.status), [0, nf.Status.EUNKNOWN]);
  const d = new nf.Dice(7), e = d.copy();
  const many = nf.resolveManyDice([fex1(), fex1(), fex1()], d, { rules });
  assert.deepEqual(many.map((x) => x.roll), [e.roll2d6(), (e.d6(), e.roll2d6()), (e.d6(), e.roll2d6())].map((r) => r));
  assert.throws(() => nf.resolveMany([fex1()], [8, 8]), TypeError);
});

test("line of sight and field of view on the ridge map, as the CLI judges them", () => {
  const lines = readFileSync(path.join(src, "examples", "maps", "ridge.map"), "utf8").split("\n")
    .map((l) => l.replace(/#.*/, "").trim()).filter((l) => l);
  const [, c, r] = lines[2].split(/\s+/).map(Number);
  const cells = lines.slice(3, 3 + r).flatMap((line) => line.split(/\s+/).map((tok) => {
    const m = /^([.WTS])(-?\d+)?([url])?(\d+)?$/.exec(tok);
    return { terrain: ".WTS".indexOf(m[1]), elevation: Number(m[2] || 0), presence: m[3] ? " url".indexOf(m[3]) : 0, unitSide: Number(m[4] || 0) };
  }));
  const grid = { layout: nf.HexLayout.ODD_Q, columns: c, rows: r, cells };
  const at = (col, row) => nf.hexFromOffset(grid.layout, col, row);
  for (const [f, t] of [["5,0", "9,3"], ["1,3", "8,2"], ["0,0", "9,6"]]) {
    const native = runCli(["los", "examples/maps/ridge.map", f, t, "--firer-side", "1", "--target-side", "2", "--json"]);
    const los = nf.losGrid(grid, { firer: at(...f.split(",").map(Number)), target: at(...t.split(",").map(Number)), firerSide: 1, targetSide: 2 });
    assert.equal(los.clear, native.clear, `${f} -> ${t}`);
    assert.equal(nf.hexEnumName(nf.HexEnumId.LOS_RULE, los.rule), native.rule, `${f} -> ${t}`);
  }
  const view = nf.fieldOfView(grid, 64, { firer: at(5, 0), firerSide: 1, targetSide: 2 });
  const native = runCli(["los", "--fov", "--json", "--radius", "64", "--firer-side", "1", "--target-side", "2", "examples/maps/ridge.map", "5,0"]);
  const counts = {};
  for (const v of view) if (v !== nf.CONSTANTS.FOV_NOT_ASKED) counts[nf.hexEnumName(nf.HexEnumId.LOS_RULE, v)] = (counts[nf.hexEnumName(nf.HexEnumId.LOS_RULE, v)] || 0) + 1;
  for (const [k, n] of Object.entries(native.counts)) assert.equal(counts[k] || 0, n, k);
  assert.equal(nf.hexDistance(at(0, 0), at(9, 6)), native.counts ? nf.traceSteps(at(0, 0), at(9, 6)).at(-1).fromStart : 0);
  // Every hex of a field of view has the rule its own line of sight gets (H-LOS, H-ELV).
  let compared = 0;
  for (const [fc, fr, formation, facing] of [[5, 0, nf.HexFormation.SQUARE, 0], [1, 3, nf.HexFormation.SQUARE, 0],
    [9, 6, nf.HexFormation.LINE, 5], [0, 0, nf.HexFormation.COLUMN, 2]]) {
    const q = { firer: at(fc, fr), frontMask: nf.hexFacing(formation, facing).front, firerSide: 1, targetSide: 2 };
    for (const radius of [2, 12]) {
      const fov = nf.fieldOfView(grid, radius, q);
      for (let i = 0; i < c * r; i++) {
        const col = i % c, row = Math.floor(i / c);
        const los = col === fc && row === fr ? null : nf.losGrid(grid, { ...q, target: at(col, row) });
        assert.equal(fov[i], los && los.distance <= radius ? los.rule : nf.CONSTANTS.FOV_NOT_ASKED, `${fc},${fr} r${radius} -> ${col},${row}`);
        compared++;
      }
    }
  }
  assert.equal(compared, 8 * c * r);
  assert.throws(() => nf.fieldOfView(grid, 0, { firer: at(5, 0) }), (e) => e instanceof nf.DomainError && e.parameter === "radius");
  assert.throws(() => nf.losGrid({ ...grid, cells: cells.slice(1) }, { firer: at(0, 0), target: at(1, 1) }), TypeError);
  assert.deepEqual(nf.hexFacing(nf.HexFormation.LINE, 1).front > 0, true);
  assert.throws(() => nf.hexFacing(nf.HexFormation.LINE, 0), nf.DomainError);
});

test("TypeScript declarations name every enumeration and class of the module", () => {
  const dts = readFileSync(path.join(pkg, "napfire.d.ts"), "utf8");
  for (const name of Object.keys(nf)) {
    assert.ok(new RegExp(`export declare (const|class|function) ${name}\\b|export default`).test(dts) || name === "default",
      `${name} is not declared in napfire.d.ts`);
  }
});

// Footprints as the library's tests draw them: facing +y (up) or -y (down).
const up = (x, y, w, d) => ({ corners: [[x, y + d], [x + w, y + d], [x + w, y], [x, y]] });
const down = (x, y, w, d) => ({ corners: [[x + w, y], [x, y], [x, y + d], [x + w, y + d]] });

test("the table measure: F-EX-1 from footprints, each fact with its decider and rule (F-GEO-3, F-GEO-13)", () => {
  const shot = fex1();
  shot.set("distance", 999);
  const facts = shot.measure({ firer: up(-100, -20, 200, 20), target: down(-40, 150, 80, 60) });
  assert.deepEqual(facts.map((f) => f.name), ["distance", "enfilade", "screen", "screenDistance"]);
  assert.equal(facts[0].value, 150);
  assert.equal(facts[0].deciderName, "TARGET");
  assert.match(facts[0].ruleId, /^F-GEO-3/);
  assert.equal(shot.get("distance"), 150);
  assert.equal(shot.resolve(8, { halfDie: 6 }).casualties, 3);
});

test("the table measure: an artillery firer gets every fact; refusals change nothing", () => {
  const battery = new nf.Unit(nf.Arm.FOOT_ARTILLERY, { gun: nf.Gun.P9, figures: 6 });
  const shot = new nf.Shot(battery, new nf.Unit(nf.Arm.LINE_INFANTRY), { distance: 77 });
  const scene = { firer: up(-20, -20, 40, 20), target: down(-50, 100, 100, 60), friends: [up(200, 40, 60, 20)] };
  const facts = shot.measure(scene);
  assert.equal(facts.length, 14);
  assert.equal(facts.find((f) => f.name === "friendInArc").value, 0);
  const before = shot.storage();
  // Counter-clockwise corners: not a footprint (F-GEO-2), refused by the library.
  assert.throws(() => shot.measure({ ...scene, target: { corners: [...scene.target.corners].reverse() } }), nf.DomainError);
  assert.throws(() => shot.measure({ ...scene, firer: { corners: [[0, 0]] } }), TypeError);
  assert.throws(() => shot.measure({ ...scene, target: up(0, 300000, 10, 10) }), (e) => e instanceof nf.DomainError &&
    e.parameter === "scene.target.corners[0].y" && e.allowed === "-262144..262144");
  assert.throws(() => shot.measure({ ...scene, wood: [] }), TypeError);
  assert.deepEqual(shot.storage(), before);
});

// Hostile footprints, each class its own case (F-GEO-1, F-GEO-2): the
// library refuses the geometry (DomainError, EDOMAIN, naming the call),
// the package refuses what is not an integer in range before WebAssembly
// (parameter, value, allowed); the shot unchanged either way.
const MAX = 262144;
const LINE = up(-100, -20, 200, 20), COLUMN = down(-40, 150, 80, 60);
const byLibrary = (e) => e instanceof nf.DomainError && e.code === "EDOMAIN" &&
  e.function === "napfire_shot_measure" && /EDOMAIN/.test(e.message);
const shifted = (fp, dx, dy) => ({ corners: fp.corners.map(([x, y]) => [x + dx, y + dy]) });
const HOSTILE = [
  ["concave (rear-left inside the other three)", { corners: [[-100, 0], [100, 0], [100, -20], [50, -5]] }, COLUMN],
  ["self-crossing (a bow tie)", { corners: [[-100, 0], [100, 0], [-100, -20], [100, -20]] }, COLUMN],
  ["counter-clockwise", { corners: [...LINE.corners].reverse() }, COLUMN],
  ["zero area (corners on one line)", { corners: [[-100, 0], [0, 0], [100, 0], [200, 0]] }, COLUMN],
  ["zero area (one point)", { corners: [[5, 5], [5, 5], [5, 5], [5, 5]] }, COLUMN],
  ["the firer its own target", LINE, LINE],
  ["firer and target overlapping", LINE, down(-40, -10, 80, 60)],
];
for (const [what, firer, target] of HOSTILE) {
  test(`the table measure refuses a hostile scene: ${what}`, () => {
    const shot = fex1();
    const before = shot.storage();
    assert.throws(() => shot.measure({ firer, target }), byLibrary);
    if (target === COLUMN) {
      assert.throws(() => shot.measure({ firer: LINE, target: COLUMN, friends: [firer] }), byLibrary);
      assert.throws(() => shot.measure({ firer: LINE, target: COLUMN, others: [firer] }), byLibrary);
    }
    assert.deepEqual(shot.storage(), before);
  });
}

test("the table measure at the bound 2^18: accepted there, refused 1 past it (F-GEO-1)", () => {
  // F-EX-1's scene in the table's corner, x = 2^18 and y = -2^18 reached.
  const firer = shifted(LINE, MAX - 100, -MAX + 20), target = shifted(COLUMN, MAX - 100, -MAX + 20);
  assert.ok(firer.corners.some(([x]) => x === MAX) && firer.corners.some(([, y]) => y === -MAX));
  const shot = fex1();
  assert.equal(shot.measure({ firer, target })[0].value, 150);
  const before = shot.storage();
  for (const [dx, dy, param, value] of [[1, 0, "scene.firer.corners[1].x", MAX + 1],
    [0, -1, "scene.firer.corners[2].y", -MAX - 1]]) {
    assert.throws(() => shot.measure({ firer: shifted(firer, dx, dy), target: shifted(target, dx, dy) }),
      (e) => e instanceof nf.DomainError && e.parameter === param && e.value === value && e.allowed === `-${MAX}..${MAX}`);
  }
  assert.deepEqual(shot.storage(), before);
});

test("the table measure: a unit in a wood (a friend over the firer, the wood over the target) is accepted", () => {
  const shot = fex1();
  const facts = shot.measure({ firer: LINE, target: COLUMN, friends: [up(-150, -10, 100, 20)], others: [up(-60, 140, 120, 80)] });
  assert.equal(facts[0].value, 150);
  assert.equal(shot.get("distance"), 150);
});

test("the table measure: strings, floats, NaN and null are refused before WebAssembly, naming the corner", () => {
  const shot = fex1();
  const before = shot.storage();
  for (const bad of ["7", 2.5, NaN, null, Infinity, 2 ** 53]) {
    const firer = { corners: [[-100, 0], [bad, 0], [100, -20], [-100, -20]] };
    assert.throws(() => shot.measure({ firer, target: COLUMN }), (e) =>
      (e instanceof TypeError || e instanceof nf.DomainError) && e.parameter === "scene.firer.corners[1].x" &&
      Object.is(e.value, bad), String(bad));
  }
  assert.throws(() => shot.measure({ firer: LINE, target: { ...COLUMN, level: 0.5 } }), TypeError);
  assert.throws(() => shot.measure({ firer: LINE, target: null }), TypeError);
  assert.throws(() => shot.measure({ firer: LINE, target: "COLUMN" }), TypeError);
  assert.throws(() => shot.measure({ firer: LINE, target: COLUMN, others: up(0, 0, 1, 1) }), TypeError);
  assert.throws(() => shot.measure(null), TypeError);
  assert.deepEqual(shot.storage(), before);
});

// A refusal: the error class, the parameter it names, and nothing changed.
const refused = (cls, parameter) => (e) => e instanceof cls && e.parameter === parameter;

test("F-CAS-2/3: roundHalf as the Python binding's, and as resolve rounds F-EX-1", () => {
  for (const [args, want] of [[[4, 0], 2], [[5, 6], 3], [[5, 4], 3], [[5, 3], 2], [[5, 1], 2], [[5, 6, true], 2],
    [[1, 0, true], 0], [[0, 0], 0], [[2 * nf.CONSTANTS.MAX_FIGURES, 0], nf.CONSTANTS.MAX_FIGURES]]) {
    assert.equal(nf.roundHalf(...args), want, String(args));
  }
  const r = fex1().resolve(8, { halfDie: 6, rules: nf.Rules.fromText(synthetic) });
  assert.equal(nf.roundHalf(r.halves, 6), r.casualties);
  assert.throws(() => nf.roundHalf(5, 0), (e) => e instanceof nf.InvalidArgumentError && e.parameter === "halfDie" &&
    e.code === "EINVAL" && e.allowed === "1..6");
  assert.throws(() => nf.roundHalf(-1, 0), refused(nf.DomainError, "halves"));
  assert.throws(() => nf.roundHalf(2 * nf.CONSTANTS.MAX_FIGURES + 1, 0), refused(nf.DomainError, "halves"));
  assert.throws(() => nf.roundHalf(5, 7), refused(nf.DomainError, "halfDie"));
  assert.throws(() => nf.roundHalf(5, 6, 2), refused(nf.DomainError, "secondClass"));
  assert.throws(() => nf.roundHalf("5", 6), TypeError);
});

// The built-in data as tests/python/test_rules.py reads it (F-DATA, F-TAB, F-RNG, F-MOD).
test("rules data getters: the built-in values, as the Python binding reads them", () => {
  const r = new nf.Rules();
  assert.deepEqual(r.getMusketry(3, 5), { halves: 10, star: false });
  assert.deepEqual(r.getMusketry(0, 4), { halves: 1, star: false });
  assert.equal(r.getMusketry(4, 8), null);
  // The cell F-EX-1 reads (row 4, modified roll 11-12) is the one resolve reports.
  assert.equal(fex1().resolve(8, { halfDie: 6 }).tableHalves, r.getMusketry(3, 5).halves);
  assert.deepEqual(r.getRange(nf.Weapon.MUSKET, nf.Measure.METRIC), { effectiveMax: 100, longMax: 200 });
  assert.deepEqual(r.getRange(nf.Weapon.RIFLE, nf.Measure.IMPERIAL), { effectiveMax: 70, longMax: 140 });
  assert.deepEqual(r.getRange(nf.Weapon.SHARPSHOOTER, nf.Measure.METRIC), { effectiveMax: 280, longMax: 280 });
  for (const gun of Object.values(nf.Gun)) {
    assert.deepEqual(r.getGunRange(gun, nf.Measure.METRIC), { canisterMax: null, effectiveMax: null, longMax: null });
    assert.equal(r.getArtillery(gun, nf.Ammo.ROUNDSHOT, nf.Band.LONG, 4), null);
  }
  const M = nf.ModifierId;
  assert.equal(r.getModifier(nf.Fire.MUSKETRY, M.COLUMN, 1), 2);
  assert.equal(r.getModifier(nf.Fire.MUSKETRY, M.COVER, 1), -1);
  assert.equal(r.getModifier(nf.Fire.MUSKETRY, M.DISORDERED), -4);
  assert.equal(r.getModifier(nf.Fire.ARTILLERY, M.MOVED_HALF), null);
  const T = nf.Threshold;
  assert.equal(r.getThreshold(T.SCREEN), 50);
  assert.equal(r.getThreshold(T.SCREEN, nf.Measure.IMPERIAL), 30);
  assert.equal(r.getThreshold(T.OVERHEAD_CLEARANCE, nf.Measure.IMPERIAL), 60);
  assert.equal(r.getThreshold(T.STAR_FIGURES), 48);
  assert.deepEqual([T.ROW_2, T.ROW_3, T.ROW_4, T.ROW_5].map((t) => r.getThreshold(t)), [12, 20, 28, 36]);
  assert.equal(r.getThreshold(T.GUARD_CAP), 2);
  assert.throws(() => r.getMusketry(5, 0), refused(nf.DomainError, "rowIndex"));
  assert.throws(() => r.getArtillery(nf.Gun.P9, nf.Ammo.ROUNDSHOT, nf.Band.NONE, 0), refused(nf.DomainError, "band"));
  assert.throws(() => r.getThreshold(99), refused(nf.DomainError, "threshold"));
});

test("rules data setters: set/get round trips, kept by the rules text", () => {
  const r = new nf.Rules();
  assert.equal(r.setMusketry(4, 8, 14, true), r);
  assert.deepEqual(r.getMusketry(4, 8), { halves: 14, star: true });
  r.setMusketry(3, 5, null);
  assert.equal(r.getMusketry(3, 5), null);
  r.setRange(nf.Weapon.MUSKET, nf.Measure.METRIC, 120, 240).setRange(nf.Weapon.RIFLE, nf.Measure.IMPERIAL, null, null);
  assert.deepEqual(r.getRange(nf.Weapon.MUSKET, nf.Measure.METRIC), { effectiveMax: 120, longMax: 240 });
  assert.deepEqual(r.getRange(nf.Weapon.RIFLE, nf.Measure.IMPERIAL), { effectiveMax: null, longMax: null });
  r.setGunRange(nf.Gun.P9, nf.Measure.METRIC, 150, 500, 1000);
  assert.deepEqual(r.getGunRange(nf.Gun.P9, nf.Measure.METRIC), { canisterMax: 150, effectiveMax: 500, longMax: 1000 });
  r.setGunRange(nf.Gun.P9, nf.Measure.METRIC, 150, null, 1000);
  assert.deepEqual(r.getGunRange(nf.Gun.P9, nf.Measure.METRIC), { canisterMax: 150, effectiveMax: null, longMax: 1000 });
  r.setArtillery(nf.Gun.P9, nf.Ammo.ROUNDSHOT, nf.Band.LONG, 4, 3).setArtillery(nf.Gun.P9, nf.Ammo.CANISTER, nf.Band.LONG, 4, null);
  assert.equal(r.getArtillery(nf.Gun.P9, nf.Ammo.ROUNDSHOT, nf.Band.LONG, 4), 3);
  r.setModifier(nf.Fire.ARTILLERY, nf.ModifierId.MOVED_HALF, -1).setModifier(nf.Fire.MUSKETRY, nf.ModifierId.COVER, null, 1);
  assert.equal(r.getModifier(nf.Fire.ARTILLERY, nf.ModifierId.MOVED_HALF), -1);
  assert.equal(r.getModifier(nf.Fire.MUSKETRY, nf.ModifierId.COVER, 1), null);
  r.setThreshold(nf.Threshold.ROW_5, nf.Measure.METRIC, 40).setThreshold(nf.Threshold.SCREEN, nf.Measure.IMPERIAL, null);
  assert.equal(r.getThreshold(nf.Threshold.ROW_5), 40);
  assert.equal(r.getThreshold(nf.Threshold.SCREEN, nf.Measure.IMPERIAL), null);
  r.setProvenance(nf.Provenance.NAME, "Régiment house rules").setProvenance(nf.Provenance.EDITION, "x".repeat(31));
  assert.equal(r.provenance(nf.Provenance.NAME), "Régiment house rules");
  // The same data through the rules text and back.
  const back = nf.Rules.fromText(r.format());
  assert.deepEqual(back.getMusketry(4, 8), { halves: 14, star: true });
  assert.deepEqual(back.getGunRange(nf.Gun.P9, nf.Measure.METRIC), r.getGunRange(nf.Gun.P9, nf.Measure.METRIC));
  assert.equal(back.getArtillery(nf.Gun.P9, nf.Ammo.ROUNDSHOT, nf.Band.LONG, 4), 3);
  assert.equal(back.getThreshold(nf.Threshold.ROW_5), 40);
  assert.equal(back.provenance(nf.Provenance.NAME), "Régiment house rules");
});

test("rules data setters: an out-of-range value is refused, naming it, and the rules stay as they were", () => {
  const r = nf.Rules.fromText(synthetic);
  const before = r.storage();
  const F = nf.Fire, M = nf.ModifierId, T = nf.Threshold, MET = nf.Measure.METRIC;
  const cases = [
    [() => r.setMusketry(5, 0, 2), nf.DomainError, "rowIndex"], [() => r.setMusketry(0, 9, 2), nf.DomainError, "columnIndex"],
    [() => r.setMusketry(0, 0, nf.CONSTANTS.MAX_CELL_HALVES + 1), nf.DomainError, "halves"],
    [() => r.setMusketry(0, 0, -1), nf.DomainError, "halves"], [() => r.setMusketry(0, 0, 3, true), nf.DomainError, "star"],
    [() => r.setMusketry(0, 0, 2, 2), nf.DomainError, "star"], [() => r.setMusketry(0, 0, "2"), TypeError, "halves"],
    [() => r.setMusketry(0, 0, undefined), TypeError, "halves"],
    [() => r.setRange(nf.Weapon.MUSKET, MET, 200, 100), nf.DomainError, "longMax"],
    [() => r.setRange(3, MET, 100, 200), nf.DomainError, "weapon"], [() => r.setRange(nf.Weapon.MUSKET, 2, 100, 200), nf.DomainError, "measure"],
    [() => r.setGunRange(nf.Gun.P9, MET, 500, 150, null), nf.DomainError, "effectiveMax"],
    [() => r.setGunRange(nf.Gun.P9, MET, 150, null, nf.CONSTANTS.MAX_DISTANCE + 1), nf.DomainError, "longMax"],
    [() => r.setArtillery(nf.Gun.P9, nf.Ammo.CANISTER, nf.Band.LONG, 0, 2), nf.DomainError, "halves"],
    [() => r.setArtillery(nf.Gun.P9, nf.Ammo.ROUNDSHOT, nf.Band.NONE, 0, 2), nf.DomainError, "band"],
    [() => r.setArtillery(nf.Gun.P9, nf.Ammo.ROUNDSHOT, nf.Band.LONG, 9, 2), nf.DomainError, "columnIndex"],
    [() => r.setModifier(F.MUSKETRY, M.GUARD, nf.CONSTANTS.MAX_MODIFIER + 1), nf.DomainError, "value"],
    [() => r.setModifier(F.MUSKETRY, M.GUARD, 1, 2), nf.DomainError, "variant"],
    [() => r.setModifier(F.ARTILLERY, M.GUARD, 1), nf.DomainError, "id"],
    [() => r.setThreshold(T.ROW_2, MET, 30), nf.DomainError, "value"],
    [() => r.setThreshold(T.ROW_2, MET, 0), nf.DomainError, "value"],
    [() => r.setThreshold(T.GUARD_CAP, MET, nf.CONSTANTS.MAX_MODIFIER + 1), nf.DomainError, "value"],
    [() => r.setThreshold(T.SCREEN, MET, nf.CONSTANTS.MAX_DISTANCE + 1), nf.DomainError, "value"],
    [() => r.setProvenance(nf.Provenance.EDITION, "x".repeat(32)), nf.DomainError, "text"],
    [() => r.setProvenance(nf.Provenance.NAME, "a\tb"), nf.DomainError, "text"],
    [() => r.setProvenance(nf.Provenance.NAME, "a\ud800"), nf.DomainError, "text"],
    [() => r.setProvenance(9, "x"), nf.DomainError, "field"],
  ];
  for (const [call, cls, parameter] of cases) assert.throws(call, refused(cls, parameter), call.toString());
  assert.throws(() => r.setProvenance(nf.Provenance.NAME, 7), TypeError);
  // Both sides of the thresholds: the bounds themselves are taken (on a copy).
  const c = r.copy().setThreshold(T.GUARD_CAP, MET, nf.CONSTANTS.MAX_MODIFIER).setMusketry(0, 0, nf.CONSTANTS.MAX_CELL_HALVES)
    .setProvenance(nf.Provenance.EDITION, "x".repeat(31));
  assert.equal(c.getThreshold(T.GUARD_CAP), nf.CONSTANTS.MAX_MODIFIER);
  assert.deepEqual(r.storage(), before);
});

test("unknownData: the data still unknown, as the Python binding counts them; each one describes itself", () => {
  const found = nf.unknownData();
  assert.equal(found.length, 251);
  assert.deepEqual(new nf.Rules().unknownData(), found);
  const first = found[0];
  assert.equal(nf.missingDescribe(first.missing, first.index, nf.DescribeStyle.PATCH).split("?").length, 2);
  const cells = found.filter((d) => d.missing === nf.Missing.MUSKETRY_CELL);
  const r = new nf.Rules().setMusketry(cells[0].index[0], cells[0].index[1], 4);
  assert.equal(r.unknownData().length, 250);
  assert.equal(nf.unknownData(nf.Rules.fromText(synthetic)).filter((d) => d.missing === nf.Missing.MUSKETRY_CELL).length, 0);
  assert.throws(() => nf.unknownData({}), TypeError);
});

test("resolveIndexedDice: the same statuses, results and dice as resolveManyDice over the indexed shots", () => {
  const rules = nf.Rules.fromText(synthetic);
  const far = fex1().set("distance", 190), shots = [fex1(), far];
  const index = [0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 0, 1];
  const d = new nf.Dice(2024, 3), e = d.copy();
  const got = nf.resolveIndexedDice(shots, index, d, { rules, results: true });
  const want = nf.resolveManyDice(index.map((i) => shots[i]), e, { rules });
  assert.deepEqual(Array.from(got.statuses), want.map((x) => x.status));
  assert.deepEqual(got.results, want.map((x) => x.result));
  assert.deepEqual(Array.from(got.casualties), want.map((x) => (x.status === 0 ? x.result.casualties : 0)));
  assert.ok(got.casualties.some((c) => c > 0));
  assert.equal(d.nextRaw(), e.nextRaw());
  const typed = nf.resolveIndexedDice(shots, Uint32Array.from(index), new nf.Dice(2024, 3), { rules });
  assert.deepEqual(typed.statuses, got.statuses);
  assert.equal(typed.results, undefined);
  // Unknown data is a trial's own status.
  assert.ok(Array.from(nf.resolveIndexedDice(shots, index, new nf.Dice(1)).statuses).includes(nf.Status.EUNKNOWN));
  const before = d.copy();
  assert.throws(() => nf.resolveIndexedDice(shots, [0, 2], d), (e) => e instanceof nf.DomainError && e.parameter === "index[1]" &&
    e.value === 2 && e.allowed === "0..1");
  assert.throws(() => nf.resolveIndexedDice(shots, [0, -1], d), refused(nf.DomainError, "index[1]"));
  assert.throws(() => nf.resolveIndexedDice(shots, [0.5], d), refused(TypeError, "index[0]"));
  assert.throws(() => nf.resolveIndexedDice(shots, "01", d), TypeError);
  assert.throws(() => nf.resolveIndexedDice(shots, [0], {}), TypeError);
  assert.throws(() => nf.resolveIndexedDice(shots, [0], d, { result: true }), TypeError);
  assert.throws(() => nf.resolveIndexedDice([fex1(), {}], [0], d), TypeError);
  assert.equal(d.nextRaw(), before.nextRaw());
});

// tests/hex/test_fire.c's values (H-FIRE-1..5).
test("H-FIRE: fire values and ranges as the C tests pin them; a bad fact is refused by name", () => {
  const H = nf.HexFormation;
  const value = (formation, increments, hexes, multiple, more = {}) => nf.hexFireValue({ formation, increments, hexes, multiple, ...more });
  assert.equal(value(H.LINE, 10, 2, 3), 24);
  assert.equal(value(H.LINE, 10, 1, 3), 12);
  assert.equal(value(H.LINE, 5, 2, 3), 15);
  assert.equal(value(H.LINE, 9, 2, 2), 16);
  assert.equal(value(H.LINE, 3, 1, 3), 9);
  assert.equal(value(H.LINE, 999, 2, 999), 8 * 999);
  assert.equal(value(H.TIRAILLEUR, 4, 1, 2), 6);
  assert.equal(value(H.TIRAILLEUR, 2, 1, 2), 4);
  assert.equal(value(H.TIRAILLEUR, 7, 2, 1), 6);
  assert.equal(value(H.COLUMN, 12, 1, 3, { printedValue: 7 }), 7);
  assert.equal(value(H.COLUMN, 12, 1, 3, { printedValue: 7, stackPosition: 1 }), 0);
  assert.deepEqual([nf.hexFireRange(H.LINE), nf.hexFireRange(H.COLUMN, 5), nf.hexFireRange(H.SQUARE),
    nf.hexFireRange(H.TIRAILLEUR), nf.hexFireRange(H.TIRAILLEUR, 3), nf.hexFireRange(H.TIRAILLEUR, 1)], [1, 1, 1, 2, 3, 1]);
  assert.equal(nf.hexFireRange(H.TIRAILLEUR), nf.CONSTANTS.HEX_TIRAILLEUR_RANGE);
  const cases = [
    [() => value(H.LINE, 4, 2, 3), nf.DomainError, "fire.hexes"], [() => value(H.LINE, 10, 0, 3), nf.DomainError, "fire.hexes"],
    [() => value(H.TIRAILLEUR, 2, 3, 3), nf.DomainError, "fire.hexes"], [() => value(H.COLUMN, 0, 2, 0), nf.DomainError, "fire.hexes"],
    [() => value(H.LINE, 10, 2, 3, { stackPosition: 1 }), nf.DomainError, "fire.stackPosition"],
    [() => value(H.ARTILLERY, 10, 1, 3), nf.DomainError, "fire.formation"], [() => value(H.SQUARE, 10, 1, 3), nf.DomainError, "fire.formation"],
    [() => value(5, 10, 1, 3), nf.DomainError, "fire.formation"], [() => value(H.LINE, -1, 1, 3), nf.DomainError, "fire.increments"],
    [() => value(H.LINE, 1000, 1, 3), nf.DomainError, "fire.increments"], [() => value(H.LINE, 10, 1, 1000), nf.DomainError, "fire.multiple"],
    [() => value(H.COLUMN, 0, 1, 0, { printedValue: -1 }), nf.DomainError, "fire.printedValue"],
    [() => value(H.LINE, 10, 1, "3"), TypeError, "fire.multiple"], [() => nf.hexFireValue({ formation: H.LINE }), TypeError, "fire.hexes"],
    [() => nf.hexFireRange(H.ARTILLERY), nf.DomainError, "formation"], [() => nf.hexFireRange(-1), nf.DomainError, "formation"],
    [() => nf.hexFireRange(H.TIRAILLEUR, -1), nf.DomainError, "tirailleurRange"],
    [() => nf.hexFireRange(H.LINE, nf.CONSTANTS.HEX_FIRE_MAX + 1), nf.DomainError, "tirailleurRange"],
  ];
  for (const [call, cls, parameter] of cases) assert.throws(call, refused(cls, parameter), call.toString());
  assert.throws(() => nf.hexFireValue({ formation: H.LINE, hexes: 1, reserved: [0, 0] }), TypeError);
  assert.throws(() => nf.hexFireValue(null), TypeError);
});

// tests/hex/test_grid.c's directions and vertices (H-HEX-2).
test("H-HEX-2: directions, neighbours, hexsides and vertices as the C tests pin them", () => {
  const want = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
  const c = { q: 10, r: -4 };
  want.forEach(([q, r], d) => {
    assert.deepEqual(nf.hexDirection(d), { q, r });
    const n = nf.hexNeighbour(c, d);
    assert.deepEqual(n, { q: 10 + q, r: -4 + r });
    assert.equal(nf.hexSideTowards(c, n), d);
    assert.equal(nf.hexSideTowards(n, c), (d + 3) % 6);
  });
  const h = { q: -3, r: 8 };
  for (let v = 0; v < 6; v++) {
    const [a, b] = nf.hexVertexHexes(h, v);
    assert.deepEqual([a, b], [nf.hexNeighbour(h, v), nf.hexNeighbour(h, (v + 1) % 6)]);
    assert.equal(nf.hexDistance(a, b), 1);
  }
  const M = nf.CONSTANTS.HEX_COORD_MAX;
  assert.deepEqual(nf.hexNeighbour({ q: M, r: 0 }, 4), { q: M - 1, r: 1 });
  assert.throws(() => nf.hexNeighbour({ q: M, r: 0 }, 0), (e) => e instanceof nf.DomainError && e.parameter === "h" &&
    e.function === "napfire_hex_neighbour");
  assert.throws(() => nf.hexVertexHexes({ q: M, r: 0 }, 0), refused(nf.DomainError, "h"));
  assert.throws(() => nf.hexSideTowards({ q: 0, r: 0 }, { q: 2, r: 0 }), refused(nf.DomainError, "b"));
  assert.throws(() => nf.hexSideTowards({ q: 0, r: 0 }, { q: 0, r: 0 }), refused(nf.DomainError, "b"));
  for (const d of [-1, 6]) {
    assert.throws(() => nf.hexDirection(d), refused(nf.DomainError, "direction"));
    assert.throws(() => nf.hexNeighbour(c, d), refused(nf.DomainError, "direction"));
    assert.throws(() => nf.hexVertexHexes(c, d), refused(nf.DomainError, "vertex"));
  }
  assert.throws(() => nf.hexDirection(1.5), TypeError);
  assert.throws(() => nf.hexNeighbour({ q: M + 1, r: 0 }, 3), refused(nf.DomainError, "h.q"));
  assert.throws(() => nf.hexSideTowards({ q: 0 }, c), TypeError);
});
