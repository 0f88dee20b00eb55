// SPDX-License-Identifier: MIT
//
// A tiny game engine on libnapfire, the way a real one would use it:
// two battalions and a battery exchange fire for several turns on a small
// hex map. Each turn every unit checks its line of sight on the map
// (Grid::los), measures the range, builds a Shot from its units, rolls the
// seeded PCG32 Dice and resolves the shot, rolling the half die only when
// the library says a half is pending. The printed log is fixed by the dice
// seed; `engine --check FILE` compares it with an expected log and fails on
// any difference (the meson test).
//
// It uses the C++ header napfire.hpp: typed enumerations, value types over
// the library's storage, and errors as values (nf::Expected), so it builds
// with exceptions off, as many engines do, and never handles a C enum or
// status code itself.
//
// MADE-UP DATA. The source texts give no artillery number at all and only
// 16 of the 45 musketry cells (F-DATA). This example therefore
// fills the unknown musketry cells and defines a whole artillery table of
// its own: INVENTED numbers, for demonstration only, not from any rulebook.
// The map scale (one hex = 50 mm on the table) is made up as well.
//
// TWO GAMES IN ONE DEMO. The library's figure scale (tabletop, millimetres)
// and hex scale (La Bataille, hexes) are two different games, and nothing
// in the library converts hexes to millimetres. This demo borrows the hex
// line of sight and invents kMmPerHex only to show both halves of the API
// in one program; the conversion is the demo's own, not a rule.

#include <napfire.hpp>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace {

namespace nf = napfire;

// Every library call returns an nf::Expected; this engine stops at the
// first error, naming the call, the parameter, the value and what is allowed.
[[noreturn]] void fail(const nf::Error &e) {
    std::cerr << "engine: " << e.to_string() << "\n";
    std::exit(2);
}
template <class T> T must(nf::Expected<T> r) {
    if (!r)
        fail(r.error());
    return *r;
}
void must(nf::Expected<void> r) {
    if (!r)
        fail(r.error());
}

constexpr int32_t kMmPerHex = 50; // made-up ground scale

// --- made-up rules data ---------------------------------------------------

constexpr nf::Gun kGuns[] = {nf::Gun::LIGHT, nf::Gun::P6, nf::Gun::P9, nf::Gun::P12, nf::Gun::HOWITZER};
// The target conditions of F-MOD-8..16, shared by musketry and artillery here.
constexpr nf::ModifierId kTargetModifiers[] = {nf::ModifierId::COLUMN,
                                               nf::ModifierId::SQUARE_OR_ENFILADE,
                                               nf::ModifierId::MASS,
                                               nf::ModifierId::ARTILLERY,
                                               nf::ModifierId::CHARGING_CAVALRY,
                                               nf::ModifierId::OPEN_ORDER,
                                               nf::ModifierId::SKIRMISHERS,
                                               nf::ModifierId::COVER,
                                               nf::ModifierId::BUILDINGS};

