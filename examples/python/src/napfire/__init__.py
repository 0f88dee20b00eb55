# SPDX-License-Identifier: MIT
"""ctypes binding of libnapfire, the fire-combat library for Napoleonic wargames.

Pure Python, no compilation: the module loads the shared library and
declares ``argtypes``/``restype`` for every public function. It covers the
whole public API present in the library it loads:

* core: version, status names and texts, enumeration names;
* figure scale (rules F-*): :class:`Unit`, :class:`Shot`, :class:`Rules`
  over the library's opaque storage, :class:`Result` and :class:`Modifier`
  mirroring ``napfire_result`` / ``napfire_modifier``, :func:`param_bounds`,
  :func:`round_half`;
* rules text (:meth:`Rules.parse`, :meth:`Rules.format`);
* probability: exact outcome distributions
  (:meth:`Shot.distribution`, :meth:`Shot.expected`), the batches
  (:func:`resolve_many`, :func:`resolve_many_dice`, and for simulations
  :func:`resolve_indexed_dice`) with their results as columns
  (:class:`Results`, ``results.casualties``), and the seeded PCG32
  :class:`Dice`;
* the table (rules F-GEO): :class:`Footprint` and :class:`Scene` as
  plain values, :meth:`Shot.measure` setting the shot from them and
  returning each measured :class:`Fact` with the footprint that decided it;
* hex scale (rules H-*):
  :class:`Hex`, grid helpers, :class:`Trace` and :func:`trace_steps`, line
  of sight with a Python callback (:func:`los_callback`) or a grid
  (:func:`los_grid`), facing and infantry fire.

Quick start (the worked example F-EX-1)::

    import napfire as nf
    firer = nf.Unit(nf.Arm.LINE_INFANTRY, nation=nf.Nation.BRITAIN,
                    troop_class=nf.TroopClass.ELITE, figures=30,
                    moved=nf.Moved.HALF)
    target = nf.Unit(nf.Arm.LINE_INFANTRY,
                     formation=nf.Formation.COLUMN_OF_DIVISIONS, figures=24)
    shot = nf.Shot(firer, target, distance=150)          # millimetres
    print(shot.resolve(8, half_die=6).casualties)         # 3

Arguments: every argument is checked before any C call and before
anything sized by it is allocated. A wrong type is a ``TypeError`` naming
the parameter and the type expected; an integer outside its C type (ctypes
would truncate it silently) is a :class:`RangeError`, both an
``OverflowError`` and a ``ValueError``, naming the parameter and its range;
strings with a NUL character are refused (``ValueError``); lengths and
counts (a batch's :data:`MAX_BATCH`) are checked before anything is
packed. A refusal changes nothing.

Errors: every negative status raises a subclass of :class:`NapfireError`
(``status``, ``name`` from ``napfire_status_name``, ``message`` from
``napfire_strerror``). A shot the *rules* forbid is not an error: the
result says ``permitted == 0``. :class:`UnknownDataError` (rules data
unknown) carries the partially filled result naming the missing data.

Storage: every object owns a ctypes array of ``c_uint64`` of the size the
library reports (checked at import), so alignment is 8 as the ABI requires.
Objects are plain values: ``copy.copy`` and ``copy.deepcopy`` duplicate
them, and :class:`Unit`, :class:`Shot`, :class:`Rules`, :class:`Dice` and
:class:`Trace` pickle (a restored :class:`Dice` continues the same
sequence). A pickle is tagged with the type, its size, the library
version and the byte order, and holds the storage bytes and the values
the object is made from (a unit's parameters, a shot's units and
parameters, rules text, a generator's PCG32 state, a trace's ends and
steps taken). On a machine of the other byte order (storage bytes are in
the machine's order: they are not a file format) the object is made again
from those values. Another version's bytes are refused (``ValueError``),
and bytes the library does not accept are its :class:`StateError`. Across
versions, keep units and shots as their parameters and rules as rules
text.

Library discovery, first that loads: the package's own copy (pip
install), the ``NAPFIRE_LIBRARY`` environment variable (a path; if set it
must load), the library installed with the package by ``meson install
-Dpython=enabled``, then the system's (``ctypes.util.find_library``, then
``libnapfire.so.1``, ``libnapfire.1.dylib`` or ``libnapfire-1.dll``). The
error names every place tried. Type annotations: ``__init__.pyi``.
"""

import array as _array
import collections.abc as _abc
import copy as _copy
import ctypes
import ctypes.util
import collections as _collections
import enum as _enum
import fractions
import operator as _operator
import os
import struct as _struct
import sys as _sys
import warnings as _warnings
from ctypes import (POINTER, Structure, byref, c_char, c_char_p, c_int,
                    c_int32, c_size_t, c_uint32, c_uint64, c_void_p, sizeof)

__all__ = [
    # library and core
    "lib", "LIBRARY", "version_number", "version_string",
    "strerror", "status_name", "enum_name", "reason_name", "modifier_name",
    "unit_size", "shot_size", "rules_size", "param_bounds", "round_half",
    # errors
    "NapfireError", "InvalidArgumentError", "DomainError", "StateError",
    "NoSpaceError", "UnknownDataError", "RulesSyntaxError", "SizeError", "AlignmentError",
    "RangeError", "RulesFileError",
    "error_for",
    # figure scale
    "Modifier", "Result", "ParseError", "Outcome", "Unit", "Shot", "Rules", "Dice",
    "resolve_many", "resolve_many_dice", "resolve_indexed_dice", "Results", "PackedShots",
    "pack_shots", "dice_size", "builtin_rules_text",
    # the table (F-GEO)
    "Footprint", "Scene", "Fact", "table_rule_id", "table_enum_name",
    "missing_describe", "unknown_data", "Blocker", "Finding", "Coverage",
    "rules_check", "rules_coverage", "FamilyError", "KEYWORD_ALIASES", "FUNCTION_NAMES",
    # hex scale
    "Hex", "TraceStep", "HexInfo", "LosQuery", "LosResult", "HexFire",
    "Trace", "trace_steps", "trace_size", "hex_check", "hex_direction",
    "hex_neighbour", "hex_side_towards", "hex_vertex_hexes", "hex_distance",
    "hex_to_offset", "hex_from_offset", "los_callback", "los_grid", "field_of_view",
    "hex_facing", "hex_fire_value", "hex_fire_range", "hex_enum_name",
    "los_rule_id",
]

# --------------------------------------------------------------------------
# Enumerations and constants: generated from the headers at build time
# (gen_bindings.py); names are the C names without their prefix.

from . import _generated  # noqa: E402
from ._generated import *  # noqa: E402,F401,F403
from ._generated import __version__  # noqa: E402,F401

__all__ += [name for name in _generated.__all__ if isinstance(getattr(_generated, name), type)]

# --------------------------------------------------------------------------
# Loading the library


from ._loader import load_library as _load_library  # noqa: E402

lib, LIBRARY = _load_library()
"""The loaded :class:`ctypes.CDLL` and the name or path it was loaded from."""

# --------------------------------------------------------------------------
# Integers and strings checked before they reach C
#
# ctypes converts a Python int to a C integer type by truncation, silently:
# figures=2**32+30 would arrive as 30. Every integer the binding passes is
# range-checked first, by the public functions (whose errors name the
# parameter) and, underneath them, by the argument types every prototype
# is declared with (so nothing can slip through a function that forgot).


_C_RANGES = {}


def _c_range(ctype):
    # Cached: every checked int asks, and working it out costs more than
    # the check.
    bounds = _C_RANGES.get(ctype)
    if bounds is None:
        bits = 8 * sizeof(ctype)
        if ctype(-1).value < 0:
            bounds = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        else:
            bounds = 0, (1 << bits) - 1
        _C_RANGES[ctype] = bounds
    return bounds


class _Refusal:
    """What a refused value was: ``parameter`` (the name the caller wrote,
    e.g. ``"figures"``), ``value`` (as given) and ``allowed`` (the range,
    ``"0..9999"``, or the allowed names, ``"LINE, COLUMN_OF_COMPANIES"``),
    None where not known."""

    parameter = value = allowed = None

    def _refused(self, parameter, value, allowed):
        self.parameter, self.value, self.allowed = parameter, value, allowed
        return self


class RangeError(_Refusal, OverflowError, ValueError):
    """An integer outside the range its C parameter (or the library's
    documented domain) can hold; the message names the parameter, the
    value and the range, as do ``parameter``, ``value`` and ``allowed``.
    Raised before any C call: nothing was changed."""


class FamilyError(_Refusal, TypeError):
    """A value of another enumeration than the parameter's
    (``formation=Nation.BRITAIN``): the message names both families.
    Raised before any C call: nothing was changed."""


def _int(value, name, lo=None, hi=None, ctype=c_int32, domain=None):
    """``value`` as an int in ``lo..hi`` (default: the range of ``ctype``).

    Floats and other non-integers are refused (TypeError) rather than
    rounded: ``int(2.7)`` would be a silent change of value too.
    """
    if lo is None or hi is None:
        c_lo, c_hi = _c_range(ctype)
        lo = c_lo if lo is None else lo
        hi = c_hi if hi is None else hi
    try:
        v = _operator.index(value)
    except TypeError:
        raise TypeError("%s must be an integer, not %s" % (name, type(value).__name__)) from None
    if not lo <= v <= hi:
        raise RangeError("%s=%d is outside %d..%d%s" % (
            name, v, lo, hi, " (%s)" % domain if domain else ""))._refused(
                name, value, "%d..%d" % (lo, hi))
    return v


def _domain_error(function, name, value, allowed, text):
    """A :class:`DomainError` for ``function`` naming the parameter, the
    value and what is allowed, in ``text`` and as attributes."""
    exc = DomainError(Status.EDOMAIN, function)
    exc.args = ("%s (%s: EDOMAIN)" % (text, function),)
    return exc._refused(name, value, allowed)


def _domain(value, name, lo, hi, function, note=None):
    """``value`` as an int in the library's documented ``lo..hi`` for
    ``function``: outside, a :class:`DomainError` raised before the C call
    (nothing changed) that names the parameter, the value and the range."""
    v = _int(value, name, domain="the library accepts %d..%d" % (lo, hi))
    if not lo <= v <= hi:
        raise _domain_error(function, name, value, "%d..%d" % (lo, hi), "%s=%d is outside %d..%d%s" % (
            name, v, lo, hi, " (%s)" % note if note else ""))
    return v


def _an(word):
    return ("an " if word[:1] in "AEIOU" else "a ") + word


def _enum_arg(value, name, family):
    """``value`` checked as a member of the IntEnum ``family``: a member of
    another enumeration is a :class:`FamilyError` naming both families
    (``Unit(Gun.P12)`` would otherwise be foot artillery); a plain int
    passes to the library's own check."""
    if isinstance(value, _enum.Enum) and not isinstance(value, family):
        raise FamilyError("%s must be %s, not %s.%s (%s)" % (
            name, _an(family.__name__), type(value).__name__, value.name,
            _an(type(value).__name__)))._refused(name, value, ", ".join(m.name for m in family))
    return value


def _param_domain(param):
    """"the library accepts 0..9999" for a parameter, for messages: asked
    of the library once, at import, so that a refusal makes no C call."""
    bounds = _PARAM_BOUNDS.get(param)
    return "the library accepts %d..%d" % bounds if bounds else None


def _flag(value, name):
    """A 0/1 flag: False, True, 0 or 1 (nothing else is silently truthy)."""
    return _int(value, name, 0, 1)


def _require(value, cls, name, none_ok=False):
    """``value`` if it is a ``cls`` (or None when ``none_ok``), else TypeError."""
    if isinstance(value, cls) or (none_ok and value is None):
        return value
    raise TypeError("%s must be a %s%s, not %s" % (
        name, cls.__name__, " or None" if none_ok else "", type(value).__name__))


def _rules(rules):
    """The ``rules`` argument: a :class:`Rules`, or None for the built-in data."""
    return _require(rules, Rules, "rules", none_ok=True)


def _sequence(values, name, what):
    """``values`` as a list, refusing what is not a sequence (a str, an int)."""
    if isinstance(values, (str, bytes, bytearray)) or not hasattr(values, "__len__"):
        raise TypeError("%s must be a sequence of %s, not %s" % (name, what, type(values).__name__))
    return list(values)


def _int_seq(values, n, name):
    """A sequence of exactly ``n`` int32 values, each checked as :func:`_int`."""
    values = _sequence(values, name, "%d integers" % n)
    if len(values) != n:
        raise ValueError("%s has %d values, %d needed" % (name, len(values), n))
    return [_int(v, "%s[%d]" % (name, i)) for i, v in enumerate(values)]


def _text_arg(text, name):
    """A str argument, refused if it is anything else or holds a NUL."""
    if not isinstance(text, str):
        raise TypeError("%s must be a str, not %s" % (name, type(text).__name__))
    return _no_nul(text, name)


def _no_nul(text, name):
    if "\0" in text:
        raise ValueError("%s contains a NUL character at index %d (C strings end there)"
                         % (name, text.index("\0")))
    return text


def _checked_type(ctype):
    """An argtype like ``ctype`` whose conversion refuses out-of-range ints."""
    lo, hi = _c_range(ctype)
    what = "a %s argument" % ctype.__name__

    class Checked(ctype):
        @classmethod
        def from_param(cls, value):
            if isinstance(value, ctype):
                return value
            return ctype(_int(value, what, lo, hi, ctype))

    Checked.__name__ = Checked.__qualname__ = "checked_" + ctype.__name__
    return Checked


_CHECKED = {t: _checked_type(t) for t in (c_int, c_int32, c_uint32, c_size_t, c_uint64)}


class _CheckedFields:
    """Mixin for the structures the binding fills: a field assignment (the
    constructor's too) is range-checked for the field's C type, instead of
    ctypes' silent truncation (``Hex(2**32 + 1, 0)`` would be ``Hex(1, 0)``)."""

    def __setattr__(self, name, value):
        ctype = dict((f[0], f[1]) for f in self._fields_).get(name)
        if ctype in _CHECKED:
            value = _int(value, "%s.%s" % (type(self).__name__, name), ctype=ctype)
        super().__setattr__(name, value)

    def __repr__(self):
        """Every field that differs from a new structure's (zero)."""
        shown = []
        for name, *_ in self._fields_:
            value = getattr(self, name)
            if isinstance(value, ctypes.Array):
                value = list(value)
                if not any(value):
                    continue
            elif isinstance(value, Structure):
                if not bytes(value).strip(b"\0"):
                    continue
            elif not value:
                continue
            shown.append("%s=%r" % (name, value))
        return "%s(%s)" % (type(self).__name__, ", ".join(shown))


# --------------------------------------------------------------------------
# Errors


class NapfireError(_Refusal, Exception):
    """A negative status from libnapfire.

    Attributes: ``status`` (int), ``name`` (``napfire_status_name``, e.g.
    ``"EDOMAIN"``), ``message`` (``napfire_strerror``) and ``function``
    (the C function that returned it, or None); for a refused value,
    ``parameter``, ``value`` and ``allowed`` (else None), also named by
    the message.
    """

    #: The status this class stands for (None for the base class).
    status_code = None

    def __init__(self, status, function=None):
        self.status = _int(status, "status", ctype=c_int)
        _require(function, str, "function", none_ok=True)
        self.name = status_name(self.status)
        self.message = strerror(self.status)
        self.function = function
        where = "%s: " % function if function else ""
        super().__init__("%s%s (%s)" % (where, self.name, self.message))


