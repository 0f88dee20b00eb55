// SPDX-License-Identifier: MIT
// The libnapfire playground. This file only moves form values into the
// WebAssembly build of the library (napfire_web.c) and shows its answers:
// every verdict, number, message and picture comes from the C code. A bad
// field gets the library's own message beside it and nothing else changes
// (the last good answer stays on screen).
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
};
// The rule of each modifier id (::napfire_modifier_id), as the CLI prints it.
const MOD_RULE = ["", "F-MOD-1", "F-MOD-2", "F-MOD-3", "F-MOD-4", "F-MOD-5", "F-MOD-6", "F-MOD-7",
  "F-MOD-8", "F-MOD-9", "F-MOD-10", "F-MOD-11", "F-MOD-12", "F-MOD-13", "F-MOD-14", "F-MOD-15",
  "F-MOD-16", "F-MOD-G", "F-MOD-E", "F-ART-3"];

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
const outSvg = () => dec.decode(new Uint8Array(W.memory.buffer, W.nfw_svg(), W.nfw_svg_len()));
const message = (st) => `${cstr(W.nfw_strerror(st))} (${cstr(W.nfw_status_name(st))})`;
const enumName = (e, v) => cstr(W.nfw_enum_name(e, v));
const hexEnumName = (e, v) => cstr(W.nfw_hex_enum_name(e, v));
// A number field's value; NaN when empty (so that the library refuses it).
const num = (v) => (v === null || String(v).trim() === "" ? NaN : Number(v));
const words = (name) => name.toLowerCase().replace(/_/g, " ");
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
function fireError(field, st, extra) {
  const p = $(`#fire-form [data-err="${field}"]`);
  p.textContent = message(st) + (extra ? `: ${extra}` : "");
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
  st = W.nfw_odds();
  if (st === NAPFIRE.OK) {
    showOdds(outJson(), outSvg());
  } else {
    $("#odds-note").textContent = message(st);
  }
  return true;
}