nf::Rules made_up_rules() {
    nf::Rules rules = must(nf::Rules::builtin());
    // Musketry: keep the 16 known cells; an unknown cell at row r, column c
    // gets (r + 1) * c / 2 half figures (INVENTED; rows stay non-decreasing).
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++)
            if (!must(rules.musketry(row, col)).known())
                must(rules.set_musketry(row, col, (row + 1) * col / 2, false));
    // Artillery (INVENTED): every gun reaches canister 150 mm, effective
    // 500 mm, long 1000 mm (imperial 90/300/600 tenths). Cells in half
    // figures: canister 2 + 2c, effective roundshot 1 + c, long roundshot c/2
    // for column c (0..8); canister ammunition beyond canister range is
    // never looked up (F-ART-1), but the table is complete anyway.
    for (nf::Gun gun : kGuns) {
        must(rules.set_gun_range(gun, nf::Measure::METRIC, 150, 500, 1000));
        must(rules.set_gun_range(gun, nf::Measure::IMPERIAL, 90, 300, 600));
        for (nf::Ammo ammo : {nf::Ammo::ROUNDSHOT, nf::Ammo::CANISTER})
            for (int32_t col = 0; col < 9; col++) {
                must(rules.set_artillery(gun, ammo, nf::Band::CANISTER, col, 2 + 2 * col));
                // Canister fires only at canister range: no other cells.
                if (ammo == nf::Ammo::CANISTER)
                    continue;
                must(rules.set_artillery(gun, ammo, nf::Band::EFFECTIVE, col, 1 + col));
                must(rules.set_artillery(gun, ammo, nf::Band::LONG, col, col / 2));
            }
    }
    // Artillery modifiers (INVENTED): the target conditions as for musketry,
    // and -1 for a battery that moved up to half its move.
    for (nf::ModifierId id : kTargetModifiers)
        must(rules.set_modifier(nf::Fire::ARTILLERY, id, 0, must(rules.modifier(nf::Fire::MUSKETRY, id, 0))));
    must(rules.set_modifier(nf::Fire::ARTILLERY, nf::ModifierId::COLUMN, 1, 2));
    must(rules.set_modifier(nf::Fire::ARTILLERY, nf::ModifierId::COVER, 1, -1));
    must(rules.set_modifier(nf::Fire::ARTILLERY, nf::ModifierId::MOVED_HALF, 0, -1));
    must(rules.set_provenance(nf::Provenance::NAME, "engine example: MADE-UP tables"));
    return rules;
}

// --- the map --------------------------------------------------------------

// An 8 x 6 flat-top map (odd columns shifted down), row by row:
// '.' clear, 'W' woods, 'T' town, 'h' a hill (elevation 1).
constexpr int32_t kColumns = 8, kRows = 6;
constexpr const char *kMap[kRows] = {
    "h.......", "hW......", "h.......", "..T.....", "........", "........",
};
constexpr nf::HexLayout kLayout = nf::HexLayout::ODD_Q;

class HexMap {
  public:
    HexMap() {
        for (int32_t row = 0; row < kRows; row++)
            for (int32_t col = 0; col < kColumns; col++) {
                char c = kMap[row][col];
                cells_[static_cast<size_t>(row * kColumns + col)] =
                    nf::hex_info(c == 'h' ? 1 : 0, c == 'W'   ? nf::Terrain::BLOCKING
                                                   : c == 'T' ? nf::Terrain::TOWN
                                                              : nf::Terrain::CLEAR);
            }
    }

    static nf::Hex at(int32_t col, int32_t row) {
        return must(nf::hex_from_offset(kLayout, col, row));
    }

    // Line of sight from firer to target hex through the firer's front hexsides.
    nf::LosResult los(nf::Hex firer, uint32_t front_mask, nf::Hex target) const {
        nf::Grid grid(kLayout, kColumns, kRows, cells_);
        return must(grid.los(nf::LosQuery(firer, target, front_mask, 0, 1)));
    }

  private:
    std::array<nf::HexInfo, kColumns * kRows> cells_{};
};

// --- units ----------------------------------------------------------------

struct Unit {
    std::string name;
    nf::Unit u;
    nf::Hex where;
    uint32_t front = 0; // front hexsides (H-FACE), for line of sight (H-LOS-4)
    bool fired = false; // this turn: becomes FIRED_LAST_TURN next turn

    Unit(std::string n, nf::Arm arm, nf::Hex at) : name(std::move(n)), u(must(nf::Unit::make(arm))), where(at) {
    }
    // Face a hexside (2 * side) or a vertex (2 * vertex + 1) in a hex formation.
    void face(nf::HexFormation formation, int32_t facing) {
        front = must(nf::facing(formation, facing)).front;
    }
};

std::string hex_text(nf::Hex h) {
    nf::Offset at = must(nf::hex_to_offset(h, kLayout));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02d%02d", at.col + 1, at.row + 1); // printed-map numbering
    return buf;
}

