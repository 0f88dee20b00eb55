// SPDX-License-Identifier: MIT
// napfire: libnapfire in JavaScript, over the library's own C code compiled
// to WebAssembly (napfire.wasm). Every rule, verdict, number and message
// comes from the C code; this module moves values in and out and checks
// every argument before it reaches WebAssembly, as the Python package
// does, so that a refusal names the parameter, its value and what is
// allowed, and changes nothing.
//
// Objects are plain values: a Unit, Shot, Rules or Dice keeps its C
// storage as bytes of its own, copied into the module's memory for the
// length of one call. Nothing needs freeing.
import { VERSION, ENUMS, CONSTANTS, STRUCTS } from "./napfire_api.js";

export { VERSION, CONSTANTS };

// The enumerations, under the Python package's names (Arm, Nation, ...).
const E = {};
for (const [name, e] of Object.entries(ENUMS)) E[name] = Object.freeze({ ...e.values });
export const {
  Decider, TableRule, TableEnumId, Status, Arm, Nation, TroopClass, Formation, Weapon, Cover, Moved, Measure, Band, Ammo, Gun, Reason, ModifierId,
  Missing, DescribeStyle, Check, Fire, Threshold, Provenance, UnitParam, ShotParam, EnumId, ParseCode, HexLayout,
  StepKind, Terrain, Presence, LosPolicy, LosRule, LosElevation, HexFormation, HexEnumId,
} = E;

let W = null;
let loading = null;
const enc = new TextEncoder();
const dec = new TextDecoder();

/**
 * Instantiate the WebAssembly module once and resolve to this module's
 * namespace. `options.wasm` may give the module's bytes, a
 * WebAssembly.Module, a URL or a Response; by default napfire.wasm beside
 * this file (read from disk in Node.js, fetched in a browser).
 */
export async function load(options = {}) {
  if (W) return api;
  if (!loading) {
    loading = instantiate(options.wasm).then((exports) => {
      exports._initialize?.();
      W = exports;
      checkSizes();
      askBounds();
      return api;
    }, (e) => {
      loading = null;
      throw e;
    });
  }
  return loading;
}

async function instantiate(source) {
  if (source instanceof WebAssembly.Module) return (await WebAssembly.instantiate(source, {})).exports;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return (await WebAssembly.instantiate(source, {})).instance.exports;
  }
  if (typeof Response !== "undefined" && source instanceof Response) {
    return (await WebAssembly.instantiate(await source.arrayBuffer(), {})).instance.exports;
  }
  const url = new URL(source ?? "./napfire.wasm", import.meta.url);
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return (await WebAssembly.instantiate(await readFile(url), {})).instance.exports;
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`napfire: cannot fetch ${url}: HTTP ${response.status}`);
  return (await WebAssembly.instantiate(await response.arrayBuffer(), {})).instance.exports;
}

// ---------------------------------------------------------------------
// Memory: one call's allocations, freed when it returns.

const u8 = () => new Uint8Array(W.memory.buffer);
const view = () => new DataView(W.memory.buffer);

function withMemory(fn) {
  if (!W) throw new StateError(Status.ESTATE, null, "napfire: call and await load() first");
  const taken = [];
  const m = {
    alloc(size) {
      const p = W.malloc(Math.max(8, size));
      if (!p) throw new NoSpaceError(Status.ENOSPC, "malloc", `napfire: out of WebAssembly memory for ${size} bytes`);
      taken.push(p);
      u8().fill(0, p, p + size);
      return p;
    },
    bytes(b) {
      const p = m.alloc(b.length);
      u8().set(b, p);
      return p;
    },
    i32s(values) {
      const p = m.alloc(4 * values.length);
      const v = view();
      values.forEach((x, i) => v.setInt32(p + 4 * i, x, true));
      return p;
    },
    hex(h) {
      return m.i32s([h.q, h.r]);
    },
  };
  try {
    return fn(m);
  } finally {
    for (const p of taken) W.free(p);
  }
}

const i32 = (p) => view().getInt32(p, true);
const u32 = (p) => view().getUint32(p, true);
const i32Array = (p, n) => Array.from({ length: n }, (_, i) => i32(p + 4 * i));

function cstr(p, len) {
  const b = u8();
  let end = p;
  if (len === undefined) while (b[end] !== 0) end++;
  else end = p + len;
  return dec.decode(b.subarray(p, end));
}

// A struct of the headers as a plain object with camelCase names.
const camel = (s) => s.toLowerCase().replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
function readStruct(tag, p) {
  const out = {};
  for (const [name, [off, kind, count]] of Object.entries(STRUCTS[tag].fields)) {
    if (name === "reserved") continue;
    const at = p + off;
    let v;
    if (kind === "char") v = cstr(at);
    else if (STRUCTS[kind]) v = readStruct(kind, at);
    else if (count) v = Array.from({ length: count }, (_, i) => (kind === "u32" ? u32 : i32)(at + 4 * i));
    else v = (kind === "u32" ? u32 : i32)(at);
    out[camel(name)] = v;
  }
  return out;
}
const sizeOf = (tag) => STRUCTS[tag].size;

// ---------------------------------------------------------------------
// Errors

/**
 * A negative status of the library, or an argument refused before the
 * call. `status` (number), `code` ("EDOMAIN"), `function` (the C function,
 * or null) and, for a refused value, `parameter`, `value` and `allowed`.
 */
export class NapfireError extends Error {
  constructor(status, fn = null, message = undefined, details = {}) {
    const code = statusName(status);
    super(message ?? `${fn ? `${fn}: ` : ""}${code} (${strerror(status)})`);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.function = fn;
    this.parameter = details.parameter ?? null;
    this.value = details.value ?? null;
    this.allowed = details.allowed ?? null;
  }
}
/** NAPFIRE_EINVAL: a missing argument or a required setting not given. */
export class InvalidArgumentError extends NapfireError {}
/** NAPFIRE_EDOMAIN: a value outside its documented domain. */
export class DomainError extends NapfireError {}
/** NAPFIRE_ESTATE: an object not initialised, or the module not loaded. */
export class StateError extends NapfireError {}
/** NAPFIRE_ENOSPC: a buffer too small (`required`: the count needed). */
export class NoSpaceError extends NapfireError {}
/** NAPFIRE_ESIZE: a struct size the library does not expect. */
export class SizeError extends NapfireError {}
/** NAPFIRE_EALIGN: storage not aligned to 8 bytes. */
export class AlignmentError extends NapfireError {}
/**
 * NAPFIRE_EUNKNOWN: the rules data needed is unknown. `result` holds what
 * was computed; `missing`, `index` name the datum, `sentence` says it in
 * the rulebook's terms and `patch` is the rules-text line that supplies it
 * (one `?` to replace by your value).
 */
export class UnknownDataError extends NapfireError {
  constructor(status, fn, result = null) {
    const named = result && result.missing !== undefined && result.missing !== Missing.NONE;
    const sentence = named ? missingDescribe(result.missing, result.missingIndex, DescribeStyle.SENTENCE) : null;
    const patch = named ? missingDescribe(result.missing, result.missingIndex, DescribeStyle.PATCH) : null;
    super(status, fn, named ? `${sentence}\n${patch}` : undefined);
    this.result = result;
    this.missing = named ? result.missing : null;
    this.index = named ? result.missingIndex : null;
    this.sentence = sentence;
    this.patch = patch;
  }
}
/** NAPFIRE_ESYNTAX: rules text malformed at `line`, `column` (1-based). */
export class RulesSyntaxError extends NapfireError {
  constructor(status, fn, err) {
    super(status, fn, `${fn}: ESYNTAX: line ${err.line}, column ${err.column}: ${err.message}`);
    this.line = err.line;
    this.column = err.column;
    this.parseCode = err.code;
    this.detail = err.message;
  }
}

const ERROR_CLASSES = {
  EINVAL: InvalidArgumentError, EDOMAIN: DomainError, ESTATE: StateError, ENOSPC: NoSpaceError,
  EUNKNOWN: UnknownDataError, ESYNTAX: RulesSyntaxError, ESIZE: SizeError, EALIGN: AlignmentError,
};
/** The error for a status (not thrown). */
export function errorFor(status, fn = null) {
  const cls = ERROR_CLASSES[statusName(status)] ?? NapfireError;
  return cls === RulesSyntaxError ? new NapfireError(status, fn) : new cls(status, fn);
}
function check(status, fn) {
  if (status !== 0) throw errorFor(status, fn);
}

// ---------------------------------------------------------------------
// Arguments, checked before any call

const INT32 = [-0x80000000, 0x7fffffff];

