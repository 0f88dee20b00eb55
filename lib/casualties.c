/* SPDX-License-Identifier: MIT */
/* Casualty arithmetic (F-CAS), in half figures until the end, and the
 * screen's share (F-SCR-1/3). */
#include "engine.h"

void napfire__round_half(int32_t halves, int32_t half_die, int32_t second_class, napfire_result *out) {
    napfire__halves_to_figures(halves, half_die, second_class, &out->casualties, &out->half_die_used,
                               &out->half_pending);
}

int napfire_round_half(int32_t halves, int32_t half_die, int32_t second_class, int32_t *figures) {
    if (!figures)
        return NAPFIRE_EINVAL;
    if (halves < 0 || halves > 2 * NAPFIRE_MAX_FIGURES || half_die < 0 || half_die > 6 || second_class < 0 ||
        second_class > 1)
        return NAPFIRE_EDOMAIN;
    if (halves % 2 != 0 && !second_class && half_die == 0)
        return NAPFIRE_EINVAL; /* the die is needed and was not given */
    napfire_result r;
    napfire__round_half(halves, half_die, second_class, &r);
    *figures = r.casualties;
    return NAPFIRE_OK;
}

/* F-SCR-1: musketry at a covered unit (the screen being close enough, or
 * the shot is SCREENED): the first casualty is the screen's, out of the
 * total. F-SCR-3: canister likewise; roundshot leaves the screen alone. */
void napfire__split_screen(const struct nf_shot *s, napfire_result *out) {
    int32_t screen = 0;
    if (nf_s(s, NAPFIRE_SHOT_SCREEN) && out->casualties > 0) {
        if (!napfire__is_artillery(nf_u(&s->firer, NAPFIRE_UNIT_ARM)) ||
            nf_s(s, NAPFIRE_SHOT_AMMO) == NAPFIRE_AMMO_CANISTER)
            screen = 1;
    }
    out->screen_casualties = screen;
    out->target_casualties = out->casualties - screen;
}

void napfire__apply_half_die(const struct nf_shot *s, int32_t half_die, napfire_result *res) {
    res->half_pending = 0;
    res->half_die_used = 1;
    if (half_die >= 4)
        res->casualties++;
    napfire__split_screen(s, res);
}