class InvalidArgumentError(NapfireError, ValueError):
    """``NAPFIRE_EINVAL``: NULL, malformed argument, required setting missing."""
    status_code = Status.EINVAL


class DomainError(NapfireError, ValueError):
    """``NAPFIRE_EDOMAIN``: a value outside its documented domain."""
    status_code = Status.EDOMAIN


class StateError(NapfireError):
    """``NAPFIRE_ESTATE``: object not initialised, or corrupted."""
    status_code = Status.ESTATE


class NoSpaceError(NapfireError):
    """``NAPFIRE_ENOSPC``: buffer too small; ``required`` is the needed count."""
    status_code = Status.ENOSPC

    def __init__(self, status, function=None, required=None):
        super().__init__(status, function)
        self.required = required


class UnknownDataError(NapfireError):
    """``NAPFIRE_EUNKNOWN``: the rules data needed is unknown.

    ``result`` holds what was computed: a :class:`Result` from
    :meth:`Shot.resolve`, :meth:`Shot.distribution` or :meth:`Shot.expected`
    (``missing``/``missing_index`` name the data), the list of
    :class:`Modifier` items from :meth:`Shot.modifiers` (unknown ones have
    ``applied == -1``), or None.

    When the missing datum is named: ``missing`` (:class:`Missing`),
    ``index`` (its four indices, as ``Result.missing_index``), ``sentence``
    (the datum in the rulebook's terms) and ``patch`` (the rules-text line
    that supplies it, with one ``?`` to replace by your value; see
    :func:`missing_describe`). ``str()`` is the sentence and the patch line.
    """
    status_code = Status.EUNKNOWN

    def __init__(self, status, function=None, result=None):
        super().__init__(status, function)
        self.result = result
        self.missing = self.index = self.sentence = self.patch = None
        if isinstance(result, Result) and result.missing != Missing.NONE:
            self.missing = Missing(result.missing)
            self.index = tuple(result.missing_index)
            try:
                self.sentence = missing_describe(self.missing, self.index,
                                                 DescribeStyle.SENTENCE)
                self.patch = missing_describe(self.missing, self.index, DescribeStyle.PATCH)
            except NapfireError:
                return  # a library without the datum's description: the plain message
            self.args = ("%s\n%s" % (self.sentence, self.patch),)


class RulesSyntaxError(NapfireError):
    """``NAPFIRE_ESYNTAX``: rules text malformed.

    ``error`` is the :class:`ParseError` the library filled (None when not
    raised by :meth:`Rules.parse`); ``line``, ``column`` (1-based),
    ``code`` (:class:`ParseCode`) and ``detail`` (the library's message)
    repeat it.
    """
    status_code = Status.ESYNTAX

    def __init__(self, status, function=None, error=None):
        super().__init__(status, function)
        self.error = error
        self.line = error.line if error is not None else None
        self.column = error.column if error is not None else None
        self.code = ParseCode(error.code) if error is not None else None
        self.detail = error.text if error is not None else None
        if error is not None:
            self.args = ("%s: line %d, column %d: %s" % (
                self.args[0], self.line, self.column, self.detail),)


class SizeError(NapfireError):
    """``NAPFIRE_ESIZE``: the caller's struct size differs from the library's."""
    status_code = Status.ESIZE


class AlignmentError(NapfireError):
    """``NAPFIRE_EALIGN``: caller storage not on an 8-byte boundary (the
    package's own storage always is; a buffer passed through ``lib`` may
    not be)."""
    status_code = Status.EALIGN


class RulesFileError(ValueError):
    """A rules file refused before parsing (a directory, larger than
    :data:`RULES_TEXT_MAX`); the message names the file."""


_ERROR_CLASSES = {cls.status_code: cls for cls in (
    InvalidArgumentError, DomainError, StateError, NoSpaceError,
    UnknownDataError, RulesSyntaxError, SizeError, AlignmentError)}


def error_for(status, function=None, **details):
    """The exception for a non-zero status (not raised).

    Statuses that are not ``napfire_status`` values (e.g. a line-of-sight
    callback's own status) give a plain :class:`NapfireError`.
    """
    status = _int(status, "status", ctype=c_int)
    cls = _ERROR_CLASSES.get(status, NapfireError)
    return cls(status, function, **details) if details else cls(status, function)


def _check(status, function, **details):
    """Raise the exception for a non-zero status; return None otherwise."""
    if status != Status.OK:
        raise error_for(status, function, **details)


# --------------------------------------------------------------------------
# Public plain structs (layouts frozen; sizes asserted at import)


#: C type of a struct member -> ctypes type (napfire_hex: Hex, once defined).
_FIELD_TYPES = {"int32_t": c_int32, "uint32_t": c_uint32, "char": c_char}


def _fields(c_name):
    """The ``_fields_`` of a public struct, laid out as the headers declare it."""
    return [(name, _FIELD_TYPES[ctype] * count if count else _FIELD_TYPES[ctype])
            for name, ctype, count in _generated.STRUCTS[c_name]]


class Modifier(Structure):
    """``napfire_modifier``: one item of the modifier breakdown (16 bytes)."""
    _fields_ = _fields("napfire_modifier")

    @property
    def name(self):
        """The modifier's name (``napfire_modifier_name``)."""
        return modifier_name(self.id)

    def __repr__(self):
        return "Modifier(id=%s, value=%+d, applied=%d, suppressed_by=%d)" % (
            self.name, self.value, self.applied, self.suppressed_by)


class Result(Structure):
    """``napfire_result``: the explained result of :meth:`Shot.resolve` (128 bytes)."""
    _fields_ = _fields("napfire_result")

    def violated(self):
        """Every violated clause, as :class:`Reason` values in precedence order."""
        return [r for r in Reason if r != Reason.NONE and self.reasons & (1 << r)]

    def __repr__(self):
        if self.missing != Missing.NONE:
            return "Result(missing=%s %s, band=%d, net=%+d, roll=%d)" % (
                enum_name(EnumId.MISSING, self.missing), list(self.missing_index),
                self.band, self.net_modifier, self.modified_roll)
        if not self.permitted:
            return "Result(permitted=0, reason=%s, reasons=%s)" % (
                reason_name(self.reason), [r.name for r in self.violated()])
        return ("Result(band=%s, net=%+d, roll=%d, row_index=%d, column_index=%d, halves=%d/%d, "
                "casualties=%d (target %d, screen %d), half_pending=%d, missing=%s)" % (
                    Band(self.band).name if self.band in Band._value2member_map_ else self.band,
                    self.net_modifier, self.modified_roll, self.row_index, self.column_index,
                    self.table_halves, self.halves, self.casualties,
                    self.target_casualties, self.screen_casualties,
                    self.half_pending, enum_name(EnumId.MISSING, self.missing)))


def _index_fields(cls):
    """``row_index``/``column_index`` of a :class:`Result`: the C fields
    ``row``/``column`` (0-based indexes: index 0 is row 1, or the column of
    modified roll 1-2) under the names every surface but C gives them. The
    old names stay one minor version, warning (DeprecationWarning)."""
    for old, new in _INDEX_NAMES.items():
        field = cls.__dict__[old]

        def current(self, field=field):
            return field.__get__(self, type(self))

        def deprecated(self, field=field, old=old, new=new):
            _warnings.warn("Result.%s is deprecated: use Result.%s (0-based: index 0 is %s)" % (
                old, new, "row 1" if old == "row" else "modified roll 1-2"),
                DeprecationWarning, stacklevel=2)
            return field.__get__(self, type(self))

        setattr(cls, new, property(current, doc="0-based index (C field ``%s``)" % old))
        setattr(cls, old, property(deprecated, doc="Deprecated alias of ``%s``." % new))
    return cls


#: Result field -> byte offset, under the C names (before _index_fields
#: replaces ``row``/``column`` by properties).
_RESULT_OFFSETS = {name: getattr(Result, name).offset for name, _ in Result._fields_}
#: The C field names that every other surface spells as 0-based indexes.
_INDEX_NAMES = {"row": "row_index", "column": "column_index"}
_index_fields(Result)


class Blocker(Structure):
    """``napfire_blocker``: a missing datum and the shots of the coverage
    sweep of :meth:`Rules.coverage` it stops (24 bytes)."""
    _fields_ = _fields("napfire_blocker")

    def __repr__(self):
        return "Blocker(%s %s, shots=%d)" % (
            enum_name(EnumId.MISSING, self.missing), list(self.index), self.shots)


class ParseError(Structure):
    """``napfire_parse_error``: where and why a rules text was refused (160 bytes)."""
    _fields_ = _fields("napfire_parse_error")

    @property
    def text(self):
        """The message as str."""
        return self.message.decode("utf-8", "replace")


class Outcome(Structure):
    """``napfire_outcome``: one outcome of a shot and its weight out of 216 (16 bytes)."""
    _fields_ = _fields("napfire_outcome")

    def __repr__(self):
        return "Outcome(target=%d, screen=%d, weight=%d/216)" % (
            self.target_casualties, self.screen_casualties, self.weight)


class Hex(_CheckedFields, Structure):
    """``napfire_hex``: a hex in axial coordinates (q, r); 8 bytes."""
    _fields_ = _fields("napfire_hex")

    def __init__(self, q=0, r=0):
        super().__init__(q, r)

    def __eq__(self, other):
        if isinstance(other, Hex):
            return (self.q, self.r) == (other.q, other.r)
        if isinstance(other, tuple):
            return (self.q, self.r) == other
        return NotImplemented

    def __hash__(self):
        return hash((self.q, self.r))

    def __iter__(self):
        return iter((self.q, self.r))

    def __repr__(self):
        return "Hex(%d, %d)" % (self.q, self.r)


_FIELD_TYPES["napfire_hex"] = Hex


class TraceStep(Structure):
    """``napfire_trace_step``: one step of a trace (32 bytes)."""
    _fields_ = _fields("napfire_trace_step")

    def __repr__(self):
        kind = StepKind(self.kind).name if self.kind in StepKind._value2member_map_ else self.kind
        return "TraceStep(%s, side=%d, hex=%r, other=%r, from_start=%d, to_end=%d)" % (
            kind, self.side, self.hex, self.other, self.from_start, self.to_end)


class HexInfo(_CheckedFields, Structure):
    """``napfire_hex_info``: what the map says about one hex (32 bytes).

    Zero-filled (the default), it is clear ground at elevation 0, no unit.
    """
    _fields_ = _fields("napfire_hex_info")


class LosQuery(_CheckedFields, Structure):
    """``napfire_los_query``: a line-of-sight question (48 bytes)."""
    _fields_ = _fields("napfire_los_query")


class LosResult(Structure):
    """``napfire_los_result``: the explained answer of a line-of-sight call (64 bytes)."""
    _fields_ = _fields("napfire_los_result")

    def __repr__(self):
        if self.clear:
            return "LosResult(clear, distance=%d, exit_mask=%#x)" % (self.distance, self.exit_mask)
        return "LosResult(blocked by %s at %r/%r, cause=%s, elevation=%s, distance=%d)" % (
            LosRule(self.rule).name, self.blocker, self.blocker_other,
            LosRule(self.cause).name, LosElevation(self.elevation).name, self.distance)


class HexFire(_CheckedFields, Structure):
    """``napfire_hex_fire``: the facts of one infantry fire (32 bytes)."""
    _fields_ = _fields("napfire_hex_fire")


class _PointC(Structure):
    """``napfire_point`` (8 bytes); :class:`Footprint` builds them."""
    _fields_ = _fields("napfire_point")


_FIELD_TYPES["napfire_point"] = _PointC


class _FootprintC(Structure):
    """``napfire_footprint`` (48 bytes); :class:`Footprint` builds them."""
    _fields_ = _fields("napfire_footprint")


class _MeasuredC(Structure):
    """``napfire_measured`` (64 bytes): read into :class:`Fact` values."""
    _fields_ = _fields("napfire_measured")


_FIELD_TYPES.update({"const napfire_footprint *": POINTER(_FootprintC), "size_t": c_size_t})


class _SceneC(Structure):
    """``napfire_scene``: pointers to the footprints of a :class:`Scene`."""
    _fields_ = _fields("napfire_scene")


# --------------------------------------------------------------------------
# Opaque storage