function refuse(name, value, allowed, fn, why) {
  const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  return new DomainError(Status.EDOMAIN, fn, `${name}=${shown} is outside ${allowed}${why ? ` (${why})` : ""}` +
    `${fn ? ` (${fn}: EDOMAIN)` : ""}`, { parameter: name, value, allowed });
}
// A value in its own range that the library refused with the others
// (EDOMAIN): named as the package names what it refuses itself.
function refusedByLibrary(fn, name, value, allowed, shown = String(value)) {
  return new DomainError(Status.EDOMAIN, fn, `${name}=${shown} is not ${allowed} (${fn}: EDOMAIN)`, { parameter: name, value, allowed });
}
function int(value, name, lo = INT32[0], hi = INT32[1], fn = null, why = undefined) {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    const e = new TypeError(`${name} must be an integer, not ${value === null ? "null" : typeof value === "number" ? value : typeof value}`);
    Object.assign(e, { parameter: name, value, allowed: `${lo}..${hi}` });
    throw e;
  }
  if (value < lo || value > hi) throw refuse(name, value, `${lo}..${hi}`, fn, why);
  return value;
}
function member(value, name, family, familyName, fn = null) {
  const values = ENUMS[familyName].values;
  if (typeof value !== "number" || !Object.values(values).includes(value)) {
    if (typeof value !== "number") int(value, name);
    throw refuse(name, value, Object.keys(values).join(", "), fn, `not a ${familyName}`);
  }
  return value;
}
// A 0/1 flag: false, true, 0 or 1 (nothing else is silently truthy).
const flag = (value, name, fn = null) => (typeof value === "boolean" ? (value ? 1 : 0) : int(value, name, 0, 1, fn));
// A rules datum that may be unknown: null in JavaScript, `unknown` in C.
function orUnknown(value, name, lo, hi, fn, unknown = CONSTANTS.UNKNOWN) {
  return value === null ? unknown : int(value, name, lo, hi, fn, "or null for unknown");
}
const unknownOut = (value, unknown = CONSTANTS.UNKNOWN) => (value === unknown ? null : value);
function options(opts, allowed, where) {
  if (opts === undefined || opts === null) return {};
  if (typeof opts !== "object" || Array.isArray(opts)) throw new TypeError(`${where}: options must be an object`);
  for (const key of Object.keys(opts)) {
    if (!allowed.includes(key)) throw new TypeError(`${where}: unknown option ${JSON.stringify(key)} (known: ${allowed.join(", ")})`);
  }
  return opts;
}
function rulesArg(rules) {
  if (rules === undefined || rules === null) return null;
  if (!(rules instanceof Rules)) throw new TypeError("rules must be a Rules or null (the built-in data)");
  return rules;
}
const rulesIn = (m, rules) => (rules ? m.bytes(rules._bytes) : 0);
function text(value, name) {
  if (typeof value !== "string") throw new TypeError(`${name} must be a string, not ${typeof value}`);
  const i = value.indexOf("\0");
  if (i >= 0) throw refuse(name, `…`, "text without NUL characters", null, `a NUL at index ${i}`);
  return value;
}

// ---------------------------------------------------------------------
// Core

/** napfire_strerror: a status in words. */
export function strerror(status) {
  return W ? cstr(W.napfire_strerror(int(status, "status"))) : `status ${status}`;
}
/** napfire_status_name: "EDOMAIN" for -2. */
export function statusName(status) {
  if (!W) return Object.keys(Status).find((k) => Status[k] === status) ?? "unknown";
  return cstr(W.napfire_status_name(int(status, "status")));
}
/** napfire_enum_name: a figure-scale value's name ("COLUMN_OF_DIVISIONS"). */
export function enumName(enumeration, value) {
  return withMemory(() => cstr(W.napfire_enum_name(int(enumeration, "enumeration"), int(value, "value"))));
}
/** napfire_hex_enum_name: a hex-scale value's name. */
export function hexEnumName(enumeration, value) {
  return withMemory(() => cstr(W.napfire_hex_enum_name(int(enumeration, "enumeration"), int(value, "value"))));
}
/** napfire_reason_name, napfire_modifier_name, napfire_los_rule_id. */
export const reasonName = (reason) => withMemory(() => cstr(W.napfire_reason_name(int(reason, "reason"))));
export const modifierName = (id) => withMemory(() => cstr(W.napfire_modifier_name(int(id, "id"))));
export const losRuleId = (rule) => withMemory(() => cstr(W.napfire_los_rule_id(int(rule, "rule"))));
/** The library's version, "1.3.0", and as a number (napfire_version_number). */
export const versionString = () => withMemory(() => cstr(W.napfire_version_string()));
export const versionNumber = () => withMemory(() => W.napfire_version_number() >>> 0);

// Sizes the package was generated for, held to the library it loads.
function checkSizes() {
  for (const [what, want] of [["unit", CONSTANTS.UNIT_SIZE], ["shot", CONSTANTS.SHOT_SIZE],
    ["rules", CONSTANTS.RULES_SIZE], ["dice", CONSTANTS.DICE_SIZE]]) {
    const got = W[`napfire_${what}_size`]();
    if (got !== want) {
      W = null;
      throw new SizeError(Status.ESIZE, `napfire_${what}_size`, `napfire: napfire.wasm's ${what} is ${got} bytes, the package expects ${want}`);
    }
  }
}

const BOUNDS = new Map();
function askBounds() {
  withMemory((m) => {
    const lo = m.alloc(4), hi = m.alloc(4);
    for (const p of [...Object.values(UnitParam), ...Object.values(ShotParam)]) {
      if (W.napfire_param_bounds(p, lo, hi) === 0) BOUNDS.set(p, [i32(lo), i32(hi)]);
    }
  });
}
/** napfire_param_bounds: [lo, hi] of a unit or shot parameter. */
export function paramBounds(param) {
  int(param, "param");
  const b = BOUNDS.get(param);
  if (!b) throw refuse("param", param, "a UnitParam or ShotParam value", "napfire_param_bounds");
  return [...b];
}

/**
 * napfire_round_half: half figures to figures (F-CAS-2/3). A remaining
 * half needs a half die 1..6 (0: none rolled, refused when one is needed).
 */
export function roundHalf(halves, halfDie, secondClass = false) {
  int(halves, "halves", 0, 2 * CONSTANTS.MAX_FIGURES, "napfire_round_half");
  int(halfDie, "halfDie", 0, 6, "napfire_round_half", "a half die is 1..6, 0 not rolled");
  const second = flag(secondClass, "secondClass", "napfire_round_half");
  return withMemory((m) => {
    const out = m.alloc(4);
    const st = W.napfire_round_half(halves, halfDie, second, out);
    if (st === Status.EINVAL) {
      throw new InvalidArgumentError(st, "napfire_round_half", `halfDie=0 but a half remains of ${halves} halves: roll a half die 1..6` +
        " (napfire_round_half: EINVAL)", { parameter: "halfDie", value: halfDie, allowed: "1..6" });
    }
    check(st, "napfire_round_half");
    return i32(out);
  });
}

// ---------------------------------------------------------------------
// Units and shots

// The parameter -> the enumeration of its values (the rest are numbers).
const FAMILIES = {
  [UnitParam.NATION]: "Nation", [UnitParam.CLASS]: "TroopClass", [UnitParam.FORMATION]: "Formation",
  [UnitParam.WEAPON]: "Weapon", [UnitParam.GUN]: "Gun", [UnitParam.COVER]: "Cover", [UnitParam.MOVED]: "Moved",
  [ShotParam.MEASURE]: "Measure", [ShotParam.AMMO]: "Ammo",
};
// camelCase keys: troopClass for CLASS (as Python's troop_class).
const keysOf = (params) => Object.fromEntries(Object.entries(params).map(([k, v]) => [k === "CLASS" ? "troopClass" : camel(k), v]));
const UNIT_KEYS = keysOf(UnitParam);
const SHOT_KEYS = keysOf(ShotParam);

