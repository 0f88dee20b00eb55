// The classes and functions of napfire.js (written by hand; the
// enumerations and constants above are generated from the headers).

/** Where napfire.wasm comes from: by default the file beside napfire.js. */
export interface LoadOptions {
  wasm?: BufferSource | WebAssembly.Module | URL | string | Response;
}
/** Instantiate the WebAssembly module once; resolves to this module's namespace. */
export declare function load(options?: LoadOptions): Promise<typeof import("./napfire.js")>;
export default load;

export declare class NapfireError extends Error {
  /** The library's status, e.g. -2. */
  status: number;
  /** Its name, e.g. "EDOMAIN". */
  code: string;
  /** The C function that returned it, or null. */
  function: string | null;
  /** For a refused value: the parameter as you wrote it ("figures"), the value and what is allowed ("0..9999"). */
  parameter: string | null;
  value: unknown;
  allowed: string | null;
}
export declare class InvalidArgumentError extends NapfireError {}
export declare class DomainError extends NapfireError {}
export declare class StateError extends NapfireError {}
export declare class NoSpaceError extends NapfireError {}
export declare class SizeError extends NapfireError {}
export declare class AlignmentError extends NapfireError {}
export declare class UnknownDataError extends NapfireError {
  result: Result | Modifier[] | null;
  missing: Missing | null;
  index: number[] | null;
  /** The unknown datum in the rulebook's terms. */
  sentence: string | null;
  /** The rules-text line that supplies it, with one `?` to replace. */
  patch: string | null;
}
export declare class RulesSyntaxError extends NapfireError {
  line: number;
  column: number;
  parseCode: ParseCode;
  detail: string;
}
export declare function errorFor(status: number, fn?: string | null): NapfireError;

export declare function strerror(status: number): string;
export declare function statusName(status: number): string;
export declare function enumName(enumeration: EnumId, value: number): string;
export declare function hexEnumName(enumeration: HexEnumId, value: number): string;
export declare function reasonName(reason: Reason): string;
export declare function modifierName(id: ModifierId): string;
export declare function losRuleId(rule: LosRule): string;
export declare function versionString(): string;
export declare function versionNumber(): number;
export declare function paramBounds(param: UnitParam | ShotParam): [number, number];
/** napfire_round_half: half figures to figures (F-CAS-2/3); halfDie 1..6, 0 only when no die is needed. */
export declare function roundHalf(halves: number, halfDie: number, secondClass?: boolean | number): number;

export interface UnitParams {
  nation?: Nation; troopClass?: TroopClass; formation?: Formation; figures?: number; weapon?: Weapon; gun?: Gun;
  cover?: Cover; moved?: Moved; disordered?: boolean | number; firedLastTurn?: boolean | number;
  firedThisTurn?: boolean | number; secondClassFirers?: boolean | number; charging?: boolean | number;
  massedBattery?: boolean | number; unlimberedThisTurn?: boolean | number;
}
export interface ShotParams {
  measure?: Measure; distance?: number; enfilade?: boolean | number; firingFigures?: number; screen?: boolean | number;
  screenDistance?: number; ammo?: Ammo; extraModifier?: number; friendInArc?: boolean | number;
  friendNearTarget?: number; friendNearBattery?: number; targetFarFromFriends?: number; clearLos?: boolean | number;
  penetrationHitsFriend?: boolean | number; overhead?: boolean | number; batteryHigher?: boolean | number;
  overheadFriendToBattery?: number; overheadFriendToEnemy?: number;
}
export interface RulesOption { rules?: Rules | null }

export declare class Unit {
  constructor(arm: Arm, params?: UnitParams);
  readonly arm: Arm;
  update(params: UnitParams): this;
  set(param: keyof UnitParams | UnitParam, value: number | boolean): this;
  get(param: keyof UnitParams | "arm" | UnitParam): number;
  mayOpenOrder(year: number): boolean;
  copy(): Unit;
  /** A copy of the C storage, for another build of this library version. */
  storage(): Uint8Array;
}

