// SPDX-License-Identifier: MIT
// The libnapfire playground. This file only moves form values into the
// WebAssembly build of the library (napfire_web.c) and shows its answers:
// every verdict, number, message and picture comes from the C code. A bad
// field gets the library's own message and the field's range beside it,
// and the last good answer stays on screen marked as stale.
"use strict";

const NAPFIRE = {
  OK: 0, EINVAL: -1, EDOMAIN: -2, EUNKNOWN: -5, ESYNTAX: -6,
  // ::napfire_enum
  ENUM_ARM: 0, ENUM_FORMATION: 3, ENUM_MEASURE: 7,
  // ::napfire_unit_param and ::napfire_shot_param
  UNIT: { nation: 2, class: 3, formation: 4, figures: 5, weapon: 6, gun: 7, cover: 8, moved: 9,
          disordered: 10, fired_last_turn: 11, fired_this_turn: 12, second_class: 13 },
  SHOT: { measure: 101, distance: 102, enfilade: 103, screen: 105, screen_distance: 106, ammo: 107,
          extra: 108 },
  ARTILLERY_ARMS: [3, 4], INFANTRY_ARMS: [0, 1], FORMATION_LINE: 0, FORMATION_UNLIMBERED: 9,
  // napfire_web.c's fields that are no library parameter (nfw_bounds)
  FIELD: { roll: 1001, half_die: 1002, elevation: 1003, side: 1004, grid: 1005, fov_radius: 1006 },
  FOV_NOT_ASKED: 255, // NAPFIRE_FOV_NOT_ASKED
};
// What each blocking rule means, beside its rule ID (::napfire_los_rule,
// ::napfire_los_elevation).
const LOS_WORDS = {
  FRONT_HEXSIDE: "the line leaves through no front hexside", TOWN: "a town in the way",
  TERRAIN: "woods or walls in the way", UNIT: "a unit in the way", SLOPE: "a slope in the way",
  GRAZING: "along a hexside, and one of its two hexes blocks",
  EQUAL: "firer and target at the same elevation", EQUIDISTANT: "the blocker is halfway",
  OTHER_HALF: "the blocker is on the half elevation does not clear",
  FRIEND_ADJACENT: "a friendly unit next to the target",
};
// The rule of each modifier id (::napfire_modifier_id), as the CLI prints it.
const MOD_RULE = ["", "F-MOD-1", "F-MOD-2", "F-MOD-3", "F-MOD-4", "F-MOD-5", "F-MOD-6", "F-MOD-7",
  "F-MOD-8", "F-MOD-9", "F-MOD-10", "F-MOD-11", "F-MOD-12", "F-MOD-13", "F-MOD-14", "F-MOD-15",
  "F-MOD-16", "F-MOD-G", "F-MOD-E", "F-ART-3"];

// Why the rules forbid a shot (::napfire_reason), in plain words with the
// rule; the reason's own name is shown beside them.
const REASON_WORDS = {
  NOT_COVERED: "cavalry and skirmish-order fire is not covered by the tables (F-TAB-6)",
  NO_FIGURES: "the firer has no figures or guns", ALREADY_FIRED: "the battery fired this turn already (F-ART-2)",
  LIMBERED: "limbered artillery cannot fire (F-ART-3)", MOVED_TOO_FAR: "moved more than half its move (F-ART-3)",
  UNLIMBERED_THIS_TURN: "foot artillery unlimbered this turn (F-ART-3)",
  OUT_OF_RANGE: "out of range (F-RNG)", SCREENED: "a skirmisher screen takes the fire (F-SCR-2)",
  CANISTER_BEYOND_RANGE: "canister beyond canister range (F-ART-1)",
  FRIEND_IN_ARC: "canister with a friend in the arc (F-ART-4)",
  FRIEND_SCREENS_LONG_RANGE: "friends near the target or battery at long range (F-ART-5)",
  PENETRATION: "roundshot would pass into friends (F-ART-6)",
  OVERHEAD_NOT_HIGHER: "overhead fire not from higher ground (F-ART-7)",
  OVERHEAD_TOO_CLOSE: "overhead friends too close (F-ART-7)", OVERHEAD_CANISTER: "overhead fire with canister (F-ART-7)",
};
const reasonText = (name) => `${REASON_WORDS[name] || words(name)} [${name}]`;

let W = null; // the WebAssembly exports
const dec = new TextDecoder();
const $ = (sel, root) => (root || document).querySelector(sel);
const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

function cstr(ptr) {
  const b = new Uint8Array(W.memory.buffer);
  let end = ptr;
  while (b[end] !== 0) end++;
  return dec.decode(b.subarray(ptr, end));
}
const outJson = () => JSON.parse(dec.decode(new Uint8Array(W.memory.buffer, W.nfw_out(), W.nfw_out_len())));
// The "field" a refusal names in nfw_out, if any.
const outField = () => { try { return outJson().field; } catch { return undefined; } };
const outSvg = () => dec.decode(new Uint8Array(W.memory.buffer, W.nfw_svg(), W.nfw_svg_len()));
const message = (st) => `${cstr(W.nfw_strerror(st))} (${cstr(W.nfw_status_name(st))})`;
const enumName = (e, v) => cstr(W.nfw_enum_name(e, v));
const hexEnumName = (e, v) => cstr(W.nfw_hex_enum_name(e, v));
// A number field's value; NaN when empty (so that the library refuses it).
const num = (v) => (v === null || String(v).trim() === "" ? NaN : Number(v));
const words = (name) => name.toLowerCase().replace(/_/g, " ");
// A field's range from the library (nfw_bounds), as "lo..hi", the way the
// CLI and the Python package write it; scale divides both (distances in
// tenths of the unit shown).
function range(param, scale, unit) {
  if (W.nfw_bounds(param) !== NAPFIRE.OK) return "";
  const b = outJson(), sc = scale || 1;
  return `allowed: ${b.lo / sc}..${b.hi / sc}${unit ? " " + unit : ""}`;
}
// Mark an answer as no longer the input's (or as current again).
function setStale(id, stale) {
  $(`#${id}`).classList.toggle("stale", stale);
  $(`#${id}-stale`).hidden = !stale;
}
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

