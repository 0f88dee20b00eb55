import enum
from _typeshed import Incomplete
from ctypes import Structure

lib: Incomplete
LIBRARY: Incomplete

class Status(enum.IntEnum):
    OK: int
    EINVAL: int
    EDOMAIN: int
    ESTATE: int
    ENOSPC: int
    EUNKNOWN: int
    ESYNTAX: int
    ESIZE: int

class Arm(enum.IntEnum):
    LINE_INFANTRY: int
    LIGHT_INFANTRY: int
    CAVALRY: int
    FOOT_ARTILLERY: int
    HORSE_ARTILLERY: int

class Nation(enum.IntEnum):
    OTHER: int
    FRANCE: int
    BRITAIN: int
    KGL: int
    PORTUGAL: int
    SPAIN: int
    AUSTRIA: int
    PRUSSIA: int
    RUSSIA: int

class TroopClass(enum.IntEnum):
    GUARD: int
    ELITE: int
    VETERAN: int
    LINE: int
    SECOND_RATE: int
    CONSCRIPT: int
    MILITIA: int

class Formation(enum.IntEnum):
    LINE: int
    COLUMN_OF_COMPANIES: int
    COLUMN_OF_DIVISIONS: int
    MASSED_COLUMN: int
    SQUARE: int
    MASS: int
    OPEN_ORDER: int
    SKIRMISH: int
    LIMBERED: int
    UNLIMBERED: int

class Weapon(enum.IntEnum):
    MUSKET: int
    RIFLE: int
    SHARPSHOOTER: int

class Cover(enum.IntEnum):
    NONE: int
    LIMITED: int
    COVER: int
    BUILDINGS: int

class Moved(enum.IntEnum):
    NONE: int
    HALF: int
    MORE: int

class Measure(enum.IntEnum):
    METRIC: int
    IMPERIAL: int

class Band(enum.IntEnum):
    NONE: int
    CANISTER: int
    EFFECTIVE: int
    LONG: int

class Ammo(enum.IntEnum):
    ROUNDSHOT: int
    CANISTER: int

class Gun(enum.IntEnum):
    LIGHT: int
    P6: int
    P9: int
    P12: int
    HOWITZER: int

class Reason(enum.IntEnum):
    NONE: int
    NOT_COVERED: int
    NO_FIGURES: int
    ALREADY_FIRED: int
    LIMBERED: int
    MOVED_TOO_FAR: int
    UNLIMBERED_THIS_TURN: int
    OUT_OF_RANGE: int
    SCREENED: int
    CANISTER_BEYOND_RANGE: int
    FRIEND_IN_ARC: int
    FRIEND_SCREENS_LONG_RANGE: int
    PENETRATION: int
    OVERHEAD_NOT_HIGHER: int
    OVERHEAD_TOO_CLOSE: int
    OVERHEAD_CANISTER: int

class ModifierId(enum.IntEnum):
    GUARD: int
    ELITE: int
    STEADY: int
    RAW: int
    BRITISH_LINE: int
    FIRED_LAST_TURN: int
    DISORDERED: int
    COLUMN: int
    SQUARE_OR_ENFILADE: int
    MASS: int
    ARTILLERY: int
    CHARGING_CAVALRY: int
    OPEN_ORDER: int
    SKIRMISHERS: int
    COVER: int
    BUILDINGS: int
    GUARD_CAP: int
    EXTRA: int
    MOVED_HALF: int

class Missing(enum.IntEnum):
    NONE: int
    MUSKETRY_CELL: int
    ARTILLERY_CELL: int
    RANGE: int
    MODIFIER: int
    THRESHOLD: int

class Fire(enum.IntEnum):
    MUSKETRY: int
    ARTILLERY: int

class Threshold(enum.IntEnum):
    SCREEN: int
    LONG_RANGE_CLEARANCE: int
    OVERHEAD_CLEARANCE: int
    STAR_FIGURES: int
    ROW_2: int
    ROW_3: int
    ROW_4: int
    ROW_5: int
    GUARD_CAP: int

class Provenance(enum.IntEnum):
    NAME: int
    EDITION: int
    SOURCE: int

class UnitParam(enum.IntEnum):
    ARM: int
    NATION: int
    CLASS: int
    FORMATION: int
    FIGURES: int
    WEAPON: int
    GUN: int
    COVER: int
    MOVED: int
    DISORDERED: int
    FIRED_LAST_TURN: int
    FIRED_THIS_TURN: int
    SECOND_CLASS_FIRERS: int
    CHARGING: int
    MASSED_BATTERY: int
    UNLIMBERED_THIS_TURN: int

