# SPDX-License-Identifier: MIT
"""Simulation from Python: the columns of a batch's results, the indexed
batch (napfire_resolve_indexed_dice, F-CAS-3, F-CAS-4) taking and giving
columns, and every refusal before anything is packed or allocated.

The rules data is support.complete_rules(): MADE UP, not from any
rulebook."""
import array
import ctypes
import tracemalloc
import unittest
from unittest import mock

import napfire as nf
import support

try:
    import numpy
except ImportError:     # numpy is optional: the columns need only the buffer protocol
    numpy = None


def kinds():
    """Distinct shots: half cells, long range, a forbidden one (far), and
    one the built-in data cannot answer (bare)."""
    ok, far = support.fex1_shot(), support.fex1_shot()
    far[nf.ShotParam.DISTANCE] = 999
    near = support.fex1_shot()
    near[nf.ShotParam.DISTANCE] = 60
    return [ok, far, near]


def shot_at(distance):
    shot = support.fex1_shot()
    shot[nf.ShotParam.DISTANCE] = distance
    return shot


class TestResultsColumns(unittest.TestCase):
    def setUp(self):
        self.rules = support.complete_rules()
        self.shots = kinds() * 30
        self.rolls = [2 + i % 11 for i in range(len(self.shots))]
        self.dice = [1 + i % 6 for i in range(len(self.shots))]
        self.results, self.statuses = nf.resolve_many(self.shots, self.rolls, self.dice,
                                                      rules=self.rules)

    def test_columns_are_the_fields(self):
        r = self.results
        self.assertIsInstance(r, nf.Results)
        self.assertEqual(len(r), 90)
        # The C fields row/column are the 0-based row_index/column_index.
        names = {"row": "row_index", "column": "column_index"}
        for field, ctype in nf.Result._fields_:
            if ctype in (ctypes.c_int32, ctypes.c_uint32):
                name = names.get(field, field)
                column = getattr(r, name)
                self.assertIsInstance(column, memoryview)
                self.assertEqual(column.tolist(), [getattr(x, name) for x in r], name)
        self.assertFalse(hasattr(r, "row"))
        self.assertEqual(sum(r.casualties), sum(x.casualties for x in r))
        self.assertGreater(sum(r.casualties), 0)
        self.assertEqual(memoryview(r.casualties).tolist(), r.casualties.tolist())
        self.assertEqual(array.array("i", r.casualties).tolist(), r.casualties.tolist())
        self.assertEqual(r.reasons.format, "I")      # uint32_t

    def test_sequence_of_result(self):
        r = self.results
        self.assertIsInstance(r[0], nf.Result)
        self.assertEqual(bytes(r[-1]), bytes(r[89]))
        self.assertEqual([bytes(x) for x in r[1:4]], [bytes(r[i]) for i in (1, 2, 3)])
        self.assertEqual(bytes(r[0]), bytes(self.shots[0].resolve(2, 1, rules=self.rules)))
        with self.assertRaises(IndexError):
            r[90]
        with self.assertRaises(TypeError):
            r["casualties"]
        # Equal by bytes, to another batch's results or a list of Result.
        again, _ = nf.resolve_many(self.shots, self.rolls, self.dice, rules=self.rules)
        self.assertEqual(r, again)
        self.assertEqual(r, list(again))
        self.assertNotEqual(r, again[:89])
        self.assertEqual(nf.resolve_many([], [])[0], [])
        self.assertEqual(len(nf.resolve_many([], [])[0].casualties), 0)

    def test_columns_in(self):
        # rolls and half_dice as columns: the same bytes as lists give.
        cols = nf.resolve_many(self.shots, array.array("i", self.rolls),
                               memoryview(array.array("i", self.dice)), rules=self.rules)
        self.assertEqual(cols, (self.results, self.statuses))
        ro = memoryview(bytes(array.array("i", self.rolls))).cast("i")   # read-only: copied
        self.assertEqual(nf.resolve_many(self.shots, ro, self.dice, rules=self.rules)[0],
                         self.results)
        if numpy is not None:
            got = nf.resolve_many(self.shots, numpy.array(self.rolls, dtype=numpy.int32),
                                  numpy.array(self.dice, dtype=numpy.int32), rules=self.rules)
            self.assertEqual(got[0], self.results)
            self.assertEqual(numpy.asarray(got[0].casualties).sum(), sum(self.results.casualties))

    def test_columns_any_width(self):
        # Integer columns of every width and signedness: converted, every
        # value checked as in a list; the same results as the list gives.
        for code in "bBhHiIlLqQ":
            with self.subTest(code=code):
                got = nf.resolve_many(self.shots, array.array(code, self.rolls),
                                      array.array(code, self.dice), rules=self.rules)
                self.assertEqual(got, (self.results, self.statuses))
        n = len(self.shots)
        wide = array.array("q", [8] * n)
        wide[7] = 2 ** 40
        with self.assertRaisesRegex(nf.RangeError, r"^rolls\[7\]=1099511627776 is outside"):
            nf.resolve_many(self.shots, wide)
        index = nf.resolve_indexed_dice(self.shots, array.array("h", [89, 0]), nf.Dice(3),
                                        rules=self.rules)
        self.assertEqual(index, nf.resolve_indexed_dice(self.shots, [89, 0], nf.Dice(3), rules=self.rules))
        with self.assertRaisesRegex(nf.RangeError, r"^index\[1\]=-1 is outside"):
            nf.resolve_indexed_dice(self.shots, array.array("q", [0, -1]), nf.Dice(3))
        if numpy is None:
            self.skipTest("numpy is not installed: its default integers not tried")
        for dtype in (numpy.int_, numpy.int64, numpy.int16, numpy.uint8, numpy.dtype(">i8")):
            with self.subTest(dtype=dtype):
                got = nf.resolve_many(self.shots, numpy.array(self.rolls, dtype=dtype),
                                      numpy.array(self.dice, dtype=dtype), rules=self.rules)
                self.assertEqual(got, (self.results, self.statuses))
        with self.assertRaisesRegex(TypeError, r"^rolls must be .* not a ndarray of format 'd'"):
            nf.resolve_many(self.shots, numpy.array(self.rolls, dtype=float))
        with self.assertRaisesRegex(TypeError, r"^rolls must be .*one-dimensional"):
            nf.resolve_many(self.shots, numpy.array(self.rolls, dtype=numpy.int32).reshape(9, 10))
        with self.assertRaisesRegex(TypeError, r"^rolls must be .*one-dimensional"):
            nf.resolve_many(self.shots, numpy.array(self.rolls * 2, dtype=numpy.int64)[::2])

    def test_columns_refused(self):
        # Floats and text are no integer column, nor are bytes.
        n = len(self.shots)
        for bad in (array.array("d", [8.0] * n), array.array("f", [8.0] * n),
                    memoryview(bytes(n)).cast("c"), array.array("u", "x" * n), bytes(n),
                    bytearray(n), memoryview(bytes(n))):
            with self.assertRaisesRegex(TypeError, r"^rolls must be a sequence of integers or a "
                                                   r"column of integers"):
                nf.resolve_many(self.shots, bad)
        with self.assertRaisesRegex(ValueError, r"^rolls has 89 values, 90 needed$"):
            nf.resolve_many(self.shots, array.array("i", [8] * (n - 1)))
        with self.assertRaisesRegex(ValueError, r"^rolls has 89 values, 90 needed$"):
            nf.resolve_many(self.shots, array.array("q", [8] * (n - 1)))
        # A 4-byte column stays in place: the library reads its memory.
        col = array.array("i", self.rolls)
        c = nf._int_column(col, n, "rolls")
        self.assertEqual(ctypes.addressof(c), col.buffer_info()[0])

    def test_packed_shots(self):
        packed = nf.pack_shots(self.shots)
        self.assertEqual(len(packed), 90)
        self.assertEqual(nf.resolve_many(packed, self.rolls, self.dice, rules=self.rules),
                         (self.results, self.statuses))
        a = nf.resolve_many_dice(packed, nf.Dice(3), rules=self.rules)
        self.assertEqual(a, nf.resolve_many_dice(self.shots, nf.Dice(3), rules=self.rules))
        got = nf.resolve_indexed_dice(packed, [89, 0], nf.Dice(3), rules=self.rules)
        self.assertEqual(got, nf.resolve_indexed_dice(self.shots, [89, 0], nf.Dice(3), rules=self.rules))
        with self.assertRaisesRegex(nf.RangeError, r"^index\[0\]=90 is outside 0\.\.89"):
            nf.resolve_indexed_dice(packed, [90], nf.Dice(3))
        # A copy: later changes to a Shot are not in it, and storage the
        # library did not make fails alone (ESTATE), its neighbours resolve.
        packed = nf.pack_shots(self.shots[:3])
        ctypes.memset(ctypes.byref(packed._array, 512), 0, 512)
        _results, statuses = nf.resolve_many(packed, self.rolls[:3], self.dice[:3], rules=self.rules)
        self.assertEqual(statuses, [nf.Status.OK, nf.Status.ESTATE, nf.Status.OK])

    def test_resolve_many_dice_columns(self):
        results, statuses, rolls, half_dice = nf.resolve_many_dice(self.shots, nf.Dice(5),
                                                                   rules=self.rules)
        self.assertIsInstance(results, nf.Results)
        self.assertEqual(results.casualties.tolist(), [x.casualties for x in results])
        self.assertEqual(nf.resolve_many(self.shots, rolls, half_dice, rules=self.rules)[0], results)


