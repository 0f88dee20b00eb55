# SPDX-License-Identifier: MIT
# Type annotations of the napfire package's public API (PEP 561: py.typed
# beside this file). The runtime module is napfire/__init__.py; .ci/run
# checks this stub against it with mypy's stubtest, and test_package.py
# checks that every name of __all__ is declared here. Enumeration
# parameters take the IntEnum members or plain ints.
import ctypes
import enum
import fractions
import os
from ctypes import Structure
from typing import Any, Callable, ClassVar, Dict, Iterator, List, Optional, Sequence, Tuple, Union

UNIT_SIZE: int
SHOT_SIZE: int
RULES_SIZE: int
TRACE_SIZE: int
MAX_FIGURES: int
MAX_DISTANCE: int
UNKNOWN: int
MODIFIER_UNKNOWN: int
MAX_MODIFIER: int
MAX_CELL_HALVES: int
HEX_COORD_MAX: int
HEX_GRID_MAX: int
HEX_TIRAILLEUR_RANGE: int
HEX_FIRE_MAX: int
DICE_SIZE: int
OUTCOME_DENOMINATOR: int
MAX_BATCH: int
RULES_TEXT_VERSION: int
RULES_TEXT_MAX: int
RULES_LINE_MAX: int
PARSE_MESSAGE_SIZE: int

#: The loaded library and the path or name it was loaded from.
lib: ctypes.CDLL
LIBRARY: str

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

class DescribeStyle(enum.IntEnum):
    PATCH: int
    SENTENCE: int

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

class RangeError(OverflowError, ValueError): ...

class NapfireError(Exception):
    status_code: ClassVar[Optional[int]]
    status: int
    name: str
    message: str
    function: Optional[str]
    def __init__(self, status: int, function: Optional[str] = ...) -> None: ...

class InvalidArgumentError(NapfireError, ValueError): ...
class DomainError(NapfireError, ValueError): ...
class StateError(NapfireError): ...

class NoSpaceError(NapfireError):
    required: Optional[int]
    def __init__(self, status: int, function: Optional[str] = ..., required: Optional[int] = ...) -> None: ...

class UnknownDataError(NapfireError):
    result: Any
    missing: Optional[Missing]
    index: Optional[Tuple[int, ...]]
    sentence: Optional[str]
    patch: Optional[str]
    def __init__(self, status: int, function: Optional[str] = ..., result: Any = ...) -> None: ...

class RulesSyntaxError(NapfireError):
    error: Optional[ParseError]
    line: Optional[int]
    column: Optional[int]
    code: Optional[ParseCode]
    detail: Optional[str]
    def __init__(self, status: int, function: Optional[str] = ..., error: Optional[ParseError] = ...) -> None: ...

class SizeError(NapfireError): ...

class RulesFileError(ValueError): ...

def error_for(status: int, function: Optional[str] = ..., **details: Any) -> NapfireError: ...

class Modifier(Structure):
    id: int
    value: int
    applied: int
    suppressed_by: int
    @property
    def name(self) -> str: ...

class Result(Structure):
    permitted: int
    reason: int
    reasons: int
    band: int
    net_modifier: int
    modified_roll: int
    row: int
    column: int
    table_halves: int
    halves: int
    half_die_used: int
    half_pending: int
    casualties: int
    target_casualties: int
    screen_casualties: int
    missing: int
    missing_index: Sequence[int]
    reserved: Sequence[int]
    def violated(self) -> List[Reason]: ...

class ParseError(Structure):
    line: int
    column: int
    code: int
    message: bytes
    reserved: Sequence[int]
    @property
    def text(self) -> str: ...

class Outcome(Structure):
    target_casualties: int
    screen_casualties: int
    weight: int
    reserved: int

class Hex(Structure):
    q: int
    r: int
    def __init__(self, q: int = ..., r: int = ...) -> None: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __iter__(self) -> Iterator[int]: ...

#: A hex: a Hex, or a (q, r) pair.
_HexLike = Union[Hex, Tuple[int, int]]

class TraceStep(Structure):
    kind: int
    side: int
    hex: Hex
    other: Hex
    from_start: int
    to_end: int

