/* SPDX-License-Identifier: MIT */
/*
 * A campaign manager's question: what does an attack cost? A French
 * attack on a British line, played for many battles with the indexed
 * batch (each battle's shots named by index into the distinct shots of
 * the whole battle), its losses set beside the exact expectation and
 * variance the library computes from each shot's distribution. The two
 * hold each other honest: the simulated mean must lie within five
 * standard errors of the exact one, or the program fails (exit 1).
 *
 *   campaign RULES_FILE [BATTLES [SEED]]
 *
 * The rules file must be complete (every value the shots read known),
 * such as tests/data/synthetic.txt, whose numbers are MADE UP. Strengths
 * stay as they were at the start: the losses of one turn do not thin the
 * next turn's firers, so every shot of a battle is known before the dice
 * are rolled. examples/campaign/campaign.py is the same program in
 * Python and prints the same bytes for the same arguments.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"

#define TURNS 6
#define FIRES 5
#define KINDS (TURNS * FIRES)
#define UNITS 6
#define Z_BOUND 5.0

enum {
    FRENCH,
    BRITISH,
    SIDES
};
static const char *const side_name[SIDES] = {"French", "British"};

/* The units: arm, nation, class, formation, figures (guns: models). */
static const struct {
    const char *name;
    int32_t arm, nation, cls, formation, figures, side;
} units[UNITS] = {
    {"1st French column", NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE,
     NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, 36, FRENCH},
    {"2nd French column", NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_CONSCRIPT,
     NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, 32, FRENCH},
    {"52nd Foot", NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30,
     BRITISH},
    {"KGL battalion", NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_KGL, NAPFIRE_CLASS_VETERAN, NAPFIRE_FORMATION_LINE, 24,
     BRITISH},
    {"voltigeurs", NAPFIRE_ARM_LIGHT_INFANTRY, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_VETERAN,
     NAPFIRE_FORMATION_OPEN_ORDER, 12, FRENCH},
    {"9-pounder battery", NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_LINE,
     NAPFIRE_FORMATION_UNLIMBERED, 4, BRITISH},
};

/* Each turn's fire: who fires at whom, from how far (mm) at turn 1, and
 * how much closer each turn. The battery fires canister from 250 mm. */
static const struct {
    int32_t firer, target, start_mm, step_mm;
} fires[FIRES] = {
    {2, 0, 190, 30}, {3, 1, 190, 30}, {5, 0, 460, 60}, {0, 2, 190, 30}, {4, 3, 190, 30},
};
#define CANISTER_MM 250

static int32_t distance_of(int kind) {
    return fires[kind % FIRES].start_mm - (kind / FIRES) * fires[kind % FIRES].step_mm;
}

static int side_of(int kind) {
    return (int)units[fires[kind % FIRES].target].side;
}

static int load_rules(const char *path, napfire_rules *rules) {
    static char text[NAPFIRE_RULES_TEXT_MAX + 1];
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "campaign: cannot open %s\n", path);
        return 0;
    }
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    napfire_parse_error err;
    memset(&err, 0, sizeof err);
    if (napfire_rules_init(rules, sizeof *rules) != NAPFIRE_OK ||
        napfire_rules_parse(rules, text, len, &err) != NAPFIRE_OK) {
        fprintf(stderr, "campaign: %s:%d: %s\n", path, (int)err.line, err.message);
        return 0;
    }
    return 1;
}

static int make_unit(int u, napfire_unit *out) {
    int ok = napfire_unit_init(out, sizeof *out, units[u].arm) == NAPFIRE_OK;
    ok = ok && napfire_unit_set(out, NAPFIRE_UNIT_NATION, units[u].nation) == NAPFIRE_OK;
    ok = ok && napfire_unit_set(out, NAPFIRE_UNIT_CLASS, units[u].cls) == NAPFIRE_OK;
    if (units[u].arm == NAPFIRE_ARM_FOOT_ARTILLERY)
        ok = ok && napfire_unit_set(out, NAPFIRE_UNIT_GUN, NAPFIRE_GUN_P9) == NAPFIRE_OK;
    ok = ok && napfire_unit_set(out, NAPFIRE_UNIT_FORMATION, units[u].formation) == NAPFIRE_OK;
    return ok && napfire_unit_set(out, NAPFIRE_UNIT_FIGURES, units[u].figures) == NAPFIRE_OK;
}

