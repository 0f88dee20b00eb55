// SPDX-License-Identifier: MIT
// Napfire.cs under Mono, as a Unity or Godot project uses it (doc/bindings.md):
//   mcs -out:fex1.exe Fex1.cs Napfire.cs && LD_LIBRARY_PATH=LIBDIR mono fex1.exe
// F-EX-1 (3 casualties), an unknown datum named (F-DATA), a distribution
// over what is known (F-CAS), a line of sight and a field of view (H-LOS,
// H-ELV), refused inputs naming parameter, value and range, and a raw
// Native call refusing misaligned storage (NAPFIRE_EALIGN).
using System;
using System.Runtime.InteropServices;
using Napfire;

static class Fex1
{
    static void Expect(bool ok, string what)
    {
        if (!ok)
            throw new Exception("FAIL " + what);
    }

    static Shot Fex1Shot()
    {
        var firer = new Unit(Arm.LineInfantry).Set(UnitParam.Nation, (int)Nation.Britain)
                        .Set(UnitParam.Class, (int)TroopClass.Elite).Set(UnitParam.Figures, 30)
                        .Set(UnitParam.Moved, (int)Moved.Half);
        var target = new Unit(Arm.LineInfantry).Set(UnitParam.Formation, (int)Formation.ColumnOfDivisions);
        return new Shot(firer, target).Set(ShotParam.Distance, 150);
    }

    static void Figure()
    {
        Shot shot = Fex1Shot();
        var r = shot.Resolve(8, 6);
        Expect(r.casualties == 3 && r.band == (int)Band.Long, "F-EX-1: " + r.casualties + " casualties");
        try
        {
            shot.Resolve(2, 6);
            Expect(false, "roll 2 needs an unknown cell");
        }
        catch (UnknownDataException e)
        {
            Expect(e.Message.Contains("musketry table, row 4"), "the datum is named: " + e.Message);
        }
        int unknown;
        var odds = shot.Distribution(out unknown);
        int sum = unknown;
        foreach (var o in odds)
            sum += o.weight;
        Expect(sum == Native.NAPFIRE_OUTCOME_DENOMINATOR && odds.Length > 0 && unknown > 0, "distribution " + sum);
        try
        {
            new Unit(Arm.LineInfantry).Set(UnitParam.Figures, 10000);
            Expect(false, "10000 figures refused");
        }
        catch (DomainException e)
        {
            Expect(e.Parameter == "UnitParam.Figures" && e.Value == 10000 && e.Allowed == "0..9999", e.Message);
        }
        try
        {
            shot.Resolve(13);
            Expect(false, "roll 13 refused");
        }
        catch (DomainException e)
        {
            Expect(e.Parameter == "roll2d6" && e.Allowed == "2..12", e.Message);
        }
        Console.WriteLine("F-EX-1: " + r.casualties + " casualties; odds over " + odds.Length +
                          " known outcomes, " + unknown + "/216 unknown");
    }

    static void Misaligned()
    {
        IntPtr block = Marshal.AllocHGlobal(256);
        try
        {
            // The raw layer with a pointer: storage 4 bytes off its alignment.
            int st = RawInit(new IntPtr(block.ToInt64() + 4));
            Expect(st == Native.NAPFIRE_EALIGN && Library.StatusName(st) == "EALIGN", "EALIGN: " + st);
        }
        finally
        {
            Marshal.FreeHGlobal(block);
        }
    }

    [DllImport(Native.Library, CallingConvention = CallingConvention.Cdecl, EntryPoint = "napfire_unit_init")]
    static extern int RawInit(IntPtr storage, UIntPtr size, int arm);

    static int RawInit(IntPtr storage)
    {
        return RawInit(storage, (UIntPtr)Marshal.SizeOf(typeof(Native.napfire_unit)), 0);
    }

    static void Hex()
    {
        var q = new Native.napfire_los_query { front_mask = 0x3F, target_side = 1 };
        q.target.q = 4;
        var los = Hexes.LineOfSight(q, h => new Native.napfire_hex_info
        {
            terrain = h.q == 2 && h.r == 0 ? (int)Terrain.Blocking : (int)Terrain.Clear
        });
        Expect(los.clear == 0 && los.rule == (int)LosRule.Terrain && los.blocker.q == 2, "line of sight");

        int cols = 9, rows = 9;
        var cells = new Native.napfire_hex_info[cols * rows];
        cells[3 * cols + 5].terrain = (int)Terrain.Blocking;
        cells[5 * cols + 3].terrain = (int)Terrain.Town;
        q.firer = Hexes.FromOffset(HexLayout.OddQ, 4, 4);
        byte[] fov = Hexes.FieldOfView(q, 3, HexLayout.OddQ, cols, rows, cells);
        int asked = 0, blocked = 0;
        for (int i = 0; i < fov.Length; i++)
        {
            if (fov[i] == Native.NAPFIRE_FOV_NOT_ASKED)
                continue;
            var t = q;
            t.target = Hexes.FromOffset(HexLayout.OddQ, i % cols, i / cols);
            Expect(Hexes.LineOfSight(t, HexLayout.OddQ, cols, rows, cells).rule == fov[i], "fov hex " + i);
            asked++;
            blocked += fov[i] != (int)LosRule.None ? 1 : 0;
        }
        Expect(asked == 36 && blocked > 0, "field of view " + asked + "/" + blocked);
        Console.WriteLine("line of sight blocked at (2,0); field of view " + (asked - blocked) + " seen, " +
                          blocked + " blocked");
    }

    static int Main()
    {
        Expect(Library.Version == Native.NAPFIRE_VERSION_STRING, "version " + Library.Version);
        Figure();
        Misaligned();
        Hex();
        Console.WriteLine("ok");
        return 0;
    }
}