function halves(h) {
  if (h % 2 === 0) return String(h / 2);
  return h === 1 ? "½" : `${(h - 1) / 2}½`;
}

function fillSelect(sel, nameOf) {
  sel.textContent = "";
  for (let v = 0; v < 64; v++) {
    const name = nameOf(v);
    if (name === "unknown") continue;
    const o = document.createElement("option");
    o.value = String(v);
    o.textContent = words(name);
    sel.appendChild(o);
  }
}

// ---------------------------------------------------------------------
// Fire calculator

function fireErrors(clear) {
  for (const p of $$("#fire-form .error")) if (p.id !== "err-rules" || clear === "all") p.textContent = "";
}
// The range of each number field (a ::napfire_unit_param, a
// ::napfire_shot_param or a napfire_web.c field), shown beside a refusal.
function fieldRange(field) {
  const imperial = $("#unit").value === "in", unit = imperial ? "in" : "cm";
  const ranges = {
    figures: () => range(NAPFIRE.UNIT.figures), target_figures: () => range(NAPFIRE.UNIT.figures),
    distance: () => range(NAPFIRE.SHOT.distance, 10, unit), screen: () => range(NAPFIRE.SHOT.screen_distance, 10, unit),
    extra: () => range(NAPFIRE.SHOT.extra), roll: () => range(NAPFIRE.FIELD.roll),
    half_die: () => `${range(NAPFIRE.FIELD.half_die)} (0: not rolled yet)`,
  };
  return ranges[field] ? ranges[field]() : "";
}
// The refusal beside a field names the field, its value, the library's
// message and what is allowed.
function fireError(field, st, extra) {
  const p = $(`#fire-form [data-err="${field}"]`), el = $(`#fire-form [name="${field}"]`);
  const value = !el ? "" : el.tagName === "SELECT" ? el.options[el.selectedIndex].textContent : el.value.trim();
  const r = fieldRange(field);
  p.textContent = (el ? `${words(field)} ${value === "" ? "(empty)" : value}: ` : "") + message(st) +
    (extra ? `: ${extra}` : "") + (r ? ` (${r})` : "");
}

// A formation the arm refuses, in the words the CLI and the package use:
// both parts named, and the formations the library takes for that arm
// (asked of it, value by value, on the unit being built).
function notOpen(who) {
  const label = (name) => { const o = $(`[name=${name}]`); return o.options[o.selectedIndex].textContent; };
  const open = [...$("[name=formation]").options]
    .filter((o) => W.nfw_unit_set(who, NAPFIRE.UNIT.formation, Number(o.value)) === NAPFIRE.OK)
    .map((o) => o.textContent);
  return `formation ${label("formation")} is not open to ${label("arm")}` +
    (open.length ? `: give one of ${open.join(", ")}` : "");
}

// A distance field in the chosen unit to the library's units (mm or tenths
// of an inch); "" when empty. Text that is not a number is passed on as a
// value the library refuses, so that its own message is shown.
function distanceValue(text) {
  const t = text.trim();
  if (t === "") return "";
  return /^\d+(\.\d+)?$/.test(t) ? Math.round(parseFloat(t) * 10) : -2;
}

function computeFire() {
  const ok = computeFireInputs() === true;
  setStale("fire-results", !ok);
  return ok;
}