// What rules data a shot lacks, in the rulebook's terms, and the line of a
// rules file that would supply it.
std::string describe_missing(const nf::Error &e) {
    return "unknown rules data: " + e.missing_text();
}

// --- one fire -------------------------------------------------------------

class Engine {
  public:
    explicit Engine(std::ostream &log) : log_(log), rules_(made_up_rules()), dice_(must(nf::Dice::make(1805, 12))) {
    }

    // The firer fires once this turn (F-ART-2) at the first target it can
    // see and reach, in order of preference.
    void fire(Unit &firer, std::initializer_list<Unit *> targets, const HexMap &map) {
        for (Unit *target : targets)
            if (try_fire(firer, *target, map))
                return;
        log_ << "  " << firer.name << " holds its fire\n";
    }

  private:
    bool try_fire(Unit &firer, Unit &target, const HexMap &map) {
        log_ << "  " << firer.name << " -> " << target.name << ": ";
        nf::LosResult los = map.los(firer.where, firer.front, target.where);
        if (!los.clear()) {
            log_ << "no line of sight (" << nf::name(los.rule()) << " at " << hex_text(los.blocker()) << ", "
                 << nf::rule_id(los.rule()) << ")\n";
            return false;
        }
        nf::Shot shot = must(nf::Shot::make(firer.u, target.u));
        must(shot.set_distance(los.distance() * kMmPerHex));
        nf::Expected<nf::Result> probe = shot.resolve(7, 0, &rules_);
        if (probe.status() == nf::Status::E_UNKNOWN) { // not with the made-up tables, but a real engine asks
            log_ << describe_missing(probe.error()) << "\n";
            return false;
        }
        nf::Band band = must(shot.band(&rules_));
        log_ << los.distance() << " hexes";
        if (los.lifted())
            log_ << " (" << los.lifted() << " blocker seen over, H-ELV)";
        if (band == nf::Band::NONE) {
            log_ << ", out of range\n";
            return false;
        }
        if (firer.u.is_artillery())
            must(shot.set_ammo(band == nf::Band::CANISTER ? nf::Ammo::CANISTER : nf::Ammo::ROUNDSHOT));
        int32_t roll = must(dice_.roll_2d6());
        nf::Result res = must(shot.resolve(roll, 0, &rules_));
        if (!res.permitted()) {
            log_ << ", not permitted (" << nf::name(res.reason()) << ")\n";
            return false;
        }
        int32_t half_die = 0;
        if (res.half_pending()) { // roll the half die only when it matters (F-CAS-3)
            half_die = must(dice_.d6());
            res = must(shot.resolve(roll, half_die, &rules_));
        }
        firer.fired = true;
        must(firer.u.set_flag(nf::UnitParam::FIRED_THIS_TURN, true));
        int32_t left = target.u.figures() - res.target_casualties();
        if (left < 0)
            left = 0;
        must(target.u.set_figures(left));
        log_ << ", " << nf::name(res.band()) << ", roll " << roll << (res.net_modifier() >= 0 ? " +" : " ")
             << res.net_modifier() << " = " << res.modified_roll() << ", cell " << res.table_halves() << " halves -> "
             << res.halves();
        if (half_die)
            log_ << ", half die " << half_die;
        log_ << ": " << res.target_casualties() << " lost, " << left << " left\n";
        return true;
    }

    std::ostream &log_;
    nf::Rules rules_;
    nf::Dice dice_;
};