static int make_shots(napfire_shot shots[KINDS]) {
    napfire_unit u[UNITS];
    for (int i = 0; i < UNITS; i++)
        if (!make_unit(i, &u[i]))
            return 0;
    for (int k = 0; k < KINDS; k++) {
        int f = k % FIRES;
        int32_t mm = distance_of(k);
        if (napfire_shot_init(&shots[k], sizeof shots[k], &u[fires[f].firer], &u[fires[f].target]) != NAPFIRE_OK ||
            napfire_shot_set(&shots[k], NAPFIRE_SHOT_DISTANCE, mm) != NAPFIRE_OK)
            return 0;
        if (units[fires[f].firer].arm == NAPFIRE_ARM_FOOT_ARTILLERY && mm <= CANISTER_MM &&
            napfire_shot_set(&shots[k], NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER) != NAPFIRE_OK)
            return 0;
    }
    return 1;
}

/* The exact odds of one kind of shot: its expected casualties times 216
 * and expected square times 216, from its distribution (F-CAS, F-SCR,
 * F-ART), checked against napfire_shot_expected. */
struct exact {
    int64_t mean216[KINDS], square216[KINDS];
};

static int exact_odds(const napfire_shot shots[KINDS], const napfire_rules *rules, struct exact *x) {
    for (int k = 0; k < KINDS; k++) {
        napfire_outcome out[64];
        size_t count = 0;
        int32_t num = 0, den = 1;
        if (napfire_shot_distribution(&shots[k], rules, out, 64, &count, NULL) != NAPFIRE_OK ||
            napfire_shot_expected(&shots[k], rules, &num, &den, NULL) != NAPFIRE_OK) {
            fprintf(stderr, "campaign: turn %d, fire %d: the rules file does not answer\n", k / FIRES + 1,
                    k % FIRES + 1);
            return 0;
        }
        x->mean216[k] = x->square216[k] = 0;
        for (size_t i = 0; i < count; i++) {
            int64_t c = out[i].target_casualties + out[i].screen_casualties;
            x->mean216[k] += out[i].weight * c;
            x->square216[k] += out[i].weight * c * c;
        }
        if (x->mean216[k] * den != (int64_t)num * NAPFIRE_OUTCOME_DENOMINATOR) {
            fprintf(stderr, "campaign: the distribution and the expectation disagree\n");
            return 0;
        }
    }
    return 1;
}

/* A battle's trials: the shots at the French first, then the others. */
static void battle_order(int order[KINDS]) {
    int j = 0;
    for (int side = 0; side < SIDES; side++)
        for (int k = 0; k < KINDS; k++)
            if (side_of(k) == side)
                order[j++] = k;
}

/* The battles: trial j of battle b is b * KINDS + j, of kind order[j].
 * Losses per side and battle, and every kind's total over all battles. */
struct sim {
    int32_t *losses[SIDES];
    int64_t kind_total[KINDS];
};

static int simulate(const napfire_shot shots[KINDS], const napfire_rules *rules, size_t battles, uint64_t seed,
                    struct sim *s) {
    size_t n = battles * KINDS;
    uint32_t *index = malloc(n * sizeof *index);
    int32_t *status = malloc(n * sizeof *status), *cas = malloc(n * sizeof *cas);
    napfire_dice dice;
    int order[KINDS];
    battle_order(order);
    int ok = index && status && cas && napfire_dice_init(&dice, sizeof dice, seed, 0) == NAPFIRE_OK;
    for (size_t i = 0; ok && i < n; i++)
        index[i] = (uint32_t)order[i % KINDS];
    ok = ok && napfire_resolve_indexed_dice(shots, KINDS, rules, index, n, &dice, status, cas, NULL) == NAPFIRE_OK;
    memset(s->kind_total, 0, sizeof s->kind_total);
    for (size_t b = 0; ok && b < battles; b++) {
        s->losses[FRENCH][b] = s->losses[BRITISH][b] = 0;
        for (int j = 0; j < KINDS; j++) {
            size_t i = b * KINDS + (size_t)j;
            ok = ok && status[i] == NAPFIRE_OK;
            s->losses[side_of(order[j])][b] += cas[i];
            s->kind_total[order[j]] += cas[i];
        }
    }
    free(index);
    free(status);
    free(cas);
    return ok;
}