function computeFireInputs() {
  fireErrors();
  const f = new FormData($("#fire-form"));
  const arm = Number(f.get("arm")), tarm = Number(f.get("target_arm"));
  const artillery = NAPFIRE.ARTILLERY_ARMS.includes(arm), infantry = NAPFIRE.INFANTRY_ARMS.includes(arm);
  let st = W.nfw_fire_begin(arm, tarm);
  if (st) return fireError("arm", st);
  const sets = [[0, "nation"], [0, "class"], [0, "formation"], [0, "figures"], [0, "moved"],
    ...(artillery ? [[0, "gun"]] : infantry ? [[0, "weapon"]] : []),
    [1, "target_formation", "formation"], [1, "target_figures", "figures"], [1, "target_cover", "cover"]];
  for (const [who, field, param] of sets) {
    const value = num(f.get(field));
    st = W.nfw_unit_set(who, NAPFIRE.UNIT[param || field], Number.isInteger(value) ? value : -99999);
    if (st === NAPFIRE.EDOMAIN && field === "formation") return fireError(field, st, notOpen(who));
    if (st) return fireError(field, st);
  }
  for (const flag of ["disordered", "fired_last_turn", "fired_this_turn", "second_class"]) {
    if (!f.get(flag)) continue;
    st = W.nfw_unit_set(0, NAPFIRE.UNIT[flag], 1);
    if (st) return fireError("flags", st, words(flag));
  }
  st = W.nfw_shot_begin();
  if (st) return fireError("arm", st);
  const imperial = f.get("unit") === "in";
  W.nfw_shot_set(NAPFIRE.SHOT.measure, imperial ? 1 : 0);
  const distance = distanceValue(f.get("distance"));
  if (distance !== "") {
    st = W.nfw_shot_set(NAPFIRE.SHOT.distance, distance);
    if (st) return fireError("distance", st);
  }
  if (f.get("enfilade")) W.nfw_shot_set(NAPFIRE.SHOT.enfilade, 1);
  const screen = distanceValue(f.get("screen"));
  if (screen !== "") {
    st = W.nfw_shot_set(NAPFIRE.SHOT.screen, 1);
    if (!st) st = W.nfw_shot_set(NAPFIRE.SHOT.screen_distance, screen);
    if (st) return fireError("screen", st);
  }
  if (artillery) {
    st = W.nfw_shot_set(NAPFIRE.SHOT.ammo, Number(f.get("ammo")));
    if (st) return fireError("ammo", st);
  }
  const extra = num(f.get("extra"));
  st = W.nfw_shot_set(NAPFIRE.SHOT.extra, Number.isInteger(extra) ? extra : -99999);
  if (st) return fireError("extra", st);

  const roll = num(f.get("roll")), die = String(f.get("half_die")).trim() === "" ? 0 : num(f.get("half_die"));
  st = W.nfw_resolve(Number.isInteger(roll) ? roll : -1, Number.isInteger(die) ? die : -1);
  if (st !== NAPFIRE.OK && st !== NAPFIRE.EUNKNOWN) {
    if (st === NAPFIRE.EINVAL && distance === "") return fireError("distance", st, "no distance given");
    if (st === NAPFIRE.EDOMAIN) return fireError(roll >= 2 && roll <= 12 ? "half_die" : "roll", st);
    return fireError("distance", st);
  }
  showResult(outJson(), imperial);
  setTitle(f, imperial);
  st = W.nfw_odds();
  if (st === NAPFIRE.OK) {
    showOdds(outJson(), outSvg());
  } else {
    $("#odds-note").textContent = message(st);
  }
  return true;
}

let lastResult = null;
function showResult(r, imperial) {
  lastResult = r;
  const parts = [];
  const measure = imperial ? `${r.distance / 10} in` : `${r.distance / 10} cm`;
  const band = r.band !== "NONE" ? `${words(r.band)} range (F-RNG)`
    : r.reasons.includes("OUT_OF_RANGE") ? "out of range: no fire (F-RNG)" : "range band not determined";
  parts.push(`<p>Distance ${esc(measure)} → <span id="band">${esc(band)}</span></p>`);
  if (r.status === "OK" && !r.permitted) {
    parts.push(`<p class="verdict blocked" id="verdict">NO FIRE: ${esc(reasonText(r.reason))}</p>`);
    const also = r.reasons.filter((x) => x !== r.reason);
    if (also.length) parts.push(`<p>also: ${esc(also.map(reasonText).join("; "))}</p>`);
    $("#fire-result").innerHTML = parts.join("");
    return;
  }
  if (r.modifiers.length) {
    const rows = r.modifiers.map((m) => {
      const how = m.applied === 1 ? "applied" : m.applied === -1 ? "value UNKNOWN" : `suppressed by ${esc(m.suppressed_by)}`;
      return `<tr><td>${esc(words(m.id))}</td><td>${esc(MOD_RULE[m.number] || "")}</td><td>${m.applied === -1 ? "?" : (m.value >= 0 ? "+" : "") + m.value}</td><td>${how}</td></tr>`;
    });
    parts.push(`<table id="modifiers"><thead><tr><th>modifier</th><th>rule</th><th>value</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table>`);
  } else {
    parts.push("<p>No modifiers.</p>");
  }
  if (r.modifiers_status === "OK") parts.push(`<p>Net modifier <strong>${r.net_modifier >= 0 ? "+" : ""}${r.net_modifier}</strong></p>`);
  if (r.status === "EUNKNOWN") {
    parts.push(`<p class="verdict unknown" id="verdict">UNKNOWN RULES DATA: <span id="missing">${esc(r.missing_text)}</span></p>`);
    parts.push(`<p>The rules data never guesses. Add this line to your rules file, with a value for the <code>?</code>:<br><code id="missing-patch">${esc(r.missing_patch)}</code></p>`);
    $("#fire-result").innerHTML = parts.join("");
    return;
  }
  // The data's 0-based row_index and column_index, shown as the rulebook
  // numbers them: rows 1-5, columns by their modified-roll range.
  const sum = `Roll ${r.roll} ${r.net_modifier >= 0 ? "+" : "−"} ${Math.abs(r.net_modifier)} = ${r.modified_roll}`;
  if (r.column_index < 0) {
    parts.push(`<p>${sum} → below 1: no effect (F-TAB-3)</p>`);
  } else {
    parts.push(`<p id="table-line">${sum} → table row ${r.row_index + 1}, modified roll ${2 * r.column_index + 1}-${2 * r.column_index + 2}: <span id="cell">${halves(r.table_halves)}</span> figures (F-TAB)</p>`);
  }
  if (r.halves !== r.table_halves) parts.push(`<p>Long range: halved → ${halves(r.halves)} (F-CAS-1)</p>`);
  if (r.half_die_used) parts.push(`<p id="half-die-line">Half die ${r.half_die} → ${r.half_die >= 4 ? "a whole figure" : "dropped"} (F-CAS-3)</p>`);
  else if (r.half_pending) parts.push("<p id=\"half-die-line\">Half die: PENDING, roll 1D6 (F-CAS-4)</p>");
  else if (r.halves % 2) parts.push("<p id=\"half-die-line\">Half dropped: 2nd-class firers (F-CAS-2)</p>");
  const fig = (n) => `${n} figure${n === 1 ? "" : "s"}`;
  parts.push(`<p class="verdict" id="verdict"><strong id="casualties">${fig(r.casualties)}</strong>${r.half_pending ? " + ½ pending" : ""}` +
    ` lost: <span id="share">target ${r.target_casualties}, skirmisher screen ${r.screen_casualties}</span> (shared out by F-SCR)</p>`);
  $("#fire-result").innerHTML = parts.join("");
}

