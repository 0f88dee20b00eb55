/* SPDX-License-Identifier: MIT */
/*
 * Where the napfire tool's output goes: the standard output and the files
 * its options name (--svg FILE).
 *
 * A file is never written in place. The bytes go to a new file beside the
 * target (same directory, created exclusively, a normal file's mode) that
 * is renamed over the target only once complete and flushed to disk, so a
 * failed or interrupted write leaves what was there untouched, and the
 * only file the tool ever deletes is its own temporary one. A target that
 * is not a regular file (a directory, a FIFO, a device, a socket) or that
 * is one of the command's inputs (the same file through any link) is
 * refused before the command reads or writes anything: it is only
 * stat()ed, never opened, so no probe can block on a FIFO.
 */
#define _XOPEN_SOURCE 700 /* lstat, realpath, fsync, fdopen, fchmod */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#ifdef _WIN32
#  include <io.h>
#  include <process.h>
#  include <windows.h>
#  define open_excl(p) _open(p, _O_WRONLY | _O_CREAT | _O_EXCL, _S_IREAD | _S_IWRITE)
#  define unlink_file _unlink
#  define sync_file(fd) _commit(fd)
#  define fd_stream _fdopen
#  define fd_close _close
#  define process_id() ((long)_getpid())
#  define may_write(p) (_access(p, 2) == 0)
#  define SEPARATORS "/\\"
#else
#  include <unistd.h>
#  define open_excl(p) open(p, O_WRONLY | O_CREAT | O_EXCL, 0666)
#  define unlink_file unlink
#  define sync_file(fd) fsync(fd)
#  define fd_stream fdopen
#  define fd_close close
#  define process_id() ((long)getpid())
#  define may_write(p) (access(p, W_OK) == 0)
#  define SEPARATORS "/"
#endif

#include "cli.h"
#include "opts.h"

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
    if (err == EPIPE)
        return CLI_WRITE_ERROR; /* the reader left: nothing to tell it */
    fprintf(stderr, "napfire: cannot write %s: %s\n", path, err ? strerror(err) : "write error");
    return CLI_WRITE_ERROR;
}

/* ---- what a target is ---------------------------------------------------- */

/* What a file that is not a regular one is, for the message. */
static const char *kind_of(const struct stat *st) {
    if (S_ISDIR(st->st_mode))
        return "a directory";
    if (S_ISCHR(st->st_mode))
        return "a device";
#ifdef S_ISFIFO
    if (S_ISFIFO(st->st_mode))
        return "a FIFO";
#endif
#ifdef S_ISBLK
    if (S_ISBLK(st->st_mode))
        return "a device";
#endif
#ifdef S_ISSOCK
    if (S_ISSOCK(st->st_mode))
        return "a socket";
#endif
    return "not a regular file";
}

/* The identity of a file: device and inode, or on Windows the volume and
 * the file index (stat() gives no inode there). 0 when it cannot be told
 * (no such file). */
struct file_id {
    unsigned long long dev, ino;
};

static int identify(const char *path, struct file_id *id) {
#ifdef _WIN32
    HANDLE h = CreateFileA(path, 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL, OPEN_EXISTING,
                           FILE_FLAG_BACKUP_SEMANTICS, NULL);
    BY_HANDLE_FILE_INFORMATION info;
    if (h == INVALID_HANDLE_VALUE)
        return 0;
    int ok = GetFileInformationByHandle(h, &info) != 0;
    CloseHandle(h);
    if (!ok)
        return 0;
    id->dev = info.dwVolumeSerialNumber;
    id->ino = ((unsigned long long)info.nFileIndexHigh << 32) | info.nFileIndexLow;
    return 1;
#else
    struct stat st;
    if (stat(path, &st) != 0)
        return 0;
    id->dev = (unsigned long long)st.st_dev;
    id->ino = (unsigned long long)st.st_ino;
    return 1;
#endif
}

/* A symbolic link whose target does not exist: writing through it would
 * create a file somewhere else than the name says. */
static int dangling_link(const char *path) {
#ifdef _WIN32
    (void)path;
    return 0;
#else
    struct stat st;
    return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
#endif
}

int cli_check_output(const char *cmd, const char *opt, const char *path, const struct cli_input *inputs, size_t n) {
    struct stat st;
    if (stat(path, &st) != 0) {
        if (dangling_link(path))
            return cli_error(cmd, "%s: '%s' is a symbolic link to nothing: give the name of a file to write", opt,
                             path);
        return CLI_RESOLVED; /* a new file; a missing directory is a write error */
    }
    if (!S_ISREG(st.st_mode))
        return cli_error(cmd, "%s: '%s' is %s, not a regular file: give the name of a file to write", opt, path,
                         kind_of(&st));
    struct file_id out, in;
    if (!identify(path, &out))
        return CLI_RESOLVED;
    for (size_t i = 0; i < n; i++)
        if (inputs[i].path && identify(inputs[i].path, &in) && in.dev == out.dev && in.ino == out.ino)
            return cli_error(cmd, "%s: '%s' is the %s '%s' this command reads (the same file): give another file", opt,
                             path, inputs[i].what, inputs[i].path);
    return CLI_RESOLVED;
}

/* ---- writing beside the target ------------------------------------------ */

/* The temporary file of the write in progress, for the signal handler. */
static const char *volatile pending;