class _Opaque:
    """Base of the classes over the library's opaque value types.

    Subclasses set ``_size`` (bytes, a multiple of 8); the storage is a
    ``c_uint64`` array, so its alignment is 8. ``from_param`` lets an
    instance (or None, for NULL) be passed where the C function wants a
    pointer to the type.
    """

    _size = 0
    _c_type = "?"

    def __init__(self):
        self._storage = (c_uint64 * (self._size // 8))()

    @classmethod
    def from_param(cls, obj):
        if obj is None:
            return None
        if isinstance(obj, cls):
            return byref(obj._storage)
        raise TypeError("expected %s or None, got %s" % (cls._c_type, type(obj).__name__))

    @property
    def raw(self):
        """The storage as a ctypes array of c_uint64 (for tests and tools)."""
        return self._storage

    def __copy__(self):
        new = type(self).__new__(type(self))
        # What the Python side keeps beside the storage (the values a shot
        # was made from, a trace's ends and steps) goes with the copy.
        new.__dict__.update(self.__dict__)
        new._storage = (c_uint64 * (self._size // 8)).from_buffer_copy(self._storage)
        return new

    def copy(self):
        """A byte-for-byte copy (the C objects may be copied with memcpy)."""
        return _copy.copy(self)

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __reduce__(self):
        # Pickled as the class, a tag naming the layout the bytes have (type,
        # size, library version, byte order), the bytes, and the values the
        # object can be made again from; _restore() takes the bytes on a
        # machine of the same layout (the library checks them) and the
        # values on one of the other byte order.
        return _restore, (type(self), _layout_tag(type(self)), bytes(self._storage), self._values())

    def _values(self):
        """What makes this object again through the library's functions,
        in plain Python values (no bytes), or None if that is not known."""
        return None

    def _validate(self):
        """Raise the library's error if the storage is not a valid object."""
        raise NotImplementedError


def _opaque_type(py_name, c_name, size):
    """The base class of ``py_name`` over the library's ``c_name`` of ``size`` bytes."""
    return type("_%sRef" % py_name, (_Opaque,), {
        "_size": size, "_c_name": c_name, "_c_type": "%s (%s)" % (py_name, c_name)})


_UnitRef = _opaque_type("Unit", "napfire_unit", UNIT_SIZE)
_ShotRef = _opaque_type("Shot", "napfire_shot", SHOT_SIZE)
_RulesRef = _opaque_type("Rules", "napfire_rules", RULES_SIZE)
_TraceRef = _opaque_type("Trace", "napfire_trace", TRACE_SIZE)
_DiceRef = _opaque_type("Dice", "napfire_dice", DICE_SIZE)
_SHOT_STORAGE = c_uint64 * (SHOT_SIZE // 8)


# --------------------------------------------------------------------------
# Prototypes: every function of the headers (FUNCTIONS, generated from
# them), its C types mapped to ctypes here.


_i32p = POINTER(c_int32)
_u32p = POINTER(c_uint32)
_sizep = POINTER(c_size_t)

#: ``napfire_hex_info_fn``: ``int (*)(void *ctx, napfire_hex h, napfire_hex_info *out)``.
HexInfoFn = ctypes.CFUNCTYPE(c_int, c_void_p, Hex, POINTER(HexInfo))
#: ``napfire_hex_info_ref_fn``: the same with the hex by pointer.
HexInfoRefFn = ctypes.CFUNCTYPE(c_int, c_void_p, POINTER(Hex), POINTER(HexInfo))

#: C type as the headers spell it (``const`` dropped but for ``const char *``)
#: -> ctypes type. A type missing here leaves its functions unbound, which
#: the tests report (every function of the headers must be bound).
_C_TYPES = {
    "int": c_int, "int32_t": c_int32, "uint32_t": c_uint32, "uint64_t": c_uint64,
    "size_t": c_size_t, "const char *": c_char_p, "char *": POINTER(c_char),
    "void *": c_void_p, "int32_t *": _i32p, "uint32_t *": _u32p, "size_t *": _sizep,
    "double *": POINTER(ctypes.c_double), "int32_t [4]": POINTER(c_int32 * 4),
    "napfire_unit *": _UnitRef, "napfire_shot *": _ShotRef, "napfire_rules *": _RulesRef,
    "napfire_trace *": _TraceRef, "napfire_dice *": _DiceRef,
    "napfire_hex": Hex, "napfire_hex [2]": POINTER(Hex), "napfire_hex_info_fn": HexInfoFn,
    "napfire_hex_info_ref_fn": HexInfoRefFn,
    "int32_t [2]": POINTER(c_int32 * 2),
    "uint8_t *": POINTER(ctypes.c_uint8), "napfire_fov_plan *": c_void_p,
    "napfire_fov_plan **": POINTER(c_void_p),
}
_C_TYPES.update({c_name + " *": POINTER(struct) for c_name, struct in (
    ("napfire_hex", Hex), ("napfire_modifier", Modifier), ("napfire_result", Result),
    ("napfire_parse_error", ParseError), ("napfire_outcome", Outcome),
    ("napfire_trace_step", TraceStep), ("napfire_hex_info", HexInfo),
    ("napfire_los_query", LosQuery), ("napfire_los_result", LosResult),
    ("napfire_hex_fire", HexFire), ("napfire_blocker", Blocker),
    ("napfire_scene", _SceneC), ("napfire_measured", _MeasuredC))})

#: (function, parameter) -> ctypes type, where the binding passes something
#: else than the C type: the batches take the shots packed in one array.
_PARAM_TYPES = {
    ("napfire_resolve_many", "shots"): c_void_p,
    ("napfire_resolve_many_dice", "shots"): c_void_p,
    ("napfire_resolve_indexed_dice", "shots"): c_void_p,
}


def _c_type(spelled, function, param=None):
    if (function, param) in _PARAM_TYPES:
        return _PARAM_TYPES[function, param]
    return _C_TYPES[spelled if spelled == "const char *" else spelled.replace("const ", "")]


def _declare():
    """Set restype/argtypes of every function of FUNCTIONS; return them by name.

    Integer argument types are their checked forms, so that an out-of-range
    value raises instead of wrapping."""
    table = {}
    for name, (ret, params) in _generated.FUNCTIONS.items():
        try:
            restype = _c_type(ret, name)
            argtypes = [_c_type(ctype, name, param) for ctype, param in params]
        except KeyError:
            continue  # a C type this binding cannot map: left unbound
        argtypes = [_CHECKED.get(t, t) for t in argtypes]
        try:
            fn = getattr(lib, name)
        except AttributeError:
            raise ImportError("%s lacks %s: library too old for this binding"
                              % (LIBRARY, name)) from None
        fn.restype = restype
        fn.argtypes = argtypes
        table[name] = (restype, argtypes)
    return table


#: Every function this binding declares (the tests compare it with the headers).
PROTOTYPES = _declare()


def _text(raw):
    return raw.decode("utf-8")


# --------------------------------------------------------------------------
# Core


def version_number():
    """``MAJOR*10000 + MINOR*100 + PATCH`` of the loaded library."""
    return lib.napfire_version_number()


def version_string():
    """The loaded library's version, "MAJOR.MINOR.PATCH"."""
    return _text(lib.napfire_version_string())


def strerror(status):
    """``napfire_strerror``: one-line description; "unknown status" if none."""
    return _text(lib.napfire_strerror(_int(status, "status", ctype=c_int)))


def status_name(status):
    """``napfire_status_name``: "OK", "EINVAL", ...; "unknown" if none."""
    return _text(lib.napfire_status_name(_int(status, "status", ctype=c_int)))


def enum_name(enumeration, value):
    """``napfire_enum_name``: the name of a value of an :class:`EnumId` enumeration."""
    return _text(lib.napfire_enum_name(_int(enumeration, "enumeration"), _int(value, "value")))


def reason_name(reason):
    """``napfire_reason_name``: the name of a :class:`Reason`."""
    return _text(lib.napfire_reason_name(_int(reason, "reason")))


def modifier_name(modifier_id):
    """``napfire_modifier_name``: the name of a :class:`ModifierId`."""
    return _text(lib.napfire_modifier_name(_int(_enum_arg(modifier_id, "modifier_id", ModifierId), "modifier_id")))


def unit_size():
    """``napfire_unit_size``: sizeof(napfire_unit) as the library was built."""
    return lib.napfire_unit_size()


def shot_size():
    """``napfire_shot_size``."""
    return lib.napfire_shot_size()


def rules_size():
    """``napfire_rules_size``."""
    return lib.napfire_rules_size()


def param_bounds(param):
    """``napfire_param_bounds``: ``(lo, hi)`` of a unit or shot parameter."""
    lo, hi = c_int32(), c_int32()
    _check(lib.napfire_param_bounds(_int(param, "param"), byref(lo), byref(hi)),
           "napfire_param_bounds")
    return lo.value, hi.value


def round_half(halves, half_die, second_class=False):
    """``napfire_round_half``: half figures to figures (F-CAS-2/3)."""
    figures = c_int32()
    _check(lib.napfire_round_half(_int(halves, "halves"), _int(half_die, "half_die"),
                                  _flag(second_class, "second_class"), byref(figures)),
           "napfire_round_half")
    return figures.value


def _verify_sizes():
    """The storage this binding allocates must match the library's (ABI)."""
    expected = [("napfire_unit", unit_size(), UNIT_SIZE),
                ("napfire_shot", shot_size(), SHOT_SIZE),
                ("napfire_rules", rules_size(), RULES_SIZE)]
    expected.append(("napfire_trace", lib.napfire_trace_size(), TRACE_SIZE))
    expected.append(("napfire_dice", lib.napfire_dice_size(), DICE_SIZE))
    for name, theirs, ours in expected:
        if theirs != ours:
            raise ImportError("%s is %d bytes in %s, %d in this binding"
                              % (name, theirs, LIBRARY, ours))
    frozen = [(Modifier, 16), (Result, 128), (Hex, 8), (TraceStep, 32), (HexInfo, 32),
              (LosQuery, 48), (LosResult, 64), (HexFire, 32),
              (ParseError, 160), (Outcome, 16)]
    for struct, size in frozen:
        if sizeof(struct) != size:
            raise ImportError("%s is %d bytes, not %d" % (struct.__name__, sizeof(struct), size))


_verify_sizes()

#: The library's bounds of every unit and shot parameter, for messages.
_PARAM_BOUNDS = {}
for _p in list(UnitParam) + list(ShotParam):
    try:
        _PARAM_BOUNDS[_p] = param_bounds(_p)
    except NapfireError:
        pass
del _p

# --------------------------------------------------------------------------
# Figure scale: units, shots, rules


#: Parameter -> the enumeration of its values (the others are numbers or 0/1).
_PARAM_FAMILIES = {
    UnitParam.NATION: Nation, UnitParam.CLASS: TroopClass, UnitParam.FORMATION: Formation,
    UnitParam.WEAPON: Weapon, UnitParam.GUN: Gun, UnitParam.COVER: Cover,
    UnitParam.MOVED: Moved, ShotParam.MEASURE: Measure, ShotParam.AMMO: Ammo,
}

#: Python keywords that stand for another C name (Python cannot spell
#: ``class``): keyword -> parameter name.
KEYWORD_ALIASES = {"troop_class": "CLASS"}

#: The C functions whose Python spelling is not the C name without
#: ``napfire_`` (a module function, or for ``napfire_unit_*``, ``_shot_*``,
#: ``_rules_*``, ``_dice_*`` and ``_trace_*`` a method of that class):
#: C name -> Python name (one Python function may serve several).
#: Constructors initialise (``Unit()`` is ``napfire_unit_init``);
#: ``napfire_dice_2d6`` is ``Dice.roll_2d6`` because a Python name cannot
#: start with a digit.
FUNCTION_NAMES = {
    "napfire_unit_init": "Unit()", "napfire_shot_init": "Shot()", "napfire_rules_init": "Rules()",
    "napfire_dice_init": "Dice()", "napfire_trace_init": "Trace()",
    "napfire_unit_size": "unit_size", "napfire_shot_size": "shot_size",
    "napfire_rules_size": "rules_size", "napfire_dice_size": "dice_size",
    "napfire_trace_size": "trace_size",
    "napfire_dice_2d6": "Dice.roll_2d6", "napfire_dice_next": "Dice.next_raw",
    "napfire_rules_check_next": "Rules.check", "napfire_rules_next_unknown": "unknown_data",
    "napfire_trace_next": "Trace.next_step", "napfire_trace_steps": "trace_steps",
    # field_of_view() builds, keeps and sizes the plans and workspaces itself
    "napfire_fov_grid": "field_of_view", "napfire_fov_plan_size": "field_of_view",
    "napfire_fov_plan_init": "field_of_view", "napfire_fov_work_size": "field_of_view",
    # the by-pointer callback serves tools that cannot pass a struct by
    # value; ctypes can, so los_callback() is both
    "napfire_los_callback_ref": "los_callback",
    "napfire_shot_measure": "Shot.measure",
}


def _param_kwargs(enum_type, kwargs):
    """Map keyword arguments (``figures=30``, ``troop_class=...``) to parameters."""
    items = []
    for key, value in kwargs.items():
        name = KEYWORD_ALIASES.get(key, key.upper())
        try:
            items.append((enum_type[name], value))
        except KeyError:
            raise TypeError("unknown %s keyword %r" % (enum_type.__name__, key)) from None
    return items


def _param_name(enum_type, param):
    """"figures" for UnitParam.FIGURES: the keyword a caller wrote."""
    try:
        name = enum_type(param).name.lower()
    except ValueError:
        return "value"
    return "troop_class" if name == "class" else name


#: Parameter enum -> {keyword: parameter}: the keywords _param_kwargs maps.
_KEYWORDS = {enum_type: {("troop_class" if m.name == "CLASS" else m.name.lower()): int(m)
                         for m in enum_type} for enum_type in (UnitParam, ShotParam)}

#: Parameter enum -> {keyword: (parameter, least, greatest, enumeration)}:
#: what _checked_kwargs needs to take a value without calling _checked.
_FAST_KEYWORDS = {enum_type: {key: (param,) + _PARAM_BOUNDS.get(param, (-0x80000000, 0x7FFFFFFF)) +
                              (_PARAM_FAMILIES.get(param),)
                              for key, param in keywords.items()}
                  for enum_type, keywords in _KEYWORDS.items()}

#: The hot calls again, as separate function objects with plain argtypes
#: (c_void_p, c_int32): their callers check every argument first, so the
#: checked argtypes' Python conversion would only check it again.
_PLAIN = {}
for _name, _argtypes in (
        ("napfire_unit_init", [c_void_p, c_size_t, c_int32]),
        ("napfire_unit_set", [c_void_p, c_int32, c_int32]),
        ("napfire_shot_init", [c_void_p, c_size_t, c_void_p, c_void_p]),
        ("napfire_shot_set", [c_void_p, c_int32, c_int32]),
        ("napfire_shot_resolve", [c_void_p, c_void_p, c_int32, c_int32, c_void_p])):
    _PLAIN[_name] = lib[_name]
    _PLAIN[_name].restype, _PLAIN[_name].argtypes = c_int, _argtypes
del _name, _argtypes
_RESOLVE = _PLAIN["napfire_shot_resolve"]


class _Parameters:
    """get/set/update and indexing by parameter, for :class:`Unit` and
    :class:`Shot`: ``_PARAMS`` is the parameter enum, ``_SETTER`` and
    ``_GETTER`` the C functions (``napfire_unit_set``, ...)."""

    def set(self, param, value):
        """``napfire_*_set``; :class:`DomainError` if refused (object unchanged)."""
        param, value = self._checked(param, value)
        _check(getattr(lib, self._SETTER)(self, param, value), self._SETTER)

    def _checked(self, param, value):
        """``(param, value)`` checked as C int32 values; the value's errors
        name the parameter (``figures=...``) and the library's bounds."""
        param = _int(param, "param")
        name = _param_name(self._PARAMS, param)
        family = _PARAM_FAMILIES.get(param)
        if family is not None:
            _enum_arg(value, name, family)
        value = _int(value, name, domain=_param_domain(param))
        bounds = _PARAM_BOUNDS.get(param)
        if bounds is not None:
            value = _domain(value, name, bounds[0], bounds[1], self._SETTER)
        return param, value

    def _checked_kwargs(self, params):
        """Keyword parameters, every one checked before any is set."""
        fast = _FAST_KEYWORDS[self._PARAMS]
        items = []
        for key, value in params.items():
            spec = fast.get(key)
            # The usual case without a Python call: a known keyword, and a
            # plain int or a member of the parameter's own enumeration, within
            # the parameter's bounds. Anything else is checked by _checked,
            # whose errors name the parameter, the family and the range.
            if spec is not None:
                param, lo, hi, family = spec
                if (type(value) is int or type(value) is family) and lo <= value <= hi:
                    items.append((param, value))
                    continue
            items.append(self._checked(*_param_kwargs(self._PARAMS, {key: value})[0]))
        return items

    def _apply(self, items):
        setter = _PLAIN[self._SETTER]
        storage = self._storage
        for param, value in items:
            status = setter(storage, param, value)
            if status:
                if status == Status.EDOMAIN:
                    raise self._not_open(param, value)
                _check(status, self._SETTER)

    def _value_text(self, param, value):
        family = _PARAM_FAMILIES.get(param)
        if family is not None and value in family._value2member_map_:
            return family(value).name
        return str(value)

    def _open_values(self, param):
        """The values of ``param``'s family this object accepts, asked of
        the library on a copy."""
        family = _PARAM_FAMILIES.get(param)
        if family is None:
            return None
        setter, work = getattr(lib, self._SETTER), _copy.copy(self)
        return [m for m in family if setter(work, param, m) == Status.OK]

    def _not_open(self, param, value):
        """The :class:`DomainError` for a value in the parameter's range that
        the library refuses for this object: both parts named (``formation
        SQUARE is not open to CAVALRY``), and the values it takes."""
        name = _param_name(self._PARAMS, param)
        shown = self._value_text(param, value)
        open_values = self._open_values(param)
        allowed = ", ".join(m.name for m in open_values) if open_values else None
        family = _PARAM_FAMILIES.get(param)
        if family is not None and value in family._value2member_map_:
            value = family(value)
        return _domain_error(self._SETTER, name, value, allowed, "%s %s is not open to %s%s" % (
            name, shown, self._whom(),
            ": give one of %s" % allowed if allowed else ": it applies to other arms"))

    def get(self, param):
        """``napfire_*_get``: the value of a parameter (a shot's -1 = not given)."""
        value = c_int32()
        _check(getattr(lib, self._GETTER)(self, _int(param, "param"), byref(value)), self._GETTER)
        return value.value

    def update(self, **params):
        """Set several parameters by keyword, in order. All or nothing: each
        is checked before any is set, and a refusal by the library leaves
        the object as it was."""
        items = self._checked_kwargs(params)
        if len(items) < 2:
            self._apply(items)
            return
        work = _copy.copy(self)
        work._apply(items)
        ctypes.memmove(self._storage, work._storage, self._size)

    def __getitem__(self, param):
        return self.get(param)

    def __setitem__(self, param, value):
        self.set(param, value)


class Unit(_Parameters, _UnitRef):
    """A unit, firer or target (``napfire_unit``, 128 bytes of caller storage).

    ``Unit(arm, **params)`` initialises it (``napfire_unit_init``) and sets
    the given parameters in order; keywords are :class:`UnitParam` names in
    lower case, with ``troop_class`` for CLASS::

        Unit(Arm.LINE_INFANTRY, nation=Nation.FRANCE, figures=24)

    Parameters read and write with :meth:`get`/:meth:`set` or indexing:
    ``unit[UnitParam.FIGURES] = 20``.
    """


    def __init__(self, arm, **params):
        arm = _int(_enum_arg(arm, "arm", Arm), "arm")
        items = self._checked_kwargs(params)
        super().__init__()
        _check(lib.napfire_unit_init(self, UNIT_SIZE, arm), "napfire_unit_init")
        self._apply(items)

    _PARAMS = UnitParam
    _SETTER, _GETTER = "napfire_unit_set", "napfire_unit_get"

    @property
    def arm(self):
        """The unit's :class:`Arm` (fixed at init)."""
        return Arm(self.get(UnitParam.ARM))

    def may_open_order(self, year):
        """``napfire_unit_may_open_order`` (F-OO-1): may it deploy in open order?"""
        yes = c_int32()
        _check(lib.napfire_unit_may_open_order(self, _int(year, "year"), byref(yes)),
               "napfire_unit_may_open_order")
        return bool(yes.value)

    def _whom(self):
        return self.arm.name

    def __repr__(self):
        """Every setting that differs from a new unit's of the same arm."""
        fresh = Unit(self.arm)
        return "Unit(%s)" % ", ".join([self.arm.name] + _settings(self, fresh, UnitParam))

    def _validate(self):
        self.get(UnitParam.ARM)

    def _values(self):
        return ("unit", int(self.get(UnitParam.ARM)),
                tuple((int(p), self.get(p)) for p in UnitParam if p != UnitParam.ARM))

    @classmethod
    def _from_values(cls, values):
        _kind, arm, params = values
        unit = cls(arm)
        for param, value in params:
            if unit.get(param) != value:
                unit.set(param, value)
        return unit


class Rules(_RulesRef):
    """Rules data (``napfire_rules``, 4096 bytes), initialised with the
    built-in data (``napfire_rules_init``).

    Unknown values read as None and are set with None. Functions taking
    ``rules`` accept None for the built-in data.
    """


    def __init__(self):
        super().__init__()
        _check(lib.napfire_rules_init(self, RULES_SIZE), "napfire_rules_init")

    # Musketry table (F-TAB)

    def set_musketry(self, row_index, column_index, halves, star=False):
        """Set a musketry cell: ``halves`` in half figures, None for unknown.

        The indexes are 0-based: ``row_index`` 0 is row 1 (0..4),
        ``column_index`` 0 the column of modified roll 1-2 (0..8). A bad
        value is refused before anything changes, named with its range."""
        _check(lib.napfire_rules_set_musketry(
            self, _domain(row_index, "row_index", 0, 4, "napfire_rules_set_musketry", "index 0 is row 1"),
            _domain(column_index, "column_index", 0, 8, "napfire_rules_set_musketry",
                    "index 0 is modified roll 1-2"),
            _unknown_in(halves, "halves"), _flag(star, "star")), "napfire_rules_set_musketry")

    def get_musketry(self, row_index, column_index):
        """A musketry cell as ``(halves, star)``, or None when unknown
        (0-based indexes, as :meth:`set_musketry`)."""
        halves, star = c_int32(), c_int32()
        status = lib.napfire_rules_get_musketry(
            self, _domain(row_index, "row_index", 0, 4, "napfire_rules_get_musketry", "index 0 is row 1"),
            _domain(column_index, "column_index", 0, 8, "napfire_rules_get_musketry",
                    "index 0 is modified roll 1-2"),
            byref(halves), byref(star))
        if status == Status.EUNKNOWN:
            return None
        _check(status, "napfire_rules_get_musketry")
        return halves.value, bool(star.value)

    # Ranges (F-RNG, F-ART-1)

    def set_range(self, weapon, measure, effective_max, long_max):
        """A weapon's range maxima in one measure; None for unknown."""
        _check(lib.napfire_rules_set_range(self, _int(_enum_arg(weapon, "weapon", Weapon), "weapon"), _int(_enum_arg(measure, "measure", Measure), "measure"),
                                           _unknown_in(effective_max, "effective_max"),
                                           _unknown_in(long_max, "long_max")),
               "napfire_rules_set_range")

    def get_range(self, weapon, measure):
        """``(effective_max, long_max)``, None for an unknown one."""
        eff, lng = c_int32(), c_int32()
        _check(lib.napfire_rules_get_range(self, _int(_enum_arg(weapon, "weapon", Weapon), "weapon"), _int(_enum_arg(measure, "measure", Measure), "measure"),
                                           byref(eff), byref(lng)),
               "napfire_rules_get_range")
        return _unknown_out(eff.value), _unknown_out(lng.value)

    def set_gun_range(self, gun, measure, canister_max, effective_max, long_max):
        """A gun's band maxima in one measure; None for unknown."""
        _check(lib.napfire_rules_set_gun_range(self, _int(_enum_arg(gun, "gun", Gun), "gun"), _int(_enum_arg(measure, "measure", Measure), "measure"),
                                               _unknown_in(canister_max, "canister_max"),
                                               _unknown_in(effective_max, "effective_max"),
                                               _unknown_in(long_max, "long_max")),
               "napfire_rules_set_gun_range")

    def get_gun_range(self, gun, measure):
        """``(canister_max, effective_max, long_max)``, None for an unknown one."""
        can, eff, lng = c_int32(), c_int32(), c_int32()
        _check(lib.napfire_rules_get_gun_range(self, _int(_enum_arg(gun, "gun", Gun), "gun"), _int(_enum_arg(measure, "measure", Measure), "measure"),
                                               byref(can), byref(eff), byref(lng)),
               "napfire_rules_get_gun_range")
        return _unknown_out(can.value), _unknown_out(eff.value), _unknown_out(lng.value)

    # Artillery table (F-ART-1)

    def set_artillery(self, gun, ammo, band, column_index, halves):
        """Set an artillery cell in half figures; None for unknown.
        ``column_index`` 0 is the column of modified roll 1-2 (0..8).
        Canister ammunition beyond canister range is never read (F-ART-1):
        any value there but None is refused."""
        _check(lib.napfire_rules_set_artillery(self, _int(_enum_arg(gun, "gun", Gun), "gun"), _int(_enum_arg(ammo, "ammo", Ammo), "ammo"), _int(_enum_arg(band, "band", Band), "band"),
                                               _domain(column_index, "column_index", 0, 8,
                                                       "napfire_rules_set_artillery",
                                                       "index 0 is modified roll 1-2"),
                                               _unknown_in(halves, "halves")),
               "napfire_rules_set_artillery")

    def get_artillery(self, gun, ammo, band, column_index):
        """An artillery cell in half figures, or None when unknown."""
        halves = c_int32()
        status = lib.napfire_rules_get_artillery(self, _int(_enum_arg(gun, "gun", Gun), "gun"), _int(_enum_arg(ammo, "ammo", Ammo), "ammo"), _int(_enum_arg(band, "band", Band), "band"),
                                                 _domain(column_index, "column_index", 0, 8,
                                                         "napfire_rules_get_artillery",
                                                         "index 0 is modified roll 1-2"),
                                                 byref(halves))
        if status == Status.EUNKNOWN:
            return None
        _check(status, "napfire_rules_get_artillery")
        return halves.value

    # Modifier values (F-MOD, F-ART-1/3)

    def set_modifier(self, fire, modifier_id, value, variant=0):
        """Set a modifier value of a :class:`Fire` kind; None for unknown."""
        raw = MODIFIER_UNKNOWN if value is None else _int(value, "value")
        _check(lib.napfire_rules_set_modifier(self, _int(_enum_arg(fire, "fire", Fire), "fire"),
                                              _int(_enum_arg(modifier_id, "modifier_id", ModifierId), "modifier_id"),
                                              _int(variant, "variant"), raw),
               "napfire_rules_set_modifier")

    def get_modifier(self, fire, modifier_id, variant=0):
        """A modifier value, or None when unknown."""
        value = c_int32()
        status = lib.napfire_rules_get_modifier(self, _int(_enum_arg(fire, "fire", Fire), "fire"),
                                                _int(_enum_arg(modifier_id, "modifier_id", ModifierId), "modifier_id"),
                                                _int(variant, "variant"), byref(value))
        if status == Status.EUNKNOWN:
            return None
        _check(status, "napfire_rules_get_modifier")
        return value.value

    # Thresholds

    def set_threshold(self, threshold, measure, value):
        """Set a :class:`Threshold` in a measure; None for unknown."""
        _check(lib.napfire_rules_set_threshold(self, _int(_enum_arg(threshold, "threshold", Threshold), "threshold"),
                                               _int(_enum_arg(measure, "measure", Measure), "measure"),
                                               _unknown_in(value, "value")),
               "napfire_rules_set_threshold")

    def get_threshold(self, threshold, measure=Measure.METRIC):
        """A threshold, or None when unknown."""
        value = c_int32()
        status = lib.napfire_rules_get_threshold(self, _int(_enum_arg(threshold, "threshold", Threshold), "threshold"),
                                                 _int(_enum_arg(measure, "measure", Measure), "measure"), byref(value))
        if status == Status.EUNKNOWN:
            return None
        _check(status, "napfire_rules_get_threshold")
        return value.value

    # Provenance

    def set_provenance(self, field, text):
        """Set a :class:`Provenance` text (UTF-8, length-limited by the library)."""
        self._set_provenance(field, text, "text")

    def _set_provenance(self, field, text, name):
        # ``name`` is what the caller called the text: a property's name.
        field = _int(_enum_arg(field, "field", Provenance), "field")
        text = _text_arg(text, name)
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError("%s is not encodable as UTF-8: %s" % (name, exc)) from None
        _check(lib.napfire_rules_set_provenance(self, field, data),
               "napfire_rules_set_provenance")

    def get_provenance(self, field):
        """A :class:`Provenance` text (asks the length first, then copies)."""
        length = c_size_t()
        field = _int(_enum_arg(field, "field", Provenance), "field")
        status = lib.napfire_rules_get_provenance(self, field, None, 0, byref(length))
        if status != Status.ENOSPC:
            _check(status, "napfire_rules_get_provenance")
        buf = ctypes.create_string_buffer(length.value + 1)
        _check(lib.napfire_rules_get_provenance(self, field, buf, len(buf), byref(length)),
               "napfire_rules_get_provenance")
        return buf.raw[:length.value].decode("utf-8")

    name = property(lambda self: self.get_provenance(Provenance.NAME),
                    lambda self, text: self._set_provenance(Provenance.NAME, text, "name"),
                    doc="Provenance: name (at most 63 bytes).")
    edition = property(lambda self: self.get_provenance(Provenance.EDITION),
                       lambda self, text: self._set_provenance(Provenance.EDITION, text, "edition"),
                       doc="Provenance: edition (at most 31 bytes).")
    source = property(lambda self: self.get_provenance(Provenance.SOURCE),
                      lambda self, text: self._set_provenance(Provenance.SOURCE, text, "source"),
                      doc="Provenance: source (at most 127 bytes).")

    # Rules text (doc/rules-format.md)

    def parse(self, text):
        """``napfire_rules_parse``: overlay a rules text (str or UTF-8 bytes).

        Atomic: on :class:`RulesSyntaxError` (with line, column, code and
        message) the rules are unchanged.
        """
        data = _rules_text(text)
        err = ParseError()
        status = lib.napfire_rules_parse(self, data, len(data), byref(err))
        if status == Status.ESYNTAX:
            raise RulesSyntaxError(status, "napfire_rules_parse", error=err)
        _check(status, "napfire_rules_parse")

    @classmethod
    def from_text(cls, text):
        """New rules: the built-in data with ``text`` overlaid."""
        text = _rules_text(text)
        rules = cls()
        rules.parse(text)
        return rules

    @classmethod
    def from_file(cls, path):
        """New rules: the built-in data with the rules text of file ``path``.

        At most :data:`RULES_TEXT_MAX` bytes are read (a longer file, or a
        device that never ends, is refused without reading on); the bytes go
        to the library as they are, so a file that is not UTF-8 is refused
        with its line and column. Errors name the file: :class:`OSError`
        (cannot open or read it), :class:`RulesFileError` (a directory, too
        large), :class:`RulesSyntaxError` (with ``path`` set).
        """
        try:
            path = os.fspath(path)
        except TypeError:
            raise TypeError("path must be a str, bytes or os.PathLike, not %s"
                            % type(path).__name__) from None
        if ("\0" if isinstance(path, str) else b"\0") in path:
            raise ValueError("path contains a NUL character")
        if os.path.isdir(path):
            raise RulesFileError("%s: is a directory, not a rules file" % path)
        with open(path, "rb") as f:
            data = f.read(RULES_TEXT_MAX + 1)
        if len(data) > RULES_TEXT_MAX:
            raise RulesFileError("%s: larger than %d bytes (RULES_TEXT_MAX)"
                                 % (path, RULES_TEXT_MAX))
        try:
            return cls.from_text(data)
        except RulesSyntaxError as exc:
            exc.path = path
            exc.args = ("%s: %s" % (path, exc.args[0]),)
            raise

    def format(self):
        """``napfire_rules_format``: the complete rules text (round-trips)."""
        return _format_rules(self)

    def check(self):
        """``napfire_rules_check_next``: the plausibility findings, the same
        as ``napfire rules --check`` prints as warnings: a list of
        :class:`Finding` (empty for clean data). Findings never refuse
        data: it resolves shots as it stands."""
        return rules_check(self)

    def coverage(self):
        """``napfire_rules_coverage``: the same figures as ``napfire rules
        --coverage``, as a :class:`Coverage`."""
        return rules_coverage(self)

    def __repr__(self):
        return "Rules(%r)" % self.name

    def _validate(self):
        # Formatting reads every section, so every seal is checked.
        length = c_size_t()
        status = lib.napfire_rules_format(self, None, 0, byref(length))
        if status != Status.ENOSPC:
            _check(status, "napfire_rules_format")

    def _values(self):
        return ("rules", self.format())

    @classmethod
    def _from_values(cls, values):
        return cls.from_text(values[1])


def _rules_text(text):
    """A rules text argument as bytes: str (encoded as UTF-8) or a bytes-like
    object; anything else (an int would be a buffer of that many NULs) is
    refused before anything is allocated."""
    if isinstance(text, str):
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError("text is not encodable as UTF-8: %s" % exc) from None
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError("text must be a str or bytes, not %s" % type(text).__name__)


def _format_rules(rules):
    length = c_size_t()
    status = lib.napfire_rules_format(rules, None, 0, byref(length))
    if status != Status.ENOSPC:
        _check(status, "napfire_rules_format")
    buf = ctypes.create_string_buffer(length.value + 1)
    _check(lib.napfire_rules_format(rules, buf, len(buf), byref(length)),
           "napfire_rules_format")
    return buf.raw[:length.value].decode("utf-8")


def missing_describe(missing, index, style=DescribeStyle.PATCH):
    """``napfire_missing_describe``: a missing datum as text.

    ``missing`` is a :class:`Missing` kind and ``index`` its four indices
    (``Result.missing_index``). :attr:`DescribeStyle.PATCH` gives the one
    rules-text line holding the datum, with a single ``?`` where its value
    goes; :attr:`DescribeStyle.SENTENCE` names it in the rulebook's terms.
    Raises :class:`DomainError` for a kind, index or style outside its domain.
    """
    missing = _int(_enum_arg(missing, "missing", Missing), "missing")
    ix = (c_int32 * 4)(*_int_seq(index, 4, "index"))
    style = _int(_enum_arg(style, "style", DescribeStyle), "style")
    length = c_size_t()
    buf = ctypes.create_string_buffer(256)
    status = lib.napfire_missing_describe(missing, byref(ix), style, buf, len(buf),
                                          byref(length))
    if status == Status.ENOSPC:
        buf = ctypes.create_string_buffer(length.value + 1)
        status = lib.napfire_missing_describe(missing, byref(ix), style, buf,
                                              len(buf), byref(length))
    _check(status, "napfire_missing_describe")
    return buf.raw[:length.value].decode("utf-8")


def unknown_data(rules=None):
    """``napfire_rules_next_unknown``: every datum the rules can read that
    is still unknown, as ``(Missing, index)`` pairs in the rules text's order."""
    _rules(rules)
    cursor, missing, ix = c_int32(0), c_int32(), (c_int32 * 4)()
    found = []
    while True:
        _check(lib.napfire_rules_next_unknown(rules, byref(cursor), byref(missing), byref(ix)),
               "napfire_rules_next_unknown")
        if missing.value == Missing.NONE:
            return found
        found.append((Missing(missing.value), tuple(ix)))


#: One finding of :meth:`Rules.check`: ``check`` (:class:`Check`),
#: ``key`` (the rules-text key that carries it, e.g. ``"musketry.row3"``),
#: ``missing`` and ``index`` (that key's datum, as :func:`missing_describe`
#: takes; ``Missing.NONE`` for the name) and ``message`` (the sentence
#: ``napfire rules --check`` prints).
Finding = _collections.namedtuple("Finding", "check key missing index message")


def _key_of(missing, index):
    if missing == Missing.NONE:
        return "name"
    return missing_describe(missing, index, DescribeStyle.PATCH).split(" ", 1)[0]


def rules_check(rules=None):
    """``napfire_rules_check_next``: every finding about ``rules`` (None:
    the built-in data, which has none), as :class:`Finding` values."""
    _rules(rules)
    cursor, check, missing, ix = c_int32(0), c_int32(), c_int32(), (c_int32 * 4)()
    buf, length = ctypes.create_string_buffer(512), c_size_t()
    found = []
    for _ in range(1024):  # bounded: each call moves the cursor on
        _check(lib.napfire_rules_check_next(rules, byref(cursor), byref(check), byref(missing),
                                            byref(ix), buf, len(buf), byref(length)),
               "napfire_rules_check_next")
        if check.value == Check.NONE:
            return found
        found.append(Finding(Check(check.value), _key_of(missing.value, tuple(ix)),
                             Missing(missing.value), tuple(ix),
                             buf.raw[:length.value].decode("utf-8")))
    raise StateError(Status.ESTATE, "napfire_rules_check_next")


#: What :meth:`Rules.coverage` found: ``musketry`` and ``artillery`` (each
#: ``(shots, resolved)`` of the sweep) and ``blocking``, the missing data
#: by the shots each stops, most first: ``(shots, patch, sentence)``
#: tuples, as ``napfire rules --coverage --json`` lists them.
Coverage = _collections.namedtuple("Coverage", "musketry artillery blocking")


def rules_coverage(rules=None):
    """``napfire_rules_coverage``: the sweep's figures for ``rules`` (None:
    the built-in data) as a :class:`Coverage`."""
    _rules(rules)
    shots, resolved = (c_int32 * 2)(), (c_int32 * 2)()
    blockers, count = (Blocker * COVERAGE_BLOCKERS_MAX)(), c_size_t()
    _check(lib.napfire_rules_coverage(rules, byref(shots), byref(resolved), blockers,
                                      COVERAGE_BLOCKERS_MAX, byref(count)),
           "napfire_rules_coverage")
    blocking = [(b.shots, missing_describe(b.missing, tuple(b.index), DescribeStyle.PATCH),
                 missing_describe(b.missing, tuple(b.index), DescribeStyle.SENTENCE))
                for b in blockers[:count.value]]
    return Coverage((shots[Fire.MUSKETRY], resolved[Fire.MUSKETRY]),
                    (shots[Fire.ARTILLERY], resolved[Fire.ARTILLERY]), blocking)


def builtin_rules_text():
    """``napfire_rules_format(NULL, ...)``: the template of the built-in data."""
    return _format_rules(None)


def _unknown_in(value, name="value"):
    return UNKNOWN if value is None else _int(value, name)


def _unknown_out(value):
    return None if value == UNKNOWN else value


class Shot(_Parameters, _ShotRef):
    """A shot (``napfire_shot``, 512 bytes): copies of firer and target plus
    the shot's facts (:class:`ShotParam`).

    ``Shot(firer, target, **params)`` initialises it (``napfire_shot_init``,
    which copies the units: later changes to them do not affect the shot)
    and sets the keyword parameters in order (``distance=150``,
    ``measure=Measure.IMPERIAL``, ...).
    """


    def __init__(self, firer, target, **params):
        _require(firer, Unit, "firer")
        _require(target, Unit, "target")
        items = self._checked_kwargs(params)
        self._storage = _SHOT_STORAGE()
        _check(_PLAIN["napfire_shot_init"](self._storage, SHOT_SIZE, firer._storage, target._storage),
               "napfire_shot_init")
        self._apply(items)
        # The units' storage as copied (the library keeps copies too, but
        # does not give them back): what a pickle needs to make the shot
        # again, read as values only when pickled.
        self._unit_bytes = (bytes(firer._storage), bytes(target._storage))

    def _values(self):
        kept = getattr(self, "_unit_bytes", None)
        if kept is None:
            return None
        units = []
        for data in kept:
            unit = Unit.__new__(Unit)
            unit._storage = (c_uint64 * (UNIT_SIZE // 8)).from_buffer_copy(data)
            units.append(unit._values())
        return ("shot", units[0], units[1], tuple((int(p), self.get(p)) for p in ShotParam))

    @classmethod
    def _from_values(cls, values):
        _kind, firer, target, params = values
        shot = cls(Unit._from_values(firer), Unit._from_values(target))
        for param, value in params:
            if shot.get(param) != value:
                shot.set(param, value)
        return shot

    _PARAMS = ShotParam
    _SETTER, _GETTER = "napfire_shot_set", "napfire_shot_get"

    def band(self, rules=None):
        """``napfire_shot_band``: the :class:`Band` of the shot."""
        rules = _rules(rules)
        band = c_int32()
        _check(lib.napfire_shot_band(self, rules, byref(band)), "napfire_shot_band")
        return Band(band.value)

    def modifiers(self, rules=None):
        """``napfire_shot_modifiers``: ``(items, net)``, items a list of :class:`Modifier`.

        Raises :class:`UnknownDataError` whose ``result`` is the item list
        (unknown values have ``applied == -1``) when a value is unknown.
        """
        rules = _rules(rules)
        count, net = c_size_t(), c_int32()
        status, items = _grown(Modifier, 8, count, lambda items, cap: lib.napfire_shot_modifiers(
            self, rules, items, cap, byref(count), byref(net)))
        got = [Modifier.from_buffer_copy(m) for m in items[:count.value]]
        if status == Status.EUNKNOWN:
            raise UnknownDataError(status, "napfire_shot_modifiers", result=got)
        _check(status, "napfire_shot_modifiers")
        return got, net.value

    def resolve(self, roll_2d6, half_die=0, rules=None):
        """``napfire_shot_resolve``: the explained :class:`Result`.

        ``half_die`` 0 means not rolled yet: a half needing the die is then
        reported as ``half_pending``. A shot the rules forbid returns a
        result with ``permitted == 0``. Unknown rules data raises
        :class:`UnknownDataError` carrying the partial result.
        """
        if rules is not None and type(rules) is not Rules:
            _rules(rules)
        # Plain ints in the domain go straight on; anything else is checked
        # (and refused, naming the parameter) before the C call.
        if not (type(roll_2d6) is int and 2 <= roll_2d6 <= 12):
            roll_2d6 = _domain(roll_2d6, "roll_2d6", 2, 12, "napfire_shot_resolve", "a 2D6 roll")
        if not (type(half_die) is int and 0 <= half_die <= 6):
            half_die = _domain(half_die, "half_die", 0, 6, "napfire_shot_resolve",
                               "a half die is 1..6, 0 not rolled")
        out = Result()
        status = _RESOLVE(self._storage, rules._storage if rules is not None else None,
                          roll_2d6, half_die, byref(out))
        if status:
            if status == Status.EUNKNOWN:
                raise UnknownDataError(status, "napfire_shot_resolve", result=out)
            _check(status, "napfire_shot_resolve")
        return out

    def distribution(self, rules=None):
        """``napfire_shot_distribution``: ``(outcomes, verdict)``.

        ``outcomes`` is a list of :class:`Outcome` (distinct (target,
        screen) pairs, weights out of :data:`OUTCOME_DENOMINATOR` summing to
        216); ``verdict`` a :class:`Result` with permitted, reason, reasons
        and band. Unknown rules data raises :class:`UnknownDataError` whose
        ``result`` is the verdict naming the first missing datum.
        """
        rules = _rules(rules)
        count, verdict = c_size_t(), Result()
        status, outcomes = _grown(Outcome, 16, count, lambda items, cap:
                                  lib.napfire_shot_distribution(self, rules, items, cap,
                                                                byref(count), byref(verdict)))
        if status == Status.EUNKNOWN:
            raise UnknownDataError(status, "napfire_shot_distribution", result=verdict)
        _check(status, "napfire_shot_distribution")
        return [Outcome.from_buffer_copy(o) for o in outcomes[:count.value]], verdict

    def table(self, modified_roll, rules=None):
        """``napfire_shot_table``: the table cell a modified roll reads, as
        ``(row_index, column_index, halves)`` (0-based indexes: index 0 is
        row 1, or the column of modified roll 1-2; column_index -1 below 1)."""
        rules = _rules(rules)
        row, column, halves = c_int32(), c_int32(), c_int32()
        status = lib.napfire_shot_table(self, rules, _int(modified_roll, "modified_roll"), byref(row),
                                        byref(column), byref(halves))
        if status == Status.EUNKNOWN:
            raise UnknownDataError(status, "napfire_shot_table")
        _check(status, "napfire_shot_table")
        return row.value, column.value, halves.value

    def distribution_known(self, rules=None):
        """``napfire_shot_distribution_known``: the odds over what is known
        (also spelled :meth:`known_distribution`, its earlier name).

        Returns ``(outcomes, unknown_weight, verdict)``: the known
        :class:`Outcome` list, the weight out of :data:`OUTCOME_DENOMINATOR`
        of the rolls that need unknown rules data (0 when every roll is
        known), and the verdict :class:`Result`, whose ``missing`` and
        ``missing_index`` name the first missing datum. Unknown data does
        not raise here; other errors do.
        """
        rules = _rules(rules)
        count, unknown, verdict = c_size_t(), c_int32(), Result()
        status, outcomes = _grown(Outcome, 16, count, lambda items, cap:
                                  lib.napfire_shot_distribution_known(
                                      self, rules, items, cap, byref(count), byref(unknown),
                                      byref(verdict)))
        if status != Status.EUNKNOWN:
            _check(status, "napfire_shot_distribution_known")
        known = [Outcome.from_buffer_copy(o) for o in outcomes[:count.value]]
        return known, unknown.value, verdict

    #: The earlier name of :meth:`distribution_known`, kept as an alias.
    known_distribution = distribution_known

    def measure(self, scene, rules=None):
        """``napfire_shot_measure``: measure the shot on the table (F-GEO).

        ``scene`` is a :class:`Scene` of :class:`Footprint` values in the
        shot's measure (``ShotParam.MEASURE``: millimetres, or tenths of
        an inch). Sets every shot parameter the firer's arm needs
        (F-GEO-13: distance, enfilade, screen and screen distance; for a
        battery also the sector, the friends in front, the clear line of
        sight, penetration and fire over friends) and returns them as a
        list of :class:`Fact`, each naming the footprint that decided it
        and its rule IDs. ``rules`` (or None for the built-in data) gives
        the thresholds and the gun's long range.

        When a fact needs unknown rules data the shot is unchanged and
        :class:`UnknownDataError` is raised: its ``result`` is the list of
        facts, the undecided one naming its datum (``missing``,
        ``sentence``, ``patch`` as for a shot). A footprint the library
        refuses raises :class:`DomainError` (:class:`Scene` checks them
        all first, naming the one at fault).
        """
        _require(scene, Scene, "scene")
        rules = _rules(rules)
        c_scene, _keep = scene._c_scene()
        facts, count = (_MeasuredC * MEASURED_MAX)(), c_size_t()
        status = lib.napfire_shot_measure(self, rules, byref(c_scene), facts, MEASURED_MAX, byref(count))
        got = [Fact._from_c(facts[i]) for i in range(min(count.value, MEASURED_MAX))]
        if status == Status.EUNKNOWN:
            undecided = next((f for f in got if f.missing is not None), None)
            verdict = Result()
            if undecided is not None:
                verdict.missing = undecided.missing
                verdict.missing_index[:] = undecided.missing_index
            exc = UnknownDataError(status, "napfire_shot_measure", result=verdict)
            exc.result = got
            raise exc
        _check(status, "napfire_shot_measure")
        return got

    def expected(self, rules=None):
        """``napfire_shot_expected``: expected casualties as a :class:`fractions.Fraction`.

        Unknown rules data raises :class:`UnknownDataError` naming the first
        missing datum, as :meth:`distribution` does.
        """
        rules = _rules(rules)
        num, den, value = c_int32(), c_int32(), ctypes.c_double()
        status = lib.napfire_shot_expected(self, rules, byref(num), byref(den), byref(value))
        if status == Status.EUNKNOWN:
            # The expectation is the distribution's: its verdict names the datum.
            verdict, count = Result(), c_size_t()
            lib.napfire_shot_distribution(self, rules, None, 0, byref(count), byref(verdict))
            raise UnknownDataError(status, "napfire_shot_expected",
                                   result=verdict if verdict.missing != Missing.NONE else None)
        _check(status, "napfire_shot_expected")
        return fractions.Fraction(num.value, den.value)

    def _whom(self):
        return "this shot"

    def __repr__(self):
        """Every setting of the shot that differs from a new shot's."""
        return "Shot(%s)" % ", ".join(_settings(self, _fresh_shot(), ShotParam))

    def _validate(self):
        self.get(ShotParam.MEASURE)

# --------------------------------------------------------------------------
# The table (figure scale, rules F-GEO): footprints and a scene as plain
# values, checked here as the library checks them, so that a refusal
# names the footprint and the corner at fault before any C call.

_CORNERS = ("front-left", "front-right", "rear-right", "rear-left")


def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _convex_error(corners):
    """Why ``corners`` are not a strictly convex quadrilateral turning
    clockwise seen from above (F-GEO-2), or None."""
    turns = [_cross(corners[i], corners[(i + 1) % 4], corners[(i + 2) % 4]) for i in range(4)]
    if all(t == 0 for t in turns):
        return "the four corners enclose no area (they lie on one line)"
    for i, t in enumerate(turns):
        if t == 0:
            return ("the %s corner lies on the line through its neighbours or repeats one"
                    % _CORNERS[(i + 1) % 4])
    if any(t > 0 for t in turns) and any(t < 0 for t in turns):
        i = next(i for i, t in enumerate(turns) if t > 0)
        return "concave or self-crossing at the %s corner" % _CORNERS[(i + 1) % 4]
    if turns[0] > 0:
        return ("the corners run counter-clockwise: give front-left, front-right, rear-right, "
                "rear-left, clockwise seen from above")
    return None


class Footprint(_collections.namedtuple("Footprint", "corners level")):
    """A unit's footprint on the table (``napfire_footprint``, F-GEO-2): its
    bases together, a plain value.

    ``Footprint(corners, level=0)``: ``corners`` are four ``(x, y)`` pairs
    of whole numbers in the shot's measure, front-left, front-right,
    rear-right, rear-left as the unit sees them, which is clockwise seen
    from above with y away from you (a unit facing +y:
    ``((0, 10), (10, 10), (10, 0), (0, 0))``); each coordinate within
    ±:data:`TABLE_COORD_MAX` (F-GEO-1). ``level`` is the ground level
    (F-ART-7). A footprint that is not a strictly convex quadrilateral in
    that order is refused (:class:`DomainError` naming the corner): a
    counter-clockwise list is refused, not reversed.
    """

    __slots__ = ()

    def __new__(cls, corners, level=0):
        pts = _sequence(corners, "corners", "4 (x, y) pairs")
        if len(pts) != 4:
            raise ValueError("corners has %d points, 4 needed (front-left, front-right, rear-right, "
                             "rear-left)" % len(pts))
        checked = []
        for i, pt in enumerate(pts):
            name = "corners[%d]" % i
            xy = _sequence(pt, name, "2 integers (x, y)")
            if len(xy) != 2:
                raise ValueError("%s has %d values, 2 needed (x, y)" % (name, len(xy)))
            checked.append(tuple(_domain(v, "%s[%d]" % (name, k), -TABLE_COORD_MAX, TABLE_COORD_MAX,
                                         "napfire_shot_measure", "F-GEO-1: 2^18")
                                 for k, v in enumerate(xy)))
        level = _int(level, "level")
        why = _convex_error(checked)
        if why:
            raise _domain_error("napfire_shot_measure", "corners", corners,
                                "a strictly convex quadrilateral, clockwise",
                                "corners: %s (F-GEO-2)" % why)
        return super().__new__(cls, tuple(checked), level)

    def _c(self):
        f = _FootprintC()
        for i, (x, y) in enumerate(self.corners):
            f.corner[i].x, f.corner[i].y = x, y
        f.level = self.level
        return f


def _separated(a, b):
    """An edge line of convex ``a`` leaves every corner of ``b`` outside or on it."""
    return any(all(_cross(a[i], a[(i + 1) % 4], p) >= 0 for p in b) for i in range(4))


def _footprints(values, name):
    values = _sequence(values, name, "Footprint values")
    for i, f in enumerate(values):
        if not isinstance(f, Footprint):
            raise TypeError("%s[%d] must be a Footprint, not %s" % (name, i, type(f).__name__))
    return tuple(values)


class Scene(_collections.namedtuple("Scene", "firer target screen friends others")):
    """The table as one shot sees it (``napfire_scene``, F-GEO), a plain value.

    ``Scene(firer, target, screen=None, friends=(), others=())``: each a
    :class:`Footprint`; ``screen`` the skirmishers screening the target
    (F-SCR); ``friends`` the firer's side (the firer not among them);
    ``others`` the other enemy units and the terrain that blocks sight.
    At most :data:`MAX_SCENE` footprints in all. The firer's and the
    target's interiors must not meet (F-GEO-2, :class:`DomainError`);
    other footprints may overlap (a unit in a wood).
    """

    __slots__ = ()

    def __new__(cls, firer, target, screen=None, friends=(), others=()):
        _require(firer, Footprint, "firer")
        _require(target, Footprint, "target")
        _require(screen, Footprint, "screen", none_ok=True)
        if hasattr(friends, "__len__") and hasattr(others, "__len__") and \
                not isinstance(friends, (str, bytes)) and not isinstance(others, (str, bytes)) and \
                len(friends) + len(others) + 2 + (screen is not None) > MAX_SCENE:
            raise ValueError("friends and others: %d footprints in all, at most MAX_SCENE = %d" % (
                len(friends) + len(others) + 2 + (screen is not None), MAX_SCENE))
        friends, others = _footprints(friends, "friends"), _footprints(others, "others")
        if not (_separated(firer.corners, target.corners) or _separated(target.corners, firer.corners)):
            raise _domain_error("napfire_shot_measure", "target", target, "apart from the firer",
                                "target: its footprint overlaps the firer's (F-GEO-2)")
        return super().__new__(cls, firer, target, screen, friends, others)

    def _c_scene(self):
        """The ``napfire_scene`` and the arrays it points into (keep both)."""
        firer, target = self.firer._c(), self.target._c()
        screen = self.screen._c() if self.screen is not None else None
        friends = (_FootprintC * max(len(self.friends), 1))(*[f._c() for f in self.friends])
        others = (_FootprintC * max(len(self.others), 1))(*[f._c() for f in self.others])
        c = _SceneC(ctypes.pointer(firer), ctypes.pointer(target),
                    ctypes.pointer(screen) if screen is not None else None,
                    friends if self.friends else None, len(self.friends),
                    others if self.others else None, len(self.others))
        return c, (firer, target, screen, friends, others)


class Fact(_collections.namedtuple(
        "Fact", "param value decider decider_index rule rule_id missing missing_index")):
    """One fact :meth:`Shot.measure` set (``napfire_measured``, F-GEO-14).

    ``param`` (:class:`ShotParam`) and ``value`` (as ``Shot.get`` reads
    it); ``decider`` (:class:`Decider`: FIRER, TARGET, SCREEN, FRIEND,
    OTHER or NONE) and ``decider_index`` (0-based into the scene's friends
    or others, else -1): the footprint that decided it; ``rule``
    (:class:`TableRule`) and ``rule_id`` (its rule IDs as text,
    ``"F-GEO-6, F-ART-4"``); ``missing`` (:class:`Missing`, or None) and
    ``missing_index`` when the fact needs unknown rules data.
    """

    __slots__ = ()

    @classmethod
    def _from_c(cls, m):
        missing = Missing(m.missing) if m.missing != Missing.NONE else None
        return cls(ShotParam(m.param), m.value, Decider(m.decider), m.decider_index,
                   TableRule(m.rule), table_rule_id(m.rule), missing, tuple(m.missing_index))


def table_rule_id(rule):
    """``napfire_table_rule_id``: the rule IDs of a :class:`TableRule` as text."""
    return _text(lib.napfire_table_rule_id(_int(_enum_arg(rule, "rule", TableRule), "rule")))


def table_enum_name(enumeration, value):
    """``napfire_table_enum_name``: the name of a value of the table's
    enumerations (:class:`TableEnumId`: DECIDER, RULE), without its prefix."""
    enumeration = _int(_enum_arg(enumeration, "enumeration", TableEnumId), "enumeration")
    return _text(lib.napfire_table_enum_name(enumeration, _int(value, "value")))



def _settings(obj, fresh, params):
    """``name=VALUE`` for each parameter of ``obj`` that differs from
    ``fresh``'s (enumerated values by name, 0/1 flags as True/False)."""
    out = []
    for p in params:
        if p == UnitParam.ARM:
            continue
        try:
            value, default = obj.get(p), fresh.get(p)
        except NapfireError:
            continue
        if value == default:
            continue
        family = _PARAM_FAMILIES.get(p)
        if family is not None and value in family._value2member_map_:
            shown = family(value).name
        else:
            lo_hi = _PARAM_BOUNDS.get(p)
            shown = str(bool(value)) if lo_hi == (0, 1) else str(value)
        out.append("%s=%s" % (_param_name(params, p), shown))
    return out


_FRESH_SHOT = []


def _fresh_shot():
    """A new shot's settings (they do not depend on the units)."""
    if not _FRESH_SHOT:
        _FRESH_SHOT.append(Shot(Unit(Arm.LINE_INFANTRY), Unit(Arm.LINE_INFANTRY)))
    return _FRESH_SHOT[0]


def _grown(item_type, cap, count, call):
    """``(status, items)`` of ``call(items, cap)``, the array of ``item_type``
    grown to the ``count`` the library reports for as long as it answers
    ENOSPC."""
    while True:
        items = (item_type * cap)()
        status = call(items, cap)
        if status != Status.ENOSPC:
            return status, items
        cap = count.value


def _shot_list(shots, name="shots"):
    """The ``shots`` of a batch as a list of :class:`Shot`, its count checked
    against :data:`MAX_BATCH` before anything is copied."""
    if isinstance(shots, (str, bytes, bytearray)) or not hasattr(shots, "__iter__"):
        raise TypeError("%s must be a sequence of Shot, not %s" % (name, type(shots).__name__))
    if hasattr(shots, "__len__") and len(shots) > MAX_BATCH:
        raise RangeError("%s has %d elements, outside 0..%d (MAX_BATCH)"
                         % (name, len(shots), MAX_BATCH))
    if isinstance(shots, (list, tuple)) and all(issubclass(t, Shot) for t in set(map(type, shots))):
        return shots    # the usual case, checked without a Python loop per shot
    out = []
    for i, shot in enumerate(shots):
        if not isinstance(shot, Shot):
            raise TypeError("%s: element %d is not a Shot but a %s" % (name, i, type(shot).__name__))
        if i == MAX_BATCH:
            raise RangeError("%s has more than %d elements (MAX_BATCH)" % (name, MAX_BATCH))
        out.append(shot)
    return out


_STORAGE = _operator.attrgetter("_storage")


class PackedShots:
    """Shots copied once into one array, as the batches take them: made by
    :func:`pack_shots`, passed as ``shots`` to :func:`resolve_many`,
    :func:`resolve_many_dice` and :func:`resolve_indexed_dice`, which then
    copy nothing. A batch resolved again and again (a simulation) packs
    its shots once. The copies do not follow later changes to the
    :class:`Shot` values they were made from; the library checks each
    one's integrity when it reads it."""

    __slots__ = ("_array", "_n")

    def __init__(self, array, n):
        self._array, self._n = array, n

    def __len__(self):
        return self._n

    def __repr__(self):
        return "PackedShots(%d shots)" % self._n


def pack_shots(shots):
    """A :class:`PackedShots` of ``shots`` (a sequence of :class:`Shot`, at
    most :data:`MAX_BATCH`)."""
    shots = _shot_list(shots)
    return PackedShots(_packed_shots(shots), len(shots))


def _batch_shots(shots):
    """``(shots, count)`` of a batch's ``shots``: a :class:`PackedShots` as
    it is, a sequence of :class:`Shot` checked (its count first) and not
    yet packed, so that the other arguments are checked before anything
    is copied (:func:`_batch_packed`)."""
    if type(shots) is PackedShots:
        return shots, shots._n
    shots = _shot_list(shots)
    return shots, len(shots)


def _batch_packed(shots):
    """The array a batch passes for ``shots`` from :func:`_batch_shots`."""
    return shots._array if type(shots) is PackedShots else _packed_shots(shots)


def _packed_shots(shots):
    """``shots`` (a list of :class:`Shot`, checked) copied into one array, as
    the batch functions take them."""
    if not shots:
        return (c_uint64 * (SHOT_SIZE // 8))()
    # One join of the storages' buffers into a bytearray the array then
    # uses in place: a ctypes.memmove per shot costs several times as much
    # as the library's resolution of it, and a second copy of a large
    # batch costs a fresh mapping's page faults.
    joined = bytearray().join(map(_STORAGE, shots))
    packed = (c_uint64 * (SHOT_SIZE // 8 * len(shots))).from_buffer(joined)
    if ctypes.addressof(packed) % 8:     # an allocator that does not align to 8
        packed = (c_uint64 * (SHOT_SIZE // 8 * len(shots))).from_buffer_copy(joined)
    return packed


def _column_code(ctype):
    """The :mod:`array` type code of a 4-byte C integer type."""
    signed = ctype(-1).value < 0
    for code in ("il" if signed else "IL"):
        if _array.array(code).itemsize == sizeof(ctype):
            return code
    raise ImportError("no array type code for %s" % ctype.__name__)


_I32, _U32 = _column_code(c_int32), _column_code(c_uint32)


def _column_formats(letters):
    """The memoryview formats of the 4-byte integers spelled by ``letters``
    (struct module letters), in native byte order."""
    native = "<" if _sys.byteorder == "little" else ">"
    return {prefix + letter for letter in letters if _struct.calcsize(letter) == 4
            for prefix in ("", "@", "=", native)}


#: The column formats a parameter of each C type takes: an index
#: (uint32_t) is also read from a signed column (array('i'), numpy int32),
#: where a negative index is out of range like any other.
_COLUMN_FORMATS = {c_int32: _column_formats("il"), c_uint32: _column_formats("ilIL")}


#: The struct letters of integer formats: a column of any of them is read,
#: its values checked one by one as a list's would be.
_INTEGER_LETTERS = frozenset("bBhHiIlLqQnN")


def _integer_format(fmt):
    """Whether the buffer format ``fmt`` is one integer (any width, any
    byte order) that :mod:`struct` can unpack."""
    letter = fmt[1:] if fmt[:1] in ("@", "=", "<", ">", "!") else fmt
    return letter in _INTEGER_LETTERS and (letter not in "nN" or fmt[:1] in ("", "@"))


def _buffer_column(values, n, name, ctype):
    """``values`` with the buffer protocol as a ctypes array of ``n``
    4-byte integers: over the same memory for a column of 4-byte integers
    (copied only when read-only), else a list of its values, which the
    caller checks as any list; None when it has no buffer. TypeError for
    one that is not a one-dimensional contiguous column of integers."""
    try:
        view = memoryview(values)
    except TypeError:
        return None
    if isinstance(values, (bytes, bytearray)) or (view.format in ("B", "c") and isinstance(
            getattr(values, "obj", None), (bytes, bytearray))):
        # Bytes are text, not numbers (cast the memoryview to say otherwise).
        raise TypeError("%s must be a sequence of integers or a column of integers, not %s"
                        % (name, type(values).__name__))
    if view.ndim != 1 or not view.c_contiguous or not _integer_format(view.format):
        raise TypeError("%s must be a sequence of integers or a column of integers (one-dimensional "
                        "and contiguous: array('%s'), array('q'), a numpy integer array, ...), "
                        "not a %s of format %r"
                        % (name, _I32, type(values).__name__, view.format))
    if len(view) != n:
        raise ValueError("%s has %d values, %d needed" % (name, len(view), n))
    if view.format not in _COLUMN_FORMATS[ctype]:
        # Another width or signedness: every value, range-checked later.
        return [v for (v,) in _struct.iter_unpack(view.format, view.cast("B"))]
    kind = ctype * max(n, 1)
    if n == 0:
        return kind()
    if view.readonly:
        return kind.from_buffer_copy(view)
    column = kind.from_buffer(view)
    # The library reads the column as int32_t, and a misaligned int32_t
    # read is undefined in C: a column off its type's boundary (a slice of
    # a byte buffer) is copied.
    if ctypes.addressof(column) % ctypes.alignment(ctype):
        return kind.from_buffer_copy(view)
    return column


def _int_column(values, n, name, ctype=c_int32):
    """``values`` (a sequence of integers, or a column with the buffer
    protocol) as a ctypes array of ``n`` ``ctype`` (at least 1 element),
    each value checked as :func:`_int` checks one, with its message
    (``name[i]``). The length is checked before anything is converted."""
    column = _buffer_column(values, n, name, ctype)
    if isinstance(column, list):
        values = column
    elif column is not None:
        return column
    if isinstance(values, str) or not hasattr(values, "__len__"):
        raise TypeError("%s must be a sequence of integers, not %s" % (name, type(values).__name__))
    if len(values) != n:
        raise ValueError("%s has %d values, %d needed" % (name, len(values), n))
    try:
        # array converts in C and refuses what its C type cannot hold.
        packed = _array.array(_I32 if ctype is c_int32 else _U32, values)
    except (TypeError, OverflowError):
        for i, v in enumerate(values):   # the first bad element, named
            _int(v, "%s[%d]" % (name, i), ctype=ctype)
        raise
    return (ctype * max(n, 1)).from_buffer(packed) if n else (ctype * 1)()


def _statuses(array, n):
    """The first ``n`` statuses of ``array``, as :func:`_status` gives each."""
    if n and not bytes(array)[:4 * n].strip(b"\0"):
        return [Status.OK] * n      # all OK: no lookup per element
    known = Status._value2member_map_
    return [known.get(v, v) for v in array[:n]]


class Results(_abc.Sequence):
    """The results of a batch: a sequence of :class:`Result` over one
    array of ``napfire_result``, with a column per field.

    ``results[i]`` is element i's :class:`Result` (made when indexed, a
    view of the array); ``results.casualties`` (and every other field of
    :class:`Result` by the same name: ``permitted``, ``band``,
    ``target_casualties``, ...) is that field of every element as one
    :class:`memoryview` of 4-byte integers over the same array, made
    without a :class:`Result` per element: ``sum(results.casualties)``,
    ``results.casualties.tolist()``, ``numpy.asarray(results.casualties)``.
    Two results compare equal when their elements have the same bytes
    (a list of :class:`Result` too).
    """

    __slots__ = ("_array", "_n")

    def __init__(self, array, n):
        self._array, self._n = array, n

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._array[j] for j in range(*i.indices(self._n))]
        i = _operator.index(i)
        if not -self._n <= i < self._n:
            raise IndexError("results index %d out of range 0..%d" % (i, self._n - 1))
        return self._array[i % self._n]

    def _column(self, field):
        offset, code = _RESULT_COLUMNS[field]
        words = memoryview(self._array).cast("B").cast(code)
        per = sizeof(Result) // 4
        return words[offset // 4:per * self._n:per]

    def __eq__(self, other):
        if not isinstance(other, (Results, list, tuple)):
            return NotImplemented
        return len(self) == len(other) and all(
            isinstance(b, Result) and bytes(a) == bytes(b) for a, b in zip(self, other))

    __hash__ = None

    def __repr__(self):
        return "Results(%d: %r)" % (self._n, list(self[:3]) + (["..."] if self._n > 3 else []))


#: Result field -> (byte offset, array type code): the 4-byte scalar fields,
#: the table's indexes as ``row_index``/``column_index``.
_RESULT_COLUMNS = {_INDEX_NAMES.get(name, name): (_RESULT_OFFSETS[name], _I32 if ctype is c_int32 else _U32)
                   for name, ctype in Result._fields_ if ctype in (c_int32, c_uint32)}
for _name in _RESULT_COLUMNS:
    setattr(Results, _name, property(
        lambda self, _f=_name: self._column(_f),
        doc="Every element's ``%s``, one memoryview column." % _name))
del _name


def resolve_many(shots, rolls, half_dice=None, rules=None):
    """``napfire_resolve_many``: resolve a sequence of :class:`Shot`.

    ``shots``: a sequence of :class:`Shot` or a :class:`PackedShots`.
    ``rolls`` and ``half_dice`` (default all 0) are sequences of integers
    or columns (:mod:`array`, :class:`memoryview`, numpy integer arrays:
    anything with the buffer protocol holding integers of any width;
    4-byte ones are used in place, the others converted with every value
    checked as a list's), of the same length. Floats are refused. Returns ``(results, statuses)``: ``results`` a
    :class:`Results`, whose element i is exactly what :meth:`Shot.resolve`
    would give and whose columns (``results.casualties``) read every
    element's field at once; ``statuses`` element i's status as a
    :class:`Status`. Per-element errors do not raise.
    """
    shots, n = _batch_shots(shots)
    c_rolls = _int_column(rolls, n, "rolls")
    c_dice = (c_int32 * max(n, 1))() if half_dice is None else _int_column(half_dice, n, "half_dice")
    rules = _rules(rules)
    packed = _batch_packed(shots)
    results = (Result * max(n, 1))()
    statuses = (c_int32 * max(n, 1))()
    _check(lib.napfire_resolve_many(packed, n, rules, c_rolls, c_dice, results, statuses),
           "napfire_resolve_many")
    return Results(results, n), _statuses(statuses, n)


def resolve_many_dice(shots, dice, rules=None):
    """``napfire_resolve_many_dice``: roll and resolve a sequence of
    :class:`Shot` with one :class:`Dice`, as a campaign manager's
    simulation loop would: 2D6 per shot, the half die only when a half
    remains.

    Returns ``(results, statuses, rolls, half_dice)``: element i is what
    :meth:`Shot.resolve` gives with the 2D6 ``rolls[i]`` and the half die
    ``half_dice[i]`` (0 where none was rolled), and what :func:`resolve_many`
    gives with those rolls; ``results`` is a :class:`Results` (columns
    too). ``dice`` advances past every roll made; a generator that is not
    initialised raises :class:`StateError` and is left as it was.
    """
    shots, n = _batch_shots(shots)
    _require(dice, Dice, "dice")
    rules = _rules(rules)
    packed = _batch_packed(shots)
    results = (Result * max(n, 1))()
    statuses = (c_int32 * max(n, 1))()
    rolls = (c_int32 * max(n, 1))()
    half_dice = (c_int32 * max(n, 1))()
    _check(lib.napfire_resolve_many_dice(packed, n, rules, dice, results, statuses, rolls, half_dice),
           "napfire_resolve_many_dice")
    return Results(results, n), _statuses(statuses, n), rolls[:n], half_dice[:n]


def _indexes_below(column, n, nshots):
    """Whether the ``n`` indexes of ``column`` (a ctypes array of 4-byte
    integers) are all in ``0..nshots-1``."""
    # max() walks the column in C, about a third of the library's time
    # per trial; the library checks again, but a refusal must come first.
    return n == 0 or max(memoryview(column)[:n].cast("B").cast(_U32)) < nshots


def resolve_indexed_dice(shots, index, dice, rules=None, results=False):
    """``napfire_resolve_indexed_dice``: a simulation's trials over a few
    distinct shots, each trial naming its shot by index, rolled and
    resolved as :func:`resolve_many_dice` would roll and resolve the shots
    ``[shots[i] for i in index]`` with the same :class:`Dice` (the same
    results for the same seed).

    ``shots``: the distinct :class:`Shot` values (or a
    :class:`PackedShots` of them); ``index``: one index
    into them per trial, a sequence of integers or a column (:mod:`array`
    ``'I'`` or ``'i'``, a numpy uint32 or int32 array, a
    :class:`memoryview`: 4-byte integers with the buffer protocol, used in
    place). Returns ``(statuses, casualties)``, two ``array('i')`` columns
    (trial i's status, and its casualties where its status is OK, else
    0), and, with ``results=True``, a third: the :class:`Results` of every
    trial (128 bytes a trial instead of 8). Every argument, every index
    included, is checked before anything is allocated for the outputs;
    ``dice`` advances past every roll made.
    """
    shots, nshots = _batch_shots(shots)
    if not hasattr(index, "__len__") or isinstance(index, str):
        raise TypeError("index must be a sequence of integers or a column, not %s"
                        % type(index).__name__)
    n = len(index)
    if n > MAX_BATCH:
        raise RangeError("index has %d trials, outside 0..%d (MAX_BATCH)" % (n, MAX_BATCH))
    c_index = _int_column(index, n, "index", ctype=c_uint32)
    if not _indexes_below(c_index, n, nshots):
        first = next(i for i, v in enumerate(c_index[:n]) if v >= nshots)
        raise RangeError("index[%d]=%d is outside 0..%d (an index into %d shots)"
                         % (first, c_index[first], nshots - 1, nshots))
    _require(dice, Dice, "dice")
    rules = _rules(rules)
    results = _flag(results, "results")
    packed = _batch_packed(shots)
    statuses = _array.array(_I32, [0]) * n
    casualties = _array.array(_I32, [0]) * n
    out = (Result * max(n, 1))() if results else None
    if n:
        c_st = (c_int32 * n).from_buffer(statuses)
        c_cas = (c_int32 * n).from_buffer(casualties)
    else:
        c_st = c_cas = None
    _check(lib.napfire_resolve_indexed_dice(packed, nshots, rules, c_index, n, dice, c_st, c_cas, out),
           "napfire_resolve_indexed_dice")
    del c_st, c_cas, c_index     # the columns may be resized again
    if results:
        return statuses, casualties, Results(out, n)
    return statuses, casualties


def _status(value):
    """A :class:`Status` where the library's value is one, else the int."""
    return Status._value2member_map_.get(value, value)


def dice_size():
    """``napfire_dice_size``: sizeof(napfire_dice) as the library was built."""
    return lib.napfire_dice_size()


class Dice(_DiceRef):
    """A seeded, reproducible PCG32 dice generator (``napfire_dice``, 32 bytes).

    ``Dice(seed, stream=0)`` seeds it (``napfire_dice_init``); the same
    seed and stream give the same rolls in any language (see napfire.h).
    Copies continue independently from the same point.
    """

    def __init__(self, seed, stream=0):
        super().__init__()
        _check(lib.napfire_dice_init(self, DICE_SIZE, _int(seed, "seed", ctype=c_uint64),
                                     _int(stream, "stream", ctype=c_uint64)),
               "napfire_dice_init")

    def next_raw(self):
        """``napfire_dice_next``: the next raw 32-bit PCG32 output."""
        value = c_uint32()
        _check(lib.napfire_dice_next(self, byref(value)), "napfire_dice_next")
        return value.value

    def d6(self):
        """``napfire_dice_d6``: one die, 1..6."""
        face = c_int32()
        _check(lib.napfire_dice_d6(self, byref(face)), "napfire_dice_d6")
        return face.value

    def roll_2d6(self):
        """``napfire_dice_2d6``: two dice summed, 2..12."""
        roll = c_int32()
        _check(lib.napfire_dice_2d6(self, byref(roll)), "napfire_dice_2d6")
        return roll.value

    def _validate(self):
        self.copy().next_raw()      # a copy: the sequence does not move

    # The generator's two words, read from its storage as napfire.h
    # documents them (PCG32's state and increment; tests/python/test_keep.py
    # holds the layout to that documentation), and made again through
    # napfire_dice_init: the seed and stream that lead to exactly them.
    _DICE_WORDS = _struct.Struct("=IIQQ")

    def _values(self):
        _magic, _pad, state, inc = self._DICE_WORDS.unpack_from(bytes(self._storage))
        return ("dice", state, inc)

    @classmethod
    def _from_values(cls, values):
        _kind, state, inc = values
        if not (isinstance(state, int) and isinstance(inc, int) and 0 <= state < 1 << 64
                and 0 <= inc < 1 << 64 and inc & 1):
            raise ValueError("Dice: not a PCG32 state and odd increment: %r" % (values,))
        # Seeding steps state = (inc + seed) * MULT + inc (mod 2^64); MULT is
        # odd, so the seed that gives a state is unique.
        seed = ((state - inc) * _PCG_MULT_INVERSE - inc) % (1 << 64)
        return cls(seed, inc >> 1)


# --------------------------------------------------------------------------
# Keeping values: copy, deepcopy and pickle
#
# The objects are plain bytes the library validates on use, so a pickle
# holds the bytes and a tag naming their layout: the type, its size, the
# library version that wrote them (the private layout is only known to be
# the same within one version) and the byte order (every field is in the
# machine's). Beside the bytes it holds the object's values, from which a
# machine of the other byte order makes it again. Across versions, keep
# units and shots as their parameters and rules as rules text
# (Rules.format).

_PICKLE_FORMAT = 2
_LIBRARY_VERSION = version_string()
_PCG_MULT_INVERSE = pow(6364136223846793005, -1, 1 << 64)


def _layout_tag(cls):
    return ("napfire", _PICKLE_FORMAT, cls._c_name, cls._size, _LIBRARY_VERSION, _sys.byteorder)


def _restore(cls, tag, data, values=None):
    """Unpickle: a value of ``cls`` from its bytes, if ``tag`` is this
    library's layout of ``cls``; the library then validates the bytes
    (:class:`StateError` for garbage). Bytes of the other byte order are
    not used: the value is made again from ``values``."""
    if not (isinstance(cls, type) and issubclass(cls, _Opaque) and cls._size):
        raise TypeError("not a napfire value type: %r" % (cls,))
    ours = _layout_tag(cls)
    if isinstance(tag, tuple) and len(tag) == len(ours) - 1 and tag[:2] == ("napfire", 1):
        tag = tag + (_sys.byteorder,)  # format 1: the writer's byte order unsaid
    elif not (isinstance(tag, tuple) and len(tag) == len(ours) and tag[:2] == ours[:2]):
        raise ValueError("%s: not a napfire pickle (tag %r)" % (cls.__name__, tag))
    if tag[:5] == ours[:5] and tag[5] != ours[5]:
        return _restore_values(cls, tag, values)
    tag = ("napfire", _PICKLE_FORMAT) + tuple(tag[2:])
    if tag != ours:
        raise ValueError(
            "%s: cannot restore a %s of %s bytes written by libnapfire %s with libnapfire %s "
            "(%d bytes): its private layout may differ; across versions keep units and "
            "shots as their parameters and rules as rules text"
            % (cls.__name__, tag[2], tag[3], tag[4], _LIBRARY_VERSION, cls._size))
    if not isinstance(data, bytes) or len(data) != cls._size:
        raise ValueError("%s: %s bytes of storage, %d expected" % (
            cls.__name__, len(data) if isinstance(data, bytes) else type(data).__name__,
            cls._size))
    obj = cls.__new__(cls)
    obj._storage = (c_uint64 * (cls._size // 8)).from_buffer_copy(data)
    obj._validate()
    # The values a shot or a trace keeps beside its storage, for its next
    # pickle.
    if isinstance(values, tuple) and values[:1] == ("shot",) and len(values) == 4:
        obj._unit_bytes = tuple(bytes(Unit._from_values(v)._storage) for v in values[1:3])
    elif isinstance(values, tuple) and values[:1] == ("trace",) and len(values) == 4:
        obj._walk = values[1:4]
    return obj


def _restore_values(cls, tag, values):
    """A value of ``cls`` pickled on a machine of the other byte order,
    made again through the library's functions from its values."""
    kinds = ((Unit, "unit"), (Shot, "shot"), (Rules, "rules"), (Dice, "dice"), (Trace, "trace"))
    kind = next((k for c, k in kinds if issubclass(cls, c)), None)
    if kind is None or not isinstance(values, tuple) or values[:1] != (kind,):
        raise ValueError(
            "%s: written on a %s-endian machine, read on a %s-endian one, and the pickle does "
            "not hold the values it was made from (only its storage bytes, which are in the "
            "writer's byte order)" % (cls.__name__, tag[5], _sys.byteorder))
    return cls._from_values(values)


# --------------------------------------------------------------------------
# Hex scale


def _hex(value, name):
    """Accept a :class:`Hex` or a ``(q, r)`` pair of integers."""
    if isinstance(value, Hex):
        return value
    if not isinstance(value, (tuple, list)):
        raise TypeError("%s must be a Hex or a (q, r) pair, not %s" % (name, type(value).__name__))
    if len(value) != 2:
        raise ValueError("%s must be a (q, r) pair, not %d values" % (name, len(value)))
    return Hex(_int(value[0], name + ": Hex.q"), _int(value[1], name + ": Hex.r"))


def trace_size():
    """``napfire_trace_size``: sizeof(napfire_trace) as the library was built."""
    return lib.napfire_trace_size()


def hex_check(h):
    """``napfire_hex_check``: True when the hex is within the coordinate bound."""
    status = lib.napfire_hex_check(_hex(h, "h"))
    if status == Status.EDOMAIN:
        return False
    _check(status, "napfire_hex_check")
    return True


def hex_direction(direction):
    """``napfire_hex_direction``: the axial vector of direction 0..5."""
    out = Hex()
    _check(lib.napfire_hex_direction(_int(direction, "direction"), byref(out)),
           "napfire_hex_direction")
    return out


def hex_neighbour(h, direction):
    """``napfire_hex_neighbour``: the neighbour across hexside ``direction``."""
    out = Hex()
    _check(lib.napfire_hex_neighbour(_hex(h, "h"), _int(direction, "direction"), byref(out)),
           "napfire_hex_neighbour")
    return out


def hex_side_towards(a, b):
    """``napfire_hex_side_towards``: the hexside of ``a`` facing adjacent ``b``."""
    side = c_int32()
    _check(lib.napfire_hex_side_towards(_hex(a, "a"), _hex(b, "b"), byref(side)),
           "napfire_hex_side_towards")
    return side.value


def hex_vertex_hexes(h, vertex):
    """``napfire_hex_vertex_hexes``: the two other hexes meeting at a vertex."""
    out = (Hex * 2)()
    _check(lib.napfire_hex_vertex_hexes(_hex(h, "h"), _int(vertex, "vertex"), out),
           "napfire_hex_vertex_hexes")
    return Hex(out[0].q, out[0].r), Hex(out[1].q, out[1].r)


def hex_distance(a, b):
    """``napfire_hex_distance``: the cube distance."""
    distance = c_int32()
    _check(lib.napfire_hex_distance(_hex(a, "a"), _hex(b, "b"), byref(distance)), "napfire_hex_distance")
    return distance.value


def hex_to_offset(h, layout):
    """``napfire_hex_to_offset``: ``(column, row)`` in a :class:`HexLayout`."""
    col, row = c_int32(), c_int32()
    _check(lib.napfire_hex_to_offset(_hex(h, "h"), _int(layout, "layout"), byref(col), byref(row)),
           "napfire_hex_to_offset")
    return col.value, row.value


def hex_from_offset(layout, column, row):
    """``napfire_hex_from_offset``: the axial hex of an offset position."""
    out = Hex()
    _check(lib.napfire_hex_from_offset(_int(layout, "layout"), _int(column, "column"),
                                       _int(row, "row"), byref(out)),
           "napfire_hex_from_offset")
    return out


class Trace(_TraceRef):
    """An iterator over the exact trace from one hex centre to another
    (``napfire_trace``, 64 bytes; ``napfire_trace_init`` / ``napfire_trace_next``).

    Iterating yields :class:`TraceStep` copies; ``next_step()`` is the
    single C call, returning None at the end.
    """


    def __init__(self, start, end):
        super().__init__()
        start, end = _hex(start, "start"), _hex(end, "end")
        _check(lib.napfire_trace_init(self, TRACE_SIZE, start, end), "napfire_trace_init")
        # The ends and the calls made: what a pickle needs to walk it again.
        self._walk = ((start.q, start.r), (end.q, end.r), 0)

    def next_step(self):
        """The next :class:`TraceStep`, or None when the trace is over."""
        step, more = TraceStep(), c_int32()
        _check(lib.napfire_trace_next(self, byref(step), byref(more)), "napfire_trace_next")
        walk = getattr(self, "_walk", None)
        if walk is not None:
            self._walk = (walk[0], walk[1], walk[2] + 1)
        return step if more.value else None

    def _values(self):
        walk = getattr(self, "_walk", None)
        return None if walk is None else ("trace",) + walk

    @classmethod
    def _from_values(cls, values):
        _kind, start, end, calls = values
        trace = cls(start, end)
        for _ in range(_int(calls, "trace calls")):
            trace.next_step()
        return trace

    def __iter__(self):
        return self

    def __next__(self):
        step = self.next_step()
        if step is None:
            raise StopIteration
        return step

    def _validate(self):
        self.copy().next_step()


def trace_steps(start, end):
    """``napfire_trace_steps``: the whole trace as a list of :class:`TraceStep`.

    Asks for the count first (``NAPFIRE_ENOSPC`` reports it), then fills.
    """
    start, end = _hex(start, "start"), _hex(end, "end")
    count = c_size_t()
    status = lib.napfire_trace_steps(start, end, None, 0, byref(count))
    if status != Status.ENOSPC:
        _check(status, "napfire_trace_steps")
    steps = (TraceStep * count.value)()
    _check(lib.napfire_trace_steps(start, end, steps, count.value, byref(count)),
           "napfire_trace_steps")
    return list(steps[:count.value])


def _los_query(firer=None, target=None, front_mask=0x3F, firer_side=0, target_side=1,
               policy=0, query=None):
    if query is not None:
        return _require(query, LosQuery, "query")
    return LosQuery(firer=_hex(firer, "firer"), target=_hex(target, "target"),
                    front_mask=front_mask,
                    firer_side=firer_side, target_side=target_side,
                    policy=_int(policy, "policy", ctype=c_uint32))


#: The status a Python map callback returns to C after raising; the
#: exception itself is re-raised once the C call has returned.
CALLBACK_ABORTED = 0x4E46  # "NF"


def los_callback(map_fn, query=None, **fields):
    """``napfire_los_callback``: line of sight over a map given by a Python function.

    ``map_fn(hex)`` receives a :class:`Hex` and returns a :class:`HexInfo`
    (or None for clear ground, elevation 0, no unit). The question is a
    :class:`LosQuery` (``query=``) or its fields as keywords: ``firer``,
    ``target`` (Hex or (q, r)), ``front_mask`` (default all six hexsides),
    ``firer_side`` (0), ``target_side`` (1), ``policy`` (0).

    An exception raised by ``map_fn`` aborts the C call (the trampoline
    returns :data:`CALLBACK_ABORTED`) and is re-raised here, unchanged.
    The ctypes callback object lives until the call returns.
    """
    if not callable(map_fn):
        raise TypeError("map_fn must be callable, not %s" % type(map_fn).__name__)
    q = _los_query(query=query, **fields)
    failure = []

    def trampoline(_ctx, h, out):
        try:
            info = map_fn(Hex(h.q, h.r))
            if info is not None:
                if not isinstance(info, HexInfo):
                    raise TypeError("map callback must return HexInfo or None, not %s"
                                    % type(info).__name__)
                out[0] = info
            return 0
        except BaseException as exc:   # noqa: BLE001 - must never unwind into C
            failure.append(exc)
            return CALLBACK_ABORTED

    c_fn = HexInfoFn(trampoline)       # kept alive by this frame during the call
    result = LosResult()
    status = lib.napfire_los_callback(byref(q), c_fn, None, byref(result))
    if failure:
        raise failure[0]
    _check(status, "napfire_los_callback")
    return result


def _grid_cells(columns, rows, cells, who):
    """``cells`` as a ctypes array of at least ``columns * rows`` HexInfo."""
    if isinstance(cells, ctypes.Array):
        if cells._type_ is not HexInfo:
            raise TypeError("%s: cells must hold HexInfo, not %s" % (who, cells._type_.__name__))
    else:
        if isinstance(cells, (str, bytes, bytearray)) or not hasattr(cells, "__iter__"):
            raise TypeError("cells must be a sequence of HexInfo, not %s" % type(cells).__name__)
        if not hasattr(cells, "__len__"):
            cells = list(cells)
        if len(cells) != columns * rows:
            raise ValueError("%s: %d cells for a %dx%d grid (%d needed)"
                             % (who, len(cells), columns, rows, columns * rows))
        cells = list(cells)
        for i, cell in enumerate(cells):
            if not isinstance(cell, HexInfo):
                raise TypeError("cells[%d] must be a HexInfo, not %s" % (i, type(cell).__name__))
        cells = (HexInfo * len(cells))(*cells)
    if len(cells) < columns * rows:
        raise ValueError("%s: %d cells for a %dx%d grid (%d needed)"
                         % (who, len(cells), columns, rows, columns * rows))
    return cells


def los_grid(layout, columns, rows, cells, query=None, **fields):
    """``napfire_los_grid``: line of sight over a dense offset grid.

    ``cells`` is a sequence of ``columns * rows`` :class:`HexInfo`, row by
    row (the hex at (col, row) is ``cells[row * columns + col]``), or a
    ctypes array of them. The question as in :func:`los_callback`.
    """
    q = _los_query(query=query, **fields)
    layout = _int(layout, "layout")
    # Both within the library's bound before the product is formed, so the
    # length check in _grid_cells compares two true, small, positive numbers.
    columns = _int(columns, "columns", 1, HEX_GRID_MAX)
    rows = _int(rows, "rows", 1, HEX_GRID_MAX)
    cells = _grid_cells(columns, rows, cells, "los_grid")
    result = LosResult()
    _check(lib.napfire_los_grid(byref(q), layout, columns, rows, cells, byref(result)),
           "napfire_los_grid")
    return result


#: Plans by radius (``napfire_fov_plan_init``), built on first use: a plan
#: is read-only and may serve every thread.
_fov_plans = {}
_FOV_ALIGN = 64  # more than malloc's alignment, which the library requires


def _aligned(size):
    """A ctypes buffer of ``size`` bytes and its address rounded up to _FOV_ALIGN."""
    buf = ctypes.create_string_buffer(size + _FOV_ALIGN)
    address = ctypes.addressof(buf)
    return buf, address + (-address) % _FOV_ALIGN


def _fov_plan(radius):
    plan = _fov_plans.get(radius)
    if plan is None:
        size = lib.napfire_fov_plan_size(radius)
        buf, address = _aligned(size)
        handle = c_void_p()
        _check(lib.napfire_fov_plan_init(address, size, radius, byref(handle)),
               "napfire_fov_plan_init")
        plan = _fov_plans.setdefault(radius, (buf, handle))
    return plan[1]


def field_of_view(layout, columns, rows, cells, radius, query=None, **fields):
    """``napfire_fov_grid``: the line-of-sight rule of every hex within ``radius``.

    Returns a ``bytearray`` of ``columns * rows`` bytes indexed like
    ``cells``: for each hex at distance 1..radius of the firer, the
    ``rule`` that :func:`los_grid` gives with that hex as the target
    (``LOS_RULE_NONE`` for a clear line of sight, H-LOS, H-ELV); every other
    byte is ``FOV_NOT_ASKED``. The library computes the whole view in one
    call. ``cells`` as in :func:`los_grid` (a ctypes array of
    :class:`HexInfo` is used as it is); the question as there, but the
    target is ignored (``firer=`` is enough). Plans are kept per radius.
    """
    if query is None:
        fields.setdefault("target", fields.get("firer"))
    q = _los_query(query=query, **fields)
    layout = _int(layout, "layout")
    columns = _int(columns, "columns", 1, HEX_GRID_MAX)
    rows = _int(rows, "rows", 1, HEX_GRID_MAX)
    radius = _int(radius, "radius", 1, FOV_RADIUS_MAX)
    cells = _grid_cells(columns, rows, cells, "field_of_view")
    plan = _fov_plan(radius)
    work_size = lib.napfire_fov_work_size(plan)
    work, address = _aligned(work_size)
    rule = bytearray(columns * rows)
    out = (ctypes.c_uint8 * len(rule)).from_buffer(rule)
    _check(lib.napfire_fov_grid(plan, address, work_size, byref(q), layout, columns, rows, cells, out),
           "napfire_fov_grid")
    del out, work  # release the bytearray's export before handing it out
    return rule


def hex_facing(formation, facing):
    """``napfire_hex_facing``: ``(front, flank, rear)`` hexside masks (H-FACE)."""
    front, flank, rear = c_uint32(), c_uint32(), c_uint32()
    _check(lib.napfire_hex_facing(_int(formation, "formation"), _int(facing, "facing"),
                                  byref(front), byref(flank), byref(rear)),
           "napfire_hex_facing")
    return front.value, flank.value, rear.value


def hex_fire_value(fire=None, **fields):
    """``napfire_hex_fire_value`` (H-FIRE-2..5) of a :class:`HexFire` or its fields."""
    _require(fire, HexFire, "fire", none_ok=True)
    unknown = set(fields) - {name for name, _ctype in HexFire._fields_}
    if unknown:
        raise TypeError("hex_fire_value() got an unexpected keyword argument %r" % min(unknown))
    fire = fire if fire is not None else HexFire(**fields)
    value = c_int32()
    _check(lib.napfire_hex_fire_value(byref(fire), byref(value)), "napfire_hex_fire_value")
    return value.value


def hex_fire_range(formation, tirailleur_range=0):
    """``napfire_hex_fire_range`` (H-FIRE-1), in hexes."""
    value = c_int32()
    _check(lib.napfire_hex_fire_range(_int(formation, "formation"),
                                      _int(tirailleur_range, "tirailleur_range"), byref(value)),
           "napfire_hex_fire_range")
    return value.value


def hex_enum_name(enumeration, value):
    """``napfire_hex_enum_name``: the name of a hex-scale enumeration value."""
    return _text(lib.napfire_hex_enum_name(_int(enumeration, "enumeration"), _int(value, "value")))


def los_rule_id(rule):
    """``napfire_los_rule_id``: the rule ID text of a :class:`LosRule`."""
    return _text(lib.napfire_los_rule_id(_int(rule, "rule")))
