/* SPDX-License-Identifier: MIT */
/*
 * What every C benchmark measures with: thread CPU time, and the median
 * of a round's figures (the machine is shared, so a figure is a median
 * over rounds and a comparison a median of per-round ratios).
 */
#ifndef NAPFIRE_BENCH_H
#define NAPFIRE_BENCH_H

#include <stdlib.h>
#include <time.h>

static inline double thread_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static inline int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v. */
static inline double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

#endif /* NAPFIRE_BENCH_H */