class TestIndexed(unittest.TestCase):
    def setUp(self):
        self.rules = support.complete_rules()
        self.kinds = kinds()
        self.index = [(i * 7 + i // 3) % 3 for i in range(500)]

    def laid_out(self, seed):
        shots = [self.kinds[i] for i in self.index]
        return nf.resolve_many_dice(shots, nf.Dice(seed, 3), rules=self.rules)

    def test_same_seed_same_results(self):  # F-CAS-3, F-CAS-4
        results, statuses, _rolls, _dice = self.laid_out(11)
        dice = nf.Dice(11, 3)
        st, cas, got = nf.resolve_indexed_dice(self.kinds, self.index, dice, rules=self.rules,
                                               results=True)
        self.assertEqual(got, results)
        self.assertEqual(st.tolist(), [int(s) for s in statuses])
        self.assertEqual(cas.tolist(), results.casualties.tolist())
        self.assertEqual(sum(cas), sum(results.casualties))
        self.assertGreater(sum(cas), 0)
        # The generator advanced exactly as the dice batch's.
        twin = nf.Dice(11, 3)
        nf.resolve_many_dice([self.kinds[i] for i in self.index], twin, rules=self.rules)
        self.assertEqual(bytes(dice.raw), bytes(twin.raw))

    def test_columns_in_and_out(self):
        want = nf.resolve_indexed_dice(self.kinds, self.index, nf.Dice(4), rules=self.rules)
        for index in (array.array("I", self.index), array.array("i", self.index),
                      memoryview(array.array("I", self.index)),
                      memoryview(bytes(array.array("I", self.index))).cast("I")):
            st, cas = nf.resolve_indexed_dice(self.kinds, index, nf.Dice(4), rules=self.rules)
            self.assertEqual((st, cas), want)
            self.assertIsInstance(cas, array.array)
            self.assertEqual(memoryview(cas).format, "i")
        if numpy is not None:
            for dtype in (numpy.uint32, numpy.int32):
                got = nf.resolve_indexed_dice(self.kinds, numpy.array(self.index, dtype=dtype),
                                              nf.Dice(4), rules=self.rules)
                self.assertEqual(got, want)
        # The caller's column is not held: it can grow again.
        index = array.array("I", self.index)
        nf.resolve_indexed_dice(self.kinds, index, nf.Dice(4), rules=self.rules)
        index.append(0)

    def test_unknown_and_empty(self):
        bare = nf.Shot(*support.fex1_units())
        st, cas = nf.resolve_indexed_dice([support.fex1_shot(), bare], [0, 1, 0], nf.Dice(1))
        self.assertEqual(st[1], nf.Status.EINVAL)
        self.assertEqual(st[0], nf.Status.EUNKNOWN)     # built-in data: the cell is unknown
        self.assertEqual(cas.tolist(), [0, 0, 0])
        dice = nf.Dice(1)
        before = bytes(dice.raw)
        self.assertEqual(nf.resolve_indexed_dice([], [], dice), (array.array("i"), array.array("i")))
        self.assertEqual(bytes(dice.raw), before)

    def test_refusals_before_c(self):
        dice = nf.Dice(1)
        before = bytes(dice.raw)
        cases = [
            ((self.kinds, [3]), nf.RangeError, r"^index\[0\]=3 is outside 0\.\.2 \(an index into 3 shots\)$"),
            ((self.kinds, [0, 1, -1]), nf.RangeError, r"^index\[2\]=-1 is outside 0\.\.4294967295$"),
            ((self.kinds, array.array("i", [0, -1])), nf.RangeError, r"^index\[1\]=4294967295 is outside 0\.\.2"),
            ((self.kinds * 100, [300]), nf.RangeError, r"^index\[0\]=300 is outside 0\.\.299"),
            (([], [0]), nf.RangeError, r"^index\[0\]=0 is outside 0\.\.-1"),
            ((self.kinds, 3), TypeError, r"^index must be a sequence of integers or a column, not int$"),
            ((self.kinds, array.array("d", [0.0])), TypeError, r"^index must be a sequence of integers or a column"),
            ((self.kinds, [0.0]), TypeError, r"^index\[0\] must be an integer, not float$"),
            ((self.kinds + [5], [0]), TypeError, r"^shots: element 3 is not a Shot but a int$"),
        ]
        for args, exc, pattern in cases:
            with self.subTest(args=repr(args[1])[:40]):
                with self.assertRaisesRegex(exc, pattern):
                    nf.resolve_indexed_dice(*args, dice=dice, rules=self.rules)
        self.assertEqual(bytes(dice.raw), before)

    def test_nothing_packed_before_the_checks(self):
        """Every argument of a batch is checked before its shots are
        copied (a refusal of the last argument packs nothing)."""
        def no_packing(shots):
            raise AssertionError("shots packed before the arguments were checked")
        shots = self.kinds * 2
        with mock.patch.object(nf, "_packed_shots", no_packing):
            with self.assertRaisesRegex(ValueError, "^rolls has 1 values, 6 needed$"):
                nf.resolve_many(shots, [8])
            with self.assertRaisesRegex(TypeError, "^rules must be a Rules or None"):
                nf.resolve_many(shots, [8] * 6, rules=5)
            with self.assertRaisesRegex(TypeError, "^dice must be a Dice"):
                nf.resolve_many_dice(shots, 5)
            with self.assertRaisesRegex(nf.RangeError, r"^index\[0\]=6 is outside"):
                nf.resolve_indexed_dice(shots, [6], nf.Dice(1))
            with self.assertRaisesRegex(ValueError, "^results=2 is outside"):
                nf.resolve_indexed_dice(shots, [0], nf.Dice(1), results=2)

    def test_state_error_leaves_dice(self):
        dice = nf.Dice(1)
        ctypes.memset(dice.raw, 0, nf.DICE_SIZE)
        with self.assertRaises(nf.StateError):
            nf.resolve_indexed_dice(self.kinds, [0], dice)
        self.assertEqual(bytes(dice.raw), bytes(nf.DICE_SIZE))


class TestMemory(unittest.TestCase):
    def test_million_trials_need_their_columns(self):
        """10**6 trials over 64 kinds from array columns: the peak of what
        the call allocates stays within 1.2 x its outputs (two 4-byte
        columns); the index is the caller's and used in place."""
        n = 10 ** 6
        shots = [shot_at(20 + 4 * k) for k in range(64)]
        index = array.array("I", range(64)) * (n // 64 + 1)
        del index[n:]
        rules = support.complete_rules()
        tracemalloc.start()
        try:
            st, cas = nf.resolve_indexed_dice(shots, index, nf.Dice(9), rules=rules)
            _current, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        outputs = 2 * 4 * n
        self.assertLessEqual(peak, 1.2 * outputs, "peak %d bytes for %d of outputs" % (peak, outputs))
        self.assertEqual(len(cas), n)
        self.assertGreater(sum(cas), n // 2)


if __name__ == "__main__":
    unittest.main()