// An exact fraction of figures in words, as the SVG chart says it:
// "2 figures", "1.231 figures (exactly 133/108)".
function figuresFraction(num, den) {
  if (num % den === 0) return `${num / den} figure${num / den === 1 ? "" : "s"}`;
  return `${(num / den).toFixed(3)} figures (exactly ${num}/${den})`;
}

function showOdds(d, svg) {
  $("#odds-chart").innerHTML = svg;
  const note = [];
  if (!d.permitted) note.push(`No fire: ${reasonText(d.reason)}.`);
  else if (d.status === "OK") note.push(`Expected casualties: ${figuresFraction(d.expected[0], d.expected[1])}.`);
  if (d.unknown) note.push(`Rolls worth ${d.unknown}/216 need unknown rules data: ${d.missing_text}.`);
  // Both name the first unknown cell they need: the result for its own
  // roll, the odds for the lowest roll that needs one.
  const r = lastResult;
  if (d.unknown && r && r.status === "EUNKNOWN" && r.missing_text !== d.missing_text) {
    note.push(`The result above names another cell: it needs the one of its own roll (${r.roll}), ` +
      "the odds name the first one any roll needs; each names the first it needs.");
  }
  $("#odds-note").textContent = note.join(" ");
}

// The odds chart's title names the shot, from the form's own words.
function setTitle(f, imperial) {
  const label = (name) => { const o = $(`[name=${name}]`); return o.options[o.selectedIndex].textContent; };
  const at = ` at ${label("target_arm")} in ${label("target_formation")}, ${f.get("distance")} ${imperial ? "in" : "cm"}`;
  const firer = `${label("nation")} ${label("class")} ${label("arm")} (${f.get("figures")})`;
  // Short enough for one line of the chart; the firer's formation goes first.
  const long = `${firer} in ${label("formation")}${at}`;
  const title = long.length <= 90 ? long : `${firer}${at}`;
  const enc = new TextEncoder();
  let t = title;
  while (enc.encode(t).length > W.nfw_title_cap()) t = t.slice(0, -1);
  const bytes = enc.encode(t);
  const mem = new Uint8Array(W.memory.buffer, W.nfw_title(), bytes.length + 1);
  mem.set(bytes);
  mem[bytes.length] = 0;
}

// Which data is in use, in words that cannot be mistaken: the made-up
// example is labelled as made up wherever its name shows.
function showRulesName(name, which, data) {
  $("#rules-name").textContent = name;
  // The button of the data in use shows itself pressed (neither for a file).
  for (const [id, kind] of [["#rules-example", "example"], ["#rules-builtin", "builtin"]]) {
    $(id).setAttribute("aria-pressed", String(kind === which));
    $(id).classList.toggle("in-use", kind === which);
  }
  // The library's findings and coverage of the rules in use
  // (napfire_rules_check_next, napfire_rules_coverage), as rules --check
  // and --coverage word them.
  const c = data && data.coverage, w = (data && data.warnings) || [];
  const pct = (k) => (c[k].shots ? ` (${Math.round((100 * c[k].resolved) / c[k].shots)} %)` : "");
  $("#rules-coverage").textContent = c ? `Coverage: ${c.musketry.resolved} of ${c.musketry.shots} musketry shots` +
    `${pct("musketry")} and ${c.artillery.resolved} of ${c.artillery.shots} artillery shots${pct("artillery")} resolve with these tables.` : "";
  $("#rules-warnings").innerHTML = w.map((x) => `<li>${esc(x)}</li>`).join("");
  const label = $("#rules-kind");
  label.className = `rules-kind ${which}`;
  label.textContent = {
    example: "MADE-UP EXAMPLE TABLES: every number the source texts do not give is invented, to try the page. Not for play.",
    builtin: "The source texts' own numbers: many table cells are not given there, so many rolls answer \"unknown\".",
    file: "Your rules file.",
  }[which];
}

async function loadExampleRules() {
  const bytes = new Uint8Array(await (await fetch("example-rules.txt")).arrayBuffer());
  return loadRulesBytes(bytes, "example");
}

async function loadRules(file) {
  return loadRulesBytes(new Uint8Array(await file.arrayBuffer()), "file");
}

