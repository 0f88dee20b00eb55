// SPDX-License-Identifier: MIT
//
// A tiny game engine on libnapfire, the way a real one would use it:
// two battalions and a battery exchange fire for several turns on a small
// hex map. Each turn every unit checks its line of sight on the map
// (napfire_los_grid), measures the range, builds a napfire_shot from its
// units, rolls the seeded PCG32 dice (napfire_dice) and resolves the shot,
// rolling the half die only when the library says a half is pending. The
// printed log is fixed by the dice seed; `engine --check FILE` compares it with
// an expected log and fails on any difference (the meson test).
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

#include <napfire.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace {

// Every library call returns a status; an engine turns errors into exceptions.
void check(int status, const char *what) {
    if (status != NAPFIRE_OK)
        throw std::runtime_error(std::string(what) + ": " + napfire_status_name(status) + " (" +
                                 napfire_strerror(status) + ")");
}

constexpr int32_t kMmPerHex = 50; // made-up ground scale

// What rules data a shot lacks, in the rulebook's terms, and the line of a
// rules file that would supply it (napfire_missing_describe).
std::string describe_missing(const napfire_result &r) {
    std::array<char, 256> sentence{}, patch{};
    size_t len = 0;
    check(napfire_missing_describe(r.missing, r.missing_index, NAPFIRE_DESCRIBE_SENTENCE, sentence.data(),
                                   sentence.size(), &len),
          "missing_describe");
    check(
        napfire_missing_describe(r.missing, r.missing_index, NAPFIRE_DESCRIBE_PATCH, patch.data(), patch.size(), &len),
        "missing_describe");
    return std::string("unknown rules data: ") + sentence.data() + "; supply it as: " + patch.data();
}

// --- made-up rules data ---------------------------------------------------

napfire_rules made_up_rules() {
    napfire_rules rules;
    check(napfire_rules_init(&rules, sizeof rules), "rules_init");
    // Musketry: keep the 16 known cells; an unknown cell at row r, column c
    // gets (r + 1) * c / 2 half figures (INVENTED; rows stay non-decreasing).
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++) {
            int32_t halves = 0, star = 0;
            if (napfire_rules_get_musketry(&rules, row, col, &halves, &star) == NAPFIRE_EUNKNOWN)
                check(napfire_rules_set_musketry(&rules, row, col, (row + 1) * col / 2, 0), "set_musketry");
        }
    // Artillery (INVENTED): every gun reaches canister 150 mm, effective
    // 500 mm, long 1000 mm (imperial 90/300/600 tenths). Cells in half
    // figures: canister 2 + 2c, effective roundshot 1 + c, long roundshot c/2
    // for column c (0..8); canister ammunition beyond canister range is
    // never looked up (F-ART-1), but the table is complete anyway.
    for (int32_t gun = NAPFIRE_GUN_LIGHT; gun <= NAPFIRE_GUN_HOWITZER; gun++) {
        check(napfire_rules_set_gun_range(&rules, gun, NAPFIRE_MEASURE_METRIC, 150, 500, 1000), "set_gun_range");
        check(napfire_rules_set_gun_range(&rules, gun, NAPFIRE_MEASURE_IMPERIAL, 90, 300, 600), "set_gun_range");
        for (int32_t ammo = NAPFIRE_AMMO_ROUNDSHOT; ammo <= NAPFIRE_AMMO_CANISTER; ammo++)
            for (int32_t col = 0; col < 9; col++) {
                check(napfire_rules_set_artillery(&rules, gun, ammo, NAPFIRE_BAND_CANISTER, col, 2 + 2 * col),
                      "set_artillery");
                // Canister fires only at canister range: no other cells.
                if (ammo == NAPFIRE_AMMO_CANISTER)
                    continue;
                check(napfire_rules_set_artillery(&rules, gun, ammo, NAPFIRE_BAND_EFFECTIVE, col, 1 + col),
                      "set_artillery");
                check(napfire_rules_set_artillery(&rules, gun, ammo, NAPFIRE_BAND_LONG, col, col / 2), "set_artillery");
            }
    }
    // Artillery modifiers (INVENTED): the target conditions as for musketry,
    // and -1 for a battery that moved up to half its move.
    for (int32_t id = NAPFIRE_MOD_COLUMN; id <= NAPFIRE_MOD_BUILDINGS; id++) {
        int32_t value = 0;
        check(napfire_rules_get_modifier(&rules, NAPFIRE_FIRE_MUSKETRY, id, 0, &value), "get_modifier");
        check(napfire_rules_set_modifier(&rules, NAPFIRE_FIRE_ARTILLERY, id, 0, value), "set_modifier");
    }
    check(napfire_rules_set_modifier(&rules, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_COLUMN, 1, 2), "set_modifier");
    check(napfire_rules_set_modifier(&rules, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_COVER, 1, -1), "set_modifier");
    check(napfire_rules_set_modifier(&rules, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_MOVED_HALF, 0, -1), "set_modifier");
    check(napfire_rules_set_provenance(&rules, NAPFIRE_PROVENANCE_NAME, "engine example: MADE-UP tables"),
          "set_provenance");
    return rules;
}

