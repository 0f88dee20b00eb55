/* SPDX-License-Identifier: MIT */
/*
 * Equality of two rules objects: every getter returns
 * the same (status and values), over every index. Public API only; shared
 * by the Check suite, the libFuzzer target and the replay driver.
 */
#ifndef RULES_EQ_H
#define RULES_EQ_H

#include <stdio.h>
#include <string.h>

#include "napfire.h"

/* 1 when equal; otherwise 0 and a description of the first difference. */
static inline int rules_equal(const napfire_rules *a, const napfire_rules *b, char *why, size_t cap) {
#define RQ_DIFF(...) \
  do { \
    if (why && cap) \
      snprintf(why, cap, __VA_ARGS__); \
    return 0; \
  } while (0)
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++) {
            int32_t ha = 0, sa = 0, hb = 0, sb = 0;
            int sta = napfire_rules_get_musketry(a, row, col, &ha, &sa);
            int stb = napfire_rules_get_musketry(b, row, col, &hb, &sb);
            if (sta != stb || ha != hb || sa != sb)
                RQ_DIFF("musketry (%d,%d): %d/%d/%d vs %d/%d/%d", (int)row, (int)col, sta, (int)ha, (int)sa, stb,
                        (int)hb, (int)sb);
        }
    for (int32_t w = 0; w < 3; w++)
        for (int32_t m = 0; m < 2; m++) {
            int32_t ea = 0, la = 0, eb = 0, lb = 0;
            int sta = napfire_rules_get_range(a, w, m, &ea, &la);
            int stb = napfire_rules_get_range(b, w, m, &eb, &lb);
            if (sta != stb || ea != eb || la != lb)
                RQ_DIFF("range (%d,%d)", (int)w, (int)m);
        }
    for (int32_t g = 0; g < 5; g++)
        for (int32_t m = 0; m < 2; m++) {
            int32_t va[3] = {0, 0, 0}, vb[3] = {0, 0, 0};
            int sta = napfire_rules_get_gun_range(a, g, m, &va[0], &va[1], &va[2]);
            int stb = napfire_rules_get_gun_range(b, g, m, &vb[0], &vb[1], &vb[2]);
            if (sta != stb || memcmp(va, vb, sizeof va) != 0)
                RQ_DIFF("gun range (%d,%d)", (int)g, (int)m);
        }
    for (int32_t g = 0; g < 5; g++)
        for (int32_t am = 0; am < 2; am++)
            for (int32_t band = 1; band <= 3; band++)
                for (int32_t col = 0; col < 9; col++) {
                    int32_t ha = 0, hb = 0;
                    int sta = napfire_rules_get_artillery(a, g, am, band, col, &ha);
                    int stb = napfire_rules_get_artillery(b, g, am, band, col, &hb);
                    if (sta != stb || ha != hb)
                        RQ_DIFF("artillery (%d,%d,%d,%d)", (int)g, (int)am, (int)band, (int)col);
                }
    for (int32_t fire = 0; fire < 2; fire++)
        for (int32_t id = 0; id <= 20; id++)
            for (int32_t var = 0; var < 2; var++) {
                int32_t va = 0, vb = 0;
                int sta = napfire_rules_get_modifier(a, fire, id, var, &va);
                int stb = napfire_rules_get_modifier(b, fire, id, var, &vb);
                if (sta != stb || va != vb)
                    RQ_DIFF("modifier (%d,%d,%d): %d/%d vs %d/%d", (int)fire, (int)id, (int)var, sta, (int)va, stb,
                            (int)vb);
            }
    for (int32_t id = 0; id < 9; id++)
        for (int32_t m = 0; m < 2; m++) {
            int32_t va = 0, vb = 0;
            int sta = napfire_rules_get_threshold(a, id, m, &va);
            int stb = napfire_rules_get_threshold(b, id, m, &vb);
            if (sta != stb || va != vb)
                RQ_DIFF("threshold (%d,%d): %d/%d vs %d/%d", (int)id, (int)m, sta, (int)va, stb, (int)vb);
        }
    for (int32_t f = 0; f < 3; f++) {
        char ta[160], tb[160];
        size_t la = 0, lb = 0;
        memset(ta, 0, sizeof ta);
        memset(tb, 0, sizeof tb);
        int sta = napfire_rules_get_provenance(a, f, ta, sizeof ta, &la);
        int stb = napfire_rules_get_provenance(b, f, tb, sizeof tb, &lb);
        if (sta != stb || la != lb || memcmp(ta, tb, sizeof ta) != 0)
            RQ_DIFF("provenance %d: \"%.40s\" vs \"%.40s\"", (int)f, ta, tb);
    }
#undef RQ_DIFF
    return 1;
}

#endif /* RULES_EQ_H */
