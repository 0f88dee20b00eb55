# SPDX-License-Identifier: MIT
"""Hex scale (H-*): grid helpers, the exact trace (iterator and array),
line of sight with a Python callback (incl. exceptions raised inside it)
and with a grid, facing, infantry fire, names."""
import ctypes
import gc
import unittest

import napfire as nf

DIRECTIONS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
WOODS = nf.HexInfo(terrain=nf.Terrain.BLOCKING)


class MapFailure(Exception):
    """Raised by a test map callback."""


class TestGrid(unittest.TestCase):
    def test_directions_and_neighbours(self):  # H-HEX-2
        for d, vec in enumerate(DIRECTIONS):
            self.assertEqual(nf.hex_direction(d), vec)
            n = nf.hex_neighbour((2, 3), d)
            self.assertEqual(n, (2 + vec[0], 3 + vec[1]))
            self.assertEqual(nf.hex_side_towards((2, 3), n), d)
            self.assertEqual(nf.hex_distance((2, 3), n), 1)
        with self.assertRaises(nf.DomainError):
            nf.hex_direction(6)
        with self.assertRaises(nf.DomainError):
            nf.hex_side_towards((0, 0), (2, 0))
        with self.assertRaises(nf.DomainError):
            nf.hex_neighbour((nf.HEX_COORD_MAX, 0), 0)

    def test_vertex_hexes(self):
        for v in range(6):
            a, b = nf.hex_vertex_hexes(nf.Hex(0, 0), v)
            self.assertEqual(a, DIRECTIONS[v])
            self.assertEqual(b, DIRECTIONS[(v + 1) % 6])
        with self.assertRaises(nf.DomainError):
            nf.hex_vertex_hexes((0, 0), -1)

    def test_distance_and_bounds(self):  # H-HEX-1/3
        self.assertEqual(nf.hex_distance((0, 0), (3, -1)), 3)
        self.assertEqual(nf.hex_distance(nf.Hex(-2, 5), nf.Hex(-2, 5)), 0)
        self.assertTrue(nf.hex_check((nf.HEX_COORD_MAX, -nf.HEX_COORD_MAX)))
        self.assertFalse(nf.hex_check((nf.HEX_COORD_MAX + 1, 0)))
        self.assertFalse(nf.hex_check((nf.HEX_COORD_MAX, 1)))       # |q + r| too large
        with self.assertRaises(nf.DomainError):
            nf.hex_distance((0, 0), (0, nf.HEX_COORD_MAX + 1))
        self.assertEqual(nf.lib.napfire_hex_distance(nf.Hex(), nf.Hex(), None),
                         nf.Status.EINVAL)

    def test_offsets_round_trip(self):  # H-HEX-1
        for layout in nf.HexLayout:
            for col in range(-3, 4):
                for row in range(-3, 4):
                    h = nf.hex_from_offset(layout, col, row)
                    self.assertEqual(nf.hex_to_offset(h, layout), (col, row), (layout, col, row))
        self.assertEqual(nf.hex_to_offset((1, 0), nf.HexLayout.ODD_Q), (1, 0))
        self.assertEqual(nf.hex_from_offset(nf.HexLayout.ODD_Q, 1, 1), (1, 1))
        self.assertEqual(nf.hex_from_offset(nf.HexLayout.EVEN_Q, 1, 1), (1, 0))
        with self.assertRaises(nf.DomainError):
            nf.hex_to_offset((0, 0), 4)
        with self.assertRaises(nf.DomainError):
            nf.hex_from_offset(7, 0, 0)

    def test_hex_struct(self):
        h = nf.Hex(3, -2)
        self.assertEqual(tuple(h), (3, -2))
        self.assertEqual(h, nf.Hex(3, -2))
        self.assertEqual(len({h, nf.Hex(3, -2)}), 1)
        self.assertEqual(repr(h), "Hex(3, -2)")
        self.assertNotEqual(h, "x")