class HexInfo(Structure):
    elevation: int
    terrain: int
    presence: int
    unit_side: int
    reserved: Sequence[int]

class LosQuery(Structure):
    firer: Hex
    target: Hex
    front_mask: int
    firer_side: int
    target_side: int
    policy: int
    reserved: Sequence[int]

class LosResult(Structure):
    clear: int
    rule: int
    cause: int
    elevation: int
    blocker_kind: int
    blocker: Hex
    blocker_other: Hex
    exit_mask: int
    distance: int
    lifted: int
    reserved: Sequence[int]

class HexFire(Structure):
    formation: int
    increments: int
    hexes: int
    multiple: int
    printed_value: int
    stack_position: int
    reserved: Sequence[int]

class _Opaque:
    def __init__(self) -> None: ...
    @classmethod
    def from_param(cls, obj: Any) -> Any: ...
    @property
    def raw(self) -> ctypes.Array[ctypes.c_uint64]: ...
    def __copy__(self) -> Any: ...
    def copy(self) -> Any: ...

class _UnitRef(_Opaque): ...
class _ShotRef(_Opaque): ...
class _RulesRef(_Opaque): ...
class _TraceRef(_Opaque): ...
class _DiceRef(_Opaque): ...

#: C function name -> (restype, argtypes) of every function bound.
PROTOTYPES: Dict[str, Tuple[Any, List[Any]]]

def version_number() -> int: ...
def version_string() -> str: ...
def strerror(status: int) -> str: ...
def status_name(status: int) -> str: ...
def enum_name(enumeration: int, value: int) -> str: ...
def reason_name(reason: int) -> str: ...
def modifier_name(modifier_id: int) -> str: ...
def unit_size() -> int: ...
def shot_size() -> int: ...
def rules_size() -> int: ...
def param_bounds(param: int) -> Tuple[int, int]: ...
def round_half(halves: int, half_die: int, second_class: bool = ...) -> int: ...

class Unit(_UnitRef):
    def __init__(self, arm: int, **params: int) -> None: ...
    def set(self, param: int, value: int) -> None: ...
    def get(self, param: int) -> int: ...
    def update(self, **params: int) -> None: ...
    def __getitem__(self, param: int) -> int: ...
    def __setitem__(self, param: int, value: int) -> None: ...
    @property
    def arm(self) -> Arm: ...
    def may_open_order(self, year: int) -> bool: ...
    def copy(self) -> Unit: ...

class Rules(_RulesRef):
    def __init__(self) -> None: ...
    def set_musketry(self, row: int, column: int, halves: Optional[int], star: bool = ...) -> None: ...
    def get_musketry(self, row: int, column: int) -> Optional[Tuple[int, bool]]: ...
    def set_range(self, weapon: int, measure: int, effective_max: Optional[int],
                  long_max: Optional[int]) -> None: ...
    def get_range(self, weapon: int, measure: int) -> Tuple[Optional[int], Optional[int]]: ...
    def set_gun_range(self, gun: int, measure: int, canister_max: Optional[int],
                      effective_max: Optional[int], long_max: Optional[int]) -> None: ...
    def get_gun_range(self, gun: int, measure: int) -> Tuple[Optional[int], Optional[int], Optional[int]]: ...
    def set_artillery(self, gun: int, ammo: int, band: int, column: int, halves: Optional[int]) -> None: ...
    def get_artillery(self, gun: int, ammo: int, band: int, column: int) -> Optional[int]: ...
    def set_modifier(self, fire: int, modifier_id: int, value: Optional[int], variant: int = ...) -> None: ...
    def get_modifier(self, fire: int, modifier_id: int, variant: int = ...) -> Optional[int]: ...
    def set_threshold(self, threshold: int, measure: int, value: Optional[int]) -> None: ...
    def get_threshold(self, threshold: int, measure: int = ...) -> Optional[int]: ...
    def set_provenance(self, field: int, text: str) -> None: ...
    def get_provenance(self, field: int) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def edition(self) -> str: ...
    @property
    def source(self) -> str: ...
    def parse(self, text: Union[str, bytes]) -> None: ...
    @classmethod
    def from_text(cls, text: Union[str, bytes]) -> Rules: ...
    @classmethod
    def from_file(cls, path: Union[str, os.PathLike[str]]) -> Rules: ...
    def format(self) -> str: ...
    def copy(self) -> Rules: ...