class ShotParam(enum.IntEnum):
    MEASURE: int
    DISTANCE: int
    ENFILADE: int
    FIRING_FIGURES: int
    SCREEN: int
    SCREEN_DISTANCE: int
    AMMO: int
    EXTRA_MODIFIER: int
    FRIEND_IN_ARC: int
    FRIEND_NEAR_TARGET: int
    FRIEND_NEAR_BATTERY: int
    TARGET_FAR_FROM_FRIENDS: int
    CLEAR_LOS: int
    PENETRATION_HITS_FRIEND: int
    OVERHEAD: int
    BATTERY_HIGHER: int
    OVERHEAD_FRIEND_TO_BATTERY: int
    OVERHEAD_FRIEND_TO_ENEMY: int

class EnumId(enum.IntEnum):
    ARM: int
    NATION: int
    CLASS: int
    FORMATION: int
    WEAPON: int
    COVER: int
    MOVED: int
    MEASURE: int
    BAND: int
    AMMO: int
    GUN: int
    REASON: int
    MODIFIER: int
    MISSING: int
    FIRE: int
    THRESHOLD: int
    PROVENANCE: int
    PARAM: int
    PARSE: int

class ParseCode(enum.IntEnum):
    OK: int
    VERSION: int
    TOO_LARGE: int
    LINE_TOO_LONG: int
    NUL: int
    UTF8: int
    CONTROL: int
    SYNTAX: int
    UNKNOWN_KEY: int
    DUPLICATE_KEY: int
    VALUE: int
    RANGE: int
    COUNT: int
    UNIT: int
    STAR: int
    ORDER: int

class HexLayout(enum.IntEnum):
    ODD_Q: int
    EVEN_Q: int
    ODD_R: int
    EVEN_R: int

class StepKind(enum.IntEnum):
    HEX: int
    HEXSIDE: int
    VERTEX: int

class Terrain(enum.IntEnum):
    CLEAR: int
    BLOCKING: int
    TOWN: int
    SLOPE: int

class Presence(enum.IntEnum):
    NONE: int
    COMBAT: int
    ROUTED: int
    LEADER_ONLY: int

class LosPolicy(enum.IntFlag):
    FRIEND_IS_TARGET_SIDE: int

class LosRule(enum.IntEnum):
    NONE: int
    FRONT_HEXSIDE: int
    TOWN: int
    TERRAIN: int
    UNIT: int
    SLOPE: int
    GRAZING: int

class LosElevation(enum.IntEnum):
    NONE: int
    EQUAL: int
    EQUIDISTANT: int
    OTHER_HALF: int
    FRIEND_ADJACENT: int

class HexFormation(enum.IntEnum):
    COLUMN: int
    ARTILLERY: int
    LINE: int
    TIRAILLEUR: int
    SQUARE: int

class HexEnumId(enum.IntEnum):
    LAYOUT: int
    STEP: int
    TERRAIN: int
    PRESENCE: int
    LOS_RULE: int
    ELEVATION: int
    FORMATION: int

class NapfireError(Exception):
    status_code: Incomplete
    status: Incomplete
    name: Incomplete
    message: Incomplete
    function: Incomplete
    def __init__(self, status, function: Incomplete | None = ...) -> None: ...

class InvalidArgumentError(NapfireError, ValueError):
    status_code: Incomplete

class DomainError(NapfireError, ValueError):
    status_code: Incomplete

class StateError(NapfireError):
    status_code: Incomplete

class NoSpaceError(NapfireError):
    status_code: Incomplete
    required: Incomplete
    def __init__(self, status, function: Incomplete | None = ..., required: Incomplete | None = ...) -> None: ...

class UnknownDataError(NapfireError):
    status_code: Incomplete
    result: Incomplete
    def __init__(self, status, function: Incomplete | None = ..., result: Incomplete | None = ...) -> None: ...
    @property
    def missing(self): ...

class RulesSyntaxError(NapfireError):
    status_code: Incomplete
    error: Incomplete
    line: Incomplete
    column: Incomplete
    code: Incomplete
    detail: Incomplete
    args: Incomplete
    def __init__(self, status, function: Incomplete | None = ..., error: Incomplete | None = ...) -> None: ...

class SizeError(NapfireError):
    status_code: Incomplete

def error_for(status, function: Incomplete | None = ..., **details): ...

class Modifier(Structure):
    @property
    def name(self): ...

class Result(Structure):
    def violated(self): ...

class ParseError(Structure):
    @property
    def text(self): ...

class Outcome(Structure): ...

class Hex(Structure):
    def __init__(self, q: int = ..., r: int = ...) -> None: ...
    def __eq__(self, other): ...
    def __hash__(self): ...
    def __iter__(self): ...