class TestTrace(unittest.TestCase):  # H-LOS-1..3
    def test_iterator_equals_array(self):
        for end in [(5, 0), (3, -1), (2, -4), (-4, 1), (0, 0), (7, 3)]:
            steps = nf.trace_steps((0, 0), end)
            walked = list(nf.Trace((0, 0), end))
            self.assertEqual([bytes(s) for s in steps], [bytes(s) for s in walked], end)
            n = nf.hex_distance((0, 0), end)
            self.assertLessEqual(len(steps), 4 * n + 1)
            self.assertEqual(steps[0].hex, (0, 0))
            self.assertEqual(steps[-1].hex, end)

    def test_straight_line(self):
        steps = nf.trace_steps((0, 0), (3, 0))
        self.assertEqual([(s.kind, tuple(s.hex)) for s in steps],
                         [(nf.StepKind.HEX, (q, 0)) for q in range(4)])
        self.assertEqual([s.from_start for s in steps], [0, 1, 2, 3])
        self.assertEqual([s.to_end for s in steps], [3, 2, 1, 0])

    def test_diagonal_runs_along_hexsides(self):  # H-LOS-3
        steps = nf.trace_steps((0, 0), (2, -1))
        self.assertEqual([s.kind for s in steps],
                         [nf.StepKind.HEX, nf.StepKind.HEXSIDE, nf.StepKind.HEX])
        pair = steps[1]
        self.assertEqual({tuple(pair.hex), tuple(pair.other)}, {(1, 0), (1, -1)})
        self.assertIn("HEXSIDE", repr(pair))

    def test_iterator_ends_and_stays_ended(self):
        trace = nf.Trace((0, 0), (0, 0))
        self.assertEqual(len(list(trace)), 1)
        self.assertIsNone(trace.next_step())
        self.assertIsNone(trace.next_step())

    def test_errors(self):
        with self.assertRaises(nf.DomainError):
            nf.Trace((0, 0), (nf.HEX_COORD_MAX + 1, 0))
        with self.assertRaises(nf.DomainError):
            nf.trace_steps((0, 0), (nf.HEX_COORD_MAX + 1, 0))
        count = ctypes.c_size_t()
        status = nf.lib.napfire_trace_steps(nf.Hex(0, 0), nf.Hex(3, 0), None, 0,
                                            ctypes.byref(count))
        self.assertEqual((status, count.value), (nf.Status.ENOSPC, 4))
        trace = nf.Trace((0, 0), (1, 0))
        self.assertEqual(nf.lib.napfire_trace_init(trace, 32, nf.Hex(), nf.Hex()),
                         nf.Status.ESIZE)
        ctypes.memset(trace.raw, 0x77, nf.TRACE_SIZE)
        with self.assertRaises(nf.StateError):
            trace.next_step()