/** napfire_result; rowIndex and columnIndex are 0-based (row 1 is 0). */
export interface Result {
  permitted: boolean; reason: Reason; reasons: number; band: Band; netModifier: number; modifiedRoll: number;
  rowIndex: number; columnIndex: number; tableHalves: number; halves: number; halfDieUsed: boolean;
  halfPending: boolean; casualties: number; targetCasualties: number; screenCasualties: number;
  missing: Missing; missingIndex: number[];
}
export interface Modifier { id: ModifierId; name: string; value: number; applied: number; suppressedBy: ModifierId | 0 }
export interface Outcome { targetCasualties: number; screenCasualties: number; weight: number }

export declare class Shot {
  constructor(firer: Unit, target: Unit, params?: ShotParams);
  update(params: ShotParams): this;
  set(param: keyof ShotParams | ShotParam, value: number | boolean): this;
  get(param: keyof ShotParams | ShotParam): number;
  resolve(roll2d6: number, options?: { halfDie?: number; rules?: Rules | null }): Result;
  band(options?: RulesOption): Band;
  modifiers(options?: RulesOption): { items: Modifier[]; net: number };
  distribution(options?: RulesOption): { outcomes: Outcome[]; verdict: Result };
  distributionKnown(options?: RulesOption): { outcomes: Outcome[]; unknownWeight: number; verdict: Result };
  expected(options?: RulesOption): { numerator: number; denominator: number; value: number };
  table(modifiedRoll: number, options?: RulesOption): { rowIndex: number; columnIndex: number; halves: number };
  /** Measure the shot from footprints (F-GEO) and set its facts; throws UnknownDataError with the facts as `result`. */
  measure(scene: Scene, options?: RulesOption): MeasuredFact[];
  copy(): Shot;
  storage(): Uint8Array;
}

export interface Finding { check: Check; missing: Missing; index: number[]; text: string }
export interface Coverage {
  musketry: { shots: number; resolved: number };
  artillery: { shots: number; resolved: number };
  blockers: { missing: Missing; index: number[]; shots: number }[];
}
/** One datum the rules can read that is still unknown (napfire_rules_next_unknown). */
export interface UnknownDatum { missing: Missing; index: number[] }
export declare class Rules {
  constructor();
  static fromText(text: string): Rules;
  parse(text: string): this;
  format(): string;
  provenance(field: Provenance): string;
  /** Setters change the rules only on success; null sets a datum unknown. 0-based indexes: rowIndex 0 is row 1. */
  setMusketry(rowIndex: number, columnIndex: number, halves: number | null, star?: boolean | number): this;
  /** null for an unknown cell. */
  getMusketry(rowIndex: number, columnIndex: number): { halves: number; star: boolean } | null;
  setRange(weapon: Weapon, measure: Measure, effectiveMax: number | null, longMax: number | null): this;
  getRange(weapon: Weapon, measure: Measure): { effectiveMax: number | null; longMax: number | null };
  setGunRange(gun: Gun, measure: Measure, canisterMax: number | null, effectiveMax: number | null, longMax: number | null): this;
  getGunRange(gun: Gun, measure: Measure): { canisterMax: number | null; effectiveMax: number | null; longMax: number | null };
  setArtillery(gun: Gun, ammo: Ammo, band: Band, columnIndex: number, halves: number | null): this;
  getArtillery(gun: Gun, ammo: Ammo, band: Band, columnIndex: number): number | null;
  setModifier(fire: Fire, id: ModifierId, value: number | null, variant?: number): this;
  getModifier(fire: Fire, id: ModifierId, variant?: number): number | null;
  setThreshold(threshold: Threshold, measure: Measure, value: number | null): this;
  getThreshold(threshold: Threshold, measure?: Measure): number | null;
  setProvenance(field: Provenance, text: string): this;
  unknownData(): UnknownDatum[];
  check(): Finding[];
  coverage(): Coverage;
  copy(): Rules;
  storage(): Uint8Array;
}
export declare function rulesCheck(rules?: Rules | null): Finding[];
export declare function rulesCoverage(rules?: Rules | null): Coverage;
export declare function unknownData(rules?: Rules | null): UnknownDatum[];
export declare function missingDescribe(missing: Missing, index: number[], style?: DescribeStyle): string;

