/* SPDX-License-Identifier: MIT */
/* What the pictures and the answers show: see picture.h. */
#include "picture.h"

#include <string.h>

#include "out.h"

const char *pic_elevation_id(int32_t elevation) {
    static const char *const ids[] = {"", "H-ELV-3", "H-ELV-3", "H-ELV-1/2", "H-ELV-2"};
    return elevation >= 0 && elevation < (int32_t)(sizeof ids / sizeof ids[0]) ? ids[elevation] : "";
}

const char *pic_reason_words(int32_t reason) {
    static const char *const words[] = {
        "permitted",
        "cavalry and skirmish-order fire is not covered by the tables (F-TAB-6)",
        "the firer has no figures or guns",
        "the firer already fired this turn (F-ART-2)",
        "limbered artillery cannot fire (F-ART-3)",
        "moved more than half its move (F-ART-3)",
        "foot artillery unlimbered this turn (F-ART-3)",
        "out of range (F-RNG)",
        "a skirmisher screen takes the fire (F-SCR-2)",
        "canister beyond canister range (F-ART-1)",
        "canister with a friend in the arc (F-ART-4)",
        "friends near the target or battery at long range (F-ART-5)",
        "roundshot would pass into friends (F-ART-6)",
        "overhead fire not from higher ground (F-ART-7)",
        "overhead friends too close (F-ART-7)",
        "overhead fire with canister (F-ART-7)",
    };
    return reason >= 0 && reason < (int32_t)(sizeof words / sizeof words[0]) ? words[reason]
                                                                             : "a reason not known here";
}

const char *pic_hidden_words(int32_t rule) {
    static const char *const words[] = {
        "seen",
        "behind the front hexsides",
        "by a town",
        "by woods or walls",
        "by a unit",
        "by a slope",
        "along a hexside beside a blocker (grazing)",
    };
    return rule >= 0 && rule < (int32_t)(sizeof words / sizeof words[0]) ? words[rule] : "by a rule not known here";
}

static void offset_of(int32_t layout, napfire_hex h, int32_t *col, int32_t *row) {
    *col = *row = 0;
    (void)napfire_hex_to_offset(h, layout, col, row);
}

void pic_los_verdict(const napfire_los_result *res, int32_t layout, char *buf, size_t cap) {
    struct out o;
    struct out_buffer b;
    out_to_buffer(&o, &b, buf, cap);
    const char *rule = napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res->rule);
    if (res->clear) {
        out_s(&o, "CLEAR line of sight");
        if (res->lifted)
            out_fmt(&o, " (%d blocker%s seen over by elevation, H-ELV-1/2)", res->lifted, res->lifted > 1 ? "s" : "");
        return;
    }
    if (res->rule == NAPFIRE_LOS_RULE_FRONT_HEXSIDE) {
        out_fmt(&o, "BLOCKED: %s [%s]: the line leaves through no front hexside", rule, napfire_los_rule_id(res->rule));
        return;
    }
    int32_t c1, r1, c2, r2;
    offset_of(layout, res->blocker, &c1, &r1);
    offset_of(layout, res->blocker_other, &c2, &r2);
    out_fmt(&o, "BLOCKED: %s [%s] at %d,%d", rule, napfire_los_rule_id(res->rule), c1, r1);
    if (res->blocker_kind == NAPFIRE_STEP_HEXSIDE)
        out_fmt(&o, " (hexside with %d,%d; the blocker: %s [%s])", c2, r2,
                napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res->cause), napfire_los_rule_id(res->cause));
}

/* What elevation did to a blocked line: did not lift the blocker, or
 * lifted the ones before it; "" for neither. */
static void elevation_note(const napfire_los_result *res, char *buf, size_t cap) {
    struct out o;
    struct out_buffer b;
    out_to_buffer(&o, &b, buf, cap);
    if (res->clear)
        return;
    if (res->elevation > NAPFIRE_LOS_ELV_NONE && res->elevation <= NAPFIRE_LOS_ELV_FRIEND_ADJACENT)
        out_fmt(&o, "elevation does not lift it: %s [%s]",
                napfire_hex_enum_name(NAPFIRE_HEX_ENUM_ELEVATION, res->elevation), pic_elevation_id(res->elevation));
    else if (res->lifted)
        out_fmt(&o, "(%d blocker%s before it seen over by elevation, H-ELV-1/2)", res->lifted,
                res->lifted > 1 ? "s" : "");
}