class TestLineOfSight(unittest.TestCase):  # H-LOS, H-ELV
    def test_clear(self):
        res = nf.los_callback(lambda h: None, firer=(0, 0), target=(3, 0))
        self.assertEqual((res.clear, res.rule, res.distance), (1, nf.LosRule.NONE, 3))
        self.assertEqual(res.exit_mask, 1 << 0)
        self.assertIn("clear", repr(res))

    def test_blockers(self):
        cases = [(WOODS, nf.LosRule.TERRAIN),
                 (nf.HexInfo(terrain=nf.Terrain.TOWN), nf.LosRule.TOWN),
                 (nf.HexInfo(presence=nf.Presence.COMBAT, unit_side=1), nf.LosRule.UNIT),
                 (nf.HexInfo(presence=nf.Presence.ROUTED), nf.LosRule.NONE),
                 (nf.HexInfo(presence=nf.Presence.LEADER_ONLY), nf.LosRule.NONE)]
        for info, rule in cases:
            res = nf.los_callback(lambda h, info=info: info if h == (2, 0) else None,
                                  firer=(0, 0), target=(4, 0))
            self.assertEqual(res.rule, rule, info.terrain)
            if rule != nf.LosRule.NONE:
                self.assertEqual((res.clear, res.blocker, res.blocker_kind),
                                 (0, (2, 0), nf.StepKind.HEX))
                self.assertIn(rule.name, repr(res))

    def test_higher_firer_sees_over_near_blocker(self):  # H-ELV-1
        hill = nf.HexInfo(elevation=1)

        def world(h):
            return hill if h == (0, 0) else (WOODS if h == (1, 0) else None)
        res = nf.los_callback(world, firer=(0, 0), target=(4, 0))
        self.assertEqual((res.clear, res.lifted), (1, 1))

    def test_front_hexsides(self):  # H-LOS-4
        res = nf.los_callback(lambda h: None, firer=(0, 0), target=(3, 0), front_mask=1 << 3)
        self.assertEqual((res.clear, res.rule), (0, nf.LosRule.FRONT_HEXSIDE))

    def test_query_object_and_grazing(self):  # H-LOS-3
        query = nf.LosQuery(firer=nf.Hex(0, 0), target=nf.Hex(2, -1), front_mask=0x3F)
        res = nf.los_callback(lambda h: WOODS if h == (1, -1) else None, query=query)
        self.assertEqual((res.clear, res.rule, res.cause, res.blocker_kind),
                         (0, nf.LosRule.GRAZING, nf.LosRule.TERRAIN, nf.StepKind.HEXSIDE))

    def test_callback_exception_is_reraised(self):
        asked = []

        def broken(h):
            asked.append(tuple(h))
            if h == (1, 0):
                raise MapFailure("no map here")
            return None
        with self.assertRaises(MapFailure) as ctx:
            nf.los_callback(broken, firer=(0, 0), target=(4, 0))
        self.assertEqual(str(ctx.exception), "no map here")
        self.assertEqual(asked[-1], (1, 0))            # aborted at once: asked no further
        self.assertNotIn((2, 0), asked)

    def test_callback_wrong_return_type(self):
        with self.assertRaises(TypeError):
            nf.los_callback(lambda h: 3, firer=(0, 0), target=(3, 0))

    def test_raw_callback_status_is_returned(self):
        @nf.HexInfoFn
        def refuse(ctx, h, out):
            return 42
        q, res = nf.LosQuery(firer=nf.Hex(0, 0), target=nf.Hex(3, 0), front_mask=0x3F), \
            nf.LosResult()
        self.assertEqual(nf.lib.napfire_los_callback(ctypes.byref(q), refuse, None,
                                                     ctypes.byref(res)), 42)
        self.assertEqual(nf.error_for(42).name, "unknown")

    def test_callback_by_pointer_agrees(self):
        """H-LOS-5: napfire_los_callback_ref (the hex by pointer) answers as
        the by-value form, asking for the same hexes in the same order."""
        woods = {(2, 0): nf.HexInfo(terrain=nf.Terrain.BLOCKING)}
        asked = []

        @nf.HexInfoRefFn
        def by_pointer(ctx, h, out):
            asked.append((h[0].q, h[0].r))
            if (h[0].q, h[0].r) in woods:
                out[0] = woods[(h[0].q, h[0].r)]
            return 0
        q, res = nf.LosQuery(firer=nf.Hex(0, 0), target=nf.Hex(4, 0), front_mask=0x3F), \
            nf.LosResult()
        self.assertEqual(nf.lib.napfire_los_callback_ref(ctypes.byref(q), by_pointer, None,
                                                         ctypes.byref(res)), nf.Status.OK)
        by_value = []
        expect = nf.los_callback(lambda h: by_value.append(tuple(h)) or woods.get(tuple(h)),
                                 query=q)
        self.assertEqual(bytes(res), bytes(expect))
        self.assertEqual(res.rule, nf.LosRule.TERRAIN)
        self.assertEqual(asked, by_value)

    def test_many_calls_keep_callbacks_alive(self):
        for i in range(200):
            res = nf.los_callback(lambda h: None, firer=(0, 0), target=(2 + i % 3, 0))
            self.assertEqual(res.clear, 1)
            if i % 50 == 0:
                gc.collect()

    def test_errors(self):
        with self.assertRaises(nf.DomainError):               # firer equal to target
            nf.los_callback(lambda h: None, firer=(0, 0), target=(0, 0))
        with self.assertRaises(nf.DomainError):               # undefined mask bit
            nf.los_callback(lambda h: None, firer=(0, 0), target=(3, 0), front_mask=1 << 6)
        with self.assertRaises(nf.DomainError):               # bad description
            nf.los_callback(lambda h: nf.HexInfo(terrain=9), firer=(0, 0), target=(3, 0))
        self.assertEqual(nf.lib.napfire_los_callback(None, nf.HexInfoFn(), None, None),
                         nf.Status.EINVAL)

    def test_grid_agrees_with_callback(self):
        layout, columns, rows = nf.HexLayout.ODD_Q, 6, 5
        cells = [nf.HexInfo() for _ in range(columns * rows)]
        blocked = nf.hex_to_offset((2, 0), layout)
        cells[blocked[1] * columns + blocked[0]] = WOODS
        by_hex = {}
        for row in range(rows):
            for col in range(columns):
                by_hex[tuple(nf.hex_from_offset(layout, col, row))] = cells[row * columns + col]
        for target in [(4, 0), (4, -1), (3, 1), (5, -2)]:
            grid = nf.los_grid(layout, columns, rows, cells, firer=(0, 0), target=target)
            call = nf.los_callback(lambda h: by_hex.get(tuple(h)), firer=(0, 0), target=target)
            self.assertEqual(bytes(grid), bytes(call), target)
        arr = (nf.HexInfo * len(cells))(*cells)
        self.assertEqual(nf.los_grid(layout, columns, rows, arr, firer=(0, 0),
                                     target=(4, 0)).rule, nf.LosRule.TERRAIN)
        with self.assertRaises(ValueError):
            nf.los_grid(layout, columns, rows, cells[:-1], firer=(0, 0), target=(4, 0))
        with self.assertRaises(nf.DomainError):
            nf.los_grid(9, columns, rows, cells, firer=(0, 0), target=(4, 0))


