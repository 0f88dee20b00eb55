// SPDX-License-Identifier: MIT
// The libnapfire playground. This file only moves form values into the
// npm package napfire (the library in WebAssembly) and shows its answers:
// every verdict, number and message comes from the C code; the pictures
// come from the CLI's own drawing code (pictures.wasm, napfire_web.c). A
// bad field gets the library's own message and the field's range beside
// it, and the last good answer stays on screen marked as stale.
import { load } from "./napfire.js";
import { setupTable } from "./table.js";

let nf = null; // the package, once loaded
let P = null; // the pictures' WebAssembly exports
// The page's own fields that are no library parameter, and their ranges
// (the 2D6 roll and the half die are the library's documented domains).
const FIELD = { roll: [2, 12], half_die: [0, 6], elevation: [-99, 99], side: [0, 9], grid: [1, 128], fov_radius: [1, 192] };
const UNIT_KEYS = { nation: "nation", class: "troopClass", formation: "formation", figures: "figures", weapon: "weapon",
  gun: "gun", cover: "cover", moved: "moved", disordered: "disordered", fired_last_turn: "firedLastTurn",
  fired_this_turn: "firedThisTurn", second_class: "secondClassFirers" };
// The rule IDs of the elevation outcomes (::napfire_los_elevation).
const ELEVATION_IDS = { EQUAL: "H-ELV-3", EQUIDISTANT: "H-ELV-3", OTHER_HALF: "H-ELV-1/2", FRIEND_ADJACENT: "H-ELV-2" };
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

const dec = new TextDecoder();
const $ = (sel, root) => (root || document).querySelector(sel);
const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

