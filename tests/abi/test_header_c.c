/* SPDX-License-Identifier: MIT */
/*
 * ABI gate: the public headers compile on their own, in C99 with
 * -pedantic-errors -Werror (test header-c99) and as the default C11 of the
 * project (header-c11). napfire.h is the first line of this file and
 * napfire_hex.h the first line of test_header_c_hex.c, so each must be
 * self-contained; both are included twice to check the include guards.
 */
#include <napfire.h>
#include <napfire.h>

#include <stdio.h>

int header_hex_first(void);   /* test_header_c_hex.c */
int header_table_first(void); /* test_header_c_table.c */

int main(void) {
    /* Use a type, a macro, an enum value and a function of each header. */
    napfire_modifier item = {NAPFIRE_MOD_GUARD, 2, 1, 0};
    if (napfire_version_number() != NAPFIRE_VERSION_NUMBER) {
        printf("header and library versions differ\n");
        return 1;
    }
    if (item.id != 1 || header_hex_first() != 0 || header_table_first() != 0) {
        return 1;
    }
    printf("napfire.h, napfire_hex.h and napfire_table.h compile standalone (C, __STDC_VERSION__ %ld)\n",
           (long)__STDC_VERSION__);
    return 0;
}