class Parameters {
  constructor(bytes) {
    this._bytes = bytes;
  }
  _param(param) {
    const keys = this.constructor._KEYS;
    if (typeof param === "string") {
      if (!(param in keys)) throw new TypeError(`unknown ${this.constructor.name} parameter ${JSON.stringify(param)} (known: ${Object.keys(keys).join(", ")})`);
      return [keys[param], param];
    }
    int(param, "param");
    const key = Object.keys(keys).find((k) => keys[k] === param);
    if (key === undefined) throw refuse("param", param, Object.keys(keys).join(", "), this.constructor._SETTER);
    return [param, key];
  }
  _checked(param, value) {
    const [p, key] = this._param(param);
    const fn = this.constructor._SETTER;
    if (FAMILIES[p]) member(value, key, null, FAMILIES[p], fn);
    else if (typeof value === "boolean") value = value ? 1 : 0;
    const b = BOUNDS.get(p);
    return [p, key, b ? int(value, key, b[0], b[1], fn, `the library accepts ${b[0]}..${b[1]}`) : int(value, key)];
  }
  /** Set several parameters ({figures: 30, ...}); all or none. */
  update(params = {}) {
    if (typeof params !== "object" || params === null) throw new TypeError("parameters must be an object");
    const items = Object.entries(params).map(([k, v]) => this._checked(k, v));
    const setter = this.constructor._SETTER;
    this._bytes = withMemory((m) => {
      const p = m.bytes(this._bytes);
      for (const [param, key, value] of items) {
        const st = W[setter](p, param, value);
        if (st === Status.EDOMAIN) throw this._notOpen(m, param, key, value);
        check(st, setter);
      }
      return u8().slice(p, p + this._bytes.length);
    });
    return this;
  }
  /** Set one parameter by name ("figures") or number (UnitParam.FIGURES). */
  set(param, value) {
    const [, key] = this._param(param);
    return this.update({ [key]: value });
  }
  /** A parameter's value, by name or number. */
  get(param) {
    const [p] = this._param(param);
    const getter = this.constructor._GETTER;
    return withMemory((m) => {
      const out = m.alloc(4);
      check(W[getter](m.bytes(this._bytes), p, out), getter);
      return i32(out);
    });
  }
  // A value the object refuses: what it does take, asked of the library.
  _notOpen(m, param, key, value) {
    const family = FAMILIES[param];
    const setter = this.constructor._SETTER;
    if (!family) return new DomainError(Status.EDOMAIN, setter, `${key} ${value} is not open to ${this._whom()}: it applies to other arms (${setter}: EDOMAIN)`,
      { parameter: key, value, allowed: null });
    const names = ENUMS[family].values;
    const work = m.bytes(this._bytes);
    const open = Object.keys(names).filter((n) => W[setter](work, param, names[n]) === 0);
    const name = Object.keys(names).find((n) => names[n] === value);
    return new DomainError(Status.EDOMAIN, setter, `${key} ${name} is not open to ${this._whom()}: give one of ${open.join(", ")} (${setter}: EDOMAIN)`,
      { parameter: key, value, allowed: open.join(", ") });
  }
  /** An independent copy. */
  copy() {
    const c = Object.create(Object.getPrototypeOf(this));
    c._bytes = this._bytes.slice();
    return c;
  }
  /** A copy of the C storage (napfire_unit or napfire_shot), for another build of this library version. */
  storage() {
    return this._bytes.slice();
  }
}

/** A unit (napfire_unit): `new Unit(Arm.LINE_INFANTRY, {nation, troopClass, figures, moved, ...})`. */
export class Unit extends Parameters {
  static _KEYS = UNIT_KEYS;
  static _SETTER = "napfire_unit_set";
  static _GETTER = "napfire_unit_get";
  constructor(arm, params = {}) {
    member(arm, "arm", null, "Arm", "napfire_unit_init");
    super(withMemory((m) => {
      const p = m.alloc(CONSTANTS.UNIT_SIZE);
      check(W.napfire_unit_init(p, CONSTANTS.UNIT_SIZE, arm), "napfire_unit_init");
      return u8().slice(p, p + CONSTANTS.UNIT_SIZE);
    }));
    this.update(params);
  }
  get arm() {
    return this.get(UnitParam.ARM);
  }
  _whom() {
    return enumName(EnumId.ARM, this.arm);
  }
  /** napfire_unit_may_open_order: may it deploy in open order in `year` (F-OO-1)? */
  mayOpenOrder(year) {
    int(year, "year", 1, 9999, "napfire_unit_may_open_order");
    return withMemory((m) => {
      const out = m.alloc(4);
      check(W.napfire_unit_may_open_order(m.bytes(this._bytes), year, out), "napfire_unit_may_open_order");
      return i32(out) === 1;
    });
  }
}

function resultOf(p) {
  const r = readStruct("napfire_result", p);
  // The data's 0-based indexes are named as such (row 1 is rowIndex 0).
  r.rowIndex = r.row;
  r.columnIndex = r.column;
  delete r.row;
  delete r.column;
  r.permitted = r.permitted === 1;
  r.halfDieUsed = r.halfDieUsed === 1;
  r.halfPending = r.halfPending === 1;
  return r;
}

// An output list the library sizes: ask with `cap`, again with the count
// it says it needs.
function grown(m, tag, cap, call) {
  const count = m.alloc(4);
  let items = m.alloc(cap * sizeOf(tag));
  let st = call(items, cap, count);
  if (st === Status.ENOSPC && u32(count) > cap) {
    cap = u32(count);
    items = m.alloc(cap * sizeOf(tag));
    st = call(items, cap, count);
  }
  const n = Math.min(u32(count), cap);
  return [st, Array.from({ length: n }, (_, i) => readStruct(tag, items + i * sizeOf(tag)))];
}
const outcomeOf = (o) => ({ targetCasualties: o.targetCasualties, screenCasualties: o.screenCasualties, weight: o.weight });

/** A shot (napfire_shot): `new Shot(firer, target, {distance: 150, ...})`; copies of both units. */
export class Shot extends Parameters {
  static _KEYS = SHOT_KEYS;
  static _SETTER = "napfire_shot_set";
  static _GETTER = "napfire_shot_get";
  constructor(firer, target, params = {}) {
    if (!(firer instanceof Unit)) throw new TypeError("firer must be a Unit");
    if (!(target instanceof Unit)) throw new TypeError("target must be a Unit");
    super(withMemory((m) => {
      const p = m.alloc(CONSTANTS.SHOT_SIZE);
      check(W.napfire_shot_init(p, CONSTANTS.SHOT_SIZE, m.bytes(firer._bytes), m.bytes(target._bytes)), "napfire_shot_init");
      return u8().slice(p, p + CONSTANTS.SHOT_SIZE);
    }));
    this.update(params);
  }
  _whom() {
    return "this shot";
  }
  /** napfire_shot_resolve: the explained result of one roll. */
  resolve(roll2d6, opts = {}) {
    const { halfDie = 0, rules = null } = options(opts, ["halfDie", "rules"], "resolve");
    int(roll2d6, "roll2d6", 2, 12, "napfire_shot_resolve", "a 2D6 roll");
    int(halfDie, "halfDie", 0, 6, "napfire_shot_resolve", "a half die is 1..6, 0 not rolled");
    const rl = rulesArg(rules);
    return withMemory((m) => {
      const out = m.alloc(sizeOf("napfire_result"));
      const st = W.napfire_shot_resolve(m.bytes(this._bytes), rulesIn(m, rl), roll2d6, halfDie, out);
      if (st === Status.EUNKNOWN) throw new UnknownDataError(st, "napfire_shot_resolve", resultOf(out));
      check(st, "napfire_shot_resolve");
      return resultOf(out);
    });
  }
  /** napfire_shot_band: the range band (Band). */
  band(opts = {}) {
    const rl = rulesArg(options(opts, ["rules"], "band").rules);
    return withMemory((m) => {
      const out = m.alloc(4);
      const st = W.napfire_shot_band(m.bytes(this._bytes), rulesIn(m, rl), out);
      if (st === Status.EUNKNOWN) throw new UnknownDataError(st, "napfire_shot_band");
      check(st, "napfire_shot_band");
      return i32(out);
    });
  }
  /** napfire_shot_modifiers: {items: [{id, name, value, applied, suppressedBy}], net}. */
  modifiers(opts = {}) {
    const rl = rulesArg(options(opts, ["rules"], "modifiers").rules);
    return withMemory((m) => {
      const net = m.alloc(4), s = m.bytes(this._bytes), r = rulesIn(m, rl);
      const [st, items] = grown(m, "napfire_modifier", 32, (buf, cap, count) => W.napfire_shot_modifiers(s, r, buf, cap, count, net));
      const list = items.map((x) => ({ ...x, name: modifierName(x.id) }));
      if (st === Status.EUNKNOWN) throw Object.assign(new UnknownDataError(st, "napfire_shot_modifiers"), { result: list });
      check(st, "napfire_shot_modifiers");
      return { items: list, net: i32(net) };
    });
  }
  /** napfire_shot_distribution: {outcomes, verdict}, weights out of 216. */
  distribution(opts = {}) {
    const rl = rulesArg(options(opts, ["rules"], "distribution").rules);
    return withMemory((m) => {
      const verdict = m.alloc(sizeOf("napfire_result")), s = m.bytes(this._bytes), r = rulesIn(m, rl);
      const [st, outs] = grown(m, "napfire_outcome", 64, (buf, cap, count) => W.napfire_shot_distribution(s, r, buf, cap, count, verdict));
      if (st === Status.EUNKNOWN) throw new UnknownDataError(st, "napfire_shot_distribution", resultOf(verdict));
      check(st, "napfire_shot_distribution");
      return { outcomes: outs.map(outcomeOf), verdict: resultOf(verdict) };
    });
  }
  /** napfire_shot_distribution_known: {outcomes, unknownWeight, verdict}; unknown data does not throw. */
  distributionKnown(opts = {}) {
    const rl = rulesArg(options(opts, ["rules"], "distributionKnown").rules);
    return withMemory((m) => {
      const verdict = m.alloc(sizeOf("napfire_result")), unknown = m.alloc(4), s = m.bytes(this._bytes), r = rulesIn(m, rl);
      const [st, outs] = grown(m, "napfire_outcome", 64,
        (buf, cap, count) => W.napfire_shot_distribution_known(s, r, buf, cap, count, unknown, verdict));
      if (st !== Status.EUNKNOWN) check(st, "napfire_shot_distribution_known");
      return { outcomes: outs.map(outcomeOf), unknownWeight: i32(unknown), verdict: resultOf(verdict) };
    });
  }
  /** napfire_shot_expected: expected casualties, exactly: {numerator, denominator, value}. */
  expected(opts = {}) {
    const rl = rulesArg(options(opts, ["rules"], "expected").rules);
    let verdict = null;
    const got = withMemory((m) => {
      const num = m.alloc(4), den = m.alloc(4), s = m.bytes(this._bytes), r = rulesIn(m, rl);
      const st = W.napfire_shot_expected(s, r, num, den, 0);
      if (st === Status.EUNKNOWN) {
        const v = m.alloc(sizeOf("napfire_result")), count = m.alloc(4);
        W.napfire_shot_distribution(s, r, 0, 0, count, v);
        verdict = resultOf(v);
        return null;
      }
      check(st, "napfire_shot_expected");
      return { numerator: i32(num), denominator: i32(den), value: i32(num) / i32(den) };
    });
    if (!got) throw new UnknownDataError(Status.EUNKNOWN, "napfire_shot_expected", verdict);
    return got;
  }
  /**
   * napfire_shot_measure: measure the shot on the table from the units'
   * footprints (F-GEO) and set the facts its arm needs; returns them, each
   * with the footprint that decided it and its rule. The shot changes only
   * on success.
   */
  measure(scene, opts = {}) {
    const rl = rulesArg(options(opts, ["rules"], "measure").rules);
    const parts = sceneParts(scene);
    const FACT = sizeOf("napfire_measured"), cap = CONSTANTS.MEASURED_MAX;
    let facts;
    this._bytes = withMemory((m) => {
      const s = m.bytes(this._bytes), sc = sceneIn(m, parts), out = m.alloc(cap * FACT), count = m.alloc(4);
      const st = W.napfire_shot_measure(s, rulesIn(m, rl), sc, out, cap, count);
      facts = Array.from({ length: Math.min(u32(count), cap) }, (_, i) => factOf(readStruct("napfire_measured", out + i * FACT)));
      if (st === Status.EUNKNOWN) {
        const f = facts.find((x) => x.missing !== Missing.NONE);
        throw Object.assign(new UnknownDataError(st, "napfire_shot_measure", f ? { missing: f.missing, missingIndex: f.missingIndex } : null),
          { result: facts });
      }
      check(st, "napfire_shot_measure");
      return u8().slice(s, s + this._bytes.length);
    });
    return facts;
  }
  /** napfire_shot_table: the cell a modified roll reads: {rowIndex, columnIndex, halves}. */
  table(modifiedRoll, opts = {}) {
    const rl = rulesArg(options(opts, ["rules"], "table").rules);
    int(modifiedRoll, "modifiedRoll");
    return withMemory((m) => {
      const o = m.alloc(12);
      const st = W.napfire_shot_table(m.bytes(this._bytes), rulesIn(m, rl), modifiedRoll, o, o + 4, o + 8);
      if (st === Status.EUNKNOWN) throw new UnknownDataError(st, "napfire_shot_table");
      check(st, "napfire_shot_table");
      return { rowIndex: i32(o), columnIndex: i32(o + 4), halves: i32(o + 8) };
    });
  }
}