const outSvg = () => dec.decode(new Uint8Array(P.memory.buffer, P.nfw_svg(), P.nfw_svg_len()));
// A status, or an error of the package, in the library's words.
const message = (st) => {
  const status = typeof st === "number" ? st : st.status ?? nf.Status.EINVAL;
  return `${nf.strerror(status)} (${nf.statusName(status)})`;
};
const enumName = (e, v) => nf.enumName(e, v);
const hexEnumName = (e, v) => nf.hexEnumName(e, v);
// Run fn; a NapfireError is returned, not thrown.
function attempt(fn) {
  try {
    return fn();
  } catch (e) {
    if (e instanceof nf.NapfireError) return e;
    throw e;
  }
}
const failed = (x) => x instanceof Error;
// A number field's value; NaN when empty (so that the library refuses it).
const num = (v) => (v === null || String(v).trim() === "" ? NaN : Number(v));
const words = (name) => name.toLowerCase().replace(/_/g, " ");
// A field's range, as "lo..hi", the way the CLI and the Python package
// write it: a parameter's from the library (napfire_param_bounds), the
// page's own fields' from FIELD; scale divides both (distances in tenths
// of the unit shown).
function bounds(param) {
  if (typeof param === "string") return FIELD[param];
  const b = attempt(() => nf.paramBounds(param));
  return failed(b) ? null : b;
}
function range(param, scale, unit) {
  const b = bounds(param), sc = scale || 1;
  if (!b) return "";
  return `allowed: ${b[0] / sc}..${b[1] / sc}${unit ? " " + unit : ""}`;
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
  const U = nf.UnitParam, S = nf.ShotParam;
  const ranges = {
    figures: () => range(U.FIGURES), target_figures: () => range(U.FIGURES),
    distance: () => range(S.DISTANCE, 10, unit), screen: () => range(S.SCREEN_DISTANCE, 10, unit),
    extra: () => range(S.EXTRA_MODIFIER), roll: () => range("roll"),
    half_die: () => `${range("half_die")} (0: not rolled yet)`,
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
// (the package asks the library, value by value: the error's "allowed").
function notOpen(e, armField) {
  const label = (name) => { const o = $(`[name=${name}]`); return o.options[o.selectedIndex].textContent; };
  const open = (e.allowed || "").split(", ").filter((x) => x).map(words);
  return `formation ${label(armField === "arm" ? "formation" : "target_formation")} is not open to ${label(armField)}` +
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

// The shot of the form, or the refusal shown beside its field.
function buildShot(f) {
  const arm = Number(f.get("arm")), tarm = Number(f.get("target_arm"));
  const artillery = ARTILLERY_ARMS().includes(arm), infantry = INFANTRY_ARMS().includes(arm);
  const units = [attempt(() => new nf.Unit(arm)), attempt(() => new nf.Unit(tarm))];
  if (failed(units[0])) return fireError("arm", units[0]);
  if (failed(units[1])) return fireError("target_arm", units[1]);
  const sets = [[0, "nation"], [0, "class"], [0, "formation"], [0, "figures"], [0, "moved"],
    ...(artillery ? [[0, "gun"]] : infantry ? [[0, "weapon"]] : []),
    [1, "target_formation", "formation"], [1, "target_figures", "figures"], [1, "target_cover", "cover"]];
  for (const [who, field, param] of sets) {
    const value = num(f.get(field));
    const e = attempt(() => units[who].set(UNIT_KEYS[param || field], Number.isInteger(value) ? value : -99999));
    if (failed(e) && e.status === nf.Status.EDOMAIN && (param || field) === "formation" && e.allowed) {
      return fireError(field, e, notOpen(e, who ? "target_arm" : "arm"));
    }
    if (failed(e)) return fireError(field, e);
  }
  for (const flag of ["disordered", "fired_last_turn", "fired_this_turn", "second_class"]) {
    if (!f.get(flag)) continue;
    const e = attempt(() => units[0].set(UNIT_KEYS[flag], 1));
    if (failed(e)) return fireError("flags", e, words(flag));
  }
  const shot = attempt(() => new nf.Shot(units[0], units[1]));
  if (failed(shot)) return fireError("arm", shot);
  const imperial = f.get("unit") === "in";
  shot.set("measure", imperial ? nf.Measure.IMPERIAL : nf.Measure.METRIC);
  const distance = distanceValue(f.get("distance"));
  if (distance !== "") {
    const e = attempt(() => shot.set("distance", distance));
    if (failed(e)) return fireError("distance", e);
  }
  if (f.get("enfilade")) shot.set("enfilade", 1);
  const screen = distanceValue(f.get("screen"));
  if (screen !== "") {
    const e = attempt(() => shot.update({ screen: 1, screenDistance: screen }));
    if (failed(e)) return fireError("screen", e);
  }
  if (artillery) {
    const e = attempt(() => shot.set("ammo", Number(f.get("ammo"))));
    if (failed(e)) return fireError("ammo", e);
  }
  const extra = num(f.get("extra"));
  const e = attempt(() => shot.set("extraModifier", Number.isInteger(extra) ? extra : -99999));
  if (failed(e)) return fireError("extra", e);
  return { shot, imperial, noDistance: distance === "" };
}

// The explained result of one roll, as the page shows it: the library's
// result with its modifier breakdown, in the CLI's JSON names.
function resolved(shot, roll, die) {
  const rules = currentRules;
  let res, status = "OK", sentence = "", patch = "";
  try {
    res = shot.resolve(roll, { halfDie: die, rules });
  } catch (e) {
    if (!(e instanceof nf.UnknownDataError)) throw e;
    ({ result: res, sentence, patch } = e);
    status = "EUNKNOWN";
  }
  let mods, modStatus = "OK";
  try {
    mods = shot.modifiers({ rules });
  } catch (e) {
    if (!(e instanceof nf.UnknownDataError)) throw e;
    mods = { items: e.result, net: 0 };
    modStatus = "EUNKNOWN";
  }
  const reasons = [];
  for (let i = 1; i < 32; i++) if (res.reasons & (2 ** i)) reasons.push(nf.reasonName(i));
  return {
    status, permitted: res.permitted ? 1 : 0, reason: nf.reasonName(res.reason), reasons,
    band: enumName(nf.EnumId.BAND, res.band), distance: shot.get("distance"),
    modifiers_status: modStatus, net_modifier: res.netModifier, roll, half_die: die,
    modifiers: mods.items.map((m) => ({ id: m.name, number: m.id, value: m.value, applied: m.applied,
      suppressed_by: m.suppressedBy ? nf.modifierName(m.suppressedBy) : "" })),
    modified_roll: res.modifiedRoll, row_index: res.rowIndex, column_index: res.columnIndex,
    table_halves: res.tableHalves, halves: res.halves, half_die_used: res.halfDieUsed ? 1 : 0,
    half_pending: res.halfPending ? 1 : 0, casualties: res.casualties, target_casualties: res.targetCasualties,
    screen_casualties: res.screenCasualties, missing_text: sentence, missing_patch: patch,
  };
}

// The odds over what is known, and the expected casualties when all is.
function odds(shot) {
  const rules = currentRules, known = shot.distributionKnown({ rules }), v = known.verdict;
  const expected = attempt(() => shot.expected({ rules }));
  const named = v.missing !== nf.Missing.NONE;
  return {
    status: failed(expected) ? expected.code : "OK", permitted: v.permitted ? 1 : 0, reason: nf.reasonName(v.reason),
    unknown: known.unknownWeight, expected: failed(expected) ? null : [expected.numerator, expected.denominator],
    missing_text: named ? nf.missingDescribe(v.missing, v.missingIndex, nf.DescribeStyle.SENTENCE) : "",
  };
}

function computeFireInputs() {
  fireErrors();
  const f = new FormData($("#fire-form"));
  const built = buildShot(f);
  if (!built) return undefined;
  const { shot, imperial } = built;
  const roll = num(f.get("roll")), die = String(f.get("half_die")).trim() === "" ? 0 : num(f.get("half_die"));
  const r = attempt(() => resolved(shot, Number.isInteger(roll) ? roll : -1, Number.isInteger(die) ? die : -1));
  if (failed(r)) {
    if (r.status === nf.Status.EINVAL && built.noDistance) return fireError("distance", r, "no distance given");
    if (r.status === nf.Status.EDOMAIN) return fireError(r.parameter === "halfDie" ? "half_die" : "roll", r);
    return fireError("distance", r);
  }
  showResult(r, imperial);
  setTitle(f, imperial);
  const d = attempt(() => odds(shot));
  if (failed(d)) {
    $("#odds-note").textContent = message(d);
    return true;
  }
  new Uint8Array(P.memory.buffer, P.nfw_shot(), nf.CONSTANTS.SHOT_SIZE).set(shot.storage());
  if (currentRules) new Uint8Array(P.memory.buffer, P.nfw_rules(), nf.CONSTANTS.RULES_SIZE).set(currentRules.storage());
  const st = P.nfw_odds_svg(currentRules ? 1 : 0);
  if (st === nf.Status.OK) showOdds(d, outSvg());
  else $("#odds-note").textContent = message(st);
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
  while (enc.encode(t).length > P.nfw_title_cap()) t = t.slice(0, -1);
  const bytes = enc.encode(t);
  const mem = new Uint8Array(P.memory.buffer, P.nfw_title(), bytes.length + 1);
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

// The rules in use: null for the built-in data.
let currentRules = null;

// Their name, and the library's findings and coverage (napfire_rules_check_next,
// napfire_rules_coverage), as rules --check and --coverage word them.
function rulesShown(rules) {
  const name = (rules || new nf.Rules()).provenance(nf.Provenance.NAME);
  const c = nf.rulesCoverage(rules);
  return { name, warnings: nf.rulesCheck(rules).map((x) => x.text), coverage: { musketry: c.musketry, artillery: c.artillery } };
}

function loadRulesBytes(bytes, which) {
  const err = $("#err-rules");
  err.textContent = "";
  if (bytes.length > nf.CONSTANTS.RULES_TEXT_MAX) {
    err.textContent = `${message(nf.Status.EINVAL)}: the file is larger than ${nf.CONSTANTS.RULES_TEXT_MAX} bytes`;
    return;
  }
  const rules = attempt(() => nf.Rules.fromText(dec.decode(bytes)));
  if (rules instanceof nf.RulesSyntaxError) {
    err.innerHTML = `<span id="parse-where">line ${rules.line}, column ${rules.column}</span>: ${esc(rules.detail)} ` +
      `(${esc(enumName(nf.EnumId.PARSE, rules.parseCode))})`;
    return;
  }
  if (failed(rules)) {
    err.textContent = message(rules);
    return;
  }
  currentRules = rules;
  const shown = rulesShown(rules);
  showRulesName(shown.name, which, shown);
  computeFire();
}

function useBuiltinRules() {
  currentRules = null;
  const shown = rulesShown(null);
  showRulesName(shown.name, "builtin", shown);
}

// The library's dice (napfire_dice_2d6, napfire_dice_d6), seeded once
// from the browser's random source.
let dice = null;
function rollDice() {
  if (!dice) {
    const seed = crypto.getRandomValues(new Uint32Array(2));
    dice = new nf.Dice((BigInt(seed[1]) << 32n) | BigInt(seed[0]));
  }
  const roll = dice.roll2d6(), die = dice.d6();
  $("#roll").value = String(roll);
  $("#half_die").value = String(die);
  $("#rolled").textContent = `Rolled ${roll} on 2D6 and ${die} on the half die.`;
  computeFire();
}

const ARTILLERY_ARMS = () => [nf.Arm.FOOT_ARTILLERY, nf.Arm.HORSE_ARTILLERY];
const INFANTRY_ARMS = () => [nf.Arm.LINE_INFANTRY, nf.Arm.LIGHT_INFANTRY];

function armChanged() {
  const arm = Number($("[name=arm]").value), artillery = ARTILLERY_ARMS().includes(arm);
  const formation = $("[name=formation]");
  const isArtFormation = Number(formation.value) >= 8;
  if (artillery && !isArtFormation) formation.value = String(nf.Formation.UNLIMBERED);
  if (!artillery && isArtFormation) formation.value = String(nf.Formation.LINE);
  $("[name=weapon]").disabled = !INFANTRY_ARMS().includes(arm);
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
    useBuiltinRules();
    $("#err-rules").textContent = "";
    computeFire();
  });
  $("#rules-example").addEventListener("click", loadExampleRules);
  $("#roll-dice").addEventListener("click", rollDice);
  for (const [name, param] of [["roll", "roll"], ["half_die", "half_die"], ["figures", nf.UnitParam.FIGURES],
    ["target_figures", nf.UnitParam.FIGURES], ["extra", nf.ShotParam.EXTRA_MODIFIER]]) {
    const b = bounds(param);
    if (b) Object.assign($(`[name=${name}]`), { min: String(b[0]), max: String(b[1]) });
  }
  useBuiltinRules();
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

// The map into the pictures' module, cell by cell.
function loadGrid() {
  let st = P.nfw_map_init(map.layout, map.cols, map.rows);
  if (st) return st;
  for (let row = 0; row < map.rows; row++) {
    for (let col = 0; col < map.cols; col++) {
      const c = map.cells[row * map.cols + col];
      st = P.nfw_map_set(col, row, c.e, c.t, c.p, c.s);
      if (st) return st;
    }
  }
  return nf.Status.OK;
}

// The map as the package takes it (napfire_hex_info, row by row).
const packageGrid = () => ({ layout: map.layout, columns: map.cols, rows: map.rows,
  cells: map.cells.map((c) => ({ elevation: c.e, terrain: c.t, presence: c.p, unitSide: c.p ? c.s : 0 })) });
const intOr0 = (sel) => { const v = num($(sel).value); return Number.isInteger(v) ? v : 0; };
const toOffset = (h) => { const o = nf.hexToOffset(h, map.layout); return { col: o.column, row: o.row }; };

// The question of the form: the firer, the target and the facing, or the
// field at fault ("firer", "target", "same": both in one hex, "facing").
function losQuestion() {
  const [fc, fr] = pair($("#firer").value), [tc, tr] = pair($("#target").value);
  const onGrid = (c, r) => c >= 0 && r >= 0 && c < map.cols && r < map.rows;
  const facing = attempt(() => nf.hexFacing(Number($("#hex-formation").value), Number($("#facing").value)));
  const base = { fc, fr, tc, tr, firerOk: onGrid(fc, fr) && !failed(facing) };
  if (!onGrid(fc, fr)) return { ...base, field: "firer", status: nf.Status.EDOMAIN };
  if (!onGrid(tc, tr)) return { ...base, field: "target", status: nf.Status.EDOMAIN };
  if (fc === tc && fr === tr) return { ...base, field: "same", status: nf.Status.EDOMAIN };
  if (failed(facing)) return { ...base, field: "facing", status: facing.status };
  return { ...base, front: facing.front, query: {
    firer: nf.hexFromOffset(map.layout, fc, fr), target: nf.hexFromOffset(map.layout, tc, tr), frontMask: facing.front,
    firerSide: intOr0("#firer-side"), targetSide: intOr0("#target-side"),
    policy: $("#friend-target-side").checked ? nf.LosPolicy.FRIEND_IS_TARGET_SIDE : 0 } };
}

// The line of sight of a question (napfire_los_grid through the package),
// with its trace, in the names the CLI's JSON uses.
function losAnswer(grid, q) {
  const res = nf.losGrid(grid, q), rule = (v) => hexEnumName(nf.HexEnumId.LOS_RULE, v);
  const elevation = hexEnumName(nf.HexEnumId.ELEVATION, res.elevation);
  return {
    clear: res.clear ? 1 : 0, rule: rule(res.rule), rule_id: res.ruleId, cause: rule(res.cause), cause_id: nf.losRuleId(res.cause),
    elevation, elevation_id: ELEVATION_IDS[elevation] || "", blocker_kind: res.blockerKind, blocker: toOffset(res.blocker),
    blocker_other: toOffset(res.blockerOther), distance: res.distance, lifted: res.lifted,
    trace: nf.traceSteps(q.firer, q.target).map((st) => ({ kind: hexEnumName(nf.HexEnumId.STEP, st.kind), hex: toOffset(st.hex),
      other: st.kind === nf.StepKind.HEXSIDE ? toOffset(st.other) : undefined })),
  };
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
  const st = loadGrid();
  if (st) return losError("map", st);
  const q = losQuestion(), grid = packageGrid();
  computeFov(q, grid);
  if (q.field) {
    const field = q.field;
    const where = field === "firer" ? $("#firer").value : field === "target" ? $("#target").value : "";
    const onMap = `columns 0 to ${map.cols - 1}, rows 0 to ${map.rows - 1}`;
    if (field === "same") {
      losError("target", q.status, `firer and target are the same hex (${$("#firer").value.trim()}): a unit does not fire at its own hex; place the target elsewhere`);
    } else if (field === "facing") {
      losError("facing", q.status, "this formation cannot take this facing (H-FACE)");
    } else {
      losError(field, q.status, `${where.trim() || "(empty)"} is not a hex of the ${map.cols} × ${map.rows} map (${onMap})`);
    }
    return false;
  }
  const r = attempt(() => losAnswer(grid, q.query));
  if (failed(r)) return losError("target", r);
  const pst = P.nfw_los_svg(q.fc, q.fr, q.tc, q.tr, q.front, q.query.firerSide, q.query.targetSide, q.query.policy);
  if (pst) return losError("map", pst);
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
  // Ask the map's side first: a refused value changes nothing.
  P.nfw_map_init(map.layout, map.cols, map.rows);
  const st = P.nfw_map_set(col, row, Number.isInteger(next.e) ? next.e : 9999, next.t, next.p,
    Number.isInteger(next.s) ? next.s : -1);
  if (st) {
    const [name, field, id] = tool === "elevation" ? ["elevation", "elevation", "#paint-elevation"] : ["side", "side", "#paint-side"];
    const value = $(id).value.trim() || "(empty)";
    $("#err-paint").textContent = `${name} ${value}: ${message(st)} (${range(field)}); the map is unchanged`;
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
    if (failed(attempt(() => nf.hexFacing(formation, f)))) continue;
    const o = document.createElement("option");
    o.value = String(f);
    o.textContent = `${f % 2 ? `vertex ${(f - 1) / 2}` : `hexside ${f / 2}`} (${clock(f, map.layout)})`;
    sel.appendChild(o);
  }
  sel.value = keep;
  if (sel.selectedIndex < 0) sel.selectedIndex = 0;
}

function newMap(cols, rows, layout) {
  const st = P.nfw_map_init(layout, Number.isInteger(cols) ? cols : -1, Number.isInteger(rows) ? rows : -1);
  if (st) {
    $("#err-map").textContent = `${message(st)}: columns and rows ${range("grid")}`;
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
  keepWhole();
}

// A small map's picture is kept whole in its view until the user zooms:
// the fit's own scrollbars change the room it measured, and a redraw (a
// verdict that wraps, a longer key) changes the picture's height, so the
// zoom shrinks until the picture, key included, fits the view as it is.
let wholeView = false;
function keepWhole() {
  const view = $("#los-view");
  for (let i = 0; wholeView && i < 4 && (view.scrollHeight > view.clientHeight || view.scrollWidth > view.clientWidth); i++)
    setZoom(0.99 * zoom * Math.min(view.clientWidth / view.scrollWidth, view.clientHeight / view.scrollHeight));
}

// A new map's first zoom: a small one fills the width, a large one opens
// at a readable scale and scrolls, centred on the firer.
function openMap() {
  map.fresh = false;
  const vb = $("#los-map svg").viewBox.baseVal;
  const view = $("#los-view"), fit = Math.min((view.clientWidth - 4) / vb.width, (0.75 * innerHeight - 4) / vb.height);
  const large = map.cols > 30 || map.rows > 30;
  setZoom(large ? 0.6 : Math.min(2, fit));
  wholeView = !large;
  keepWhole();
  centreOn(pair($("#firer").value));
}

// The firer's field of view (napfire_fov_grid): every hex within the
// radius gets the rule napfire_los_grid would give with it as the target.
// Computed before the line of sight, which then draws it under its line
// (hidden hexes darkened and lettered by their rule, those beyond the
// radius faded): on every change, so also live as you paint. The radius
// field left empty covers the whole map.
function computeFov(q, grid) {
  $("#err-fov").textContent = "";
  lastFov = null;
  if (!$("#fov-on").checked || !q.firerOk) return;
  const text = $("#fov-radius").value.trim(), radius = text === "" ? Math.min(map.cols + map.rows, FIELD.fov_radius[1]) : num(text);
  if (!Number.isInteger(radius) || radius < FIELD.fov_radius[0] || radius > FIELD.fov_radius[1]) {
    $("#err-fov").textContent = `view radius ${text}: ${message(nf.Status.EDOMAIN)} (${range("fov_radius")} hexes; empty: the whole map)`;
    return;
  }
  const view = attempt(() => nf.fieldOfView(grid, radius, { firer: nf.hexFromOffset(map.layout, q.fc, q.fr),
    frontMask: nf.hexFacing(Number($("#hex-formation").value), Number($("#facing").value)).front,
    firerSide: intOr0("#firer-side"), targetSide: intOr0("#target-side"), policy: $("#friend-target-side").checked ? nf.LosPolicy.FRIEND_IS_TARGET_SIDE : 0 }));
  if (failed(view)) {
    $("#err-fov").textContent = `view radius ${text}: ${message(view)}`;
    return;
  }
  const counts = {};
  for (const v of Object.values(nf.LosRule)) counts[hexEnumName(nf.HexEnumId.LOS_RULE, v)] = 0;
  for (const v of view) if (v !== nf.CONSTANTS.FOV_NOT_ASKED) counts[hexEnumName(nf.HexEnumId.LOS_RULE, v)]++;
  const seen = counts.NONE, hidden = Object.values(counts).reduce((a, b) => a + b, 0) - seen;
  lastFov = { counts, seen, hidden, radius };
  new Uint8Array(P.memory.buffer, P.nfw_fov_view(), view.length).set(view);
  P.nfw_fov_set(q.fc, q.fr, nf.hexFacing(Number($("#hex-formation").value), Number($("#facing").value)).front);
}
let lastFov = null;

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
  $("#zoom-in").addEventListener("click", () => { wholeView = false; setZoom(zoom * 1.25); });
  $("#zoom-out").addEventListener("click", () => { wholeView = false; setZoom(zoom / 1.25); });
  $("#zoom-fit").addEventListener("click", () => { wholeView = false; fitZoom(); });
  $("#large-map").addEventListener("click", () => { largeMap(); computeLos(); });
  for (const [id, field] of [["cols", "grid"], ["rows", "grid"], ["paint-elevation", "elevation"], ["paint-side", "side"],
    ["fov-radius", "fov_radius"]]) {
    Object.assign($(`#${id}`), { min: String(FIELD[field][0]), max: String(FIELD[field][1]) });
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

let tableView = null;
function showTab(name) {
  for (const p of $$(".panel")) p.hidden = p.id !== name;
  for (const b of $$(".tab")) b.classList.toggle("active", b.dataset.tab === name);
  if (name === "los" && map.fresh && $("#los-map svg")) openMap();
  // The tabletop view measures with the rules data chosen on the fire tab.
  if (name === "table" && tableView) tableView.update();
}

async function main() {
  try {
    nf = await load();
    const bytes = await (await fetch("pictures.wasm")).arrayBuffer();
    const { instance } = await WebAssembly.instantiate(bytes, {});
    P = instance.exports;
    P._initialize();
  } catch (e) {
    const p = $("#load-error");
    p.hidden = false;
    p.textContent = `Could not load the WebAssembly modules (${e.message}). Serve this folder over HTTP, e.g. python3 -m http.server.`;
    return;
  }
  $("#version").textContent = `libnapfire ${nf.versionString()} (WebAssembly, the npm package napfire).`;
  for (const b of $$(".tab")) b.addEventListener("click", () => showTab(b.dataset.tab));
  showTab(location.hash === "#los" ? "los" : "fire");
  await setupFire();
  await setupLos();
  const table = setupTable(nf, { rules: () => currentRules, reasonText });
  tableView = table;
  // For the browser tests: the package, the map, and the page's questions.
  window.playground = { nf, map, pair, computeLos, losQuestion, losAnswer, packageGrid, lastFov: () => lastFov,
    lastResult: () => lastResult, table };
  document.body.dataset.ready = "1";
}

main();