export declare class Dice {
  constructor(seed: number | bigint, stream?: number | bigint);
  d6(): number;
  roll2d6(): number;
  nextRaw(): number;
  copy(): Dice;
}
export interface BatchItem { status: number; result: Result }
export declare function resolveMany(shots: Shot[], rolls: ArrayLike<number>, halfDice?: ArrayLike<number> | null,
  options?: RulesOption): BatchItem[];
export declare function resolveManyDice(shots: Shot[], dice: Dice, options?: RulesOption):
  (BatchItem & { roll: number; halfDie: number })[];
/** napfire_resolve_indexed_dice: trial i resolves shots[index[i]]; results only with {results: true}. */
export declare function resolveIndexedDice(shots: Shot[], index: ArrayLike<number>, dice: Dice,
  options?: { rules?: Rules | null; results?: boolean }): { statuses: Int32Array; casualties: Int32Array; results?: Result[] };

export interface Hex { q: number; r: number }
export interface HexInfo { elevation?: number; terrain?: Terrain; presence?: Presence; unitSide?: number }
export interface Grid { layout: HexLayout; columns: number; rows: number; cells: HexInfo[] }
export interface LosQuery {
  firer: Hex; target?: Hex; frontMask?: number; firerSide?: number; targetSide?: number; policy?: number;
}
export interface LosResult {
  clear: boolean; rule: LosRule; ruleId: string; cause: LosRule; elevation: LosElevation; blockerKind: number;
  blocker: Hex; blockerOther: Hex; exitMask: number; distance: number; lifted: number;
}
export interface TraceStep { kind: StepKind; side: number; hex: Hex; other: Hex; fromStart: number; toEnd: number }
export declare function hexDistance(a: Hex, b: Hex): number;
export declare function hexFromOffset(layout: HexLayout, column: number, row: number): Hex;
export declare function hexToOffset(h: Hex, layout: HexLayout): { column: number; row: number };
export declare function hexFacing(formation: HexFormation, facing: number): { front: number; flank: number; rear: number };
export declare function traceSteps(from: Hex, to: Hex): TraceStep[];
export declare function hexDirection(direction: number): Hex;
export declare function hexNeighbour(h: Hex, direction: number): Hex;
export declare function hexSideTowards(a: Hex, b: Hex): number;
export declare function hexVertexHexes(h: Hex, vertex: number): [Hex, Hex];
/** napfire_hex_fire: the facts of one infantry fire (H-FIRE); all but formation and hexes default to 0. */
export interface HexFire {
  formation: HexFormation; hexes: number; increments?: number; multiple?: number; printedValue?: number; stackPosition?: number;
}
export declare function hexFireValue(fire: HexFire): number;
export declare function hexFireRange(formation: HexFormation, tirailleurRange?: number): number;
export declare function losGrid(grid: Grid, query: LosQuery): LosResult;
export declare function fieldOfView(grid: Grid, radius: number, query: LosQuery): Uint8Array;

/** A point on the table, in the shot's measure: x to the right, y away from the viewer. */
export type Point = [number, number] | { x: number; y: number };
/** A unit's bases: front-left, front-right, rear-right, rear-left (clockwise seen from above). */
export interface Footprint { corners: [Point, Point, Point, Point]; level?: number }
export interface Scene { firer: Footprint; target: Footprint; screen?: Footprint | null; friends?: Footprint[]; others?: Footprint[] }
/** One measured fact: the shot parameter set, its value, the footprint that decided it and the rule. */
export interface MeasuredFact {
  param: ShotParam; name: string; value: number; decider: Decider; deciderName: string; deciderIndex: number;
  rule: TableRule; ruleId: string; missing: Missing; missingIndex: number[];
}
export declare function tableEnumName(enumeration: TableEnumId, value: number): string;
export declare function tableRuleId(rule: TableRule): string;