// --- the map --------------------------------------------------------------

// An 8 x 6 flat-top map (odd columns shifted down), row by row:
// '.' clear, 'W' woods, 'T' town, 'h' a hill (elevation 1).
constexpr int32_t kColumns = 8, kRows = 6;
constexpr const char *kMap[kRows] = {
    "h.......", "hW......", "h.......", "..T.....", "........", "........",
};

class HexMap {
  public:
    HexMap() {
        for (int32_t row = 0; row < kRows; row++)
            for (int32_t col = 0; col < kColumns; col++) {
                napfire_hex_info &cell = cells_[static_cast<size_t>(row * kColumns + col)];
                cell = napfire_hex_info{};
                switch (kMap[row][col]) {
                    case 'W':
                        cell.terrain = NAPFIRE_TERRAIN_BLOCKING;
                        break;
                    case 'T':
                        cell.terrain = NAPFIRE_TERRAIN_TOWN;
                        break;
                    case 'h':
                        cell.elevation = 1;
                        break;
                    default:
                        break;
                }
            }
    }

    static napfire_hex at(int32_t col, int32_t row) {
        napfire_hex h;
        check(napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, col, row, &h), "hex_from_offset");
        return h;
    }

    // Line of sight from firer to target hex through the firer's front hexsides.
    napfire_los_result los(napfire_hex firer, uint32_t front_mask, napfire_hex target) const {
        napfire_los_query q{};
        q.firer = firer;
        q.target = target;
        q.front_mask = front_mask;
        q.firer_side = 0;
        q.target_side = 1;
        napfire_los_result out;
        check(napfire_los_grid(&q, NAPFIRE_HEX_ODD_Q, kColumns, kRows, cells_.data(), &out), "los_grid");
        return out;
    }

  private:
    std::array<napfire_hex_info, kColumns * kRows> cells_{};
};

// --- units ----------------------------------------------------------------

struct Unit {
    std::string name;
    napfire_unit u;
    napfire_hex where;
    uint32_t front = 0; // front hexsides (H-FACE), for line of sight (H-LOS-4)
    bool fired = false; // this turn: becomes FIRED_LAST_TURN next turn

    Unit(std::string n, int32_t arm, napfire_hex at) : name(std::move(n)), u(), where(at) {
        check(napfire_unit_init(&u, sizeof u, arm), "unit_init");
    }
    // Face a hexside (2 * side) or a vertex (2 * vertex + 1) in a hex formation.
    void face(int32_t hex_formation, int32_t facing) {
        check(napfire_hex_facing(hex_formation, facing, &front, nullptr, nullptr), "hex_facing");
    }
    void set(int32_t param, int32_t value) {
        check(napfire_unit_set(&u, param, value), "unit_set");
    }
    int32_t get(int32_t param) const {
        int32_t value = 0;
        check(napfire_unit_get(&u, param, &value), "unit_get");
        return value;
    }
};

