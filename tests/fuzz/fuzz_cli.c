/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the option handling of the napfire command-line
 * tool (examples/cli/opts.c and the subcommands' tables and checks): the
 * input's first byte picks the subcommand (musketry, artillery, odds
 * musketry, odds artillery, los, rules), the rest is its argument list,
 * arguments separated by NUL bytes (at most MAX_ARGS of them). Also linked
 * into tests/fuzz/replay.c for the committed corpus
 * tests/fuzz/corpus/fuzz_cli/.
 *
 * The subcommands print; their stdout and stderr streams (not the file
 * descriptors, where the sanitizers report) go to /dev/null. Files: the
 * target works in a scratch directory of its own (removed at exit) and
 * skips inputs with a '/' in an argument, so that the tool can neither
 * read a device that never answers (/dev/stdin, /dev/tty) nor write an
 * output file (--svg FILE) anywhere else.
 *
 * Invariants checked (any violation aborts):
 *   - the status is one of the documented ones (0 resolved, 1 forbidden,
 *     2 bad input, 3 rules data unknown);
 *   - argv is only permuted, never written: the same strings come back;
 *   - a second run over the same arguments gives the same status (no
 *     state leaks from one parse into the next, getopt's included);
 *   - memory: ASan, UBSan and LeakSanitizer watch every path.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, chdir */

#include "fuzz_util.h"

#include <dirent.h>
#include <unistd.h>

#include "cli.h"

#define MAX_ARGS 48
#define MAX_INPUT 4096

static char scratch[96];

static void cleanup(void) {
    DIR *d = opendir(".");
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            (void)remove(e->d_name);
    closedir(d);
    if (chdir("/") == 0)
        (void)rmdir(scratch);
}

static void setup(void) {
    static int done;
    if (done)
        return;
    done = 1;
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%.40s/napfire-fuzz-cli.XXXXXX", tmp && *tmp && strlen(tmp) < 40 ? tmp : "/tmp");
    FZ_MUST(mkdtemp(scratch) != NULL && chdir(scratch) == 0, "a scratch directory");
    atexit(cleanup);
    FILE *null = fopen("/dev/null", "w");
    FZ_MUST(null != NULL, "/dev/null");
    stdout = null;
    stderr = null;
}

static int run(uint8_t which, int argc, char **argv) {
    switch (which % 6) {
    case 0: return napfire_cmd_fire(argc, argv, 0, 0);
    case 1: return napfire_cmd_fire(argc, argv, 1, 0);
    case 2: return napfire_cmd_fire(argc, argv, 0, 1);
    case 3: return napfire_cmd_fire(argc, argv, 1, 1);
    case 4: return napfire_cmd_los(argc, argv);
    default: return napfire_cmd_rules(argc, argv);
    }
}

/* Split the input into NUL-terminated arguments; returns argc. */
static int split(const uint8_t *d, size_t n, char *buf, char **argv) {
    static char name[] = "napfire-subcommand";
    int argc = 0;
    argv[argc++] = name;
    memcpy(buf, d, n);
    buf[n] = '\0';
    size_t start = 0;
    for (size_t i = 0; i <= n && argc < MAX_ARGS; i++)
        if (buf[i] == '\0') {
            argv[argc++] = buf + start;
            start = i + 1;
        }
    argv[argc] = NULL;
    return argc;
}

static int sorted_equal(char **a, char **b, int n) {
    /* The same set of pointers, in any order (getopt_long permutes). */
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int j = 0; j < n && !found; j++)
            found = a[i] == b[j];
        if (!found)
            return 0;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || size > MAX_INPUT || memchr(data, '/', size))
        return 0;
    setup();
    static char buf[MAX_INPUT + 1], copy[MAX_INPUT + 1];
    char *argv[MAX_ARGS + 1], *orig[MAX_ARGS + 1];
    int argc = split(data + 1, size - 1, buf, argv);
    memcpy(orig, argv, sizeof argv);
    memcpy(copy, buf, size);
    int st = run(data[0], argc, argv);
    FZ_MUST(st == CLI_RESOLVED || st == CLI_FORBIDDEN || st == CLI_BAD_INPUT || st == CLI_UNKNOWN,
            "a documented exit status");
    FZ_MUST(!memcmp(copy, buf, size), "the argument strings are not written");
    FZ_MUST(sorted_equal(orig, argv, argc), "argv is only permuted");
    /* Again over the permuted argv (getopt_long leaves it so; the same
     * arguments in another order must give the same answer). */
    int st2 = run(data[0], argc, argv);
    FZ_MUST(st == st2, "the same arguments, the same status");
    return 0;
}
