/* SPDX-License-Identifier: MIT */
/*
 * Replay driver for every libFuzzer target of the project: linked with one
 * target's LLVMFuzzerTestOneInput, it feeds it every file of the given
 * directories (and the given files), so the committed corpora run under
 * `meson test` with any compiler, sanitizers or not. Directory entries are
 * replayed in name order, so a failure reproduces the same way everywhere.
 *
 * With NAPFIRE_REPLAY_SCRATCH set in the environment, the inputs run from
 * a scratch directory, removed afterwards (see enter_scratch()).
 *
 * Exit status 0 when every input passed (a violated invariant aborts),
 * 1 on a usage or I/O error or when no input was found at all (an empty or
 * misplaced corpus must not pass silently).
 */
#define _XOPEN_SOURCE 700 /* realpath, mkdtemp */

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libFuzzer's own default -max_len is far below this; larger files are
 * not corpus inputs. */
#define MAX_INPUT (2u * 1024u * 1024u)
/* Bounds the per-directory name list; corpora hold a few dozen files. */
#define MAX_ENTRIES 100000

static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return -1;
    }
    uint8_t *buf = malloc(MAX_INPUT + 1u);
    if (!buf) {
        fclose(f);
        return -1;
    }
    size_t n = fread(buf, 1, MAX_INPUT + 1u, f);
    int bad = ferror(f);
    fclose(f);
    if (bad || n > MAX_INPUT) {
        free(buf);
        fprintf(stderr, "replay: cannot read %s%s\n", path, bad ? "" : " (too large)");
        return -1;
    }
    /* An exact-size copy, so that a read past the input is caught by ASan. */
    uint8_t *copy = malloc(n ? n : 1);
    if (!copy) {
        free(buf);
        return -1;
    }
    memcpy(copy, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(copy, n);
    free(copy);
    return 1;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int run_dir(const char *path) {
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "replay: cannot open directory %s\n", path);
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : 64;
            char **grown = ncap <= MAX_ENTRIES ? realloc(names, ncap * sizeof *names) : NULL;
            if (!grown) {
                fprintf(stderr, "replay: too many entries in %s\n", path);
                rc = -1;
                break;
            }
            names = grown;
            cap = ncap;
        }
        size_t len = strlen(path) + 1 + strlen(e->d_name) + 1;
        names[n] = malloc(len);
        if (!names[n]) {
            rc = -1;
            break;
        }
        snprintf(names[n], len, "%s/%s", path, e->d_name);
        n++;
    }
    closedir(d);
    if (rc == 0)
        qsort(names, n, sizeof *names, by_name);
    int count = 0;
    for (size_t i = 0; i < n; i++) {
        if (rc == 0) {
            struct stat st;
            /* Subdirectories (none expected) are skipped, not descended. */
            if (stat(names[i], &st) == 0 && S_ISDIR(st.st_mode)) {
                free(names[i]);
                continue;
            }
            int r = run_file(names[i]);
            if (r < 0)
                rc = -1;
            else
                count += r;
        }
        free(names[i]);
    }
    free(names);
    return rc < 0 ? -1 : count;
}

static int run_path(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: no such file or directory: %s\n", path);
        return -1;
    }
    return S_ISDIR(st.st_mode) ? run_dir(path) : run_file(path);
}

/* NAPFIRE_REPLAY_SCRATCH set: run from a new directory under $TMPDIR
 * (or /tmp), removed afterwards with whatever the inputs made the target
 * write there (the CLI's commands write the files their options name), so
 * that the build directory is never written. Returns 0 or -1. */
static char scratch[4096];

static int enter_scratch(void) {
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/napfire-replay.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(scratch) || chdir(scratch) != 0) {
        fprintf(stderr, "replay: cannot make a scratch directory in %s\n", tmp && *tmp ? tmp : "/tmp");
        return -1;
    }
    return 0;
}

/* The files left in the scratch directory (no subdirectories: the
 * targets write files only), then the directory. */
static void leave_scratch(void) {
    DIR *d = opendir(scratch);
    struct dirent *e;
    char path[4096 + 256];
    while (d && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", scratch, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
    if (chdir("/") != 0 || rmdir(scratch) != 0)
        fprintf(stderr, "replay: cannot remove %s\n", scratch);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR|FILE...\n", argv[0]);
        return 1;
    }
    const char *want = getenv("NAPFIRE_REPLAY_SCRATCH");
    int use_scratch = want && *want;
    for (int i = 1; use_scratch && i < argc; i++) {
        char *full = realpath(argv[i], NULL); /* kept to the end */
        if (!full) {
            fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
            return 1;
        }
        argv[i] = full;
    }
    if (use_scratch && enter_scratch() != 0)
        return 1;
    int total = 0;
    for (int i = 1; i < argc && total >= 0; i++) {
        int r = run_path(argv[i]);
        if (r >= 0)
            printf("replay: %s: %d inputs\n", argv[i], r);
        total = r < 0 ? -1 : total + r;
    }
    if (use_scratch)
        leave_scratch();
    if (total < 0)
        return 1;
    printf("replay: %d inputs passed\n", total);
    if (total == 0)
        fprintf(stderr, "replay: no input found\n");
    return total > 0 ? 0 : 1;
}
