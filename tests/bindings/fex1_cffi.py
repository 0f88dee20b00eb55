# SPDX-License-Identifier: MIT
"""Python cffi in ABI mode through napfire_ffi.h, loaded unchanged:

    python3 fex1_cffi.py PATH/napfire_ffi.h PATH/libnapfire.so.1

F-EX-1 (3 casualties), a line of sight through the by-value callback
(cffi can build it; H-LOS-5), a field of view held to the line of sight
hex by hex (H-LOS, H-ELV), every constant of the description
(napfire_api.json, when given as a third argument) read back through cffi,
and misaligned storage refused (NAPFIRE_EALIGN). Exits 77 without cffi
(skipped), except under CI=true.
"""
import json
import os
import sys

try:
    import cffi
except ImportError:
    print("SKIP: no cffi (apt-get install python3-cffi)")
    sys.exit(1 if os.environ.get("CI") == "true" else 77)


def check(lib, ffi, st, what):
    if st != lib.NAPFIRE_OK:
        raise SystemExit("%s: %s, %s" % (what, ffi.string(lib.napfire_status_name(st)).decode(),
                                         ffi.string(lib.napfire_strerror(st)).decode()))


def fex1(ffi, lib):
    """F-EX-1: British elite line, 30 figures, moved half; a column of
    divisions 150 mm away; roll 8, half die 6: 3 casualties."""
    firer, target = ffi.new("napfire_unit *"), ffi.new("napfire_unit *")
    check(lib, ffi, lib.napfire_unit_init(firer, ffi.sizeof("napfire_unit"), lib.NAPFIRE_ARM_LINE_INFANTRY), "init")
    for param, value in ((lib.NAPFIRE_UNIT_NATION, lib.NAPFIRE_NATION_BRITAIN),
                         (lib.NAPFIRE_UNIT_CLASS, lib.NAPFIRE_CLASS_ELITE),
                         (lib.NAPFIRE_UNIT_FIGURES, 30), (lib.NAPFIRE_UNIT_MOVED, lib.NAPFIRE_MOVED_HALF)):
        check(lib, ffi, lib.napfire_unit_set(firer, param, value), "unit_set")
    check(lib, ffi, lib.napfire_unit_init(target, ffi.sizeof("napfire_unit"), lib.NAPFIRE_ARM_LINE_INFANTRY), "init")
    check(lib, ffi, lib.napfire_unit_set(target, lib.NAPFIRE_UNIT_FORMATION,
                                         lib.NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS), "formation")
    shot = ffi.new("napfire_shot *")
    check(lib, ffi, lib.napfire_shot_init(shot, ffi.sizeof("napfire_shot"), firer, target), "shot_init")
    check(lib, ffi, lib.napfire_shot_set(shot, lib.NAPFIRE_SHOT_DISTANCE, 150), "distance")
    res = ffi.new("napfire_result *")
    check(lib, ffi, lib.napfire_shot_resolve(shot, ffi.NULL, 8, 6, res), "resolve")
    assert res.casualties == 3 and res.band == lib.NAPFIRE_BAND_LONG, res.casualties
    misaligned(ffi, lib)