def missing_describe(missing: int, index: Sequence[int], style: int = ...) -> str: ...
def unknown_data(rules: Optional[Rules] = ...) -> List[Tuple[Missing, Tuple[int, ...]]]: ...
def builtin_rules_text() -> str: ...

class Shot(_ShotRef):
    def __init__(self, firer: Unit, target: Unit, **params: int) -> None: ...
    def set(self, param: int, value: int) -> None: ...
    def get(self, param: int) -> int: ...
    def update(self, **params: int) -> None: ...
    def __getitem__(self, param: int) -> int: ...
    def __setitem__(self, param: int, value: int) -> None: ...
    def band(self, rules: Optional[Rules] = ...) -> Band: ...
    def modifiers(self, rules: Optional[Rules] = ...) -> Tuple[List[Modifier], int]: ...
    def resolve(self, roll_2d6: int, half_die: int = ..., rules: Optional[Rules] = ...) -> Result: ...
    def distribution(self, rules: Optional[Rules] = ...) -> Tuple[List[Outcome], Result]: ...
    def expected(self, rules: Optional[Rules] = ...) -> fractions.Fraction: ...
    def known_distribution(self, rules: Optional[Rules] = ...) -> Tuple[List[Outcome], int, Result]: ...
    def copy(self) -> Shot: ...

def resolve_many(shots: Sequence[Shot], rolls: Sequence[int], half_dice: Optional[Sequence[int]] = ...,
                 rules: Optional[Rules] = ...) -> Tuple[List[Result], List[Union[Status, int]]]: ...
def resolve_many_dice(shots: Sequence[Shot], dice: Dice, rules: Optional[Rules] = ...
                      ) -> Tuple[List[Result], List[Union[Status, int]], List[int], List[int]]: ...
def dice_size() -> int: ...

class Dice(_DiceRef):
    def __init__(self, seed: int, stream: int = ...) -> None: ...
    def next_raw(self) -> int: ...
    def d6(self) -> int: ...
    def roll_2d6(self) -> int: ...
    def copy(self) -> Dice: ...

def trace_size() -> int: ...
def hex_check(h: _HexLike) -> bool: ...
def hex_direction(direction: int) -> Hex: ...
def hex_neighbour(h: _HexLike, direction: int) -> Hex: ...
def hex_side_towards(a: _HexLike, b: _HexLike) -> int: ...
def hex_vertex_hexes(h: _HexLike, vertex: int) -> Tuple[Hex, Hex]: ...
def hex_distance(a: _HexLike, b: _HexLike) -> int: ...
def hex_to_offset(h: _HexLike, layout: int) -> Tuple[int, int]: ...
def hex_from_offset(layout: int, column: int, row: int) -> Hex: ...

class Trace(_TraceRef):
    def __init__(self, start: _HexLike, end: _HexLike) -> None: ...
    def next_step(self) -> Optional[TraceStep]: ...
    def __iter__(self) -> Trace: ...
    def __next__(self) -> TraceStep: ...

def trace_steps(start: _HexLike, end: _HexLike) -> List[TraceStep]: ...

CALLBACK_ABORTED: int

def los_callback(map_fn: Callable[[Hex], Optional[HexInfo]], query: Optional[LosQuery] = ...,
                 **fields: Any) -> LosResult: ...
def los_grid(layout: int, columns: int, rows: int, cells: Sequence[HexInfo],
             query: Optional[LosQuery] = ..., **fields: Any) -> LosResult: ...
def hex_facing(formation: int, facing: int) -> Tuple[int, int, int]: ...
def hex_fire_value(fire: Optional[HexFire] = ..., **fields: int) -> int: ...
def hex_fire_range(formation: int, tirailleur_range: int = ...) -> int: ...
def hex_enum_name(enumeration: int, value: int) -> str: ...
def los_rule_id(rule: int) -> str: ...