static void on_signal(int sig) {
    const char *p = pending;
    if (p)
        unlink_file(p);
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int caught[] = {
    SIGINT,
    SIGTERM,
#ifdef SIGHUP
    SIGHUP,
#endif
#ifdef SIGPIPE
    SIGPIPE,
#endif
};

#define NCAUGHT (sizeof caught / sizeof caught[0])

/* The handlers and the signal mask around one write. */
struct guard {
    void (*saved[NCAUGHT])(int);
#ifndef _WIN32
    sigset_t mask;
#endif
};

/* Hold the caught signals: one that comes meanwhile waits for release(),
 * so that none falls between creating the temporary file and guarding
 * it, or between renaming it and unguarding. */
static void hold(struct guard *g) {
#ifdef _WIN32
    (void)g;
#else
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < NCAUGHT; i++)
        sigaddset(&set, caught[i]);
    sigprocmask(SIG_BLOCK, &set, &g->mask);
#endif
}

static void release(const struct guard *g) {
#ifdef _WIN32
    (void)g;
#else
    sigprocmask(SIG_SETMASK, &g->mask, NULL);
#endif
}

/* While a temporary file exists, an interrupt removes it before the tool
 * dies (the target is untouched either way). */
static void guard(const char *tmp, struct guard *g) {
    pending = tmp;
    for (size_t i = 0; i < NCAUGHT; i++)
        g->saved[i] = signal(caught[i], on_signal);
}

static void unguard(const struct guard *g) {
    for (size_t i = 0; i < NCAUGHT; i++)
        if (g->saved[i] != SIG_ERR)
            signal(caught[i], g->saved[i]);
    pending = NULL;
}

/* The file the name stands for: through a symbolic link, the file it
 * points to (the link stays a link). malloc'ed; NULL with errno set. */
static char *resolve(const char *path) {
#ifndef _WIN32
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
        return realpath(path, NULL);
#endif
    size_t len = strlen(path) + 1;
    char *copy = malloc(len);
    if (copy)
        memcpy(copy, path, len);
    return copy;
}

/* A new file ".NAME.PID-N.tmp" beside target, created exclusively (no
 * file of that name is ever reused or truncated). Its name in *tmp
 * (malloc'ed); the descriptor, or -1 with errno set. */
static int create_beside(const char *target, char **tmp) {
    size_t dir = 0;
    for (size_t i = 0; target[i]; i++)
        if (strchr(SEPARATORS, target[i]))
            dir = i + 1;
    size_t cap = strlen(target) + 64;
    *tmp = malloc(cap);
    if (!*tmp)
        return -1;
    for (int attempt = 0; attempt < 100; attempt++) {
        snprintf(*tmp, cap, "%.*s.%s.%ld-%d.tmp", (int)dir, target, target + dir, process_id(), attempt);
        int fd = open_excl(*tmp);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

/* Move the complete file over the target in one step. */
static int replace(const char *tmp, const char *target) {
#ifdef _WIN32
    if (MoveFileExA(tmp, target, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        return 0;
    errno = EACCES;
    return -1;
#else
    return rename(tmp, target);
#endif
}

static int file_write(void *ctx, const char *data, size_t len) {
    return fwrite(data, 1, len, (FILE *)ctx) == len ? 0 : -1;
}

/* Draw into the open temporary file, flush it to disk and close it: 0,
 * or the errno of the failure (EIO when none is known), or -1 when fn
 * refused to draw. */
static int fill(int fd, int (*fn)(struct out *, const void *), const void *arg) {
    FILE *f = fd_stream(fd, "w");
    if (!f) {
        int e = errno;
        fd_close(fd);
        return e ? e : EIO;
    }
    struct out o = {file_write, f, 0};
    int drawn = fn(&o, arg);
    int err = 0;
    if (o.failed || fflush(f) != 0 || ferror(f) || sync_file(fileno(f)) != 0)
        err = errno ? errno : EIO;
    if (fclose(f) != 0 && !err)
        err = errno ? errno : EIO;
    return err ? err : drawn != 0 ? -1 : 0;
}

/* A replaced file keeps its permissions; a new one gets a normal file's
 * (0666 less the umask, as open() made it). */
static void keep_mode(int fd, const char *target) {
#ifdef _WIN32
    (void)fd;
    (void)target;
#else
    struct stat st;
    if (stat(target, &st) == 0 && S_ISREG(st.st_mode))
        (void)fchmod(fd, st.st_mode & 07777);
#endif
}

static int write_error(const char *cmd, const char *path, int err) {
    fprintf(stderr, "napfire %s: cannot write SVG '%s': %s\n", cmd, path, strerror(err));
    return CLI_WRITE_ERROR;
}

int cli_write_file(const char *cmd, const char *path, int (*fn)(struct out *, const void *), const void *arg) {
    errno = 0;
    char *target = resolve(path), *tmp = NULL;
    if (!target)
        return write_error(cmd, path, errno ? errno : ENOMEM);
    /* A file the user may not write stays so: renaming over it would
     * need only the directory's permission. */
    struct stat st;
    if (stat(target, &st) == 0 && !may_write(target)) {
        int e = errno ? errno : EACCES;
        free(target);
        return write_error(cmd, path, e);
    }
    struct guard g;
    hold(&g);
    int fd = create_beside(target, &tmp);
    int err = fd < 0 ? (errno ? errno : EEXIST) : 0;
    if (fd >= 0)
        guard(tmp, &g);
    release(&g);
    if (fd >= 0) {
        keep_mode(fd, target);
        errno = 0;
        err = fill(fd, fn, arg);
        hold(&g);
        if (err == 0 && replace(tmp, target) != 0)
            err = errno ? errno : EIO;
        if (err != 0)
            unlink_file(tmp);
        unguard(&g);
        release(&g);
    }
    free(tmp);
    free(target);
    if (err == -1) {
        fprintf(stderr, "napfire %s: cannot draw the SVG picture\n", cmd);
        return CLI_BAD_INPUT;
    }
    return err ? write_error(cmd, path, err) : CLI_RESOLVED;
}