void pic_los(struct svg_los_pic *p, const struct svg_map *m, const napfire_los_query *q, const napfire_los_result *res,
             const napfire_trace_step *steps, size_t nsteps) {
    memset(p, 0, sizeof *p);
    p->map = *m;
    p->shot = 1;
    p->firer = q->firer;
    p->target = q->target;
    p->front_mask = q->front_mask;
    p->exit_mask = res->exit_mask;
    p->steps = steps;
    p->nsteps = nsteps;
    p->clear = res->clear;
    p->no_front = res->rule == NAPFIRE_LOS_RULE_FRONT_HEXSIDE;
    p->blocker_kind = res->blocker_kind;
    p->blocker = res->blocker;
    p->blocker_other = res->blocker_other;
    p->rule = napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res->rule);
    int32_t fc, fr, tc, tr;
    offset_of(m->layout, q->firer, &fc, &fr);
    offset_of(m->layout, q->target, &tc, &tr);
    struct out o;
    struct out_buffer b;
    out_fmt(out_to_buffer(&o, &b, p->lines[SVG_LOS_HEADING], sizeof p->lines[0]),
            "Line of sight from F %d,%d to T %d,%d, distance %d", fc, fr, tc, tr, res->distance);
    pic_los_verdict(res, m->layout, p->lines[SVG_LOS_VERDICT], sizeof p->lines[0]);
    elevation_note(res, p->lines[SVG_LOS_NOTE], sizeof p->lines[0]);
}

void pic_map(struct svg_los_pic *p, const struct svg_map *m) {
    memset(p, 0, sizeof *p);
    p->map = *m;
    struct out o;
    struct out_buffer b;
    out_fmt(out_to_buffer(&o, &b, p->lines[SVG_LOS_HEADING], sizeof p->lines[0]), "Map of %d x %d hexes (%s)",
            m->columns, m->rows, napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LAYOUT, m->layout));
}

int pic_odds(struct svg_odds_pic *p, const char *title, const napfire_shot *s, const napfire_rules *rules,
             napfire_result *missing, int32_t *reason) {
    memset(p, 0, sizeof *p);
    int st = napfire_shot_distribution_known(s, rules, p->out, sizeof p->out / sizeof p->out[0], &p->n, &p->unknown,
                                             missing);
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN)
        return st;
    struct out o;
    struct out_buffer b;
    out_s(out_to_buffer(&o, &b, p->title, sizeof p->title), title);
    size_t len = 0;
    napfire_rules_get_provenance(rules, NAPFIRE_PROVENANCE_NAME, p->rules_name, sizeof p->rules_name, &len);
    /* Whether the rules permit the shot does not depend on the dice
     * (only the table does): any roll tells. */
    napfire_result r;
    int rst = napfire_shot_resolve(s, rules, 7, 1, &r);
    p->permitted = !(rst == NAPFIRE_OK && !r.permitted);
    *reason = p->permitted ? 0 : r.reason;
    out_to_buffer(&o, &b, p->verdict, sizeof p->verdict);
    if (!p->permitted) {
        out_fmt(&o, "NO FIRE: %s", pic_reason_words(r.reason));
    } else if (p->unknown) {
        char what[200];
        pic_missing_text(missing, what, sizeof what);
        out_fmt(&o, "permitted; unknown rules data: %s", what);
    } else {
        static const char *const band[] = {"out of range", "canister range", "effective range", "long range"};
        out_fmt(&o, "permitted, %s", r.band >= 0 && r.band < 4 ? band[r.band] : "range not determined");
    }
    p->expected_known =
        p->unknown == 0 && napfire_shot_expected(s, rules, &p->expected_num, &p->expected_den, NULL) == NAPFIRE_OK;
    return NAPFIRE_OK;
}

int pic_missing_describe(const napfire_result *r, char *sentence, size_t scap, char *patch, size_t pcap) {
    size_t len = 0;
    if (sentence && scap)
        sentence[0] = '\0';
    if (patch && pcap)
        patch[0] = '\0';
    if (!r || !sentence || !scap || !patch || !pcap ||
        napfire_missing_describe(r->missing, r->missing_index, NAPFIRE_DESCRIBE_SENTENCE, sentence, scap, &len) !=
            NAPFIRE_OK ||
        napfire_missing_describe(r->missing, r->missing_index, NAPFIRE_DESCRIBE_PATCH, patch, pcap, &len) !=
            NAPFIRE_OK) {
        pic_missing_text(r, sentence, scap);
        if (patch && pcap)
            patch[0] = '\0';
        return 0;
    }
    return 1;
}

void pic_missing_text(const napfire_result *r, char *buf, size_t cap) {
    static const char none[] = "nothing named";
    if (!buf || cap == 0)
        return;
    size_t len = 0;
    if (r &&
        napfire_missing_describe(r->missing, r->missing_index, NAPFIRE_DESCRIBE_SENTENCE, buf, cap, &len) == NAPFIRE_OK)
        return;
    len = cap - 1 < sizeof none - 1 ? cap - 1 : sizeof none - 1;
    memcpy(buf, none, len);
    buf[len] = '\0';
}