class TestFacingAndFire(unittest.TestCase):  # H-FACE, H-FIRE
    def test_facing(self):
        self.assertEqual(nf.hex_facing(nf.HexFormation.COLUMN, 0),
                         (0b100011, 0b010100, 0b001000))
        self.assertEqual(nf.hex_facing(nf.HexFormation.SQUARE, 5)[0], 0x3F)
        front, flank, rear = nf.hex_facing(nf.HexFormation.LINE, 1)   # vertex 0
        self.assertEqual(bin(front).count("1"), 2)
        self.assertEqual(front | flank | rear, 0x3F)
        self.assertEqual(nf.hex_facing(nf.HexFormation.TIRAILLEUR, 1)[2], 0)
        with self.assertRaises(nf.DomainError):
            nf.hex_facing(nf.HexFormation.LINE, 0)                   # a line faces a vertex
        with self.assertRaises(nf.DomainError):
            nf.hex_facing(nf.HexFormation.COLUMN, 12)
        self.assertEqual(nf.lib.napfire_hex_facing(0, 0, None, None, None), nf.Status.EINVAL)

    def test_fire_value(self):  # H-FIRE-3 example: 10 increments, 2 hexes, x3 = 24
        self.assertEqual(nf.hex_fire_value(formation=nf.HexFormation.LINE, increments=10,
                                           hexes=2, multiple=3), 24)
        fire = nf.HexFire(formation=nf.HexFormation.TIRAILLEUR, increments=4, hexes=1,
                          multiple=2)
        self.assertEqual(nf.hex_fire_value(fire), 6)
        self.assertEqual(nf.hex_fire_value(formation=nf.HexFormation.COLUMN, hexes=1,
                                           printed_value=7), 7)
        self.assertEqual(nf.hex_fire_value(formation=nf.HexFormation.COLUMN, hexes=1,
                                           printed_value=7, stack_position=1), 0)
        with self.assertRaises(nf.DomainError):
            nf.hex_fire_value(formation=nf.HexFormation.LINE, increments=4, hexes=2,
                              multiple=3)
        with self.assertRaises(nf.DomainError):
            nf.hex_fire_value(formation=nf.HexFormation.SQUARE)

    def test_fire_range(self):  # H-FIRE-1
        self.assertEqual(nf.hex_fire_range(nf.HexFormation.LINE), 1)
        self.assertEqual(nf.hex_fire_range(nf.HexFormation.TIRAILLEUR), nf.HEX_TIRAILLEUR_RANGE)
        self.assertEqual(nf.hex_fire_range(nf.HexFormation.TIRAILLEUR, 3), 3)
        with self.assertRaises(nf.DomainError):
            nf.hex_fire_range(nf.HexFormation.ARTILLERY)

    def test_names(self):
        for py_enum, enum_id in nf.HEX_ENUM_IDS.items():
            for member in py_enum:
                self.assertEqual(nf.hex_enum_name(enum_id, member), member.name)
            self.assertEqual(nf.hex_enum_name(enum_id, 99), "unknown")
        self.assertEqual(nf.los_rule_id(nf.LosRule.GRAZING), "H-LOS-3")
        self.assertEqual(nf.los_rule_id(nf.LosRule.NONE), "")
        self.assertEqual(nf.los_rule_id(99), "unknown")


if __name__ == "__main__":
    unittest.main()