function showResult(r, imperial) {
  const parts = [];
  const measure = imperial ? `${r.distance / 10} in` : `${r.distance / 10} cm`;
  const bandKnown = r.band !== "NONE" || r.reasons.includes("OUT_OF_RANGE");
  parts.push(`<p>Distance ${esc(measure)} → <span id="band">${bandKnown ? esc(words(r.band)) + " range" : "band not determined"}</span></p>`);
  if (r.status === "OK" && !r.permitted) {
    parts.push(`<p class="verdict blocked" id="verdict">NOT PERMITTED: ${esc(r.reason)}</p>`);
    const also = r.reasons.filter((x) => x !== r.reason);
    if (also.length) parts.push(`<p>also: ${esc(also.join(", "))}</p>`);
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
  if (r.column < 0) {
    parts.push(`<p>Roll ${r.roll} ${r.net_modifier >= 0 ? "+" : "−"} ${Math.abs(r.net_modifier)} = ${r.modified_roll} → below 1: no effect (F-TAB-3)</p>`);
  } else {
    parts.push(`<p>Roll ${r.roll} ${r.net_modifier >= 0 ? "+" : "−"} ${Math.abs(r.net_modifier)} = ${r.modified_roll} → table row ${r.row + 1}, column ${r.column + 1} (${2 * r.column + 1}–${2 * r.column + 2}): <span id="cell">${halves(r.table_halves)}</span> figures</p>`);
  }
  if (r.halves !== r.table_halves) parts.push(`<p>Long range: halved → ${halves(r.halves)} (F-CAS-1)</p>`);
  if (r.half_die_used) parts.push(`<p id="half-die-line">Half die ${r.half_die} → ${r.half_die >= 4 ? "a whole figure" : "dropped"} (F-CAS-3)</p>`);
  else if (r.half_pending) parts.push("<p id=\"half-die-line\">Half die: PENDING, roll 1D6 (F-CAS-4)</p>");
  else if (r.halves % 2) parts.push("<p id=\"half-die-line\">Half dropped: 2nd-class firers (F-CAS-2)</p>");
  const fig = (n) => `${n} figure${n === 1 ? "" : "s"}`;
  parts.push(`<p class="verdict" id="verdict"><strong id="casualties">${fig(r.casualties)}</strong>${r.half_pending ? " + ½ pending" : ""}` +
    ` lost: <span id="share">target ${r.target_casualties}, screen ${r.screen_casualties}</span> (F-SCR)</p>`);
  $("#fire-result").innerHTML = parts.join("");
}

function showOdds(d, svg) {
  $("#odds-chart").innerHTML = svg;
  const note = [];
  if (d.status === "OK") note.push(`Expected casualties ${d.expected[0]}/${d.expected[1]}.`);
  if (d.unknown) note.push(`Rolls worth ${d.unknown}/216 need unknown rules data: ${d.missing_text}.`);
  $("#odds-note").textContent = note.join(" ");
}

async function loadRules(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
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
  $("#rules-name").textContent = outJson().name;
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

function setupFire() {
  for (const sel of $$("#fire-form select[data-enum]")) fillSelect(sel, (v) => enumName(Number(sel.dataset.enum), v));
  // F-EX-1 as the starting shot.
  const start = { nation: 2, class: 1, formation: 0, moved: 1, target_formation: 2, gun: 1 };
  for (const [k, v] of Object.entries(start)) $(`[name=${k}]`).value = String(v);
  armChanged();
  $("#fire-form").addEventListener("submit", (e) => e.preventDefault());
  $("#fire-form").addEventListener("input", (e) => {
    if (e.target.id === "rules-file") return;
    if (e.target.name === "arm") armChanged();
    computeFire();
  });
  $("#rules-file").addEventListener("change", (e) => {
    if (e.target.files.length) loadRules(e.target.files[0]);
  });
  $("#rules-builtin").addEventListener("click", () => {
    W.nfw_rules_builtin();
    $("#rules-name").textContent = outJson().name;
    $("#err-rules").textContent = "";
    computeFire();
  });
  W.nfw_rules_builtin();
  $("#rules-name").textContent = outJson().name;
  computeFire();
}

// ---------------------------------------------------------------------
// Line of sight

const map = { layout: 0, cols: 10, rows: 7, cells: [] };
let lastLos = null;

function blankMap(cols, rows) {
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
  for (const p of $$("#los-form .error")) if (p.id !== "err-map" && p.id !== "err-paint") p.textContent = "";
  let st = loadGrid();
  if (st) return losError("map", st);
  const [fc, fr] = pair($("#firer").value), [tc, tr] = pair($("#target").value);
  st = W.nfw_los(fc, fr, tc, tr, Number($("#hex-formation").value), Number($("#facing").value),
    Number($("#firer-side").value), Number($("#target-side").value), $("#friend-target-side").checked ? 1 : 0);
  if (st) {
    let field = "target";
    try { field = outJson().field || "target"; } catch (e) { /* no detail */ }
    const where = field === "firer" ? $("#firer").value : field === "target" ? $("#target").value : "";
    const extra = field === "facing" ? "this formation cannot take this facing (H-FACE)"
      : `${where.trim() || "(empty)"} is not a hex of the ${map.cols} × ${map.rows} map`;
    losError(field, st, extra);
    return false;
  }
  const r = outJson();
  lastLos = r;
  $("#los-map").innerHTML = outSvg();
  const v = $("#los-verdict");
  if (r.clear) {
    v.className = "verdict clear";
    v.textContent = "CLEAR line of sight" + (r.lifted ? ` (${r.lifted} blocker${r.lifted > 1 ? "s" : ""} seen over by elevation, H-ELV-1/2)` : "");
  } else if (r.rule === "FRONT_HEXSIDE") {
    v.className = "verdict blocked";
    v.textContent = `BLOCKED: ${r.rule} [${r.rule_id}]: the line leaves through no front hexside`;
  } else {
    v.className = "verdict blocked";
    v.textContent = `BLOCKED: ${r.rule} [${r.rule_id}] at ${r.blocker.col},${r.blocker.row}` +
      (r.blocker_kind === 2 ? ` (hexside with ${r.blocker_other.col},${r.blocker_other.row}; the blocker: ${r.cause} [${r.cause_id}])` : "") +
      (r.elevation !== "NONE" ? `; elevation does not lift it: ${r.elevation} [${r.elevation_id}]` : "");
  }
  if ($("#show-fov").checked) showFov(fc, fr, v);
  $("#los-trace").innerHTML = r.trace.map((s) => `<li>${esc(words(s.kind))} ${s.hex.col},${s.hex.row}` +
    (s.other ? ` | ${s.other.col},${s.other.row} (H-LOS-3: either blocks)` : "") +
    (s.kind === "VERTEX" ? " (touched only, H-LOS-2)" : "") + "</li>").join("");
  return true;
}

// The firer's field of view (napfire_fov_grid): every hex of the map
// judged as a target would be, in one call, shaded in place of the line.
function showFov(fc, fr, verdict) {
  const st = W.nfw_fov(fc, fr, Number($("#hex-formation").value), Number($("#facing").value),
    Number($("#firer-side").value), Number($("#target-side").value), $("#friend-target-side").checked ? 1 : 0);
  if (st) return losError("firer", st);
  const f = outJson();
  $("#los-map").innerHTML = outSvg();
  verdict.textContent += ` (field of view of the firer: ${f.seen} hexes seen, ${f.hidden} hidden)`;
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
    $("#err-paint").textContent = message(st);
    computeLos();
    return;
  }
  map.cells[row * map.cols + col] = next;
  computeLos();
}

function fillFacing() {
  const sel = $("#facing"), keep = sel.value;
  sel.textContent = "";
  for (let f = 0; f < 12; f++) {
    const o = document.createElement("option");
    o.value = String(f);
    o.textContent = f % 2 ? `vertex ${(f - 1) / 2}` : `hexside ${f / 2}`;
    sel.appendChild(o);
  }
  sel.value = keep || "0";
}

function newMap(cols, rows, layout) {
  const st = W.nfw_map_init(layout, cols, rows);
  if (st) {
    $("#err-map").textContent = `${message(st)}: at most ${W.nfw_grid_max()} × ${W.nfw_grid_max()} hexes`;
    return false;
  }
  $("#err-map").textContent = "";
  map.layout = layout;
  blankMap(cols, rows);
  return true;
}

async function setupLos() {
  for (const sel of $$("#los-form select[data-hexenum]")) fillSelect(sel, (v) => hexEnumName(Number(sel.dataset.hexenum), v));
  fillFacing();
  $("#hex-formation").value = "4"; // square: six front hexsides, any facing
  $("#paint-presence").value = "1";
  $("#los-form").addEventListener("submit", (e) => e.preventDefault());
  $("#new-map").addEventListener("click", () => {
    if (newMap(Number($("#cols").value), Number($("#rows").value), Number($("#layout").value))) computeLos();
  });
  $("#ridge-map").addEventListener("click", () => ridge().then(computeLos));
  for (const id of ["firer", "target", "hex-formation", "facing", "firer-side", "target-side", "friend-target-side",
    "show-fov"]) {
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
  $("#layout").value = String(m.layout);
  $("#cols").value = String(m.cols);
  $("#rows").value = String(m.rows);
}

// ---------------------------------------------------------------------

function showTab(name) {
  for (const p of $$(".panel")) p.hidden = p.id !== name;
  for (const b of $$(".tab")) b.classList.toggle("active", b.dataset.tab === name);
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
  setupFire();
  await setupLos();
  document.body.dataset.ready = "1";
}

main();