// ---------------------------------------------------------------------
// The table: footprints and scenes (F-GEO)

const TABLE = [-CONSTANTS.TABLE_COORD_MAX, CONSTANTS.TABLE_COORD_MAX];
// A footprint {corners: four [x, y] or {x, y}, front-left first and
// clockwise seen from above, level} as the eleven words of napfire_footprint.
function footprintWords(fp, name) {
  if (fp === null || typeof fp !== "object" || !Array.isArray(fp.corners) || fp.corners.length !== 4) {
    throw new TypeError(`${name} must be a footprint {corners: [4 points], level}`);
  }
  const words = [];
  fp.corners.forEach((c, i) => {
    const [x, y] = Array.isArray(c) ? c : [c?.x, c?.y];
    words.push(int(x, `${name}.corners[${i}].x`, TABLE[0], TABLE[1], "napfire_shot_measure"),
      int(y, `${name}.corners[${i}].y`, TABLE[0], TABLE[1], "napfire_shot_measure"));
  });
  words.push(int(fp.level ?? 0, `${name}.level`));
  return words;
}
function footprintList(list, name) {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new TypeError(`scene.${name} must be an array of footprints`);
  return list.map((fp, i) => footprintWords(fp, `scene.${name}[${i}]`));
}
function sceneParts(scene) {
  options(scene, ["firer", "target", "screen", "friends", "others"], "scene");
  const parts = {
    firer: footprintWords(scene.firer, "scene.firer"), target: footprintWords(scene.target, "scene.target"),
    screen: scene.screen ? footprintWords(scene.screen, "scene.screen") : null,
    friends: footprintList(scene.friends, "friends"), others: footprintList(scene.others, "others"),
  };
  const n = 2 + (parts.screen ? 1 : 0) + parts.friends.length + parts.others.length;
  if (n > CONSTANTS.MAX_SCENE) throw refuse("scene", `${n} footprints`, `2..${CONSTANTS.MAX_SCENE} footprints`, "napfire_shot_measure");
  return parts;
}
function sceneIn(m, parts) {
  const FP = sizeOf("napfire_footprint");
  const put = (list) => {
    if (!list.length) return 0;
    const p = m.alloc(list.length * FP), v = view();
    list.forEach((w, i) => w.forEach((x, j) => v.setInt32(p + i * FP + 4 * j, x, true)));
    return p;
  };
  const friends = put(parts.friends), others = put(parts.others);
  return m.i32s([put([parts.firer]), put([parts.target]), parts.screen ? put([parts.screen]) : 0, friends,
    parts.friends.length, others, parts.others.length]);
}
const SHOT_NAMES = Object.fromEntries(Object.entries(SHOT_KEYS).map(([k, v]) => [v, k]));
function factOf(f) {
  return { param: f.param, name: SHOT_NAMES[f.param], value: f.value, decider: f.decider,
    deciderName: tableEnumName(TableEnumId.DECIDER, f.decider), deciderIndex: f.deciderIndex, rule: f.rule,
    ruleId: tableRuleId(f.rule), missing: f.missing, missingIndex: f.missingIndex };
}
/** napfire_table_enum_name and napfire_table_rule_id: the table measure's names. */
export const tableEnumName = (enumeration, value) =>
  withMemory(() => cstr(W.napfire_table_enum_name(int(enumeration, "enumeration"), int(value, "value"))));
export const tableRuleId = (rule) => withMemory(() => cstr(W.napfire_table_rule_id(int(rule, "rule"))));

// ---------------------------------------------------------------------
// Rules data and rules text

