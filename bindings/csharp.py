# SPDX-License-Identifier: MIT
"""Napfire.cs from the API description (generate.py csharp; doc/bindings.md).

Two layers in namespace ``Napfire``:

* ``static class Native``: the raw P/Invoke declarations with the C names
  (calling convention Cdecl stated), the structs with the C layouts (the
  storage types of explicit size and alignment 8), the callbacks, and every
  integer constant. A pointer parameter is an array (one element for one
  object, null for NULL): blittable arrays are pinned, so the library
  reads and writes the caller's memory; ``const char *`` returned by the
  library is an ``IntPtr`` (static text, never freed), one passed to it a
  NUL-terminated UTF-8 ``byte[]``; a plan or workspace is an ``IntPtr``.
* above it, in the style of the Python package: the enumerations as typed
  enums, ``Unit``, ``Shot``, ``Rules``, ``Hexes``, and exceptions named
  after the statuses that carry the parameter, the value and the range.
"""

KEYWORDS = {"out", "ref", "in", "params", "base", "object", "string", "checked", "fixed",
            "lock", "event", "operator", "internal", "default", "delegate", "is", "as"}

SCALARS = {"int": "int", "int32_t": "int", "uint32_t": "uint", "uint64_t": "ulong", "int64_t": "long",
           "size_t": "UIntPtr", "double": "double", "uint8_t": "byte", "char": "byte", "void": "void"}

#: C# names of the enumerations whose CamelCase tag would read badly (the
#: Python package's names).
ENUM_NAMES = {"napfire_class": "TroopClass", "napfire_enum": "EnumId", "napfire_hex_enum": "HexEnumId",
              "napfire_table_enum": "TableEnumId"}


def camel(words):
    return "".join(w[:1].upper() + w[1:].lower() for w in words.split("_") if w)


def member_name(name, prefix, status):
    rest = name[len(prefix):]
    return rest if status else camel(rest)


def ident(name):
    return "@" + name if name in KEYWORDS else name


def cs_value_type(ctype, api):
    base = ctype.replace("const ", "").strip()
    if base in SCALARS:
        return SCALARS[base]
    if base in {cb["name"] for cb in api["callbacks"]}:
        return base
    return base    # a struct by value


def cs_param(p, api, callback=False):
    """(attributes and type, name) of a parameter."""
    ctype, const = p["type"], p["type"].startswith("const ")
    incomplete = {s["name"] for s in api["structs"] if s["kind"] == "incomplete"}
    base = ctype.replace("const ", "").partition(" [")[0].rstrip(" *").strip()
    pointers = ctype.count("*") + (1 if ctype.endswith("]") else 0)
    if pointers == 0:
        return cs_value_type(ctype, api), ident(p["name"])
    if base == "void" or (base in incomplete and pointers == 1):
        return "IntPtr", ident(p["name"])
    if pointers == 2:
        return "[Out] IntPtr[]", ident(p["name"])
    elem = cs_value_type(base, api)
    if callback:
        return "ref " + elem, ident(p["name"])
    return ("[In] " if const else "[In, Out] ") + elem + "[]", ident(p["name"])


def cs_return(ctype):
    if ctype.endswith("*"):
        return "IntPtr"
    return SCALARS.get(ctype, ctype)


def enums(api):
    out = []
    for e in api["enums"]:
        prefix = e["prefix"]
        name = ENUM_NAMES.get(e["name"], camel(e["name"][len("napfire_"):]))
        out += ["    /// <summary>enum %s: %s</summary>" % (e["name"], xml(e["brief"])),
                "    public enum %s : int" % name, "    {"]
        for v in e["values"]:
            out.append("        %s = %d," % (member_name(v["name"], prefix, e["name"] == "napfire_status"),
                                             v["value"]))
        out += ["    }", ""]
    return out


