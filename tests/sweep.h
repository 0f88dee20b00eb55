/* SPDX-License-Identifier: MIT */
/*
 * The size of the random sweeps of the Check suites, shared by every
 * subject folder. NAPFIRE_TEST_SWEEP=small (the valgrind setup of
 * meson.build, and CI's sanitizer builds) runs a tenth of each sweep, at
 * least one round: there every round costs ten to fifty times more, and a
 * memory error shows in the first rounds as well as in the last; the plain
 * builds run the whole sweep. Unset or "full": the whole sweep. Any other
 * value stops the program (exit 2), so a typo cannot shrink a sweep
 * unnoticed. A count a sweep must reach scales by half as much again
 * (sweep_least): a tenth of the rounds is a small sample, and the count
 * varies with the order Check runs the tests in (CK_FORK=no keeps one
 * random stream across them).
 */
#ifndef NAPFIRE_TESTS_SWEEP_H
#define NAPFIRE_TESTS_SWEEP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline int sweep_rounds(int full) {
    const char *size = getenv("NAPFIRE_TEST_SWEEP");
    if (size == NULL || *size == '\0' || strcmp(size, "full") == 0)
        return full;
    if (strcmp(size, "small") == 0)
        return full / 10 > 0 ? full / 10 : 1;
    fprintf(stderr, "NAPFIRE_TEST_SWEEP must be 'full' or 'small', not '%s'\n", size);
    exit(2);
}

/* The least count a sweep of `full` rounds' worth must reach. */
static inline int sweep_least(int full) {
    int rounds = sweep_rounds(full);
    return rounds == full ? full : rounds / 2;
}

#endif /* NAPFIRE_TESTS_SWEEP_H */