class TraceStep(Structure): ...
class HexInfo(Structure): ...
class LosQuery(Structure): ...
class LosResult(Structure): ...
class HexFire(Structure): ...

class _Opaque:
    def __init__(self) -> None: ...
    @classmethod
    def from_param(cls, obj): ...
    @property
    def raw(self): ...
    def __copy__(self): ...
    def copy(self): ...

class _UnitRef(_Opaque): ...
class _ShotRef(_Opaque): ...
class _RulesRef(_Opaque): ...
class _TraceRef(_Opaque): ...
class _DiceRef(_Opaque): ...

HAS_RULES_TEXT: Incomplete
HAS_PROBABILITY: Incomplete
HAS_HEX: Incomplete

def version_number(): ...
def version_string(): ...
def strerror(status): ...
def status_name(status): ...
def enum_name(enumeration, value): ...
def reason_name(reason): ...
def modifier_name(modifier_id): ...
def unit_size(): ...
def shot_size(): ...
def rules_size(): ...
def param_bounds(param): ...
def round_half(halves, half_die, second_class: bool = ...): ...

class Unit(_UnitRef):
    def __init__(self, arm, **params) -> None: ...
    def set(self, param, value) -> None: ...
    def get(self, param): ...
    def update(self, **params) -> None: ...
    __getitem__: Incomplete
    __setitem__: Incomplete
    @property
    def arm(self): ...
    def may_open_order(self, year): ...

class Rules(_RulesRef):
    def __init__(self) -> None: ...
    def set_musketry(self, row, column, halves, star: bool = ...) -> None: ...
    def get_musketry(self, row, column): ...
    def set_range(self, weapon, measure, effective_max, long_max) -> None: ...
    def get_range(self, weapon, measure): ...
    def set_gun_range(self, gun, measure, canister_max, effective_max, long_max) -> None: ...
    def get_gun_range(self, gun, measure): ...
    def set_artillery(self, gun, ammo, band, column, halves) -> None: ...
    def get_artillery(self, gun, ammo, band, column): ...
    def set_modifier(self, fire, modifier_id, value, variant: int = ...) -> None: ...
    def get_modifier(self, fire, modifier_id, variant: int = ...): ...
    def set_threshold(self, threshold, measure, value) -> None: ...
    def get_threshold(self, threshold, measure=...): ...
    def set_provenance(self, field, text) -> None: ...
    def get_provenance(self, field): ...
    name: Incomplete
    edition: Incomplete
    source: Incomplete
    def parse(self, text) -> None: ...
    @classmethod
    def from_text(cls, text): ...
    def format(self): ...

def builtin_rules_text(): ...

class Shot(_ShotRef):
    def __init__(self, firer, target, **params) -> None: ...
    def set(self, param, value) -> None: ...
    def get(self, param): ...
    def update(self, **params) -> None: ...
    __getitem__: Incomplete
    __setitem__: Incomplete
    def band(self, rules: Incomplete | None = ...): ...
    def modifiers(self, rules: Incomplete | None = ...): ...
    def resolve(self, roll_2d6, half_die: int = ..., rules: Incomplete | None = ...): ...
    def distribution(self, rules: Incomplete | None = ...): ...
    def expected(self, rules: Incomplete | None = ...): ...

def resolve_many(shots, rolls, half_dice: Incomplete | None = ..., rules: Incomplete | None = ...): ...
def dice_size(): ...

class Dice(_DiceRef):
    def __init__(self, seed, stream: int = ...) -> None: ...
    def next_raw(self): ...
    def d6(self): ...
    def roll_2d6(self): ...

def trace_size(): ...
def hex_check(h): ...
def hex_direction(direction): ...
def hex_neighbour(h, direction): ...
def hex_side_towards(a, b): ...
def hex_vertex_hexes(h, vertex): ...
def hex_distance(a, b): ...
def hex_to_offset(h, layout): ...
def hex_from_offset(layout, column, row): ...

class Trace(_TraceRef):
    def __init__(self, start, end) -> None: ...
    def next_step(self): ...
    def __iter__(self): ...
    def __next__(self): ...

def trace_steps(start, end): ...
def los_callback(map_fn, query: Incomplete | None = ..., **fields): ...
def los_grid(layout, columns, rows, cells, query: Incomplete | None = ..., **fields): ...
def hex_facing(formation, facing): ...
def hex_fire_value(fire: Incomplete | None = ..., **fields): ...
def hex_fire_range(formation, tirailleur_range: int = ...): ...
def hex_enum_name(enumeration, value): ...
def los_rule_id(rule): ...
