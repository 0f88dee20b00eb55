/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the scene reader of `napfire musketry/artillery
 * --scene` (examples/cli/scene.c, doc/scene-format.md): the input is a
 * scene file's bytes. Also linked into tests/fuzz/replay.c for the
 * committed corpus tests/fuzz/corpus/fuzz_scene/.
 *
 * Invariants checked (any violation aborts):
 *   - a refusal has a message (printable ASCII) and a line and a column,
 *     both from 1, the line no greater than the input's line count;
 *   - an accepted scene is one the library accepts: napfire_shot_measure()
 *     of an infantry shot over it answers NAPFIRE_OK (the reader's checks
 *     of F-GEO-1 and F-GEO-2 are the library's), with the four facts of
 *     F-GEO-13;
 *   - parsing is a function of the bytes: a second parse agrees.
 */
#define _POSIX_C_SOURCE 200809L /* strnlen */

#include <stdlib.h>

#include "fuzz_text.h"

#include "napfire_table.h"
#include "scene.h"

static void check_scene(const struct cli_scene *sc) {
    FZ_MUST(sc->measure == NAPFIRE_MEASURE_METRIC || sc->measure == NAPFIRE_MEASURE_IMPERIAL, "measure");
    FZ_MUST(sc->firer_line >= 1 && sc->target_line >= 1, "firer and target");
    FZ_MUST(2u + (sc->screen_line != 0 ? 1u : 0u) + sc->friend_count + sc->other_count <= CLI_SCENE_FOOTPRINTS_MAX,
            "the footprints' limit");
    napfire_unit firer, target;
    napfire_shot shot;
    FZ_MUST(napfire_unit_init(&firer, sizeof firer, NAPFIRE_ARM_LINE_INFANTRY) == NAPFIRE_OK, "unit");
    FZ_MUST(napfire_unit_init(&target, sizeof target, NAPFIRE_ARM_LINE_INFANTRY) == NAPFIRE_OK, "unit");
    FZ_MUST(napfire_shot_init(&shot, sizeof shot, &firer, &target) == NAPFIRE_OK, "shot");
    FZ_MUST(napfire_shot_set(&shot, NAPFIRE_SHOT_MEASURE, sc->measure) == NAPFIRE_OK, "measure");
    napfire_scene view = cli_scene_view(sc);
    napfire_measured facts[NAPFIRE_MEASURED_MAX];
    size_t count = 0;
    FZ_MUST(napfire_shot_measure(&shot, NULL, &view, facts, NAPFIRE_MEASURED_MAX, &count) == NAPFIRE_OK,
            "an accepted scene is one the library accepts");
    FZ_MUST(count == 4, "an infantry firer: four facts");
}

static int same_settings(const struct cli_scene_settings *a, const struct cli_scene_settings *b) {
    if (a->n != b->n || a->line != b->line)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (strcmp(a->s[i].text, b->s[i].text) || a->s[i].line != b->s[i].line || a->s[i].column != b->s[i].column)
            return 0;
    return 1;
}

/* Field by field: a setting's value points into its own copy. */
static int same_scene(const struct cli_scene *a, const struct cli_scene *b) {
    return a->measure == b->measure && !memcmp(&a->firer, &b->firer, sizeof a->firer) &&
           !memcmp(&a->target, &b->target, sizeof a->target) && !memcmp(&a->screen, &b->screen, sizeof a->screen) &&
           a->firer_line == b->firer_line && a->target_line == b->target_line && a->screen_line == b->screen_line &&
           a->friend_count == b->friend_count && a->other_count == b->other_count &&
           !memcmp(a->friends, b->friends, a->friend_count * sizeof a->friends[0]) &&
           !memcmp(a->others, b->others, a->other_count * sizeof a->others[0]) &&
           same_settings(&a->unit[0], &b->unit[0]) && same_settings(&a->unit[1], &b->unit[1]) &&
           same_settings(&a->shot, &b->shot);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct cli_scene *sc = malloc(sizeof *sc), *again = malloc(sizeof *again);
    FZ_MUST(sc && again, "memory");
    struct cli_map_error err, err2;
    int rc = cli_scene_parse((const char *)data, size, sc, &err);
    int rc2 = cli_scene_parse((const char *)data, size, again, &err2);
    FZ_MUST(rc == rc2, "the same bytes, the same answer");
    if (rc != 0) {
        fz_check_text_refusal(&err, data, size, 1);
        FZ_MUST(err.line == err2.line && err.column == err2.column && !strcmp(err.message, err2.message),
                "the same refusal");
    } else {
        check_scene(sc);
        FZ_MUST(same_scene(sc, again), "the same scene");
    }
    free(sc);
    free(again);
    return 0;
}
