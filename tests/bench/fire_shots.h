/* SPDX-License-Identifier: MIT */
/*
 * The figure-scale shots the benchmark (bench_fire.c) and the instruction
 * gate (tests/perf) resolve: varied musketry shots (formations, classes,
 * nations, strengths, cover, ranges, a screen on one in five) over a
 * complete musketry table. Header-only (static functions).
 *
 * The rules data is MADE UP (complete tables are needed so that every
 * shot resolves); it is not from any rulebook.
 */
#ifndef NAPFIRE_FIRE_SHOTS_H
#define NAPFIRE_FIRE_SHOTS_H

#include <stdint.h>

#include "napfire.h"

static inline int32_t made_up_cell(int32_t row, int32_t col) {
    return row * 2 + col * 2 + (col % 2);
}

/* The built-in rules with every musketry cell made up. */
static inline void made_up_rules(napfire_rules *rules) {
    napfire_rules_init(rules, sizeof *rules);
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++)
            napfire_rules_set_musketry(rules, row, col, made_up_cell(row, col), 0);
}

static const int32_t formations[4] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
                                      NAPFIRE_FORMATION_SQUARE, NAPFIRE_FORMATION_OPEN_ORDER};

/* Everything a shot of the mix varies, as plain integers. */
struct spec {
    int32_t cls, nation, formation, figures, tformation, cover, distance, screen;
};

/* Shot i of the mix. */
static inline struct spec spec_of(int i) {
    struct spec s;
    s.cls = i % 7;
    s.nation = i % 9;
    s.formation = formations[i % 4];
    s.figures = 10 + i % 45;
    s.tformation = formations[(i / 4) % 4];
    s.cover = i % 3;
    s.distance = 20 + (i * 7) % 180;
    s.screen = i % 5 == 0;
    return s;
}

static inline void make_shot(napfire_shot *shot, const struct spec *s) {
    napfire_unit f, t;
    napfire_unit_init(&f, sizeof f, NAPFIRE_ARM_LINE_INFANTRY);
    napfire_unit_set(&f, NAPFIRE_UNIT_CLASS, s->cls);
    napfire_unit_set(&f, NAPFIRE_UNIT_NATION, s->nation);
    napfire_unit_set(&f, NAPFIRE_UNIT_FORMATION, s->formation);
    napfire_unit_set(&f, NAPFIRE_UNIT_FIGURES, s->figures);
    napfire_unit_init(&t, sizeof t, NAPFIRE_ARM_LINE_INFANTRY);
    napfire_unit_set(&t, NAPFIRE_UNIT_FORMATION, s->tformation);
    napfire_unit_set(&t, NAPFIRE_UNIT_COVER, s->cover);
    napfire_shot_init(shot, sizeof *shot, &f, &t);
    napfire_shot_set(shot, NAPFIRE_SHOT_DISTANCE, s->distance);
    if (s->screen) {
        napfire_shot_set(shot, NAPFIRE_SHOT_SCREEN, 1);
        napfire_shot_set(shot, NAPFIRE_SHOT_SCREEN_DISTANCE, 40);
    }
}

/* The roll and half die shot i of the mix is resolved with. */
static inline int32_t mix_roll(int i) {
    return 2 + (i * 5) % 11;
}
static inline int32_t mix_die(int i) {
    return 1 + (i * 3) % 6;
}

#endif /* NAPFIRE_FIRE_SHOTS_H */