/** Rules data (napfire_rules): the built-in data, then whatever you set or parse. */
export class Rules {
  constructor() {
    this._bytes = withMemory((m) => {
      const p = m.alloc(CONSTANTS.RULES_SIZE);
      check(W.napfire_rules_init(p, CONSTANTS.RULES_SIZE), "napfire_rules_init");
      return u8().slice(p, p + CONSTANTS.RULES_SIZE);
    });
  }
  /** Rules from rules text (doc/rules-format.md) over the built-in data. */
  static fromText(source) {
    return new Rules().parse(source);
  }
  /** napfire_rules_parse: apply rules text; all or nothing (RulesSyntaxError names line and column). */
  parse(source) {
    const t = enc.encode(text(source, "text"));
    if (t.length > CONSTANTS.RULES_TEXT_MAX) throw refuse("text", `${t.length} bytes`, `0..${CONSTANTS.RULES_TEXT_MAX} bytes`, "napfire_rules_parse");
    this._bytes = withMemory((m) => {
      const p = m.bytes(this._bytes), err = m.alloc(sizeOf("napfire_parse_error"));
      const st = W.napfire_rules_parse(p, m.bytes(t), t.length, err);
      if (st === Status.ESYNTAX) throw new RulesSyntaxError(st, "napfire_rules_parse", readStruct("napfire_parse_error", err));
      check(st, "napfire_rules_parse");
      return u8().slice(p, p + CONSTANTS.RULES_SIZE);
    });
    return this;
  }
  /** napfire_rules_format: the rules as text that parses back to them. */
  format() {
    return withMemory((m) => {
      const p = m.bytes(this._bytes), len = m.alloc(4);
      let cap = 64 * 1024, buf = m.alloc(cap);
      let st = W.napfire_rules_format(p, buf, cap, len);
      if (st === Status.ENOSPC) {
        cap = u32(len) + 1;
        buf = m.alloc(cap);
        st = W.napfire_rules_format(p, buf, cap, len);
      }
      check(st, "napfire_rules_format");
      return cstr(buf, u32(len));
    });
  }
  /** napfire_rules_get_provenance: NAME, SOURCE or NOTES (Provenance). */
  provenance(field) {
    member(field, "field", null, "Provenance", "napfire_rules_get_provenance");
    return withMemory((m) => {
      const len = m.alloc(4), buf = m.alloc(CONSTANTS.RULES_LINE_MAX + 1);
      check(W.napfire_rules_get_provenance(m.bytes(this._bytes), field, buf, CONSTANTS.RULES_LINE_MAX + 1, len), "napfire_rules_get_provenance");
      return cstr(buf, u32(len));
    });
  }
  // A setter of napfire_rules: the rules change only on success;
  // `refused` names what the library refuses among values in range.
  _set(fn, args, refused = null) {
    this._bytes = withMemory((m) => {
      const p = m.bytes(this._bytes), st = W[fn](p, ...args);
      if (st === Status.EDOMAIN && refused) throw refused();
      check(st, fn);
      return u8().slice(p, p + CONSTANTS.RULES_SIZE);
    });
    return this;
  }
  // A getter: its `count` outputs, or null for an unknown datum (EUNKNOWN).
  _get(fn, args, count) {
    return withMemory((m) => {
      const out = m.alloc(4 * count);
      const st = W[fn](m.bytes(this._bytes), ...args, ...Array.from({ length: count }, (_, i) => out + 4 * i));
      if (st === Status.EUNKNOWN) return null;
      check(st, fn);
      return i32Array(out, count);
    });
  }
  /**
   * napfire_rules_set_musketry: a musketry cell (F-TAB) in half figures,
   * null for unknown; 0-based indexes (rowIndex 0 is row 1, columnIndex 0
   * the column of modified roll 1-2); `star` for an "N*" cell.
   */
  setMusketry(rowIndex, columnIndex, halves, star = false) {
    const fn = "napfire_rules_set_musketry";
    const [row, col] = cellIndex(rowIndex, columnIndex, fn);
    const h = orUnknown(halves, "halves", 0, CONSTANTS.MAX_CELL_HALVES, fn), st = flag(star, "star", fn);
    return this._set(fn, [row, col, h, st], () => refusedByLibrary(fn, "star", star, `false for halves=${halves}: an "N*" cell holds whole figures N >= 1`));
  }
  /** napfire_rules_get_musketry: {halves, star}, or null for an unknown cell. */
  getMusketry(rowIndex, columnIndex) {
    const got = this._get("napfire_rules_get_musketry", cellIndex(rowIndex, columnIndex, "napfire_rules_get_musketry"), 2);
    return got && { halves: got[0], star: got[1] === 1 };
  }
  /** napfire_rules_set_range: a weapon's range maxima in one measure (F-RNG); null for unknown. */
  setRange(weapon, measure, effectiveMax, longMax) {
    const fn = "napfire_rules_set_range";
    member(weapon, "weapon", null, "Weapon", fn);
    member(measure, "measure", null, "Measure", fn);
    return this._set(fn, [weapon, measure, ...maxima({ effectiveMax, longMax }, fn)]);
  }
  /** napfire_rules_get_range: {effectiveMax, longMax}, null for an unknown one. */
  getRange(weapon, measure) {
    member(weapon, "weapon", null, "Weapon", "napfire_rules_get_range");
    member(measure, "measure", null, "Measure", "napfire_rules_get_range");
    const [effectiveMax, longMax] = this._get("napfire_rules_get_range", [weapon, measure], 2).map((v) => unknownOut(v));
    return { effectiveMax, longMax };
  }
  /** napfire_rules_set_gun_range: a gun's band maxima in one measure (F-ART-1); null for unknown. */
  setGunRange(gun, measure, canisterMax, effectiveMax, longMax) {
    const fn = "napfire_rules_set_gun_range";
    member(gun, "gun", null, "Gun", fn);
    member(measure, "measure", null, "Measure", fn);
    return this._set(fn, [gun, measure, ...maxima({ canisterMax, effectiveMax, longMax }, fn)]);
  }
  /** napfire_rules_get_gun_range: {canisterMax, effectiveMax, longMax}, null for an unknown one. */
  getGunRange(gun, measure) {
    member(gun, "gun", null, "Gun", "napfire_rules_get_gun_range");
    member(measure, "measure", null, "Measure", "napfire_rules_get_gun_range");
    const [canisterMax, effectiveMax, longMax] = this._get("napfire_rules_get_gun_range", [gun, measure], 3).map((v) => unknownOut(v));
    return { canisterMax, effectiveMax, longMax };
  }
  /**
   * napfire_rules_set_artillery: an artillery cell (F-ART-1) in half
   * figures, null for unknown. Canister beyond canister range is never
   * read: any value there but null is refused (DomainError).
   */
  setArtillery(gun, ammo, band, columnIndex, halves) {
    const fn = "napfire_rules_set_artillery";
    const at = artilleryCell(gun, ammo, band, columnIndex, fn);
    return this._set(fn, [...at, orUnknown(halves, "halves", 0, CONSTANTS.MAX_CELL_HALVES, fn)], () =>
      refusedByLibrary(fn, "halves", halves, "null: canister ammunition beyond canister range is never read (F-ART-1)"));
  }
  /** napfire_rules_get_artillery: the cell in half figures, or null when unknown. */
  getArtillery(gun, ammo, band, columnIndex) {
    const got = this._get("napfire_rules_get_artillery", artilleryCell(gun, ammo, band, columnIndex, "napfire_rules_get_artillery"), 1);
    return got && got[0];
  }
  /**
   * napfire_rules_set_modifier: a modifier value of a Fire kind (F-MOD,
   * F-ART-1/3), null for unknown; variant 1 is the second value of COLUMN
   * (massed column) and COVER (limited cover).
   */
  setModifier(fire, id, value, variant = 0) {
    const fn = "napfire_rules_set_modifier";
    modifierSlot(fire, id, variant, fn);
    const v = orUnknown(value, "value", -CONSTANTS.MAX_MODIFIER, CONSTANTS.MAX_MODIFIER, fn, CONSTANTS.MODIFIER_UNKNOWN);
    return this._set(fn, [fire, id, variant, v], () => refusedByLibrary(fn, "id", id,
      `a modifier of ${fire === Fire.MUSKETRY ? "MUSKETRY" : "ARTILLERY"} fire with variant ${variant}`, modifierName(id)));
  }
  /** napfire_rules_get_modifier: a modifier value, or null when unknown. */
  getModifier(fire, id, variant = 0) {
    modifierSlot(fire, id, variant, "napfire_rules_get_modifier");
    const got = this._get("napfire_rules_get_modifier", [fire, id, variant], 1);
    return got && got[0];
  }
  /**
   * napfire_rules_set_threshold: a Threshold in a measure, null for
   * unknown: distances 0..MAX_DISTANCE, figure counts 1..MAX_FIGURES (the
   * rows strictly increasing), the Guard cap 0..MAX_MODIFIER.
   */
  setThreshold(threshold, measure, value) {
    const fn = "napfire_rules_set_threshold";
    member(threshold, "threshold", null, "Threshold", fn);
    member(measure, "measure", null, "Measure", fn);
    const [lo, hi] = thresholdDomain(threshold);
    return this._set(fn, [threshold, measure, orUnknown(value, "value", lo, hi, fn)], () =>
      refusedByLibrary(fn, "value", value, "in order: the row thresholds ROW_2..ROW_5 strictly increase"));
  }
  /** napfire_rules_get_threshold: a threshold, or null when unknown. */
  getThreshold(threshold, measure = Measure.METRIC) {
    member(threshold, "threshold", null, "Threshold", "napfire_rules_get_threshold");
    member(measure, "measure", null, "Measure", "napfire_rules_get_threshold");
    const got = this._get("napfire_rules_get_threshold", [threshold, measure], 1);
    return got && got[0];
  }
  /**
   * napfire_rules_set_provenance: NAME, EDITION or SOURCE (Provenance):
   * text without control characters, at most 63, 31 or 127 UTF-8 bytes.
   */
  setProvenance(field, value) {
    const fn = "napfire_rules_set_provenance";
    member(field, "field", null, "Provenance", fn);
    const bytes = provenanceText(field, value, fn);
    this._bytes = withMemory((m) => {
      const p = m.bytes(this._bytes), t = m.alloc(bytes.length + 1);
      u8().set(bytes, t);
      check(W.napfire_rules_set_provenance(p, field, t), fn);
      return u8().slice(p, p + CONSTANTS.RULES_SIZE);
    });
    return this;
  }
  /** Every datum these rules can read that is still unknown: [{missing, index}] (napfire_rules_next_unknown). */
  unknownData() {
    return unknownData(this);
  }
  /** The library's findings, as `napfire rules --check`: [{check, missing, index, text}]. */
  check() {
    return rulesCheck(this);
  }
  /** The library's coverage, as `napfire rules --coverage`. */
  coverage() {
    return rulesCoverage(this);
  }
  copy() {
    const c = Object.create(Rules.prototype);
    c._bytes = this._bytes.slice();
    return c;
  }
  /** A copy of the C storage (napfire_rules), for another build of this library version. */
  storage() {
    return this._bytes.slice();
  }
}