void run(std::ostream &log) {
    HexMap map;
    log << "libnapfire engine example (MADE-UP tables)\n";

    // Hexes are named as on a printed map: column and row from 01.
    Unit british("British 1/52nd", nf::Arm::LINE_INFANTRY, HexMap::at(4, 3));
    must(british.u.set_nation(nf::Nation::BRITAIN));
    must(british.u.set_troop_class(nf::TroopClass::ELITE));
    must(british.u.set_figures(30));
    british.face(nf::HexFormation::LINE, 2 * 5 + 1); // line facing vertex 5: hexsides 5 and 0

    Unit french("French 2/45e", nf::Arm::LINE_INFANTRY, HexMap::at(7, 3));
    must(french.u.set_nation(nf::Nation::FRANCE));
    must(french.u.set_formation(nf::Formation::COLUMN_OF_DIVISIONS));
    must(french.u.set_figures(36));
    french.face(nf::HexFormation::COLUMN, 2 * 3); // column facing hexside 3 (west)

    Unit battery("French 6pdr battery", nf::Arm::FOOT_ARTILLERY, HexMap::at(0, 1));
    must(battery.u.set_nation(nf::Nation::FRANCE));
    must(battery.u.set_gun(nf::Gun::P6));
    must(battery.u.set_figures(6));                   // gun models
    battery.face(nf::HexFormation::ARTILLERY, 2 * 5); // facing hexside 5 (south-east)

    log << british.name << " at " << hex_text(british.where) << ", " << french.name << " at " << hex_text(french.where)
        << ", " << battery.name << " on the hill at " << hex_text(battery.where) << "\n";

    // The built-in data holds only what the rule books give: the opening
    // shots need numbers it leaves unknown, and the library names them.
    log << "With the built-in data:\n";
    for (auto [firer, target, hexes] :
         {std::tuple<Unit *, Unit *, int32_t>{&british, &french, 3}, {&battery, &british, 4}}) {
        nf::Shot shot = must(nf::Shot::make(firer->u, target->u));
        must(shot.set_distance(hexes * kMmPerHex));
        nf::Expected<nf::Span<nf::Outcome>> odds = shot.distribution({}); // no room: only the verdict
        log << "  " << firer->name << " -> " << target->name << ": "
            << (odds.status() == nf::Status::E_UNKNOWN ? describe_missing(odds.error()) : nf::name(odds.status()))
            << "\n";
    }

    Engine engine(log);
    for (int turn = 1; turn <= 4; turn++) {
        log << "Turn " << turn << "\n";
        for (Unit *u : {&british, &french, &battery}) {
            must(u->u.set_flag(nf::UnitParam::FIRED_LAST_TURN, u->fired)); // F-MOD-6
            must(u->u.set_flag(nf::UnitParam::FIRED_THIS_TURN, false));
            u->fired = false;
        }
        engine.fire(british, {&battery, &french}, map); // the guns are on its flank
        engine.fire(french, {&british}, map);
        engine.fire(battery, {&british}, map); // over the woods, from the hill (H-ELV-1)
        if (turn == 2) {                       // both battalions shift south; the town now masks the guns
            british.where = HexMap::at(3, 4);
            french.where = HexMap::at(6, 4);
            british.face(nf::HexFormation::LINE, 2 * 0 + 1); // wheels: vertex 0, hexsides 0 and 1
            log << "  " << british.name << " moves to " << hex_text(british.where) << ", " << french.name << " to "
                << hex_text(french.where) << "; the British wheel to face them\n";
        }
    }
    log << "End: " << british.name << " " << british.u.figures() << ", " << french.name << " " << french.u.figures()
        << ", " << battery.name << " " << battery.u.figures() << "\n";
}

} // namespace

int main(int argc, char **argv) {
    namespace nf = napfire;
    std::cerr << "engine: libnapfire " << nf::version() << "\n";
    std::ostringstream log;
    run(log);
    std::cout << log.str();
    if (argc == 3 && std::string(argv[1]) == "--check") {
        std::ifstream in(argv[2]);
        std::stringstream expected;
        expected << in.rdbuf();
        if (!in || expected.str() != log.str()) {
            std::cerr << "engine: the log differs from " << argv[2] << "\n";
            return 1;
        }
        std::cerr << "engine: log matches " << argv[2] << "\n";
    }
    return 0;
}