std::string hex_text(napfire_hex h) {
    int32_t col = 0, row = 0;
    check(napfire_hex_to_offset(h, NAPFIRE_HEX_ODD_Q, &col, &row), "hex_to_offset");
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02d%02d", col + 1, row + 1); // printed-map numbering
    return buf;
}

// --- one fire -------------------------------------------------------------

class Engine {
  public:
    explicit Engine(std::ostream &log) : log_(log), rules_(made_up_rules()) {
        check(napfire_dice_init(&dice_, sizeof dice_, 1805, 12), "dice_init");
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
        napfire_los_result los = map.los(firer.where, firer.front, target.where);
        if (!los.clear) {
            log_ << "no line of sight (" << napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, los.rule) << " at "
                 << hex_text(los.blocker) << ", " << napfire_los_rule_id(los.rule) << ")\n";
            return false;
        }
        napfire_shot shot;
        check(napfire_shot_init(&shot, sizeof shot, &firer.u, &target.u), "shot_init");
        check(napfire_shot_set(&shot, NAPFIRE_SHOT_DISTANCE, los.distance * kMmPerHex), "shot_set");
        int32_t band = 0;
        napfire_result res;
        int st = napfire_shot_resolve(&shot, &rules_, 7, 0, &res);
        if (st == NAPFIRE_EUNKNOWN) { // not with the made-up tables, but a real engine asks
            log_ << describe_missing(res) << "\n";
            return false;
        }
        check(napfire_shot_band(&shot, &rules_, &band), "shot_band");
        log_ << los.distance << " hexes";
        if (los.lifted)
            log_ << " (" << los.lifted << " blocker seen over, H-ELV)";
        if (band == NAPFIRE_BAND_NONE) {
            log_ << ", out of range\n";
            return false;
        }
        int32_t arm = firer.get(NAPFIRE_UNIT_ARM);
        if (arm == NAPFIRE_ARM_FOOT_ARTILLERY || arm == NAPFIRE_ARM_HORSE_ARTILLERY)
            check(napfire_shot_set(&shot, NAPFIRE_SHOT_AMMO,
                                   band == NAPFIRE_BAND_CANISTER ? NAPFIRE_AMMO_CANISTER : NAPFIRE_AMMO_ROUNDSHOT),
                  "shot_set");
        int32_t roll = 0;
        check(napfire_dice_2d6(&dice_, &roll), "dice_2d6");
        check(napfire_shot_resolve(&shot, &rules_, roll, 0, &res), "shot_resolve");
        if (!res.permitted) {
            log_ << ", not permitted (" << napfire_reason_name(res.reason) << ")\n";
            return false;
        }
        int32_t half_die = 0;
        if (res.half_pending) { // roll the half die only when it matters (F-CAS-3)
            check(napfire_dice_d6(&dice_, &half_die), "dice_d6");
            check(napfire_shot_resolve(&shot, &rules_, roll, half_die, &res), "shot_resolve");
        }
        firer.fired = true;
        firer.set(NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
        int32_t left = target.get(NAPFIRE_UNIT_FIGURES) - res.target_casualties;
        if (left < 0)
            left = 0;
        target.set(NAPFIRE_UNIT_FIGURES, left);
        log_ << ", " << napfire_enum_name(NAPFIRE_ENUM_BAND, res.band) << ", roll " << roll
             << (res.net_modifier >= 0 ? " +" : " ") << res.net_modifier << " = " << res.modified_roll << ", cell "
             << res.table_halves << " halves -> " << res.halves;
        if (half_die)
            log_ << ", half die " << half_die;
        log_ << ": " << res.target_casualties << " lost, " << left << " left\n";
        return true;
    }

    std::ostream &log_;
    napfire_rules rules_;
    napfire_dice dice_;
};