// The arguments of the rules data setters and getters, checked before any call.
function cellIndex(rowIndex, columnIndex, fn) {
  return [int(rowIndex, "rowIndex", 0, 4, fn, "index 0 is row 1"),
    int(columnIndex, "columnIndex", 0, 8, fn, "index 0 is modified roll 1-2")];
}
function artilleryCell(gun, ammo, band, columnIndex, fn) {
  member(gun, "gun", null, "Gun", fn);
  member(ammo, "ammo", null, "Ammo", fn);
  int(band, "band", Band.CANISTER, Band.LONG, fn, "CANISTER..LONG");
  return [gun, ammo, band, int(columnIndex, "columnIndex", 0, 8, fn, "index 0 is modified roll 1-2")];
}
function modifierSlot(fire, id, variant, fn) {
  member(fire, "fire", null, "Fire", fn);
  member(id, "id", null, "ModifierId", fn);
  int(variant, "variant", 0, 1, fn, "1 is the second value of COLUMN and COVER");
}
// Band maxima {name: value} in order: each known one 0..MAX_DISTANCE and
// not below a known one before it; null for unknown.
function maxima(named, fn) {
  let last = 0;
  return Object.entries(named).map(([name, value]) => {
    const v = orUnknown(value, name, last, CONSTANTS.MAX_DISTANCE, fn);
    if (value !== null) last = v;
    return v;
  });
}
function thresholdDomain(threshold) {
  if ([Threshold.SCREEN, Threshold.LONG_RANGE_CLEARANCE, Threshold.OVERHEAD_CLEARANCE].includes(threshold)) return [0, CONSTANTS.MAX_DISTANCE];
  return threshold === Threshold.GUARD_CAP ? [0, CONSTANTS.MAX_MODIFIER] : [1, CONSTANTS.MAX_FIGURES];
}
const PROVENANCE_BYTES = { [Provenance.NAME]: 63, [Provenance.EDITION]: 31, [Provenance.SOURCE]: 127 };
function provenanceText(field, value, fn) {
  text(value, "text");
  const control = value.search(/[\u0000-\u001f\u007f]/);
  if (control >= 0) throw refuse("text", value, "text without control characters", fn, `U+${value.charCodeAt(control).toString(16).padStart(4, "0")} at index ${control}`);
  if (/\p{Cs}/u.test(value)) throw refuse("text", value, "well-formed Unicode", fn, "a lone surrogate");
  const bytes = enc.encode(value), max = PROVENANCE_BYTES[field];
  if (bytes.length > max) throw refuse("text", `${bytes.length} bytes`, `0..${max} bytes`, fn);
  return bytes;
}

/** napfire_rules_next_unknown: every datum `rules` (null: the built-in data) can read that is still unknown, in the rules text's order. */
export function unknownData(rules = null) {
  const rl = rulesArg(rules);
  return withMemory((m) => {
    const r = rulesIn(m, rl), cursor = m.alloc(4), missing = m.alloc(4), index = m.alloc(16), out = [];
    for (let n = 0; n < 100000; n++) {
      check(W.napfire_rules_next_unknown(r, cursor, missing, index), "napfire_rules_next_unknown");
      if (i32(missing) === Missing.NONE) break;
      out.push({ missing: i32(missing), index: i32Array(index, 4) });
    }
    return out;
  });
}

/** Findings of napfire_rules_check_next over `rules` (null: the built-in data). */
export function rulesCheck(rules = null) {
  const rl = rulesArg(rules);
  return withMemory((m) => {
    const r = rulesIn(m, rl), cursor = m.alloc(4), chk = m.alloc(4), missing = m.alloc(4), index = m.alloc(16);
    const cap = 512, buf = m.alloc(cap), len = m.alloc(4), out = [];
    for (let n = 0; n < 100000; n++) {
      check(W.napfire_rules_check_next(r, cursor, chk, missing, index, buf, cap, len), "napfire_rules_check_next");
      if (i32(chk) === Check.NONE) break;
      out.push({ check: i32(chk), missing: i32(missing), index: i32Array(index, 4), text: cstr(buf, Math.min(u32(len), cap - 1)) });
    }
    return out;
  });
}

/** napfire_rules_coverage: {musketry: {shots, resolved}, artillery: {...}, blockers: [{missing, index, shots}]}. */
export function rulesCoverage(rules = null) {
  const rl = rulesArg(rules);
  return withMemory((m) => {
    const r = rulesIn(m, rl), shots = m.alloc(8), resolved = m.alloc(8);
    const [st, blockers] = grown(m, "napfire_blocker", CONSTANTS.COVERAGE_BLOCKERS_MAX,
      (buf, cap, count) => W.napfire_rules_coverage(r, shots, resolved, buf, cap, count));
    check(st, "napfire_rules_coverage");
    const fire = (k) => ({ shots: i32(shots + 4 * k), resolved: i32(resolved + 4 * k) });
    return { musketry: fire(Fire.MUSKETRY), artillery: fire(Fire.ARTILLERY), blockers };
  });
}

/**
 * napfire_missing_describe: an unknown datum in words (SENTENCE) or as the
 * rules-text line that supplies it, with one `?` (PATCH).
 */
export function missingDescribe(missing, index, style = DescribeStyle.PATCH) {
  member(missing, "missing", null, "Missing", "napfire_missing_describe");
  member(style, "style", null, "DescribeStyle", "napfire_missing_describe");
  if (!Array.isArray(index) || index.length !== 4) throw new TypeError("index must be an array of 4 integers");
  index.forEach((v, i) => int(v, `index[${i}]`));
  return withMemory((m) => {
    const cap = 512, buf = m.alloc(cap), len = m.alloc(4);
    check(W.napfire_missing_describe(missing, m.i32s(index), style, buf, cap, len), "napfire_missing_describe");
    return cstr(buf, u32(len));
  });
}

// ---------------------------------------------------------------------
// Dice and batches

function seed64(value, name) {
  if (typeof value === "number") int(value, name, 0, Number.MAX_SAFE_INTEGER);
  else if (typeof value !== "bigint" || value < 0n || value >= 1n << 64n) {
    throw refuse(name, value, "0..2^64-1 (a number or a BigInt)", "napfire_dice_init");
  }
  return BigInt(value);
}

/** Seeded dice (napfire_dice, PCG32): the same seed and stream give the same rolls everywhere. */
export class Dice {
  constructor(seed, stream = 0) {
    const s = seed64(seed, "seed"), t = seed64(stream, "stream");
    this._bytes = withMemory((m) => {
      const p = m.alloc(CONSTANTS.DICE_SIZE);
      check(W.napfire_dice_init(p, CONSTANTS.DICE_SIZE, s, t), "napfire_dice_init");
      return u8().slice(p, p + CONSTANTS.DICE_SIZE);
    });
  }
  _roll(fn, read) {
    let v;
    this._bytes = withMemory((m) => {
      const p = m.bytes(this._bytes), out = m.alloc(4);
      check(W[fn](p, out), fn);
      v = read(out);
      return u8().slice(p, p + CONSTANTS.DICE_SIZE);
    });
    return v;
  }
  /** One D6, 1..6. */
  d6() {
    return this._roll("napfire_dice_d6", i32);
  }
  /** A 2D6 roll, 2..12. */
  roll2d6() {
    return this._roll("napfire_dice_2d6", i32);
  }
  /** The next raw 32-bit number. */
  nextRaw() {
    return this._roll("napfire_dice_next", u32);
  }
  copy() {
    const c = Object.create(Dice.prototype);
    c._bytes = this._bytes.slice();
    return c;
  }
}

function shotList(shots, fn = "napfire_resolve_many") {
  if (!Array.isArray(shots)) throw new TypeError("shots must be an array of Shot");
  if (shots.length > CONSTANTS.MAX_BATCH) throw refuse("shots", `${shots.length} shots`, `0..${CONSTANTS.MAX_BATCH} shots`, fn);
  shots.forEach((s, i) => {
    if (!(s instanceof Shot)) throw new TypeError(`shots[${i}] must be a Shot`);
  });
  return shots;
}
function packShots(m, shots) {
  const p = m.alloc(Math.max(1, shots.length) * CONSTANTS.SHOT_SIZE);
  shots.forEach((s, i) => u8().set(s._bytes, p + i * CONSTANTS.SHOT_SIZE));
  return p;
}
function column(values, n, name, lo, hi) {
  if (!Array.isArray(values) && !ArrayBuffer.isView(values)) throw new TypeError(`${name} must be an array of ${n} integers`);
  if (values.length !== n) throw new TypeError(`${name} has ${values.length} values, ${n} needed`);
  for (let i = 0; i < n; i++) int(values[i], `${name}[${i}]`, lo, hi, "napfire_resolve_many");
  return values;
}
function batchResults(m, n, results, statuses) {
  const size = sizeOf("napfire_result");
  return Array.from({ length: n }, (_, i) => ({ status: i32(statuses + 4 * i), result: resultOf(results + i * size) }));
}

/**
 * napfire_resolve_many: one roll per shot. Returns [{status, result}] per
 * shot: a shot's own refusal (status EUNKNOWN, ...) does not stop the others.
 */
