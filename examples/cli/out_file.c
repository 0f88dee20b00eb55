/* SPDX-License-Identifier: MIT */
/* Where the napfire tool's output goes: the standard output and the files
 * its options name (--svg FILE). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static int stdout_write(void *ctx, const char *data, size_t len) {
    (void)ctx;
    return fwrite(data, 1, len, stdout) == len ? 0 : -1;
}

struct out *out_stdout(void) {
    static struct out o;
    o.write = stdout_write;
    o.ctx = NULL;
    o.failed = 0;
    return &o;
}

int cli_close_output(FILE *f, const char *path) {
    /* fflush first: fclose's own error does not say whether the data or
     * the close failed, and errno must describe the write. */
    int bad = fflush(f) != 0 || ferror(f);
    int err = errno;
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    if (!bad)
        return CLI_RESOLVED;
    fprintf(stderr, "napfire: cannot write %s: %s\n", path, err ? strerror(err) : "write error");
    return CLI_WRITE_ERROR;
}

static int file_write(void *ctx, const char *data, size_t len) {
    return fwrite(data, 1, len, (FILE *)ctx) == len ? 0 : -1;
}

/* Open, draw, close; a failure anywhere (open, write, flush) is reported
 * with the file's name. A partial picture is removed only when this call
 * created the file: never a file or device that was there before (the
 * path may be /dev/full, or the user's own file). */
int cli_write_file(const char *cmd, const char *path, int (*fn)(struct out *, const void *), const void *arg) {
    FILE *probe = fopen(path, "r");
    int existed = probe != NULL;
    if (probe)
        fclose(probe);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "napfire %s: cannot write SVG '%s': %s\n", cmd, path, strerror(errno));
        return CLI_WRITE_ERROR;
    }
    struct out o = {file_write, f, 0};
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
    return CLI_RESOLVED;
}
