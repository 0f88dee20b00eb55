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
 * descriptors, where the sanitizers report) go to /dev/null, stdout
 * through a memory stream to check it. Files: inputs with a '/' are
 * skipped, so a command can only name files of the current directory,
 * never a device that would not answer (/dev/stdin, /dev/tty);
 * run-fuzzers.sh runs the fuzzers from a scratch directory, and meson
 * test the replay from one too (replay.c, NAPFIRE_REPLAY_SCRATCH). (The
 * target does not chdir itself: libFuzzer writes new inputs to corpus
 * paths that may be relative.)
 *
 * Invariants checked (any violation aborts):
 *   - the status is one of the documented ones (0 resolved, 1 forbidden,
 *     2 bad input, 3 rules data unknown, 4 output not written: --svg FILE
 *     in the current directory can fail);
 *   - argv is only permuted, never written: the same strings come back;
 *   - a second run over the same arguments gives the same status (no
 *     state leaks from one parse into the next, getopt's included);
 *   - an output that is JSON (it starts with '{': no text output does) is
 *     valid UTF-8 and one valid JSON value and a newline (checked by the
 *     small validators below), and a refusal (status 2) prints nothing on
 *     stdout;
 *   - memory: ASan, UBSan and LeakSanitizer watch every path.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include "fuzz_util.h"

#include "cli.h"

#define MAX_ARGS 48
#define MAX_INPUT 4096

/* A strict JSON (RFC 8259) checker: returns the end of the value at p, or
 * NULL. Depth-bounded; every loop consumes input. */
#define JSON_DEPTH 32

static const char *ws(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p;
}

static const char *json_string(const char *p, const char *end) {
    for (p++; p < end; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"')
            return p + 1;
        if (c < 0x20)
            return NULL;
        if (c == '\\') {
            if (++p >= end)
                return NULL;
            if (*p == 'u') {
                for (int i = 0; i < 4; i++)
                    if (++p >= end || !strchr("0123456789abcdefABCDEF", *p) || !*p)
                        return NULL;
            } else if (!strchr("\"\\/bfnrt", *p) || !*p) {
                return NULL;
            }
        }
    }
    return NULL;
}

static const char *json_number(const char *p, const char *end) {
    const char *start;
    if (p < end && *p == '-')
        p++;
    if (p < end && *p == '0')
        p++;
    else if (p < end && *p >= '1' && *p <= '9')
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    else
        return NULL;
    if (p < end && *p == '.') {
        for (start = ++p; p < end && *p >= '0' && *p <= '9';)
            p++;
        if (p == start)
            return NULL;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        if (++p < end && (*p == '+' || *p == '-'))
            p++;
        for (start = p; p < end && *p >= '0' && *p <= '9';)
            p++;
        if (p == start)
            return NULL;
    }
    return p;
}

static const char *json_value(const char *p, const char *end, int depth);

/* An object ('{' ... '}') or an array ('[' ... ']'). */
static const char *json_container(const char *p, const char *end, int depth) {
    char close = *p == '{' ? '}' : ']';
    int object = *p == '{';
    p = ws(p + 1, end);
    if (p < end && *p == close)
        return p + 1;
    for (;;) {
        if (object) {
            if (p >= end || *p != '"' || !(p = json_string(p, end)))
                return NULL;
            p = ws(p, end);
            if (p >= end || *p != ':')
                return NULL;
            p = ws(p + 1, end);
        }
        if (!(p = json_value(p, end, depth + 1)))
            return NULL;
        p = ws(p, end);
        if (p < end && *p == close)
            return p + 1;
        if (p >= end || *p != ',')
            return NULL;
        p = ws(p + 1, end);
    }
}

static const char *json_value(const char *p, const char *end, int depth) {
    if (depth > JSON_DEPTH || p >= end)
        return NULL;
    switch (*p) {
        case '{':
        case '[':
            return json_container(p, end, depth);
        case '"':
            return json_string(p, end);
        case 't':
            return (size_t)(end - p) >= 4 && !memcmp(p, "true", 4) ? p + 4 : NULL;
        case 'f':
            return (size_t)(end - p) >= 5 && !memcmp(p, "false", 5) ? p + 5 : NULL;
        case 'n':
            return (size_t)(end - p) >= 4 && !memcmp(p, "null", 4) ? p + 4 : NULL;
        default:
            return json_number(p, end);
    }
}

/* Well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no
 * surrogates, nothing past U+10FFFF), written apart from the CLI's own
 * replacement routine so that the two check each other. */
static int utf8_valid(const unsigned char *p, size_t len) {
    for (size_t i = 0; i < len;) {
        unsigned char c = p[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t n = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : 0;
        if (n == 0 || n >= len - i)
            return 0;
        unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80, hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
        for (size_t k = 1; k <= n; k++, lo = 0x80, hi = 0xBF)
            if (p[i + k] < lo || p[i + k] > hi)
                return 0;
        i += n + 1;
    }
    return 1;
}

static void check_output(const char *out, size_t len, int status) {
    if (status == CLI_BAD_INPUT)
        FZ_MUST(len == 0, "a refusal prints nothing on stdout");
    if (len == 0 || out[0] != '{')
        return;
    FZ_MUST(utf8_valid((const unsigned char *)out, len), "JSON output is valid UTF-8");
    const char *end = out + len;
    const char *p = json_value(out, end, 0);
    FZ_MUST(p != NULL, "JSON output is valid JSON");
    FZ_MUST(p + 1 == end && *p == '\n', "one JSON value and a newline");
}

static int run(uint8_t which, int argc, char **argv);

/* One run with stdout captured and stderr silenced; both streams are
 * given back afterwards (the replay driver and libFuzzer print on them). */
static int run_captured(uint8_t which, int argc, char **argv) {
    char *out = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&out, &len);
    FZ_MUST(mem != NULL, "open_memstream");
    FILE *saved_out = stdout, *saved_err = stderr;
    stdout = mem;
    stderr = fz_null_stream();
    int st = run(which, argc, argv);
    stdout = saved_out;
    stderr = saved_err;
    FZ_MUST(fclose(mem) == 0, "captured output");
    check_output(out, len, st);
    free(out);
    return st;
}

static int run(uint8_t which, int argc, char **argv) {
    switch (which % 6) {
        case 0:
            return napfire_cmd_musketry(argc, argv);
        case 1:
            return napfire_cmd_artillery(argc, argv);
        case 2:
            return napfire_cmd_odds_musketry(argc, argv);
        case 3:
            return napfire_cmd_odds_artillery(argc, argv);
        case 4:
            return napfire_cmd_los(argc, argv);
        default:
            return napfire_cmd_rules(argc, argv);
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
    static char buf[MAX_INPUT + 1], copy[MAX_INPUT + 1];
    char *argv[MAX_ARGS + 1], *orig[MAX_ARGS + 1];
    int argc = split(data + 1, size - 1, buf, argv);
    memcpy(orig, argv, sizeof argv);
    memcpy(copy, buf, size);
    int st = run_captured(data[0], argc, argv);
    FZ_MUST(st == CLI_RESOLVED || st == CLI_FORBIDDEN || st == CLI_BAD_INPUT || st == CLI_UNKNOWN ||
                st == CLI_WRITE_ERROR,
            "a documented exit status");
    FZ_MUST(!memcmp(copy, buf, size), "the argument strings are not written");
    FZ_MUST(sorted_equal(orig, argv, argc), "argv is only permuted");
    /* Again over the permuted argv (getopt_long leaves it so; the same
     * arguments in another order must give the same answer). */
    int st2 = run_captured(data[0], argc, argv);
    FZ_MUST(st == st2, "the same arguments, the same status");
    return 0;
}