export function resolveMany(shots, rolls, halfDice = null, opts = {}) {
  shotList(shots);
  const n = shots.length;
  column(rolls, n, "rolls", 2, 12);
  if (halfDice !== null) column(halfDice, n, "halfDice", 0, 6);
  const rl = rulesArg(options(opts, ["rules"], "resolveMany").rules);
  return withMemory((m) => {
    const results = m.alloc(Math.max(1, n) * sizeOf("napfire_result")), statuses = m.alloc(4 * Math.max(1, n));
    check(W.napfire_resolve_many(packShots(m, shots), n, rulesIn(m, rl), m.i32s(Array.from(rolls)),
      halfDice === null ? 0 : m.i32s(Array.from(halfDice)), results, statuses), "napfire_resolve_many");
    return batchResults(m, n, results, statuses);
  });
}

/** napfire_resolve_many_dice: the dice roll for each shot in turn; [{status, result, roll, halfDie}]. */
export function resolveManyDice(shots, dice, opts = {}) {
  shotList(shots);
  if (!(dice instanceof Dice)) throw new TypeError("dice must be a Dice");
  const rl = rulesArg(options(opts, ["rules"], "resolveManyDice").rules);
  const n = shots.length;
  let out;
  dice._bytes = withMemory((m) => {
    const d = m.bytes(dice._bytes), results = m.alloc(Math.max(1, n) * sizeOf("napfire_result"));
    const statuses = m.alloc(4 * Math.max(1, n)), rolls = m.alloc(4 * Math.max(1, n)), halves = m.alloc(4 * Math.max(1, n));
    check(W.napfire_resolve_many_dice(packShots(m, shots), n, rulesIn(m, rl), d, results, statuses, rolls, halves), "napfire_resolve_many_dice");
    out = batchResults(m, n, results, statuses).map((x, i) => ({ ...x, roll: i32(rolls + 4 * i), halfDie: i32(halves + 4 * i) }));
    return u8().slice(d, d + CONSTANTS.DICE_SIZE);
  });
  return out;
}

// One index into `nshots` shots per trial, as a Uint32Array.
function trialIndex(index, nshots, fn) {
  if (!Array.isArray(index) && !ArrayBuffer.isView(index)) throw new TypeError("index must be an array of integers (or a typed array)");
  if (index.length > CONSTANTS.MAX_BATCH) throw refuse("index", `${index.length} trials`, `0..${CONSTANTS.MAX_BATCH} trials`, fn);
  const out = new Uint32Array(index.length);
  for (let i = 0; i < index.length; i++) {
    const v = index[i];
    if (!Number.isInteger(v) || v < 0 || v >= nshots) int(v, `index[${i}]`, 0, nshots - 1, fn, `an index into ${nshots} shots`);
    out[i] = v;
  }
  return out;
}

/**
 * napfire_resolve_indexed_dice: a simulation's trials over a few distinct
 * shots, each trial naming its shot by index; rolled and resolved as
 * resolveManyDice would roll and resolve `index.map((i) => shots[i])`
 * with the same dice. Returns {statuses, casualties} (Int32Arrays, a
 * trial's casualties where its status is 0, else 0) and, with
 * `{results: true}`, `results` too. `dice` advances past every roll made.
 */
export function resolveIndexedDice(shots, index, dice, opts = {}) {
  const fn = "napfire_resolve_indexed_dice";
  shotList(shots, fn);
  const idx = trialIndex(index, shots.length, fn);
  if (!(dice instanceof Dice)) throw new TypeError("dice must be a Dice");
  const o = options(opts, ["rules", "results"], "resolveIndexedDice");
  const rl = rulesArg(o.rules), withResults = flag(o.results ?? false, "results") === 1;
  const n = idx.length;
  let out;
  dice._bytes = withMemory((m) => {
    const d = m.bytes(dice._bytes), ix = m.bytes(new Uint8Array(idx.buffer));
    const statuses = m.alloc(4 * Math.max(1, n)), casualties = m.alloc(4 * Math.max(1, n));
    const results = withResults ? m.alloc(Math.max(1, n) * sizeOf("napfire_result")) : 0;
    check(W[fn](packShots(m, shots), shots.length, rulesIn(m, rl), ix, n, d, statuses, casualties, results), fn);
    const ints = (p) => new Int32Array(W.memory.buffer.slice(p, p + 4 * n));
    out = { statuses: ints(statuses), casualties: ints(casualties) };
    if (withResults) out.results = Array.from({ length: n }, (_, i) => resultOf(results + i * sizeOf("napfire_result")));
    return u8().slice(d, d + CONSTANTS.DICE_SIZE);
  });
  return out;
}

// ---------------------------------------------------------------------
// Hex scale: coordinates, line of sight, field of view

const COORD = [-CONSTANTS.HEX_COORD_MAX, CONSTANTS.HEX_COORD_MAX];
function hexArg(h, name) {
  if (h === null || typeof h !== "object") throw new TypeError(`${name} must be a hex {q, r}`);
  int(h.q, `${name}.q`, COORD[0], COORD[1], "napfire_hex_check");
  int(h.r, `${name}.r`, COORD[0], COORD[1], "napfire_hex_check");
  return h;
}
const hexAt = (p) => ({ q: i32(p), r: i32(p + 4) });

/** napfire_hex_distance: hexes between a and b. */
export function hexDistance(a, b) {
  hexArg(a, "a");
  hexArg(b, "b");
  return withMemory((m) => {
    const out = m.alloc(4);
    check(W.napfire_hex_distance(m.hex(a), m.hex(b), out), "napfire_hex_distance");
    return i32(out);
  });
}
/** napfire_hex_from_offset: the hex {q, r} at a map's column and row. */
export function hexFromOffset(layout, column, row) {
  member(layout, "layout", null, "HexLayout", "napfire_hex_from_offset");
  int(column, "column");
  int(row, "row");
  return withMemory((m) => {
    const out = m.alloc(8);
    check(W.napfire_hex_from_offset(layout, column, row, out), "napfire_hex_from_offset");
    return hexAt(out);
  });
}
/** napfire_hex_to_offset: {column, row} of a hex in a layout. */
export function hexToOffset(h, layout) {
  hexArg(h, "h");
  member(layout, "layout", null, "HexLayout", "napfire_hex_to_offset");
  return withMemory((m) => {
    const out = m.alloc(8);
    check(W.napfire_hex_to_offset(m.hex(h), layout, out, out + 4), "napfire_hex_to_offset");
    return { column: i32(out), row: i32(out + 4) };
  });
}
/** napfire_hex_facing: the hexside masks {front, flank, rear} of a formation facing (H-FACE). */
export function hexFacing(formation, facing) {
  member(formation, "formation", null, "HexFormation", "napfire_hex_facing");
  int(facing, "facing", 0, 11, "napfire_hex_facing");
  return withMemory((m) => {
    const o = m.alloc(12);
    check(W.napfire_hex_facing(formation, facing, o, o + 4, o + 8), "napfire_hex_facing");
    return { front: u32(o), flank: u32(o + 4), rear: u32(o + 8) };
  });
}
const hexRefused = (name, h, allowed, fn) => refusedByLibrary(fn, name, h, allowed, `{q: ${h.q}, r: ${h.r}}`);
// A call with one output of `size` bytes, read by `read`; `refused` names
// what the library refuses (EDOMAIN) among values the package checked.
function outCall(fn, size, args, read, refused = null) {
  return withMemory((m) => {
    const out = m.alloc(size), st = W[fn](...args(m), out);
    if (st === Status.EDOMAIN && refused) throw refused();
    check(st, fn);
    return read(out);
  });
}
/** napfire_hex_direction: the axial vector {q, r} of direction 0..5 (H-HEX-2). */
export function hexDirection(direction) {
  int(direction, "direction", 0, 5, "napfire_hex_direction");
  return outCall("napfire_hex_direction", 8, () => [direction], hexAt);
}
/** napfire_hex_neighbour: the neighbour of h across hexside `direction` 0..5 (H-HEX-2). */
export function hexNeighbour(h, direction) {
  const fn = "napfire_hex_neighbour";
  hexArg(h, "h");
  int(direction, "direction", 0, 5, fn);
  return outCall(fn, 8, (m) => [m.hex(h), direction], hexAt,
    () => hexRefused("h", h, `a hex whose neighbour ${direction} is within the coordinate bound`, fn));
}
/** napfire_hex_side_towards: the hexside 0..5 of a that faces its neighbour b (H-HEX-2). */
export function hexSideTowards(a, b) {
  const fn = "napfire_hex_side_towards";
  hexArg(a, "a");
  hexArg(b, "b");
  return outCall(fn, 4, (m) => [m.hex(a), m.hex(b)], i32, () => hexRefused("b", b, `a neighbour of a={q: ${a.q}, r: ${a.r}}`, fn));
}
/** napfire_hex_vertex_hexes: the two other hexes at vertex 0..5 of h, across hexsides vertex and vertex+1 (H-HEX-2). */
export function hexVertexHexes(h, vertex) {
  const fn = "napfire_hex_vertex_hexes";
  hexArg(h, "h");
  int(vertex, "vertex", 0, 5, fn);
  return outCall(fn, 16, (m) => [m.hex(h), vertex], (p) => [hexAt(p), hexAt(p + 8)],
    () => hexRefused("h", h, `a hex whose vertex ${vertex} has its hexes within the coordinate bound`, fn));
}