static int cmp_i32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* One side's line: exact mean and standard deviation, the simulated mean
 * and quantiles, and how many standard errors apart the two means are. */
static double side_line(int side, const struct exact *x, struct sim *s, size_t battles) {
    double mean = 0, square = 0, sum = 0;
    for (int k = 0; k < KINDS; k++)
        if (side_of(k) == side) {
            mean += (double)x->mean216[k] / NAPFIRE_OUTCOME_DENOMINATOR;
            square += (double)x->square216[k] / NAPFIRE_OUTCOME_DENOMINATOR;
            square -= ((double)x->mean216[k] / NAPFIRE_OUTCOME_DENOMINATOR) *
                      ((double)x->mean216[k] / NAPFIRE_OUTCOME_DENOMINATOR);
        }
    for (size_t b = 0; b < battles; b++)
        sum += s->losses[side][b];
    qsort(s->losses[side], battles, sizeof s->losses[side][0], cmp_i32);
    double simulated = sum / (double)battles, z = (simulated - mean) / sqrt(square / (double)battles);
    printf("%-15s %10.3f %7.3f %15.3f %5d %4d %4d %+7.2f\n", side_name[side], mean, sqrt(square), simulated,
           (int)s->losses[side][(battles - 1) * 5 / 100], (int)s->losses[side][(battles - 1) * 50 / 100],
           (int)s->losses[side][(battles - 1) * 95 / 100], z);
    return z;
}

static int report(const struct exact *x, struct sim *s, size_t battles, uint64_t seed) {
    /* PRIu64 and unsigned long: what every C runtime prints, MinGW's too. */
    printf("A French attack on a British line: %d turns, %lu battles (seed %" PRIu64 ")\n\n", TURNS,
           (unsigned long)battles, seed);
    printf("turn  distance  exact mean: French British   simulated: French British\n");
    for (int t = 0; t < TURNS; t++) {
        double e[SIDES] = {0, 0}, m[SIDES] = {0, 0};
        for (int f = 0; f < FIRES; f++) {
            int k = t * FIRES + f;
            e[side_of(k)] += (double)x->mean216[k] / NAPFIRE_OUTCOME_DENOMINATOR;
            m[side_of(k)] += (double)s->kind_total[k] / (double)battles;
        }
        printf("%4d  %5d mm  %19.3f %7.3f  %17.3f %7.3f\n", t + 1, (int)distance_of(t * FIRES), e[FRENCH], e[BRITISH],
               m[FRENCH], m[BRITISH]);
    }
    printf("\nlosses a battle  exact mean      sd  simulated mean    5%%  50%%  95%%  z (SE)\n");
    int within = 1;
    for (int side = 0; side < SIDES; side++)
        within &= fabs(side_line(side, x, s, battles)) <= Z_BOUND;
    printf("\nsimulated means within %.0f standard errors of the exact ones: %s\n", Z_BOUND, within ? "yes" : "NO");
    return within;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: campaign RULES_FILE [BATTLES [SEED]]\n");
        return 2;
    }
    size_t battles = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) : 20000;
    uint64_t seed = argc > 3 ? (uint64_t)strtoull(argv[3], NULL, 10) : 1812;
    if (battles < 2 || battles > NAPFIRE_MAX_BATCH / KINDS) {
        fprintf(stderr, "campaign: BATTLES must be 2..%u\n", (unsigned)(NAPFIRE_MAX_BATCH / KINDS));
        return 2;
    }
    static napfire_rules rules;
    static napfire_shot shots[KINDS];
    static struct exact x;
    struct sim s = {{malloc(battles * sizeof(int32_t)), malloc(battles * sizeof(int32_t))}, {0}};
    int ok = s.losses[FRENCH] && s.losses[BRITISH] && load_rules(argv[1], &rules) && make_shots(shots) &&
             exact_odds(shots, &rules, &x);
    if (ok && !simulate(shots, &rules, battles, seed, &s)) {
        fprintf(stderr, "campaign: the simulation failed\n");
        ok = 0;
    }
    int within = ok && report(&x, &s, battles, seed);
    free(s.losses[FRENCH]);
    free(s.losses[BRITISH]);
    return !ok ? 2 : within ? 0 : 1;
}
