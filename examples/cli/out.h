/* SPDX-License-Identifier: MIT */
/*
 * The one output module of the napfire tool and the browser playground:
 * a byte sink, a small formatter, and the one escaping routine that the
 * JSON answers and the SVG pictures share.
 *
 * out.c uses no stdio and no allocation, so the WebAssembly build
 * (examples/web) compiles it as it is; the CLI's sinks on stdout and on
 * files live in out_file.c.
 */
#ifndef NAPFIRE_CLI_OUT_H
#define NAPFIRE_CLI_OUT_H

#include <stddef.h>

/* Where the bytes go. write returns 0, or non-zero to stop: `failed` then
 * stays set and later output is dropped. */
struct out {
    int (*write)(void *ctx, const char *data, size_t len);
    void *ctx;
    int failed;
};

/* A sink into caller memory, always NUL-terminated; output that does not
 * fit fails the sink (and stays out: no partial line). */
struct out_buffer {
    char *buf;
    size_t cap, len;
};

/* Point o at b, emptied; returns o. */
struct out *out_to_buffer(struct out *o, struct out_buffer *b, char *buf, size_t cap);

void out_put(struct out *o, const char *data, size_t len);
void out_s(struct out *o, const char *s);

/* Formatted output with %d, %u, %s, %zu and %% only: no libc formatting,
 * so every platform writes the same bytes. */
#if defined(__MINGW32__)
__attribute__((format(gnu_printf, 2, 3))) /* %zu: out_fmt is not the C runtime's printf */
#elif defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void out_fmt(struct out *o, const char *fmt, ...);

/* How out_escaped() writes free text. */
enum out_escape {
    OUT_XML, /* character data or an attribute value: & < > " as entities */
    OUT_JSON /* inside a JSON string: " \ and control characters escaped */
};

/* The one escaping routine of every writer. Its output is always valid
 * UTF-8: a byte sequence that is not well-formed UTF-8 (a file name in
 * another encoding, a stray byte) is replaced by U+FFFD, one per maximal
 * ill-formed subpart as Unicode recommends; well-formed text passes
 * unchanged. */
void out_escaped(struct out *o, const char *s, enum out_escape how);

/* s as a JSON string literal, quotes included: always valid UTF-8. */
void out_json_string(struct out *o, const char *s);

#endif
