/* SPDX-License-Identifier: MIT */
/* napfire los/odds --svg FILE: the pictures of svg.c written to a file. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "svg.h"

static int file_write(void *ctx, const char *data, size_t len) {
    return fwrite(data, 1, len, (FILE *)ctx) == len ? 0 : -1;
}

/* Open, draw, close; a failure anywhere (open, write, flush) is reported
 * with the file's name. A partial picture is removed only when this call
 * created the file: never a file or device that was there before (the
 * path may be /dev/full, or the user's own file). */
static int draw(const char *cmd, const char *path, int (*fn)(struct svg_out *, const void *), const void *arg) {
    FILE *probe = fopen(path, "r");
    int existed = probe != NULL;
    if (probe)
        fclose(probe);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "napfire %s: cannot write SVG '%s': %s\n", cmd, path, strerror(errno));
        return CLI_WRITE_ERROR;
    }
    struct svg_out o = {file_write, f, 0};
    int rc = fn(&o, arg);
    int werr = o.failed || ferror(f) ? errno : 0;
    if (fclose(f) != 0 && !werr)
        werr = errno ? errno : EIO;
    if (rc != 0 || o.failed || werr) {
        if (o.failed || werr)
            fprintf(stderr, "napfire %s: cannot write SVG '%s': %s\n", cmd, path, strerror(werr ? werr : EIO));
        else
            fprintf(stderr, "napfire %s: cannot draw the SVG picture\n", cmd);
        if (!existed)
            remove(path);
        return o.failed || werr ? CLI_WRITE_ERROR : CLI_BAD_INPUT;
    }
    return 0;
}

struct los_args {
    const struct svg_map *m;
    const napfire_los_query *q;
    const napfire_los_result *res;
};

static int los_fn(struct svg_out *o, const void *arg) {
    const struct los_args *a = arg;
    return svg_los(o, a->m, a->q, a->res);
}

int svg_los_file(const char *path, const struct svg_map *m, const napfire_los_query *q, const napfire_los_result *res) {
    struct los_args a = {m, q, res};
    return draw("los", path, los_fn, &a);
}

struct odds_args {
    const char *title, *rules_name, *verdict;
    const napfire_outcome *out;
    size_t n;
    int32_t unknown, permitted;
};

static int odds_fn(struct svg_out *o, const void *arg) {
    const struct odds_args *a = arg;
    return svg_odds(o, a->title, a->rules_name, a->out, a->n, a->unknown, a->permitted, a->verdict);
}

int svg_odds_file(const char *path, const char *cmd, const napfire_shot *s, const napfire_rules *rules) {
    napfire_outcome out[64];
    size_t n = 0;
    int32_t unknown = 0;
    napfire_result miss;
    int st = svg_odds_compute(s, rules, out, 64, &n, &unknown, &miss);
    if (st != NAPFIRE_OK) {
        fprintf(stderr, "napfire %s: cannot compute the odds for the SVG picture: %s\n", cmd, napfire_strerror(st));
        return CLI_BAD_INPUT;
    }
    char name[64] = "", title[96], verdict[256];
    size_t len = 0;
    napfire_rules_get_provenance(rules, NAPFIRE_PROVENANCE_NAME, name, sizeof name, &len);
    snprintf(title, sizeof title, "napfire %s: outcomes over 2D6 x half die", cmd);
    /* Whether the rules permit the shot does not depend on the dice
     * (only the table does): any roll tells. */
    napfire_result r;
    int rst = napfire_shot_resolve(s, rules, 7, 1, &r);
    int32_t permitted = !(rst == NAPFIRE_OK && !r.permitted);
    if (!permitted) {
        snprintf(verdict, sizeof verdict, "NOT PERMITTED: %s", napfire_reason_name(r.reason));
    } else if (unknown) {
        char what[200];
        svg_missing_text(&miss, what, sizeof what);
        snprintf(verdict, sizeof verdict, "permitted; unknown rules data: %s", what);
    } else {
        snprintf(verdict, sizeof verdict, "permitted, %s range", napfire_enum_name(NAPFIRE_ENUM_BAND, r.band));
    }
    struct odds_args a = {title, name, verdict, out, n, unknown, permitted};
    return draw(cmd, path, odds_fn, &a);
}
