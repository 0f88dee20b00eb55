// SPDX-License-Identifier: MIT
//
// napfire.hpp against the C library: each wrapper family gives exactly
// what the C calls give (F-EX-1, modifiers, distribution, dice, line of
// sight, field of view), and misuse reaches the caller as a value that
// names what was wrong: hostile footprints (F-GEO-1, F-GEO-2) refused with
// the shot unchanged, values cast into enum classes out of range. Built
// with and without exceptions; no test needs them. Usage: test-cpp SYNTHETIC_RULES_FILE
#include <napfire.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace nf = napfire;

namespace {

int failures = 0;

#define EXPECT(cond) \
  do { \
    if (!(cond)) { \
      std::printf("%s:%d: expected %s\n", __FILE__, __LINE__, #cond); \
      failures++; \
    } \
  } while (0)

// The firer and target of the worked example F-EX-1.
nf::Unit fex1_firer() {
    nf::Unit u = *nf::Unit::make(nf::Arm::LINE_INFANTRY);
    EXPECT(u.set_nation(nf::Nation::BRITAIN));
    EXPECT(u.set_troop_class(nf::TroopClass::ELITE));
    EXPECT(u.set_figures(30));
    EXPECT(u.set_moved(nf::Moved::HALF));
    return u;
}

nf::Shot fex1_shot() {
    nf::Unit target = *nf::Unit::make(nf::Arm::LINE_INFANTRY);
    EXPECT(target.set_formation(nf::Formation::COLUMN_OF_DIVISIONS));
    return *nf::Shot::make(fex1_firer(), target, 150);
}

std::string read_file(const char *path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

void test_fex1() { // F-EX-1: roll 8, half die 6, 3 casualties, as the C call says
    nf::Shot s = fex1_shot();
    nf::Expected<nf::Result> r = s.resolve(8, 6);
    EXPECT(r.has_value());
    EXPECT(r->permitted() && r->reason() == nf::Reason::NONE);
    EXPECT(r->casualties() == 3 && r->modified_roll() == 11 && r->net_modifier() == 3);
    EXPECT(r->band() == nf::Band::LONG);
    napfire_result c{};
    EXPECT(napfire_shot_resolve(&s.c(), nullptr, 8, 6, &c) == NAPFIRE_OK);
    EXPECT(std::memcmp(&c, &r->c(), sizeof c) == 0);
    nf::Expected<nf::Band> band = s.band();
    EXPECT(band && *band == nf::Band::LONG);
    EXPECT(std::strcmp(nf::name(nf::Formation::COLUMN_OF_DIVISIONS), "COLUMN_OF_DIVISIONS") == 0);
    EXPECT(std::strcmp(nf::name(nf::LosRule::TOWN), "TOWN") == 0);
    EXPECT(std::strcmp(nf::name(nf::Status::E_DOMAIN), "EDOMAIN") == 0);
    // Half die 0: the half waits (F-CAS-3).
    nf::Expected<nf::Result> pending = s.resolve(8);
    EXPECT(pending && pending->half_pending() && pending->casualties() == 2);
}

void test_modifiers() { // F-MOD-2, F-MOD-5, F-MOD-8 for F-EX-1: the same items as C
    nf::Shot s = fex1_shot();
    std::vector<nf::Modifier> items;
    nf::Expected<int32_t> net = s.modifiers_into(items);
    EXPECT(net && *net == 3);
    std::array<napfire_modifier, 32> c{};
    size_t count = 0;
    int32_t c_net = 0;
    EXPECT(napfire_shot_modifiers(&s.c(), nullptr, c.data(), c.size(), &count, &c_net) == NAPFIRE_OK);
    EXPECT(items.size() == count && c_net == *net);
    for (size_t i = 0; i < count && i < items.size(); i++)
        EXPECT(std::memcmp(&items[i], &c[i], sizeof c[i]) == 0);
    EXPECT(!items.empty() && nf::id_of(items[0]) == nf::ModifierId::ELITE);
    // A span too short: E_NOSPC with the count needed, nothing else.
    std::array<nf::Modifier, 1> one{};
    nf::Expected<nf::Modifiers> short_span = s.modifiers(one);
    EXPECT(!short_span && short_span.status() == nf::Status::E_NOSPC && short_span.error().needed == count);
    std::array<nf::Modifier, 16> room{};
    nf::Expected<nf::Modifiers> fits = s.modifiers(room);
    EXPECT(fits && fits->count == count && fits->net == 3);
}

void test_distribution(const nf::Rules &synthetic) { // F-CAS: weights sum to 216, as C
    nf::Shot s = fex1_shot();
    std::array<nf::Outcome, 64> room{};
    nf::Expected<nf::Span<nf::Outcome>> d = s.distribution(room, &synthetic);
    EXPECT(d.has_value());
    std::array<napfire_outcome, 64> c{};
    size_t count = 0;
    EXPECT(napfire_shot_distribution(&s.c(), &synthetic.c(), c.data(), c.size(), &count, nullptr) == NAPFIRE_OK);
    int32_t total = 0;
    EXPECT(d && d->size() == count);
    if (d)
        for (size_t i = 0; i < d->size(); i++) {
            EXPECT(std::memcmp(&(*d)[i], &c[i], sizeof c[i]) == 0);
            total += (*d)[i].weight;
        }
    EXPECT(total == NAPFIRE_OUTCOME_DENOMINATOR);
    std::vector<nf::Outcome> all;
    nf::Expected<nf::Span<nf::Outcome>> in_vector = s.distribution_into(all, &synthetic);
    EXPECT(in_vector && all.size() == count && in_vector->data() == all.data());
    EXPECT(count > 0 && all.size() == count && std::memcmp(all.data(), c.data(), count * sizeof c[0]) == 0);
    std::vector<nf::Outcome> none;
    EXPECT(s.distribution_into(none).status() == nf::Status::E_UNKNOWN && none.empty());
    nf::Expected<nf::Fraction> mean = s.expected(&synthetic);
    int32_t num = 0, den = 0;
    EXPECT(napfire_shot_expected(&s.c(), &synthetic.c(), &num, &den, nullptr) == NAPFIRE_OK);
    EXPECT(mean && mean->numerator == num && mean->denominator == den);
    // The built-in data lacks the cells (F-DATA): the datum is named.
    nf::Expected<nf::Span<nf::Outcome>> unknown = s.distribution(room);
    EXPECT(!unknown && unknown.status() == nf::Status::E_UNKNOWN);
    EXPECT(unknown.error().missing.kind == nf::Missing::MUSKETRY_CELL);
    std::array<char, 256> patch{};
    nf::Expected<size_t> len = nf::describe(unknown.error().missing, nf::DescribeStyle::PATCH, patch);
    EXPECT(len && std::string(patch.data()) == "musketry.row4 = . . ? . . . . . .");
    std::array<char, 4> tiny{};
    nf::Expected<size_t> small = nf::describe(unknown.error().missing, nf::DescribeStyle::PATCH, tiny);
    EXPECT(!small && small.status() == nf::Status::E_NOSPC && len && small.error().needed == *len + 1);
}

void test_dice() { // PCG32: the documented first outputs, and the same faces as C
    nf::Dice d = *nf::Dice::make(42, 54);
    nf::Expected<uint32_t> first = d.next();
    EXPECT(first && *first == 0xa15c02b7u);
    nf::Dice cpp = *nf::Dice::make(1805, 12);
    napfire_dice c;
    EXPECT(napfire_dice_init(&c, sizeof c, 1805, 12) == NAPFIRE_OK);
    for (int i = 0; i < 50; i++) {
        int32_t roll = 0, face = 0;
        EXPECT(napfire_dice_2d6(&c, &roll) == NAPFIRE_OK && napfire_dice_d6(&c, &face) == NAPFIRE_OK);
        EXPECT(cpp.roll_2d6().value_or(0) == roll && cpp.d6().value_or(0) == face);
    }
}

// A 7 x 5 map: woods at (3, 2), a town at (3, 0), a hill at column 0.
struct Map {
    static constexpr int32_t cols = 7, rows = 5;
    std::vector<nf::HexInfo> cells = std::vector<nf::HexInfo>(cols * rows, nf::hex_info(0));
    Map() {
        cells[2 * cols + 3] = nf::hex_info(0, nf::Terrain::BLOCKING);
        cells[0 * cols + 3] = nf::hex_info(0, nf::Terrain::TOWN);
        for (int32_t r = 0; r < rows; r++)
            cells[static_cast<size_t>(r * cols)].elevation = 1;
    }
    nf::Hex at(int32_t c, int32_t r) const {
        return *nf::hex_from_offset(nf::HexLayout::ODD_Q, c, r);
    }
};

void test_los() { // H-LOS-5: the woods block, as napfire_los_grid says; the callback agrees
    Map map;
    nf::Grid grid(nf::HexLayout::ODD_Q, Map::cols, Map::rows, map.cells);
    nf::LosQuery q(map.at(1, 2), map.at(6, 2), 0x3f);
    nf::Expected<nf::LosResult> r = grid.los(q);
    EXPECT(r && !r->clear() && r->rule() == nf::LosRule::TERRAIN);
    napfire_los_result c{};
    EXPECT(napfire_los_grid(&q.c(), NAPFIRE_HEX_ODD_Q, Map::cols, Map::rows, map.cells.data(), &c) == NAPFIRE_OK);
    EXPECT(r && std::memcmp(&c, &r->c(), sizeof c) == 0);
    EXPECT(std::strcmp(nf::rule_id(nf::LosRule::TERRAIN), napfire_los_rule_id(NAPFIRE_LOS_RULE_TERRAIN)) == 0);
    auto info = [&map](nf::Hex h, nf::HexInfo &out) {
        nf::Expected<nf::Offset> o = nf::hex_to_offset(h, nf::HexLayout::ODD_Q);
        if (!o || o->col < 0 || o->row < 0 || o->col >= Map::cols || o->row >= Map::rows)
            return false;
        out = map.cells[static_cast<size_t>(o->row * Map::cols + o->col)];
        return true;
    };
    nf::Expected<nf::LosResult> via_callback = nf::los(q, info);
    EXPECT(via_callback && std::memcmp(&c, &via_callback->c(), sizeof c) == 0);
    std::array<nf::TraceStep, 32> steps{};
    nf::Expected<nf::Span<nf::TraceStep>> t = nf::trace(map.at(1, 2), map.at(6, 2), steps);
    EXPECT(t && t->size() >= 6 && nf::kind_of((*t)[0]) == nf::StepKind::HEX);
    // The iterator gives the same steps, one at a time.
    nf::Trace it = *nf::Trace::make(map.at(1, 2), map.at(6, 2));
    nf::TraceStep step{};
    size_t n = 0;
    for (nf::Expected<bool> more = it.next(step); more && *more; more = it.next(step), n++)
        EXPECT(t && n < t->size() && std::memcmp(&step, &(*t)[n], sizeof step) == 0);
    EXPECT(t && n == t->size());
    // A map that is not columns x rows: refused before C, naming the cells.
    nf::Grid wrong(nf::HexLayout::ODD_Q, Map::cols, Map::rows + 1, map.cells);
    nf::Expected<nf::LosResult> refused = wrong.los(q);
    EXPECT(!refused && std::string(refused.error().parameter) == "cells" && refused.error().lowest == 42);
}

void test_fov() { // H-LOS, H-ELV: every hex's verdict equals the single line of sight
    Map map;
    nf::Grid grid(nf::HexLayout::ODD_Q, Map::cols, Map::rows, map.cells);
    std::vector<uint64_t> plan_storage, work;
    nf::Expected<nf::FovPlan> plan = nf::FovPlan::make_in(plan_storage, 6);
    EXPECT(plan.has_value());
    if (!plan)
        return;
    work.resize(plan->work_words());
    std::vector<uint8_t> rule(map.cells.size());
    nf::Hex firer = map.at(0, 2);
    EXPECT(grid.fov(*plan, work, nf::LosQuery(firer, firer, 0x3f), rule));
    int compared = 0;
    for (int32_t r = 0; r < Map::rows; r++)
        for (int32_t c = 0; c < Map::cols; c++) {
            uint8_t got = rule[static_cast<size_t>(r * Map::cols + c)];
            if (got == nf::fov_not_asked)
                continue;
            nf::Expected<nf::LosResult> one = grid.los(nf::LosQuery(firer, map.at(c, r), 0x3f));
            EXPECT(one && nf::to_c(one->rule()) == got);
            compared++;
        }
    EXPECT(compared == Map::cols * Map::rows - 1);
    // A workspace too short: the words needed.
    std::vector<uint64_t> short_work(1);
    nf::Expected<void> refused = grid.fov(*plan, short_work, nf::LosQuery(firer, firer, 0x3f), rule);
    EXPECT(!refused && refused.status() == nf::Status::E_NOSPC && refused.error().needed == plan->work_words());
    std::vector<uint64_t> none;
    nf::Expected<nf::FovPlan> bad = nf::FovPlan::make_in(none, NAPFIRE_FOV_RADIUS_MAX + 1);
    EXPECT(!bad && bad.status() == nf::Status::E_DOMAIN && bad.error().value == NAPFIRE_FOV_RADIUS_MAX + 1 &&
           bad.error().highest == NAPFIRE_FOV_RADIUS_MAX);
}

void test_measure() { // F-EX-1 from footprints (F-GEO-3, F-GEO-4, F-GEO-13): as the C call measures
    // The British line facing +y, the French column 150 mm away facing -y.
    nf::Footprint line = nf::footprint({-100, 0}, {100, 0}, {100, -20}, {-100, -20});
    nf::Footprint column = nf::footprint({40, 150}, {-40, 150}, {-40, 210}, {40, 210});
    nf::Unit target = *nf::Unit::make(nf::Arm::LINE_INFANTRY);
    EXPECT(target.set_formation(nf::Formation::COLUMN_OF_DIVISIONS));
    nf::Shot s = *nf::Shot::make(fex1_firer(), target);
    nf::Shot c = s;
    std::array<nf::Measured, NAPFIRE_MEASURED_MAX> facts{};
    nf::Scene scene(line, column);
    nf::Expected<nf::Span<nf::Measured>> m = s.measure(scene, facts);
    EXPECT(m && m->size() == 4);
    std::array<napfire_measured, NAPFIRE_MEASURED_MAX> cf{};
    size_t count = 0;
    napfire_shot cs = c.c();
    EXPECT(napfire_shot_measure(&cs, nullptr, &scene.c(), cf.data(), cf.size(), &count) == NAPFIRE_OK);
    EXPECT(m && count == m->size() && std::memcmp(m->data(), cf.data(), count * sizeof cf[0]) == 0);
    EXPECT(m && nf::param_of((*m)[0]) == nf::ShotParam::DISTANCE && (*m)[0].value == 150);
    EXPECT(m && nf::decider_of((*m)[0]) != nf::Decider::NONE && nf::rule_of((*m)[0]) == nf::TableRule::RANGE);
    EXPECT(s.get(nf::ShotParam::DISTANCE).value_or(0) == 150);
    nf::Expected<nf::Result> r = s.resolve(8, 6);
    EXPECT(r && r->casualties() == 3);
    EXPECT(std::strcmp(nf::name(nf::Decider::FIRER), "FIRER") == 0);
    EXPECT(std::strcmp(nf::rule_id(nf::TableRule::RANGE), napfire_table_rule_id(NAPFIRE_TABLE_RULE_RANGE)) == 0);
    // Without a list: the number of facts; with too little room: the count needed, the shot unchanged.
    nf::Shot bare = c;
    nf::Expected<size_t> n = bare.measure(scene);
    EXPECT(n && *n == 4);
    std::array<nf::Measured, 2> two{};
    nf::Expected<nf::Span<nf::Measured>> short_list = c.measure(scene, two);
    EXPECT(!short_list && short_list.status() == nf::Status::E_NOSPC && short_list.error().needed == 4);
    EXPECT(c.get(nf::ShotParam::DISTANCE).value_or(0) == -1);
    // A footprint listed counter-clockwise is refused, not reversed (F-GEO-2).
    nf::Footprint backwards = nf::footprint({-100, -20}, {100, -20}, {100, 0}, {-100, 0});
    nf::Expected<size_t> refused = c.measure(nf::Scene(backwards, column));
    EXPECT(!refused && refused.status() == nf::Status::E_DOMAIN);
}

// A shot measured on a hostile scene: refused as E_DOMAIN, naming the C call
// and the library's text, the shot byte for byte as before.
bool refused_unchanged(nf::Shot &s, const nf::Scene &scene, const char *what) {
    const napfire_shot before = s.c();
    std::array<nf::Measured, NAPFIRE_MEASURED_MAX> facts{};
    nf::Expected<nf::Span<nf::Measured>> r = s.measure(scene, facts);
    nf::Expected<std::size_t> bare = s.measure(scene);
    bool ok = !r && r.status() == nf::Status::E_DOMAIN && !bare && bare.status() == nf::Status::E_DOMAIN &&
              std::string(r.error().function) == "napfire_shot_measure" &&
              std::string(r.error().message()) == napfire_strerror(NAPFIRE_EDOMAIN) &&
              std::memcmp(&before, &s.c(), sizeof before) == 0 && s.get(nf::ShotParam::DISTANCE).value_or(0) == -1;
    if (!ok)
        std::printf("hostile footprint not refused as a value: %s\n", what);
    return ok;
}

void test_measure_hostile() { // F-GEO-1, F-GEO-2: each bad footprint class refused, the shot unchanged
    const nf::Footprint line = nf::footprint({-100, 0}, {100, 0}, {100, -20}, {-100, -20});
    const nf::Footprint column = nf::footprint({40, 150}, {-40, 150}, {-40, 210}, {40, 210});
    nf::Unit target = *nf::Unit::make(nf::Arm::LINE_INFANTRY);
    EXPECT(target.set_formation(nf::Formation::COLUMN_OF_DIVISIONS));
    const nf::Shot fresh = *nf::Shot::make(fex1_firer(), target);
    const int32_t max = NAPFIRE_TABLE_COORD_MAX;
    // F-EX-1's scene in the table's corner, at the bound 2^18 on both axes.
    const nf::Footprint edge_line =
        nf::footprint({max - 200, -max + 20}, {max, -max + 20}, {max, -max}, {max - 200, -max});
    const nf::Footprint edge_column =
        nf::footprint({max - 60, -max + 170}, {max - 140, -max + 170}, {max - 140, -max + 230}, {max - 60, -max + 230});
    auto moved = [](nf::Footprint f, int32_t dx, int32_t dy) {
        for (nf::Point &p : f.corner) {
            p.x += dx;
            p.y += dy;
        }
        return f;
    };
    nf::Footprint reserved = line;
    reserved.reserved[1] = 1;
    struct Case {
        const char *what;
        nf::Footprint firer, target;
    } cases[] = {
        {"concave (rear-left inside the other three)", nf::footprint({-100, 0}, {100, 0}, {100, -20}, {50, -5}),
         column},
        {"self-crossing (a bow tie)", nf::footprint({-100, 0}, {100, 0}, {-100, -20}, {100, -20}), column},
        {"counter-clockwise", nf::footprint({-100, -20}, {100, -20}, {100, 0}, {-100, 0}), column},
        {"zero area (corners on one line)", nf::footprint({-100, 0}, {0, 0}, {100, 0}, {200, 0}), column},
        {"zero area (one point)", nf::footprint({5, 5}, {5, 5}, {5, 5}, {5, 5}), column},
        {"a corner twice", nf::footprint({-100, 0}, {100, 0}, {100, -20}, {-100, 0}), column},
        {"x past 2^18 (the corner scene, 1 mm right)", moved(edge_line, 1, 0), moved(edge_column, 1, 0)},
        {"y past -2^18 (the corner scene, 1 mm down)", moved(edge_line, 0, -1), moved(edge_column, 0, -1)},
        {"reserved word set", reserved, column},
        {"the firer its own target", line, line},
        {"firer and target overlapping", line, nf::footprint({40, -10}, {-40, -10}, {-40, 50}, {40, 50})},
    };
    for (const Case &c : cases) {
        nf::Shot s = fresh;
        EXPECT(refused_unchanged(s, nf::Scene(c.firer, c.target), c.what));
    }
    // The same classes as a friend or an other: refused in that place too.
    for (const Case &c : cases) {
        if (std::memcmp(&c.target, &column, sizeof column) != 0)
            continue; // the bad footprint is the firer's
        nf::Shot s = fresh;
        const nf::Footprint bad[] = {c.firer};
        EXPECT(refused_unchanged(s, nf::Scene(line, column).friends(bad), c.what));
        EXPECT(refused_unchanged(s, nf::Scene(line, column).others(bad), c.what));
    }
    // At the bound exactly: accepted, F-EX-1's distance.
    nf::Shot at_bound = fresh;
    EXPECT(at_bound.measure(nf::Scene(edge_line, edge_column)).value_or(0) == 4);
    EXPECT(at_bound.get(nf::ShotParam::DISTANCE).value_or(0) == 150);
    // A unit in a wood: a friend overlapping the firer, an other (the wood)
    // over the target; overlaps the rules allow, accepted.
    const nf::Footprint friends[] = {nf::footprint({-150, 10}, {-50, 10}, {-50, -10}, {-150, -10})};
    const nf::Footprint wood[] = {nf::footprint({-60, 220}, {60, 220}, {60, 140}, {-60, 140})};
    nf::Shot in_wood = fresh;
    EXPECT(in_wood.measure(nf::Scene(line, column).friends(friends).others(wood)).value_or(0) == 4);
    EXPECT(in_wood.get(nf::ShotParam::DISTANCE).value_or(0) == 150);
}

void test_enum_out_of_range() { // a value cast into an enum class, a refused setter value: values, nothing changed
    nf::Unit u = fex1_firer();
    const napfire_unit before = u.c();
    nf::Expected<void> formation = u.set_formation(static_cast<nf::Formation>(99));
    EXPECT(!formation && formation.status() == nf::Status::E_DOMAIN &&
           std::string(formation.error().parameter) == "UNIT_FORMATION" && formation.error().value == 99);
    nf::Expected<void> nation = u.set_nation(static_cast<nf::Nation>(-1));
    EXPECT(!nation && nation.status() == nf::Status::E_DOMAIN && nation.error().value == -1);
    nf::Expected<int32_t> param = u.get(static_cast<nf::UnitParam>(12345));
    EXPECT(!param && param.status() == nf::Status::E_DOMAIN);
    EXPECT(std::memcmp(&before, &u.c(), sizeof before) == 0);
    nf::Shot s = fex1_shot();
    const napfire_shot shot_before = s.c();
    nf::Expected<void> measure = s.set_measure(static_cast<nf::Measure>(7));
    EXPECT(!measure && measure.status() == nf::Status::E_DOMAIN &&
           std::string(measure.error().parameter) == "SHOT_MEASURE");
    nf::Expected<void> ammo = s.set_ammo(static_cast<nf::Ammo>(-5));
    EXPECT(!ammo && ammo.status() == nf::Status::E_DOMAIN);
    nf::Expected<void> distance = s.set_distance(-2);
    EXPECT(!distance && distance.status() == nf::Status::E_DOMAIN && distance.error().value == -2);
    nf::Expected<void> shot_param = s.set(static_cast<nf::ShotParam>(-1), 0);
    EXPECT(!shot_param && shot_param.status() == nf::Status::E_DOMAIN);
    EXPECT(std::memcmp(&shot_before, &s.c(), sizeof shot_before) == 0);
    EXPECT(std::strcmp(nf::name(static_cast<nf::Formation>(99)), "unknown") == 0);
    EXPECT(std::strcmp(nf::rule_id(static_cast<nf::TableRule>(99)), "unknown") == 0);
    EXPECT(std::strcmp(nf::name(static_cast<nf::Status>(-99)), "unknown") == 0);
    std::vector<uint64_t> none;
    EXPECT(nf::FovPlan::make_in(none, -1).status() == nf::Status::E_DOMAIN);
    EXPECT(!nf::hex_from_offset(static_cast<nf::HexLayout>(9), 0, 0));
}

void test_misuse() { // a refused value and an unknown datum, as values naming what was wrong
    nf::Unit u = fex1_firer();
    nf::Expected<void> refused = u.set_figures(NAPFIRE_MAX_FIGURES + 1);
    EXPECT(!refused && refused.status() == nf::Status::E_DOMAIN);
    const nf::Error &e = refused.error();
    EXPECT(std::string(e.function) == "napfire_unit_set" && std::string(e.parameter) == "UNIT_FIGURES");
    EXPECT(e.has_value && e.value == NAPFIRE_MAX_FIGURES + 1);
    EXPECT(e.has_range && e.lowest == 0 && e.highest == NAPFIRE_MAX_FIGURES);
    EXPECT(std::string(e.message()) == napfire_strerror(NAPFIRE_EDOMAIN));
    EXPECT(e.to_string().find("UNIT_FIGURES = 10000, allowed 0..9999") != std::string::npos);
    EXPECT(u.figures() == 30); // unchanged
    // A gun on infantry: in bounds, refused by the unit's arm.
    nf::Expected<void> gun = u.set_gun(nf::Gun::P6);
    EXPECT(!gun && std::string(gun.error().parameter) == "UNIT_GUN");
    nf::Expected<nf::Unit> bad_arm = nf::Unit::make(static_cast<nf::Arm>(99));
    EXPECT(!bad_arm && bad_arm.status() == nf::Status::E_DOMAIN && std::string(bad_arm.error().parameter) == "arm");
    // A run of setters: every one ran, the first error is the one reported.
    nf::Expected<void> run = nf::all({u.set_figures(29), u.set_figures(-1), u.set_moved(nf::Moved::NONE)});
    EXPECT(!run && run.error().value == -1 && u.figures() == 29);
    EXPECT(nf::all({u.set_figures(30), u.set_moved(nf::Moved::HALF)}).has_value());
    nf::Expected<nf::Shot> far = nf::Shot::make(u, u, NAPFIRE_MAX_DISTANCE + 1);
    EXPECT(!far && std::string(far.error().parameter) == "SHOT_DISTANCE" &&
           far.error().highest == NAPFIRE_MAX_DISTANCE);
    nf::Expected<nf::Result> roll = fex1_shot().resolve(13, 0);
    EXPECT(!roll && roll.status() == nf::Status::E_DOMAIN && std::string(roll.error().parameter) == "roll_2d6");
    EXPECT(roll.error().value == 13 && roll.error().lowest == 2 && roll.error().highest == 12);
    nf::Expected<nf::Result> die = fex1_shot().resolve(8, 7);
    EXPECT(!die && std::string(die.error().parameter) == "half_die" && die.error().highest == 6);
    // Unknown rules data: the shot's missing cell, in the rulebook's words.
    nf::Shot s = fex1_shot();
    nf::Expected<nf::Result> unknown = s.resolve(2, 0); // modified roll 5: row 4, 5-6 unknown
    EXPECT(!unknown && unknown.status() == nf::Status::E_UNKNOWN);
    EXPECT(unknown.error().missing.kind == nf::Missing::MUSKETRY_CELL);
    std::string text = unknown.error().to_string();
    EXPECT(text.find("musketry table, row 4") != std::string::npos);
    EXPECT(text.find("supply it as: musketry.row4 = . . ? . . . . . .") != std::string::npos);
    nf::Expected<nf::Rules> syntax = nf::Rules::parse("napfire-rules 1\nnot a line\n");
    EXPECT(!syntax && syntax.status() == nf::Status::E_SYNTAX && syntax.error().parse.line >= 1);
    EXPECT(syntax.error().to_string().find("line ") != std::string::npos);
#if NAPFIRE_HPP_EXCEPTIONS
    bool thrown = false;
    try {
        (void)bad_arm.value();
    } catch (const nf::Exception &x) {
        thrown =
            x.error().status == nf::Status::E_DOMAIN && std::string(x.what()).find("arm = 99") != std::string::npos;
    }
    EXPECT(thrown);
#endif
}

} // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: test-cpp SYNTHETIC_RULES_FILE\n");
        return 2;
    }
    nf::Expected<nf::Rules> synthetic = nf::Rules::parse(read_file(argv[1]));
    if (!synthetic) {
        std::fprintf(stderr, "%s: %s\n", argv[1], synthetic.error().to_string().c_str());
        return 1;
    }
    test_fex1();
    test_modifiers();
    test_distribution(*synthetic);
    test_dice();
    test_los();
    test_fov();
    test_measure();
    test_misuse();
    test_measure_hostile();
    test_enum_out_of_range();
    std::printf("napfire.hpp: %s, C++ %ld, exceptions %s\n", failures ? "FAILED" : "all checks passed",
                static_cast<long>(__cplusplus), NAPFIRE_HPP_EXCEPTIONS ? "on" : "off");
    return failures ? 1 : 0;
}