def misaligned(ffi, lib):
    """Storage 1 and 4 bytes off its boundary in a byte buffer: NAPFIRE_EALIGN
    from every call, not one byte written."""
    size = ffi.sizeof("napfire_unit")
    room = max(size, ffi.sizeof("napfire_shot"))
    raw = ffi.new("uint64_t[]", room // 8 + 1)
    ffi.buffer(raw)[:] = b"\x5a" * ffi.sizeof(raw)
    before = bytes(ffi.buffer(raw))
    for offset in (1, 4):
        odd = ffi.cast("napfire_unit *", ffi.cast("char *", raw) + offset)
        assert lib.napfire_unit_init(odd, size, lib.NAPFIRE_ARM_LINE_INFANTRY) == lib.NAPFIRE_EALIGN, offset
        assert lib.napfire_unit_set(odd, lib.NAPFIRE_UNIT_FIGURES, 30) == lib.NAPFIRE_EALIGN, offset
        odd_shot = ffi.cast("napfire_shot *", ffi.cast("char *", raw) + offset)
        res = ffi.new("napfire_result *")
        assert lib.napfire_shot_resolve(odd_shot, ffi.NULL, 8, 6, res) == lib.NAPFIRE_EALIGN, offset
        assert bytes(ffi.buffer(raw)) == before, offset
    assert lib.NAPFIRE_EALIGN == -8


def line_of_sight(ffi, lib):
    """H-LOS-5: woods at (2,0) block the line (0,0) -> (4,0)."""
    @ffi.callback("napfire_hex_info_fn")
    def woods(_ctx, h, out):
        if (h.q, h.r) == (2, 0):
            out.terrain = lib.NAPFIRE_TERRAIN_BLOCKING
        return 0
    q = ffi.new("napfire_los_query *", {"target": {"q": 4}, "front_mask": 0x3F, "target_side": 1})
    los = ffi.new("napfire_los_result *")
    check(lib, ffi, lib.napfire_los_callback(q, woods, ffi.NULL, los), "los_callback")
    assert los.clear == 0 and los.rule == lib.NAPFIRE_LOS_RULE_TERRAIN and los.blocker.q == 2


def field_of_view(ffi, lib):
    """H-LOS, H-ELV: radius 3 on a 9 x 9 grid with a wood and a town, each
    hex as napfire_los_grid() says."""
    cols, rows, radius = 9, 9, 3
    cells = ffi.new("napfire_hex_info[]", cols * rows)
    cells[3 * cols + 5].terrain = lib.NAPFIRE_TERRAIN_BLOCKING
    cells[5 * cols + 3].terrain = lib.NAPFIRE_TERRAIN_TOWN
    q = ffi.new("napfire_los_query *", {"front_mask": 0x3F, "target_side": 1})
    check(lib, ffi, lib.napfire_hex_from_offset(lib.NAPFIRE_HEX_ODD_Q, 4, 4, ffi.addressof(q, "firer")), "offset")
    psize = lib.napfire_fov_plan_size(radius)
    pbuf, plan = ffi.new("uint64_t[]", (psize + 7) // 8), ffi.new("const napfire_fov_plan **")
    check(lib, ffi, lib.napfire_fov_plan_init(pbuf, psize, radius, plan), "fov_plan_init")
    wsize = lib.napfire_fov_work_size(plan[0])
    work, rule = ffi.new("uint64_t[]", (wsize + 7) // 8), ffi.new("uint8_t[]", cols * rows)
    check(lib, ffi, lib.napfire_fov_grid(plan[0], work, wsize, q, lib.NAPFIRE_HEX_ODD_Q, cols, rows, cells, rule),
          "fov_grid")
    los, asked = ffi.new("napfire_los_result *"), {}
    for i in range(cols * rows):
        if rule[i] == lib.NAPFIRE_FOV_NOT_ASKED:
            continue
        t = ffi.new("napfire_los_query *", q[0])
        lib.napfire_hex_from_offset(lib.NAPFIRE_HEX_ODD_Q, i % cols, i // cols, ffi.addressof(t, "target"))
        check(lib, ffi, lib.napfire_los_grid(t, lib.NAPFIRE_HEX_ODD_Q, cols, rows, cells, los), "los_grid")
        assert los.rule == rule[i], (i, los.rule, rule[i])
        asked[rule[i]] = asked.get(rule[i], 0) + 1
    assert sum(asked.values()) == 36 and asked.get(lib.NAPFIRE_LOS_RULE_NONE, 0) < 36, asked
    return asked


def constants(lib, path):
    """Every integer the description names, as cffi reads napfire_ffi.h."""
    with open(path, encoding="utf-8") as f:
        api = json.load(f)
    names = [(v["name"], v["value"]) for e in api["enums"] for v in e["values"]]
    names += [(c["name"], c["value"]) for c in api["constants"] if c["type"] != "string"]
    for name, value in names:
        assert getattr(lib, name) == value, name
    return len(names)


def main(argv):
    ffi = cffi.FFI()
    with open(argv[0], encoding="utf-8") as f:
        ffi.cdef(f.read())
    lib = ffi.dlopen(argv[1])
    fex1(ffi, lib)
    line_of_sight(ffi, lib)
    asked = field_of_view(ffi, lib)
    n = constants(lib, argv[2]) if len(argv) > 2 else 0
    print("ok: F-EX-1 3 casualties, line of sight blocked at (2,0), field of view %s, %d constants"
          % (sorted(asked.items()), n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