function loadRulesBytes(bytes, which) {
  const err = $("#err-rules");
  err.textContent = "";
  if (bytes.length > W.nfw_in_cap()) {
    err.textContent = `${message(NAPFIRE.EINVAL)}: the file is larger than ${W.nfw_in_cap()} bytes`;
    return;
  }
  new Uint8Array(W.memory.buffer, W.nfw_in(), bytes.length).set(bytes);
  const st = W.nfw_rules_load(bytes.length);
  if (st === NAPFIRE.ESYNTAX) {
    const e = outJson();
    err.innerHTML = `<span id="parse-where">line ${e.line}, column ${e.column}</span>: ${esc(e.message)} (${esc(e.code)})`;
    return;
  }
  if (st) {
    err.textContent = message(st);
    return;
  }
  showRulesName(outJson().name, which, outJson());
  computeFire();
}

// The library's dice (napfire_dice_2d6, napfire_dice_d6), seeded once
// from the browser's random source.
function rollDice() {
  if (!rollDice.seeded) {
    const seed = crypto.getRandomValues(new Uint32Array(2));
    W.nfw_dice_seed(seed[0], seed[1]);
    rollDice.seeded = true;
  }
  if (W.nfw_dice_roll() !== NAPFIRE.OK) return;
  const d = outJson();
  $("#roll").value = String(d.roll);
  $("#half_die").value = String(d.half_die);
  $("#rolled").textContent = `Rolled ${d.roll} on 2D6 and ${d.half_die} on the half die.`;
  computeFire();
}

function armChanged() {
  const arm = Number($("[name=arm]").value), artillery = NAPFIRE.ARTILLERY_ARMS.includes(arm);
  const formation = $("[name=formation]");
  const isArtFormation = Number(formation.value) >= 8;
  if (artillery && !isArtFormation) formation.value = String(NAPFIRE.FORMATION_UNLIMBERED);
  if (!artillery && isArtFormation) formation.value = String(NAPFIRE.FORMATION_LINE);
  $("[name=weapon]").disabled = !NAPFIRE.INFANTRY_ARMS.includes(arm);
  $("[name=gun]").disabled = !artillery;
  $("[name=ammo]").disabled = !artillery;
}

async function setupFire() {
  for (const sel of $$("#fire-form select[data-enum]")) fillSelect(sel, (v) => enumName(Number(sel.dataset.enum), v));
  // F-EX-1 as the starting shot.
  const start = { nation: 2, class: 1, formation: 0, moved: 1, target_formation: 2, gun: 1 };
  for (const [k, v] of Object.entries(start)) $(`[name=${k}]`).value = String(v);
  armChanged();
  $("#fire-form").addEventListener("submit", (e) => e.preventDefault());
  $("#fire-form").addEventListener("input", (e) => {
    if (e.target.id === "rules-file") return;
    if (e.target.name === "arm") armChanged();
    if (e.target.id === "roll" || e.target.id === "half_die") $("#rolled").textContent = "";
    computeFire();
  });
  $("#rules-file").addEventListener("change", (e) => {
    if (e.target.files.length) loadRules(e.target.files[0]);
  });
  $("#rules-builtin").addEventListener("click", () => {
    W.nfw_rules_builtin();
    showRulesName(outJson().name, "builtin", outJson());
    $("#err-rules").textContent = "";
    computeFire();
  });
  $("#rules-example").addEventListener("click", loadExampleRules);
  $("#roll-dice").addEventListener("click", rollDice);
  for (const [name, field] of [["roll", "roll"], ["half_die", "half_die"], ["figures", "figures"],
    ["target_figures", "figures"], ["extra", "extra"]]) {
    const param = NAPFIRE.FIELD[field] || NAPFIRE.UNIT[field] || NAPFIRE.SHOT[field];
    if (W.nfw_bounds(param) !== NAPFIRE.OK) continue;
    const b = outJson();
    Object.assign($(`[name=${name}]`), { min: String(b.lo), max: String(b.hi) });
  }
  W.nfw_rules_builtin();
  showRulesName(outJson().name, "builtin", outJson());
  await loadExampleRules();
}

// ---------------------------------------------------------------------
// Line of sight

const map = { layout: 0, cols: 10, rows: 7, cells: [] };
let lastLos = null;

function blankMap(cols, rows) {
  map.fresh = true;
  $("#err-map").textContent = "";
  $("#err-paint").textContent = "";
  map.cols = cols;
  map.rows = rows;
  map.cells = Array.from({ length: cols * rows }, () => ({ e: 0, t: 0, p: 0, s: 0 }));
}

