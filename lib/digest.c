/* SPDX-License-Identifier: MIT */
/* Derive once: when a shot is set, what a resolution needs of it that no
 * rules data can change (the data-free verdicts, the modifier items, the
 * inputs of band and row) is decided here and kept in the shot's digest,
 * under its seal. The fast path (fast.c) reads the digest; the full path
 * decides everything again from the parameters, and the differential test
 * holds the two to the same bytes. */
#include <string.h>

#include "facts.h"

/* The modifier items (F-MOD), padded with NF_MOD_SLOT_NONE: 0 when more
 * than the digest holds. */
static int digest_modifiers(const struct nf_shot *s, struct nf_digest *dg) {
    size_t n = 0;
    int fits = napfire__modifier_slots(s, dg->mods, NF_DIGEST_MODS, &n);
    dg->nmods = (uint8_t)n;
    for (size_t i = n; i < NF_DIGEST_MODS; i++)
        dg->mods[i] = NF_MOD_SLOT_NONE;
    /* F-MOD-G and F-MOD-X only act on a Guard firer or with a -4 item:
     * without them the net is the plain sum of the items (two bonuses of
     * at most NAPFIRE_MAX_MODIFIER never pass NF_NO_GUARD_CAP). */
    dg->plain_net = !dg->guard;
    for (size_t i = 0; i < n; i++)
        if (dg->mods[i] >> 1 == NAPFIRE_MOD_DISORDERED || dg->mods[i] >> 1 == NAPFIRE_MOD_SKIRMISHERS)
            dg->plain_net = 0;
    return fits;
}

/* The fast path covers infantry and artillery fire that nothing forbids
 * before the data is read; the rest (forbidden shots, whose reasons and
 * precedence the full path explains) takes the full path. */
static uint8_t digest_path(const struct nf_shot *s, const struct nf_digest *dg, int fits) {
    int32_t arm = nf_u(&s->firer, NAPFIRE_UNIT_ARM);
    int ready = dg->reasons == 0 && fits && dg->distance >= 0 && (!dg->screen || dg->screen_distance >= 0);
    if (ready && napfire__is_infantry(arm))
        return NF_PATH_MUSKETRY;
    /* Overhead fire needs its clearance (F-ART-7): the full path's. */
    if (ready && napfire__is_artillery(arm) && !nf_s(s, NAPFIRE_SHOT_OVERHEAD))
        return NF_PATH_ARTILLERY;
    return NF_PATH_FULL;
}

void napfire__digest(struct nf_shot *s) {
    struct nf_digest *dg = &s->dg;
    memset(dg, 0, sizeof *dg);
    const struct nf_unit *f = &s->firer;
    int32_t arm = nf_u(f, NAPFIRE_UNIT_ARM);
    dg->reasons = napfire__static_verdicts(s);
    dg->distance = nf_s(s, NAPFIRE_SHOT_DISTANCE);
    dg->screen_distance = nf_s(s, NAPFIRE_SHOT_SCREEN_DISTANCE);
    dg->screen = (uint8_t)nf_s(s, NAPFIRE_SHOT_SCREEN);
    dg->measure = (uint8_t)nf_s(s, NAPFIRE_SHOT_MEASURE);
    dg->extra = (int8_t)nf_s(s, NAPFIRE_SHOT_EXTRA_MODIFIER);
    dg->star_figures = (int16_t)nf_u(f, NAPFIRE_UNIT_FIGURES);
    dg->row_figures = (int16_t)napfire__row_figures(s);
    dg->row_cap = (uint8_t)napfire__row_cap(nf_u(f, NAPFIRE_UNIT_FORMATION));
    dg->second_class = (uint8_t)napfire__is_second_class(f);
    dg->guard = nf_u(f, NAPFIRE_UNIT_CLASS) == NAPFIRE_CLASS_GUARD;
    dg->weapon = (uint8_t)nf_u(f, napfire__is_artillery(arm) ? NAPFIRE_UNIT_GUN : NAPFIRE_UNIT_WEAPON);
    int fits = digest_modifiers(s, dg);
    dg->ammo = (uint8_t)nf_s(s, NAPFIRE_SHOT_AMMO);
    dg->friends_near = nf_s(s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET) >= 0 || nf_s(s, NAPFIRE_SHOT_FRIEND_NEAR_BATTERY) >= 0;
    dg->path = digest_path(s, dg, fits);
}
