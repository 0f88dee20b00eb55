# SPDX-License-Identifier: MIT
"""Field of view (H-LOS, H-ELV): napfire.field_of_view() gives, for every
hex within the radius, the rule that napfire.los_grid() gives with that hex
as the target, and FOV_NOT_ASKED elsewhere; its refusals."""
import random
import unittest

import napfire as nf

TERRAINS = [nf.Terrain.CLEAR] * 6 + [nf.Terrain.BLOCKING, nf.Terrain.TOWN, nf.Terrain.SLOPE, nf.Terrain.SLOPE]
PRESENCES = [nf.Presence.NONE] * 8 + [nf.Presence.COMBAT, nf.Presence.ROUTED, nf.Presence.LEADER_ONLY]


def random_map(rng, columns, rows):
    return [nf.HexInfo(elevation=rng.randint(-2, 3), terrain=rng.choice(TERRAINS),
                       presence=rng.choice(PRESENCES), unit_side=rng.randint(1, 2))
            for _ in range(columns * rows)]


class TestFieldOfView(unittest.TestCase):
    def test_agrees_with_los_grid_on_every_hex(self):
        rng = random.Random(26)
        seen = set()
        for layout in range(4):
            columns, rows, radius = 13, 11, 7
            cells = random_map(rng, columns, rows)
            firer = nf.hex_from_offset(layout, rng.randint(0, columns - 1), rng.randint(0, rows - 1))
            for front in (0x3F, 0b000011):
                for policy in (0, nf.LosPolicy.FRIEND_IS_TARGET_SIDE):
                    view = nf.field_of_view(layout, columns, rows, cells, radius, firer=firer,
                                            front_mask=front, firer_side=1, target_side=2, policy=policy)
                    self.assertIsInstance(view, bytearray)
                    self.assertEqual(len(view), columns * rows)
                    for row in range(rows):
                        for col in range(columns):
                            h = nf.hex_from_offset(layout, col, row)
                            got = view[row * columns + col]
                            if not 1 <= nf.hex_distance(firer, h) <= radius:
                                self.assertEqual(got, nf.FOV_NOT_ASKED)
                                continue
                            want = nf.los_grid(layout, columns, rows, cells, firer=firer, target=h,
                                               front_mask=front, firer_side=1, target_side=2,
                                               policy=policy).rule
                            self.assertEqual(got, want, (layout, col, row))
                            seen.add(got)
        self.assertIn(nf.LosRule.NONE, seen)
        self.assertIn(nf.LosRule.FRONT_HEXSIDE, seen)
        self.assertIn(nf.LosRule.TERRAIN, seen)

    def test_ctypes_array_and_query(self):
        cells = (nf.HexInfo * 25)()
        cells[2 * 5 + 3].terrain = nf.Terrain.TOWN
        q = nf.LosQuery(firer=nf.hex_from_offset(0, 1, 2), front_mask=0x3F)
        view = nf.field_of_view(0, 5, 5, cells, 4, query=q)
        self.assertEqual(view[2 * 5 + 1], nf.FOV_NOT_ASKED)          # the firer's own hex
        self.assertEqual(view[2 * 5 + 2], nf.LosRule.NONE)           # adjacent (H-LOS-6)
        self.assertEqual(view[2 * 5 + 4], nf.LosRule.TOWN)           # behind the town

    def test_refusals(self):
        cells = [nf.HexInfo() for _ in range(9)]
        with self.assertRaises(nf.RangeError):
            nf.field_of_view(0, 3, 3, cells, 0, firer=(1, 1))
        with self.assertRaises(nf.RangeError):
            nf.field_of_view(0, 3, 3, cells, nf.FOV_RADIUS_MAX + 1, firer=(1, 1))
        with self.assertRaises(nf.DomainError):
            nf.field_of_view(7, 3, 3, cells, 2, firer=(1, 1))
        with self.assertRaises(ValueError):
            nf.field_of_view(0, 3, 3, cells[:-1], 2, firer=(1, 1))
        bad = list(cells)
        bad[4] = nf.HexInfo(reserved=(0, 0, 1, 0))
        with self.assertRaises(nf.DomainError):  # a bad cell within reach
            nf.field_of_view(0, 3, 3, bad, 2, firer=(1, 1))


if __name__ == "__main__":
    unittest.main()