// The infantry formations H-FIRE covers (fire value; the range takes SQUARE too).
const FIRING = ["COLUMN", "LINE", "TIRAILLEUR"];
function hexFormation(value, name, allowed, fn) {
  member(value, name, null, "HexFormation", fn);
  if (!allowed.some((k) => HexFormation[k] === value)) {
    throw refuse(name, value, allowed.join(", "), fn, `H-FIRE does not cover ${hexEnumName(HexEnumId.FORMATION, value)}`);
  }
  return value;
}
const hexesAllowed = (formation) => ({
  [HexFormation.COLUMN]: "1 in COLUMN (H-FIRE-2)", [HexFormation.LINE]: "1, or 2 with at least 5 increments, in LINE (H-FIRE-3, H-FIRE-5)",
  [HexFormation.TIRAILLEUR]: "1..increments in TIRAILLEUR (H-FIRE-4)",
})[formation];
const FIRE_KEYS = ["formation", "increments", "hexes", "multiple", "printedValue", "stackPosition"];
/**
 * napfire_hex_fire_value: the fire value of infantry (H-FIRE-2..5) from
 * {formation, increments, hexes, multiple, printedValue, stackPosition}
 * (napfire_hex_fire; formation and hexes required, the others default to 0).
 */
export function hexFireValue(fire) {
  const fn = "napfire_hex_fire_value";
  if (fire === null || typeof fire !== "object") throw new TypeError(`fire must be {${FIRE_KEYS.join(", ")}}`);
  options(fire, FIRE_KEYS, "fire");
  const words = [hexFormation(fire.formation, "fire.formation", FIRING, fn), ...FIRE_KEYS.slice(1).map((k) =>
    int(k === "hexes" ? fire[k] : fire[k] ?? 0, `fire.${k}`, k === "hexes" ? 1 : 0, CONSTANTS.HEX_FIRE_MAX, fn)), 0, 0];
  return withMemory((m) => {
    const out = m.alloc(4);
    const st = W[fn](m.i32s(words), out);
    if (st === Status.EDOMAIN && words[5] !== 0 && words[0] !== HexFormation.COLUMN) {
      throw refusedByLibrary(fn, "fire.stackPosition", words[5], "0: a stack position counts in COLUMN only (H-FIRE-2)");
    }
    if (st === Status.EDOMAIN) throw refusedByLibrary(fn, "fire.hexes", words[2], hexesAllowed(words[0]));
    check(st, fn);
    return i32(out);
  });
}
/** napfire_hex_fire_range: the range of infantry fire in hexes (H-FIRE-1); tirailleurRange 0: the series' 2. */
export function hexFireRange(formation, tirailleurRange = 0) {
  const fn = "napfire_hex_fire_range";
  hexFormation(formation, "formation", [...FIRING, "SQUARE"], fn);
  int(tirailleurRange, "tirailleurRange", 0, CONSTANTS.HEX_FIRE_MAX, fn, "0 for the series rules' HEX_TIRAILLEUR_RANGE");
  return outCall(fn, 4, () => [formation, tirailleurRange], i32);
}
const stepOf = (s) => ({ kind: s.kind, side: s.side, hex: s.hex, other: s.other, fromStart: s.fromStart, toEnd: s.toEnd });
/** napfire_trace_steps: every hex, hexside and vertex the line from a to b meets (H-LOS-1..3). */
export function traceSteps(a, b) {
  hexArg(a, "from");
  hexArg(b, "to");
  return withMemory((m) => {
    const pa = m.hex(a), pb = m.hex(b);
    const [st, steps] = grown(m, "napfire_trace_step", 64, (buf, cap, count) => W.napfire_trace_steps(pa, pb, buf, cap, count));
    check(st, "napfire_trace_steps");
    return steps.map(stepOf);
  });
}

const QUERY_KEYS = ["firer", "target", "frontMask", "firerSide", "targetSide", "policy"];
function queryIn(m, q, needTarget) {
  options(q, QUERY_KEYS, "query");
  hexArg(q.firer, "firer");
  if (needTarget) hexArg(q.target, "target");
  const v = [q.firer.q, q.firer.r, needTarget ? q.target.q : 0, needTarget ? q.target.r : 0,
    int(q.frontMask ?? 0x3f, "frontMask", 0, 0x3f), int(q.firerSide ?? 0, "firerSide"), int(q.targetSide ?? 1, "targetSide"),
    int(q.policy ?? 0, "policy", 0, 0xffff), 0, 0, 0, 0];
  return m.i32s(v);
}
// A grid: {layout, columns, rows, cells: [{elevation, terrain, presence, unitSide}] row by row}.
function gridIn(m, grid, fn) {
  if (grid === null || typeof grid !== "object") throw new TypeError("grid must be {layout, columns, rows, cells}");
  member(grid.layout, "layout", null, "HexLayout", fn);
  int(grid.columns, "columns", 1, CONSTANTS.HEX_GRID_MAX, fn);
  int(grid.rows, "rows", 1, CONSTANTS.HEX_GRID_MAX, fn);
  const n = grid.columns * grid.rows;
  if (!Array.isArray(grid.cells) || grid.cells.length !== n) throw new TypeError(`cells must be an array of columns × rows = ${n} cells`);
  const size = sizeOf("napfire_hex_info"), p = m.alloc(n * size), v = view();
  grid.cells.forEach((c, i) => {
    if (c === null || typeof c !== "object") throw new TypeError(`cells[${i}] must be {elevation, terrain, presence, unitSide}`);
    const at = p + i * size;
    v.setInt32(at, int(c.elevation ?? 0, `cells[${i}].elevation`), true);
    v.setInt32(at + 4, member(c.terrain ?? 0, `cells[${i}].terrain`, null, "Terrain", fn), true);
    v.setInt32(at + 8, member(c.presence ?? 0, `cells[${i}].presence`, null, "Presence", fn), true);
    v.setInt32(at + 12, int(c.unitSide ?? 0, `cells[${i}].unitSide`), true);
  });
  return p;
}

/** napfire_los_grid: the line of sight from query.firer to query.target over a grid (H-LOS, H-ELV). */
export function losGrid(grid, query) {
  return withMemory((m) => {
    const cells = gridIn(m, grid, "napfire_los_grid"), q = queryIn(m, query, true), out = m.alloc(sizeOf("napfire_los_result"));
    check(W.napfire_los_grid(q, grid.layout, grid.columns, grid.rows, cells, out), "napfire_los_grid");
    const r = readStruct("napfire_los_result", out);
    r.clear = r.clear === 1;
    r.ruleId = losRuleId(r.rule);
    return r;
  });
}

/**
 * napfire_fov_grid: the rule of every hex within `radius` of query.firer,
 * a Uint8Array of columns × rows (LosRule, or CONSTANTS.FOV_NOT_ASKED).
 */
export function fieldOfView(grid, radius, query) {
  int(radius, "radius", 1, CONSTANTS.FOV_RADIUS_MAX, "napfire_fov_plan_init");
  return withMemory((m) => {
    const cells = gridIn(m, grid, "napfire_fov_grid"), q = queryIn(m, query, false);
    const planSize = W.napfire_fov_plan_size(radius), buf = m.alloc(planSize), plan = m.alloc(4);
    check(W.napfire_fov_plan_init(buf, planSize, radius, plan), "napfire_fov_plan_init");
    const workSize = W.napfire_fov_work_size(u32(plan)), work = m.alloc(workSize);
    const n = grid.columns * grid.rows, rules = m.alloc(n);
    check(W.napfire_fov_grid(u32(plan), work, workSize, q, grid.layout, grid.columns, grid.rows, cells, rules), "napfire_fov_grid");
    return u8().slice(rules, rules + n);
  });
}

const api = {
  VERSION, CONSTANTS, ...E, load, NapfireError, InvalidArgumentError, DomainError, StateError, NoSpaceError,
  SizeError, AlignmentError, UnknownDataError, RulesSyntaxError, errorFor, strerror, statusName, enumName,
  hexEnumName, reasonName, modifierName, losRuleId, versionString, versionNumber, paramBounds, Unit, Shot, Rules,
  rulesCheck, rulesCoverage, missingDescribe, Dice, resolveMany, resolveManyDice, hexDistance, hexFromOffset,
  hexToOffset, hexFacing, traceSteps, losGrid, fieldOfView, tableEnumName, tableRuleId, roundHalf, unknownData,
  resolveIndexedDice, hexDirection, hexNeighbour, hexSideTowards, hexVertexHexes, hexFireValue, hexFireRange,
};
Object.freeze(api);
export default load;