void run(std::ostream &log) {
    HexMap map;
    log << "libnapfire engine example (MADE-UP tables)\n";

    // Hexes are named as on a printed map: column and row from 01.
    Unit british("British 1/52nd", NAPFIRE_ARM_LINE_INFANTRY, HexMap::at(4, 3));
    british.set(NAPFIRE_UNIT_NATION, NAPFIRE_NATION_BRITAIN);
    british.set(NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_ELITE);
    british.set(NAPFIRE_UNIT_FIGURES, 30);
    british.face(NAPFIRE_HEX_LINE, 2 * 5 + 1); // line facing vertex 5: hexsides 5 and 0

    Unit french("French 2/45e", NAPFIRE_ARM_LINE_INFANTRY, HexMap::at(7, 3));
    french.set(NAPFIRE_UNIT_NATION, NAPFIRE_NATION_FRANCE);
    french.set(NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
    french.set(NAPFIRE_UNIT_FIGURES, 36);
    french.face(NAPFIRE_HEX_COLUMN, 2 * 3); // column facing hexside 3 (west)

    Unit battery("French 6pdr battery", NAPFIRE_ARM_FOOT_ARTILLERY, HexMap::at(0, 1));
    battery.set(NAPFIRE_UNIT_NATION, NAPFIRE_NATION_FRANCE);
    battery.set(NAPFIRE_UNIT_GUN, NAPFIRE_GUN_P6);
    battery.set(NAPFIRE_UNIT_FIGURES, 6);       // gun models
    battery.face(NAPFIRE_HEX_ARTILLERY, 2 * 5); // facing hexside 5 (south-east)

    log << british.name << " at " << hex_text(british.where) << ", " << french.name << " at " << hex_text(french.where)
        << ", " << battery.name << " on the hill at " << hex_text(battery.where) << "\n";

    // The built-in data holds only what the rule books give: the opening
    // shots need numbers it leaves unknown, and the library names them.
    log << "With the built-in data:\n";
    for (auto [firer, target, hexes] :
         {std::tuple<Unit *, Unit *, int32_t>{&british, &french, 3}, {&battery, &british, 4}}) {
        napfire_shot shot;
        check(napfire_shot_init(&shot, sizeof shot, &firer->u, &target->u), "shot_init");
        check(napfire_shot_set(&shot, NAPFIRE_SHOT_DISTANCE, hexes * kMmPerHex), "shot_set");
        napfire_result verdict;
        size_t count = 0;
        int st = napfire_shot_distribution(&shot, nullptr, nullptr, 0, &count, &verdict);
        log << "  " << firer->name << " -> " << target->name << ": "
            << (st == NAPFIRE_EUNKNOWN ? describe_missing(verdict) : napfire_status_name(st)) << "\n";
    }

    Engine engine(log);
    for (int turn = 1; turn <= 4; turn++) {
        log << "Turn " << turn << "\n";
        for (Unit *u : {&british, &french, &battery}) {
            u->set(NAPFIRE_UNIT_FIRED_LAST_TURN, u->fired ? 1 : 0); // F-MOD-6
            u->set(NAPFIRE_UNIT_FIRED_THIS_TURN, 0);
            u->fired = false;
        }
        engine.fire(british, {&battery, &french}, map); // the guns are on its flank
        engine.fire(french, {&british}, map);
        engine.fire(battery, {&british}, map); // over the woods, from the hill (H-ELV-1)
        if (turn == 2) {                       // both battalions shift south; the town now masks the guns
            british.where = HexMap::at(3, 4);
            french.where = HexMap::at(6, 4);
            british.face(NAPFIRE_HEX_LINE, 2 * 0 + 1); // wheels: vertex 0, hexsides 0 and 1
            log << "  " << british.name << " moves to " << hex_text(british.where) << ", " << french.name << " to "
                << hex_text(french.where) << "; the British wheel to face them\n";
        }
    }
    log << "End: " << british.name << " " << british.get(NAPFIRE_UNIT_FIGURES) << ", " << french.name << " "
        << french.get(NAPFIRE_UNIT_FIGURES) << ", " << battery.name << " " << battery.get(NAPFIRE_UNIT_FIGURES) << "\n";
}

} // namespace

int main(int argc, char **argv) {
    try {
        std::cerr << "engine: libnapfire " << napfire_version_string() << "\n";
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
    } catch (const std::exception &e) {
        std::cerr << "engine: " << e.what() << "\n";
        return 2;
    }
}