def xml(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def structs(api):
    out = []
    for s in api["structs"]:
        if s["kind"] == "incomplete":
            continue
        out.append("        /// <summary>%s (%d bytes)</summary>" % (xml(s["brief"]), s["size"]))
        if s["kind"] == "opaque":
            out += ["        [StructLayout(LayoutKind.Sequential, Size = %d)]" % s["size"],
                    "        public struct %s { private ulong opaque_; }" % s["name"], ""]
            continue
        out += ["        [StructLayout(LayoutKind.Sequential)]", "        public struct %s" % s["name"],
                "        {"]
        for m in s["members"]:
            t = "IntPtr" if m["type"].endswith("*") else cs_value_type(m["type"], api)
            if m["count"]:
                out.append("            [MarshalAs(UnmanagedType.ByValArray, SizeConst = %d)] public %s[] %s;"
                           % (m["count"], t, ident(m["name"])))
            else:
                out.append("            public %s %s;" % (t, ident(m["name"])))
        out += ["        }", ""]
    return out


def functions(api):
    out = []
    for cb in api["callbacks"]:
        params = ", ".join("%s %s" % cs_param(p, api, callback=True) for p in cb["params"])
        out += ["        /// <summary>%s</summary>" % xml(cb["brief"]),
                "        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]",
                "        public delegate %s %s(%s);" % (cs_return(cb["return"]), cb["name"], params), ""]
    for f in api["functions"]:
        params = ", ".join("%s %s" % cs_param(p, api) for p in f["params"])
        out += ["        /// <summary>%s (%s)</summary>" % (xml(f["brief"]), f["since"]),
                "        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]",
                "        public static extern %s %s(%s);" % (cs_return(f["return"]), f["name"], params), ""]
    return out


def constants(api):
    out = []
    for e in api["enums"]:
        for v in e["values"]:
            out.append("        public const int %s = %d;" % (v["name"], v["value"]))
    for c in api["constants"]:
        if c["type"] == "string":
            out.append('        public const string %s = "%s";' % (c["name"], c["value"]))
        else:
            out.append("        public const %s %s = %d;" % ("uint" if c["type"] == "uint32_t" else "int",
                                                             c["name"], c["value"]))
    return out


def generate(api):
    lines = ["// SPDX-License-Identifier: MIT",
             "// Napfire.cs: libnapfire %s for C# (Unity, Godot .NET, Mono, .NET)." % api["version"],
             "// Generated from napfire_api.json by bindings/generate.py: do not edit.",
             "// Copy it into the project beside the library (doc/bindings.md).",
             "using System;", "using System.Runtime.InteropServices;", "using System.Text;", "",
             "namespace Napfire", "{"]
    lines += enums(api)
    lines += ["    /// <summary>The raw C API: C names, C layouts, Cdecl. Sizes as on a %d-bit target.</summary>"
              % (8 * api["platform"]["pointer_size"]),
              "    public static class Native", "    {",
              "        /// <summary>The library's name for DllImport: libnapfire.so, libnapfire.dylib,",
              "        /// napfire.dll.</summary>",
              '        public const string Library = "napfire";', ""]
    lines += constants(api) + [""] + structs(api) + functions(api)
    lines += ["    }", ""] + SAFE.strip("\n").split("\n") + ["}"]
    return "\n".join(lines) + "\n"


SAFE = r'''
    /// <summary>A refusal of the library: its status, the C function, and where
    /// known the parameter, the value given and the values allowed.</summary>
    public class NapfireException : Exception
    {
        public Status Status { get; private set; }
        public string Function { get; private set; }
        public string Parameter { get; private set; }
        public long? Value { get; private set; }
        public string Allowed { get; private set; }

        public NapfireException(int status, string function, string parameter = null, long? value = null,
                                string allowed = null, string detail = null)
            : base(Library.Describe(status, function, parameter, value, allowed, detail))
        {
            Status = (Status)status;
            Function = function;
            Parameter = parameter;
            Value = value;
            Allowed = allowed;
        }

        /// <summary>The exception class of a status (EDOMAIN: DomainException, ...).</summary>
        public static NapfireException For(int status, string function, string parameter = null,
                                           long? value = null, string allowed = null, string detail = null)
        {
            switch ((Status)status)
            {
                case Status.EINVAL: return new InvalidArgumentException(status, function, parameter, value, allowed, detail);
                case Status.EDOMAIN: return new DomainException(status, function, parameter, value, allowed, detail);
                case Status.ESTATE: return new StateException(status, function, parameter, value, allowed, detail);
                case Status.ENOSPC: return new NoSpaceException(status, function, parameter, value, allowed, detail);
                case Status.EUNKNOWN: return new UnknownDataException(status, function, parameter, value, allowed, detail);
                case Status.ESYNTAX: return new RulesSyntaxException(status, function, parameter, value, allowed, detail);
                case Status.ESIZE: return new SizeException(status, function, parameter, value, allowed, detail);
                case Status.EALIGN: return new AlignmentException(status, function, parameter, value, allowed, detail);
                default: return new NapfireException(status, function, parameter, value, allowed, detail);
            }
        }
    }

#pragma warning disable 1591
    public sealed class InvalidArgumentException : NapfireException
    { public InvalidArgumentException(int s, string f, string p, long? v, string a, string d) : base(s, f, p, v, a, d) { } }
    public sealed class DomainException : NapfireException
    { public DomainException(int s, string f, string p, long? v, string a, string d) : base(s, f, p, v, a, d) { } }
    public sealed class StateException : NapfireException
    { public StateException(int s, string f, string p, long? v, string a, string d) : base(s, f, p, v, a, d) { } }
    public sealed class NoSpaceException : NapfireException
    { public NoSpaceException(int s, string f, string p, long? v, string a, string d) : base(s, f, p, v, a, d) { } }
    /// <summary>EUNKNOWN: the rules data lacks a datum; the message names it.</summary>
    public sealed class UnknownDataException : NapfireException
    { public UnknownDataException(int s, string f, string p, long? v, string a, string d) : base(s, f, p, v, a, d) { } }
    public sealed class RulesSyntaxException : NapfireException
    { public RulesSyntaxException(int s, string f, string p, long? v, string a, string d) : base(s, f, p, v, a, d) { } }
    public sealed class SizeException : NapfireException
    { public SizeException(int s, string f, string p, long? v, string a, string d) : base(s, f, p, v, a, d) { } }
    public sealed class AlignmentException : NapfireException
    { public AlignmentException(int s, string f, string p, long? v, string a, string d) : base(s, f, p, v, a, d) { } }
#pragma warning restore 1591

    /// <summary>The library: version, names, and the calls that need no object.</summary>
    public static class Library
    {
        /// <summary>The library's version, "MAJOR.MINOR.PATCH".</summary>
        public static string Version { get { return Text(Native.napfire_version_string()); } }

        /// <summary>A static C string of the library (never freed).</summary>
        internal static string Text(IntPtr p) { return Marshal.PtrToStringAnsi(p); }

        /// <summary>"EDOMAIN" for -2.</summary>
        public static string StatusName(int status) { return Text(Native.napfire_status_name(status)); }

        /// <summary>The library's one-line text of a status.</summary>
        public static string StrError(int status) { return Text(Native.napfire_strerror(status)); }

        internal static string Describe(int status, string function, string parameter, long? value, string allowed,
                                        string detail)
        {
            var s = new StringBuilder(function + ": " + StatusName(status) + ": " + StrError(status));
            if (parameter != null)
                s.Append(" (" + parameter + (value.HasValue ? " = " + value.Value : "") +
                         (allowed != null ? ", allowed " + allowed : "") + ")");
            if (detail != null)
                s.Append(": " + detail);
            return s.ToString();
        }

        internal static void Check(int status, string function, string parameter = null, long? value = null,
                                   string allowed = null)
        {
            if (status < 0)
                throw NapfireException.For(status, function, parameter, value, allowed);
        }

        /// <summary>The values a unit or shot parameter accepts, as "lo..hi".</summary>
        public static string Bounds(int param)
        {
            int[] lo = new int[1], hi = new int[1];
            return Native.napfire_param_bounds(param, lo, hi) == 0 ? lo[0] + ".." + hi[0] : null;
        }

        internal static byte[] Utf8(string s) { return Encoding.UTF8.GetBytes(s + "\0"); }

        /// <summary>The rulebook's words for a missing datum (napfire_missing_describe).</summary>
        public static string DescribeMissing(int missing, int[] index)
        {
            var buf = new byte[512];
            UIntPtr[] len = new UIntPtr[1];
            int st = Native.napfire_missing_describe(missing, index, (int)DescribeStyle.Sentence, buf,
                                                     (UIntPtr)buf.Length, len);
            return st == 0 ? Encoding.UTF8.GetString(buf, 0, (int)len[0]) : null;
        }
    }

    /// <summary>A unit (firer or target) in its own storage (F-* parameters).</summary>
    public sealed class Unit
    {
        internal readonly Native.napfire_unit[] Storage = new Native.napfire_unit[1];

        /// <summary>A unit of an arm with the documented defaults.</summary>
        public Unit(Arm arm)
        {
            Library.Check(Native.napfire_unit_init(Storage, (UIntPtr)Marshal.SizeOf(typeof(Native.napfire_unit)),
                                                   (int)arm), "napfire_unit_init", "arm", (int)arm,
                          "an Arm");
        }

        /// <summary>Set a parameter; a refused value names the parameter and its range.</summary>
        public Unit Set(UnitParam param, int value)
        {
            Library.Check(Native.napfire_unit_set(Storage, (int)param, value), "napfire_unit_set",
                          "UnitParam." + param, value, Library.Bounds((int)param));
            return this;
        }

        /// <summary>Read a parameter.</summary>
        public int Get(UnitParam param)
        {
            int[] v = new int[1];
            Library.Check(Native.napfire_unit_get(Storage, (int)param, v), "napfire_unit_get", "UnitParam." + param,
                          (int)param);
            return v[0];
        }
    }

    /// <summary>Rules data (F-DATA); null everywhere means the built-in data.</summary>
    public sealed class Rules
    {
        internal readonly Native.napfire_rules[] Storage = new Native.napfire_rules[1];

        /// <summary>The built-in data, then a rules text laid over it (doc/rules-format.md).</summary>
        public Rules(string text = null)
        {
            Library.Check(Native.napfire_rules_init(Storage, (UIntPtr)Marshal.SizeOf(typeof(Native.napfire_rules))),
                          "napfire_rules_init");
            if (text == null)
                return;
            byte[] bytes = Encoding.UTF8.GetBytes(text);
            var err = new Native.napfire_parse_error[1];
            int st = Native.napfire_rules_parse(Storage, bytes, (UIntPtr)bytes.Length, err);
            if (st < 0)
                throw NapfireException.For(st, "napfire_rules_parse", "line", err[0].line, null,
                                           err[0].message == null ? null
                                           : Encoding.UTF8.GetString(err[0].message).TrimEnd('\0'));
        }
    }

    /// <summary>A shot: copies of firer and target and the shot's facts.</summary>
    public sealed class Shot
    {
        internal readonly Native.napfire_shot[] Storage = new Native.napfire_shot[1];
        private readonly Native.napfire_rules[] rules;

        /// <summary>A shot from copies of the units, resolved against rules (null: built-in).</summary>
        public Shot(Unit firer, Unit target, Rules rules = null)
        {
            this.rules = rules == null ? null : rules.Storage;
            Library.Check(Native.napfire_shot_init(Storage, (UIntPtr)Marshal.SizeOf(typeof(Native.napfire_shot)),
                                                   firer.Storage, target.Storage), "napfire_shot_init");
        }

        /// <summary>Set a parameter; a refused value names the parameter and its range.</summary>
        public Shot Set(ShotParam param, int value)
        {
            Library.Check(Native.napfire_shot_set(Storage, (int)param, value), "napfire_shot_set",
                          "ShotParam." + param, value, Library.Bounds((int)param));
            return this;
        }

        /// <summary>Resolve with a 2D6 roll and a half die (0: not rolled); unknown rules
        /// data raises UnknownDataException naming the datum.</summary>
        public Native.napfire_result Resolve(int roll2d6, int halfDie = 0)
        {
            var res = new Native.napfire_result[1];
            int st = Native.napfire_shot_resolve(Storage, rules, roll2d6, halfDie, res);
            if (st == (int)Status.EUNKNOWN)
                throw NapfireException.For(st, "napfire_shot_resolve", null, null, null,
                                           Library.DescribeMissing(res[0].missing, res[0].missing_index));
            if (st == (int)Status.EDOMAIN)
                throw NapfireException.For(st, "napfire_shot_resolve", roll2d6 < 2 || roll2d6 > 12 ? "roll2d6"
                                           : "halfDie", roll2d6 < 2 || roll2d6 > 12 ? roll2d6 : halfDie,
                                           roll2d6 < 2 || roll2d6 > 12 ? "2..12" : "0..6");
            Library.Check(st, "napfire_shot_resolve");
            return res[0];
        }

        /// <summary>The odds over what the rules data know: the known outcomes (weights
        /// out of 216) and the weight of the rolls that need unknown data.</summary>
        public Native.napfire_outcome[] Distribution(out int unknownWeight)
        {
            var outcomes = new Native.napfire_outcome[64];
            UIntPtr[] count = new UIntPtr[1];
            int[] unknown = new int[1];
            int st = Native.napfire_shot_distribution_known(Storage, rules, outcomes, (UIntPtr)outcomes.Length, count,
                                                            unknown, null);
            if (st != (int)Status.EUNKNOWN)
                Library.Check(st, "napfire_shot_distribution_known");
            Array.Resize(ref outcomes, (int)count[0]);
            unknownWeight = unknown[0];
            return outcomes;
        }
    }

    /// <summary>The hex scale (H-*): line of sight and field of view.</summary>
    public static class Hexes
    {
        /// <summary>A hex from offset coordinates of a printed map (H-HEX-1).</summary>
        public static Native.napfire_hex FromOffset(HexLayout layout, int column, int row)
        {
            var h = new Native.napfire_hex[1];
            Library.Check(Native.napfire_hex_from_offset((int)layout, column, row, h), "napfire_hex_from_offset");
            return h[0];
        }

        /// <summary>Line of sight over a map given by a function (H-LOS, H-ELV); an
        /// exception of the map aborts the call and is thrown again.</summary>
        public static Native.napfire_los_result LineOfSight(Native.napfire_los_query query,
                                                            Func<Native.napfire_hex, Native.napfire_hex_info> map)
        {
            Exception failure = null;
            Native.napfire_hex_info_fn fn = (IntPtr ctx, Native.napfire_hex h, ref Native.napfire_hex_info info) =>
            {
                try { info = map(h); return 0; }
                catch (Exception e) { failure = e; return 0x4E46; }
            };
            var res = new Native.napfire_los_result[1];
            int st = Native.napfire_los_callback(new[] { query }, fn, IntPtr.Zero, res);
            GC.KeepAlive(fn);
            if (failure != null)
                throw failure;
            Library.Check(st, "napfire_los_callback");
            return res[0];
        }

        /// <summary>Line of sight on a dense grid of cells, row by row (H-LOS, H-ELV).</summary>
        public static Native.napfire_los_result LineOfSight(Native.napfire_los_query query, HexLayout layout,
                                                            int columns, int rows, Native.napfire_hex_info[] cells)
        {
            var res = new Native.napfire_los_result[1];
            Library.Check(Native.napfire_los_grid(new[] { query }, (int)layout, columns, rows, cells, res),
                          "napfire_los_grid");
            return res[0];
        }

        /// <summary>Field of view (H-LOS, H-ELV): for every cell the LosRule of the line
        /// from the firer, or FOV_NOT_ASKED beyond the radius and at the firer.</summary>
        public static byte[] FieldOfView(Native.napfire_los_query query, int radius, HexLayout layout, int columns,
                                         int rows, Native.napfire_hex_info[] cells)
        {
            UIntPtr size = Native.napfire_fov_plan_size(radius);
            if (size == UIntPtr.Zero)
                throw NapfireException.For((int)Status.EDOMAIN, "napfire_fov_plan_size", "radius", radius,
                                           "1.." + Native.NAPFIRE_FOV_RADIUS_MAX);
            IntPtr plan = Marshal.AllocHGlobal((IntPtr)(long)(ulong)size), work = IntPtr.Zero;
            try
            {
                IntPtr[] handle = new IntPtr[1];
                Library.Check(Native.napfire_fov_plan_init(plan, size, radius, handle), "napfire_fov_plan_init");
                UIntPtr wsize = Native.napfire_fov_work_size(handle[0]);
                work = Marshal.AllocHGlobal((IntPtr)(long)(ulong)wsize);
                var rule = new byte[columns * rows];
                Library.Check(Native.napfire_fov_grid(handle[0], work, wsize, new[] { query }, (int)layout, columns,
                                                      rows, cells, rule), "napfire_fov_grid");
                return rule;
            }
            finally
            {
                Marshal.FreeHGlobal(plan);
                if (work != IntPtr.Zero)
                    Marshal.FreeHGlobal(work);
            }
        }
    }
'''