// examples/maps/ridge.map, the example of doc/los-map-format.md (parsed
// by the page only to fill the grid; the library judges it).
function parseMapText(text) {
  const lines = text.split("\n").map((l) => l.replace(/#.*/, "").trim()).filter((l) => l);
  const layouts = ["odd-q", "even-q", "odd-r", "even-r"];
  const layout = layouts.indexOf(lines[1].split(/\s+/)[1]);
  const [, c, r] = lines[2].split(/\s+/).map(Number);
  const cells = [];
  for (let row = 0; row < r; row++) {
    for (const tok of lines[3 + row].split(/\s+/)) {
      const m = /^([.WTS])(-?\d+)?([url])?(\d+)?$/.exec(tok);
      cells.push({ t: ".WTS".indexOf(m[1]), e: Number(m[2] || 0), p: m[3] ? " url".indexOf(m[3]) : 0, s: Number(m[4] || 0) });
    }
  }
  return { layout, cols: c, rows: r, cells };
}

function losError(id, st, extra) {
  $(`#err-${id}`).textContent = message(st) + (extra ? `: ${extra}` : "");
}

function pair(text) {
  const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : [-1, -1];
}

function loadGrid() {
  let st = W.nfw_map_init(map.layout, map.cols, map.rows);
  if (st) return st;
  for (let row = 0; row < map.rows; row++) {
    for (let col = 0; col < map.cols; col++) {
      const c = map.cells[row * map.cols + col];
      st = W.nfw_map_set(col, row, c.e, c.t, c.p, c.s);
      if (st) return st;
    }
  }
  return NAPFIRE.OK;
}

function computeLos() {
  const ok = computeLosInputs() === true;
  setStale("los-results", !ok);
  return ok;
}

// A rule ID with its meaning in words: "TERRAIN [H-LOS-5: woods or walls
// in the way]".
const losRule = (name, id) => `${name} [${id}: ${LOS_WORDS[name] || words(name)}]`;

function computeLosInputs() {
  for (const p of $$("#los-form .error")) if (p.id !== "err-map" && p.id !== "err-paint") p.textContent = "";
  let st = loadGrid();
  if (st) return losError("map", st);
  const [fc, fr] = pair($("#firer").value), [tc, tr] = pair($("#target").value);
  computeFov(fc, fr);
  st = W.nfw_los(fc, fr, tc, tr, Number($("#hex-formation").value), Number($("#facing").value),
    Number($("#firer-side").value), Number($("#target-side").value), $("#friend-target-side").checked ? 1 : 0);
  if (st) {
    let field = "target";
    try { field = outJson().field || "target"; } catch (e) { /* no detail */ }
    const where = field === "firer" ? $("#firer").value : field === "target" ? $("#target").value : "";
    const onMap = `columns 0 to ${map.cols - 1}, rows 0 to ${map.rows - 1}`;
    if (field === "same") {
      losError("target", st, `firer and target are the same hex (${$("#firer").value.trim()}): a unit does not fire at its own hex; place the target elsewhere`);
    } else if (field === "facing") {
      losError("facing", st, "this formation cannot take this facing (H-FACE)");
    } else {
      losError(field, st, `${where.trim() || "(empty)"} is not a hex of the ${map.cols} × ${map.rows} map (${onMap})`);
    }
    return false;
  }
  const r = outJson();
  lastLos = r;
  showMap(outSvg());
  showFovSummary();
  const v = $("#los-verdict");
  if (r.clear) {
    v.className = "verdict clear";
    v.textContent = "CLEAR line of sight" + (r.lifted ? ` (${r.lifted} blocker${r.lifted > 1 ? "s" : ""} seen over by elevation, H-ELV-1/2)` : "");
  } else if (r.rule === "FRONT_HEXSIDE") {
    v.className = "verdict blocked";
    v.textContent = `BLOCKED: ${losRule(r.rule, r.rule_id)}`;
  } else {
    v.className = "verdict blocked";
    v.textContent = `BLOCKED: ${losRule(r.rule, r.rule_id)} at ${r.blocker.col},${r.blocker.row}` +
      (r.blocker_kind === 2 ? ` (hexside with ${r.blocker_other.col},${r.blocker_other.row}; the blocker: ${losRule(r.cause, r.cause_id)})` : "") +
      (r.elevation !== "NONE" ? `; elevation does not lift it: ${losRule(r.elevation, r.elevation_id)}` : "");
  }
  $("#los-trace").innerHTML = r.trace.map((s) => `<li>${esc(words(s.kind))} ${s.hex.col},${s.hex.row}` +
    (s.other ? ` | ${s.other.col},${s.other.row} (H-LOS-3: either blocks)` : "") +
    (s.kind === "VERTEX" ? " (touched only, H-LOS-2)" : "") + "</li>").join("");
  return true;
}

function paint(col, row) {
  const tool = $("input[name=tool]:checked").value;
  $("#err-paint").textContent = "";
  if (tool === "firer" || tool === "target") {
    $(`#${tool}`).value = `${col},${row}`;
    computeLos();
    return;
  }
  const c = map.cells[row * map.cols + col];
  const next = Object.assign({}, c);
  if (tool === "terrain") next.t = Number($("#paint-terrain").value);
  if (tool === "elevation") next.e = num($("#paint-elevation").value);
  if (tool === "unit") {
    next.p = Number($("#paint-presence").value);
    next.s = next.p ? num($("#paint-side").value) : 0;
  }
  // Ask the library's side first: a refused value changes nothing.
  W.nfw_map_init(map.layout, map.cols, map.rows);
  const st = W.nfw_map_set(col, row, Number.isInteger(next.e) ? next.e : 9999, next.t, next.p,
    Number.isInteger(next.s) ? next.s : -1);
  if (st) {
    const [name, field, id] = tool === "elevation" ? ["elevation", "elevation", "#paint-elevation"] : ["side", "side", "#paint-side"];
    const value = $(id).value.trim() || "(empty)";
    $("#err-paint").textContent = `${name} ${value}: ${message(st)} (${range(NAPFIRE.FIELD[field])}); the map is unchanged`;
    return;
  }
  map.cells[row * map.cols + col] = next;
  computeLos();
}

// Facing f (0..11) as a clock position on the screen: hexside i of a
// flat-top hex points at 60 i - 30 degrees, of a pointy-top one at 60 i;
// a vertex lies 30 degrees further on.
function clock(f, layout) {
  const pointy = layout >= 2, deg = 30 * f - (pointy ? 0 : 30);
  const h = (((3 - deg / 30) % 12) + 12) % 12;
  return `${h || 12} o'clock`;
}

// Only the facings the formation can take (napfire_hex_facing, H-FACE).
function fillFacing() {
  const sel = $("#facing"), keep = sel.value, formation = Number($("#hex-formation").value);
  sel.textContent = "";
  for (let f = 0; f < 12; f++) {
    if (W.nfw_hex_facing(formation, f) !== NAPFIRE.OK) continue;
    const o = document.createElement("option");
    o.value = String(f);
    o.textContent = `${f % 2 ? `vertex ${(f - 1) / 2}` : `hexside ${f / 2}`} (${clock(f, map.layout)})`;
    sel.appendChild(o);
  }
  sel.value = keep;
  if (sel.selectedIndex < 0) sel.selectedIndex = 0;
}

function newMap(cols, rows, layout) {
  const st = W.nfw_map_init(layout, cols, rows);
  if (st) {
    $("#err-map").textContent = `${message(st)}: columns and rows ${range(NAPFIRE.FIELD.grid)}`;
    setStale("los-results", true);
    return false;
  }
  $("#err-map").textContent = "";
  map.layout = layout;
  blankMap(cols, rows);
  fillFacing();
  return true;
}

// A made-up map as large as a printed La Bataille map (100 x 80 hexes):
// clumps of woods, a few towns, two ridges with slopes, units of both
// sides, from a fixed seed so that every visit shows the same ground.
function largeMap() {
  let seed = 20260612;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor((seed / 2147483648) * n); };
  map.layout = 0;
  blankMap(100, 80);
  const cell = (c, r) => (c >= 0 && r >= 0 && c < map.cols && r < map.rows ? map.cells[r * map.cols + c] : null);
  for (let k = 0; k < 60; k++) {
    const c0 = rnd(100), r0 = rnd(80), size = 2 + rnd(4), town = k % 12 === 0;
    for (let i = 0; i < size * size; i++) {
      const c = cell(c0 + rnd(size) - (size >> 1), r0 + rnd(size) - (size >> 1));
      if (c) c.t = town ? 2 : 1;
    }
  }
  for (const [cx, cy, rad] of [[30, 25, 9], [68, 52, 11]]) {
    for (let r = 0; r < 80; r++) {
      for (let c = 0; c < 100; c++) {
        const d = Math.max(Math.abs(c - cx), Math.abs(r - cy));
        const h = rad >> 1;
        // The top at 2, a slope down to 1, a shoulder, a slope down to 0.
        if (d <= rad) Object.assign(cell(c, r), { e: d < h ? 2 : d < rad ? 1 : 0, t: d === h || d === rad ? 3 : 0 });
      }
    }
  }
  for (let k = 0; k < 80; k++) Object.assign(cell(rnd(100), rnd(80)), { p: 1 + (k % 7 === 0 ? 1 : 0), s: 1 + (k % 2) });
  $("#layout").value = "0";
  $("#cols").value = "100";
  $("#rows").value = "80";
  $("#firer").value = "30,25";
  $("#target").value = "60,40";
  fillFacing();
}

// The map picture in its scrolling view, at the chosen zoom.
let zoom = 1;
function showMap(svg) {
  const box = $("#los-map");
  box.innerHTML = svg;
  // A new map is fitted once its view has a width: a hidden tab has none
  // (the map is drawn before the tab is first opened), so the fit waits
  // for showTab.
  if (map.fresh && $("#los-view").clientWidth > 0) {
    openMap();
    return;
  }
  applyZoom();
}

// A new map's first zoom: a small one fills the width, a large one opens
// at a readable scale and scrolls, centred on the firer.
function openMap() {
  map.fresh = false;
  const vb = $("#los-map svg").viewBox.baseVal;
  const view = $("#los-view"), fit = Math.min((view.clientWidth - 4) / vb.width, (0.75 * innerHeight - 4) / vb.height);
  setZoom(map.cols > 30 || map.rows > 30 ? 0.6 : Math.min(2, fit));
  centreOn(pair($("#firer").value));
}

// The firer's field of view (napfire_fov_grid): every hex within the
// radius gets the rule napfire_los_grid would give with it as the target.
// Computed before the line of sight, which then draws it under its line
// (hidden hexes darkened and lettered by their rule, those beyond the
// radius faded): on every change, so also live as you paint. The radius
// field left empty covers the whole map.
function computeFov(fc, fr) {
  $("#err-fov").textContent = "";
  lastFov = null;
  if (!$("#fov-on").checked) return;
  const text = $("#fov-radius").value.trim(), radius = text === "" ? Math.min(map.cols + map.rows, fovRadiusMax()) : num(text);
  const st = W.nfw_fov(fc, fr, Number($("#hex-formation").value), Number($("#facing").value), Number($("#firer-side").value),
    Number($("#target-side").value), $("#friend-target-side").checked ? 1 : 0, Number.isInteger(radius) ? radius : -1);
  if (st === NAPFIRE.OK) {
    lastFov = Object.assign(outJson(), { radius });
  } else if (outField() === undefined) {
    $("#err-fov").textContent = `view radius ${text}: ${message(st)} (${range(NAPFIRE.FIELD.fov_radius)} hexes; empty: the whole map)`;
  }
}
let lastFov = null;
const fovRadiusMax = () => (W.nfw_bounds(NAPFIRE.FIELD.fov_radius) === NAPFIRE.OK ? outJson().hi : 1);

function showFovSummary() {
  const f = lastFov;
  if (!f) {
    $("#fov-summary").textContent = "";
    return;
  }
  const hidden = Object.entries(f.counts).filter(([k, n]) => k !== "NONE" && n > 0).sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${n} by ${words(k)} (${LOS_WORDS[k] || words(k)})`);
  $("#fov-summary").textContent = `Field of view within ${f.radius} hexes: the firer sees ${f.seen} of ${f.seen + f.hidden}` +
    (hidden.length ? `; hidden: ${hidden.join(", ")}.` : ".");
}

// Scroll the view so that hex (col, row) is in its middle.
function centreOn([col, row]) {
  const view = $("#los-view"), h = $(`#los-map polygon.hex[data-col="${col}"][data-row="${row}"]`);
  if (!h) return;
  const v = view.getBoundingClientRect(), b = h.getBoundingClientRect();
  view.scrollLeft += b.left + b.width / 2 - (v.left + v.width / 2);
  view.scrollTop += b.top + b.height / 2 - (v.top + v.height / 2);
}
function applyZoom() {
  const svg = $("#los-map svg");
  if (!svg) return;
  const vb = svg.viewBox.baseVal;
  svg.style.width = `${Math.round(vb.width * zoom)}px`;
  svg.style.height = `${Math.round(vb.height * zoom)}px`;
  // Labels too small to read are not laid out at all (a large map draws
  // thousands of them).
  $("#los-map").classList.toggle("far", zoom < 0.9);
  $("#zoom-level").textContent = `${Math.round(zoom * 100)} %`;
}
function setZoom(z) {
  if (!(z > 0)) return;
  zoom = Math.min(4, Math.max(0.1, z));
  applyZoom();
}
function fitZoom() {
  const svg = $("#los-map svg");
  if (!svg || $("#los-view").clientWidth === 0) return;
  setZoom(($("#los-view").clientWidth - 4) / svg.viewBox.baseVal.width);
}

async function setupLos() {
  for (const sel of $$("#los-form select[data-hexenum]")) fillSelect(sel, (v) => hexEnumName(Number(sel.dataset.hexenum), v));
  $("#hex-formation").value = "4"; // square: six front hexsides, any facing
  fillFacing();
  $("#hex-formation").addEventListener("change", fillFacing);
  $("#zoom-in").addEventListener("click", () => setZoom(zoom * 1.25));
  $("#zoom-out").addEventListener("click", () => setZoom(zoom / 1.25));
  $("#zoom-fit").addEventListener("click", fitZoom);
  $("#large-map").addEventListener("click", () => { largeMap(); computeLos(); });
  for (const [id, field] of [["cols", "grid"], ["rows", "grid"], ["paint-elevation", "elevation"], ["paint-side", "side"],
    ["fov-radius", "fov_radius"]]) {
    if (W.nfw_bounds(NAPFIRE.FIELD[field]) !== NAPFIRE.OK) continue;
    const b = outJson();
    Object.assign($(`#${id}`), { min: String(b.lo), max: String(b.hi) });
  }
  $("#paint-presence").value = "1";
  $("#los-form").addEventListener("submit", (e) => e.preventDefault());
  $("#new-map").addEventListener("click", () => {
    if (newMap(Number($("#cols").value), Number($("#rows").value), Number($("#layout").value))) computeLos();
  });
  $("#ridge-map").addEventListener("click", () => ridge().then(computeLos));
  for (const id of ["firer", "target", "hex-formation", "facing", "firer-side", "target-side", "friend-target-side",
    "fov-on", "fov-radius"]) {
    $(`#${id}`).addEventListener("change", computeLos);
  }
  $("#los-map").addEventListener("click", (e) => {
    const hex = e.target.closest("polygon.hex");
    if (hex) paint(Number(hex.dataset.col), Number(hex.dataset.row));
  });
  await ridge();
  computeLos();
}

async function ridge() {
  const text = await (await fetch("ridge.map")).text();
  const m = parseMapText(text);
  map.layout = m.layout;
  map.cols = m.cols;
  map.rows = m.rows;
  map.cells = m.cells;
  map.fresh = true;
  $("#err-map").textContent = "";
  $("#err-paint").textContent = "";
  $("#layout").value = String(m.layout);
  $("#cols").value = String(m.cols);
  $("#rows").value = String(m.rows);
  fillFacing();
}

// ---------------------------------------------------------------------

function showTab(name) {
  for (const p of $$(".panel")) p.hidden = p.id !== name;
  for (const b of $$(".tab")) b.classList.toggle("active", b.dataset.tab === name);
  if (name === "los" && map.fresh && $("#los-map svg")) openMap();
}

async function main() {
  try {
    const bytes = await (await fetch("napfire.wasm")).arrayBuffer();
    const { instance } = await WebAssembly.instantiate(bytes, {});
    W = instance.exports;
    W._initialize();
  } catch (e) {
    const p = $("#load-error");
    p.hidden = false;
    p.textContent = `Could not load napfire.wasm (${e.message}). Serve this folder over HTTP, e.g. python3 -m http.server.`;
    return;
  }
  $("#version").textContent = `libnapfire ${cstr(W.nfw_version())} (WebAssembly).`;
  for (const b of $$(".tab")) b.addEventListener("click", () => showTab(b.dataset.tab));
  showTab(location.hash === "#los" ? "los" : "fire");
  await setupFire();
  await setupLos();
  document.body.dataset.ready = "1";
}

main();
