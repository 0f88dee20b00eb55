/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the files the napfire command-line tool writes
 * (--svg FILE, examples/cli/out_file.c), through the real subcommands:
 * each input builds a situation in a scratch directory (the target is
 * absent, a regular file, the command's input itself or a link to it, a
 * hard link to it, a directory, a FIFO, a read-only file, a dangling or
 * looping link, a link to a directory or a device, a name under a missing
 * directory or under a file, a name in a read-only directory; decoy files
 * with the names of the tool's temporary files; the input read through a
 * link, or spoilt) and runs `los`, `los --fov`, `odds musketry --rules`
 * or `odds musketry` with --svg naming the target, spelt several ways. Also linked
 * into tests/fuzz/replay.c for the committed corpus
 * tests/fuzz/corpus/fuzz_out_file/.
 *
 * Invariants checked (any violation aborts):
 *   - an input of the command is never modified (bytes, inode, kind);
 *   - a status of 2 (refused) or 4 (not written) leaves the scratch
 *     directory exactly as it was: every name, kind, mode, inode, link and
 *     byte; in particular no temporary file is left and nothing the
 *     command did not create is removed;
 *   - a status that means the picture was drawn (0, 1, 3) leaves the
 *     directory as it was except the file the target names (through a
 *     link: the file the link points to, the link staying a link), which
 *     holds the complete picture (the same bytes as a write to a fresh
 *     name, or for a spoilt input a whole SVG document) and keeps the mode
 *     it had;
 *   - the outcome is the expected one for the situation: refused when the
 *     target is an input or not a regular file, not written when it
 *     cannot be (missing directory, no permission, no free temporary
 *     name), written otherwise;
 *   - nothing is ever written into a FIFO (one with a reader is offered)
 *     and no probe blocks on it (libFuzzer's -timeout, meson's timeout);
 *   - the signal handlers and mask, and the lowest free descriptor, are
 *     as they were before the command.
 *
 * The scratch directory is made under $TMPDIR (or /tmp) and removed at
 * exit; the target never changes the current directory.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp, lstat, symlink, link, mkfifo, readlink */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_util.h"

#include "cli.h"

/* A map and a rules text the commands accept (a clear line; the built-in
 * data, so odds answers 3 after drawing). */
static const char map_text[] = "napfire-map 1\nlayout odd-q\nsize 3 1\n.u1 . .u2\n";
static const char rules_text[] = "napfire-rules 1\n# the built-in data\n";

enum cmd {
    CMD_LOS,
    CMD_ODDS_RULES,
    CMD_ODDS,
    CMD_LOS_FOV,
    NCMD
};

/* What the command reads: a map (los) or a rules text (odds). */
static const char *input_text(enum cmd c) {
    return c == CMD_LOS || c == CMD_LOS_FOV ? map_text : rules_text;
}

/* What the target name is, before the command. */
enum kind {
    K_ABSENT,
    K_FILE,
    K_INPUT,           /* the input file itself */
    K_LINK_INPUT,      /* a symbolic link to it */
    K_HARD_INPUT,      /* a hard link to it */
    K_LINK_LINK_INPUT, /* a link to a link to it */
    K_DIR,
    K_FIFO,
    K_READONLY, /* a regular file, mode 0444 */
    K_DANGLING,
    K_LINK_FILE, /* a link to another regular file */
    K_LOOP,      /* a link to a link to the first */
    K_NO_DIR,    /* a name under a missing directory */
    K_UNDER_FILE,
    K_LINK_DIR,
    K_LINK_DEVICE, /* a link to /dev/null */
    K_RO_DIR,      /* a new name in a directory of mode 0555 */
    NKIND
};

/* The expected outcome. */
enum expect {
    E_WRITE,
    E_REFUSE,
    E_FAIL,
    E_NOT_WRITTEN
};

#define MAX_ENTRIES 128
#define MAX_DECOYS 100
#define MAX_BODY 4096
#define MAX_PICTURE 65536
#define MAX_PATH 512

static char root[MAX_PATH], dir[MAX_PATH];
static char reference[NCMD][MAX_PICTURE];
static size_t reference_len[NCMD];

/* ---- the scratch directory ------------------------------------------------ */

static void path_of(char *buf, const char *name) {
    int n = snprintf(buf, MAX_PATH, "%s/%s", dir, name);
    FZ_MUST(n > 0 && n < MAX_PATH, "a scratch path fits");
}

/* Remove a tree this target made (depth-bounded: the scratch directory
 * holds at most two levels). */
static void remove_tree(const char *path, int depth) {
    DIR *d = opendir(path);
    FZ_MUST(d != NULL, "open a scratch directory");
    struct dirent *e;
    char sub[MAX_PATH];
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        FZ_MUST(snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < (int)sizeof sub, "a scratch path fits");
        struct stat st;
        FZ_MUST(lstat(sub, &st) == 0, "lstat a scratch entry");
        if (S_ISDIR(st.st_mode)) {
            FZ_MUST(depth < 3, "the scratch tree is shallow");
            FZ_MUST(chmod(sub, 0700) == 0, "chmod a scratch directory");
            remove_tree(sub, depth + 1);
        } else {
            FZ_MUST(unlink(sub) == 0, "unlink a scratch entry");
        }
    }
    closedir(d);
    FZ_MUST(rmdir(path) == 0, "rmdir a scratch directory");
}

static void remove_root(void) {
    if (root[0])
        remove_tree(root, 0);
}

static void put_file(const char *name, const void *data, size_t len, mode_t mode) {
    char p[MAX_PATH];
    path_of(p, name);
    int fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0600);
    FZ_MUST(fd >= 0, "create a scratch file");
    FZ_MUST(write(fd, data, len) == (ssize_t)len, "write a scratch file");
    FZ_MUST(fchmod(fd, mode) == 0 && close(fd) == 0, "close a scratch file");
}

static void put_link(const char *to, const char *name) {
    char p[MAX_PATH];
    path_of(p, name);
    FZ_MUST(symlink(to, p) == 0, "make a scratch link");
}

static void put_dir(const char *name, mode_t mode) {
    char p[MAX_PATH];
    path_of(p, name);
    FZ_MUST(mkdir(p, mode) == 0 && chmod(p, mode) == 0, "make a scratch directory");
}

/* ---- what the directory holds ------------------------------------------- */

struct entry {
    char name[64];
    mode_t mode;
    ino_t ino;
    uint64_t hash; /* a regular file's bytes, a link's target */
    off_t size;
};

struct snapshot {
    struct entry e[MAX_ENTRIES];
    size_t n;
};

static uint64_t fnv(uint64_t h, const void *data, size_t len) {
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 1099511628211u;
    return h;
}

static uint64_t hash_file(const char *path) {
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    FZ_MUST(fd >= 0, "read a scratch file");
    uint64_t h = 14695981039346656037u;
    char buf[4096];
    ssize_t got;
    while ((got = read(fd, buf, sizeof buf)) > 0)
        h = fnv(h, buf, (size_t)got);
    FZ_MUST(got == 0 && close(fd) == 0, "read a scratch file through");
    return h;
}

static void take(struct snapshot *s, const char *path, const char *prefix, int depth) {
    DIR *d = opendir(path);
    if (!d)
        return; /* a directory of mode 0555 is still readable; 0 is never made */
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        FZ_MUST(s->n < MAX_ENTRIES, "the scratch directory stays small");
        struct entry *x = &s->e[s->n++];
        char sub[MAX_PATH];
        FZ_MUST(snprintf(x->name, sizeof x->name, "%s%s", prefix, e->d_name) < (int)sizeof x->name, "a short name");
        FZ_MUST(snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < (int)sizeof sub, "a scratch path fits");
        struct stat st;
        FZ_MUST(lstat(sub, &st) == 0, "lstat a scratch entry");
        x->mode = st.st_mode;
        x->ino = st.st_ino;
        x->size = S_ISDIR(st.st_mode) ? 0 : st.st_size; /* a directory's size follows its entries */
        x->hash = 0;
        if (S_ISREG(st.st_mode)) {
            x->hash = hash_file(sub);
        } else if (S_ISLNK(st.st_mode)) {
            char to[MAX_PATH];
            ssize_t n = readlink(sub, to, sizeof to);
            FZ_MUST(n > 0 && n < (ssize_t)sizeof to, "read a scratch link");
            x->hash = fnv(0, to, (size_t)n);
        } else if (S_ISDIR(st.st_mode) && depth < 2) {
            char pre[64];
            FZ_MUST(snprintf(pre, sizeof pre, "%s%s/", prefix, e->d_name) < (int)sizeof pre, "a short name");
            take(s, sub, pre, depth + 1);
        }
    }
    closedir(d);
}

static const struct entry *find(const struct snapshot *s, const char *name) {
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->e[i].name, name))
            return &s->e[i];
    return NULL;
}

static int same_entry(const struct entry *a, const struct entry *b) {
    return a->mode == b->mode && a->ino == b->ino && a->hash == b->hash && a->size == b->size;
}

/* Every entry of a but `except` is in b, unchanged, and b has no other. */
static int same_but(const struct snapshot *a, const struct snapshot *b, const char *except) {
    size_t na = 0, nb = 0;
    for (size_t i = 0; i < a->n; i++) {
        if (except && !strcmp(a->e[i].name, except))
            continue;
        const struct entry *x = find(b, a->e[i].name);
        if (!x || !same_entry(&a->e[i], x))
            return 0;
        na++;
    }
    for (size_t i = 0; i < b->n; i++)
        nb += !(except && !strcmp(b->e[i].name, except));
    return na == nb;
}

/* ---- one situation ------------------------------------------------------ */

struct situation {
    enum cmd cmd;
    enum kind kind;
    int has_input; /* the command reads a file */
    char input[MAX_PATH];
    char target[MAX_PATH];
    const char *resolved; /* the name written on success */
    enum expect expect;
    int spoilt; /* the input has extra bytes */
    int fifo;   /* a reader of the FIFO target, or -1 */
};

/* The kinds whose target is refused by cli_check_output(). */
static int refused_kind(const struct situation *s) {
    switch (s->kind) {
        case K_INPUT:
        case K_LINK_INPUT:
        case K_HARD_INPUT:
        case K_LINK_LINK_INPUT:
            return s->has_input;
        case K_DIR:
        case K_FIFO:
        case K_DANGLING:
        case K_LOOP:
        case K_LINK_DIR:
        case K_LINK_DEVICE:
            return 1;
        default:
            return 0;
    }
}

/* The name the picture lands in, when it is written. */
static const char *resolved_name(enum kind k) {
    switch (k) {
        case K_INPUT:
        case K_LINK_INPUT:
        case K_LINK_LINK_INPUT:
            return "in";
        case K_LINK_FILE:
            return "other";
        case K_RO_DIR:
            return "ro/out.svg";
        default:
            return "out.svg";
    }
}

/* The target's own name in the directory (before any spelling). */
static const char *target_name(enum kind k) {
    switch (k) {
        case K_INPUT:
            return "in";
        case K_NO_DIR:
            return "missing/out.svg";
        case K_UNDER_FILE:
            return "other/out.svg";
        case K_RO_DIR:
            return "ro/out.svg";
        default:
            return "out.svg";
    }
}

/* The symbolic links each kind is made of (name -> what it points to). */
static const struct {
    enum kind kind;
    const char *to, *name;
} links[] = {
    {K_LINK_INPUT, "in", "out.svg"},    {K_LINK_LINK_INPUT, "in", "mid"},  {K_LINK_LINK_INPUT, "mid", "out.svg"},
    {K_DANGLING, "nowhere", "out.svg"}, {K_LINK_FILE, "other", "out.svg"}, {K_LOOP, "loop", "out.svg"},
    {K_LOOP, "out.svg", "loop"},        {K_LINK_DIR, "sub", "out.svg"},    {K_LINK_DEVICE, "/dev/null", "out.svg"},
};

static void make_target(struct situation *s, const uint8_t *body, size_t len, mode_t mode) {
    char p[MAX_PATH], from[MAX_PATH];
    for (size_t i = 0; i < sizeof links / sizeof links[0]; i++)
        if (links[i].kind == s->kind)
            put_link(links[i].to, links[i].name);
    path_of(p, "out.svg");
    switch (s->kind) {
        case K_FILE:
        case K_READONLY:
            put_file("out.svg", body, len, s->kind == K_READONLY ? 0444 : mode);
            break;
        case K_HARD_INPUT:
            path_of(from, "in");
            FZ_MUST(link(from, p) == 0, "make a hard link");
            break;
        case K_DIR:
            put_dir("out.svg", 0755);
            break;
        case K_FIFO:
            FZ_MUST(mkfifo(p, 0666) == 0, "make a FIFO");
            s->fifo = open(p, O_RDONLY | O_NONBLOCK);
            FZ_MUST(s->fifo >= 0, "a reader of the FIFO");
            break;
        case K_RO_DIR:
            put_dir("ro", 0555);
            break;
        default:
            break;
    }
}

/* The target's path as the user spells it: a/b, a/./b, a/sub/../b, a//b,
 * and sometimes with a trailing slash. */
static void spell_target(struct situation *s, uint8_t how) {
    static const char *const seps[] = {"/", "/./", "/sub/../", "//"};
    const char *slash = (how >> 2) % 8 == 7 ? "/" : "";
    int n = snprintf(s->target, sizeof s->target, "%s%s%s%s", dir, seps[how % 4], target_name(s->kind), slash);
    FZ_MUST(n > 0 && n < (int)sizeof s->target, "a scratch path fits");
}

/* Files named as the tool names its temporary ones (".out.svg.PID-N.tmp"
 * beside out.svg): never its own, so never to be removed. */
static int put_decoys(uint8_t how) {
    int n = how % 8 == 7 ? MAX_DECOYS : how % 8 % 4;
    for (int i = 0; i < n; i++) {
        char name[64];
        snprintf(name, sizeof name, ".out.svg.%ld-%d.tmp", (long)getpid(), i);
        put_file(name, "decoy", 5, 0644);
    }
    return n;
}

static enum expect expected(const struct situation *s, int decoys, int trailing) {
    /* A name with a trailing slash names a directory: never written
     * (refused when it is one, a write error otherwise). */
    if (trailing)
        return E_NOT_WRITTEN;
    if (refused_kind(s))
        return E_REFUSE;
    /* The decoys take every temporary name beside out.svg, none beside a
     * file a link leads to. */
    if (s->kind == K_NO_DIR || s->kind == K_UNDER_FILE || (decoys >= MAX_DECOYS && !strcmp(s->resolved, "out.svg")))
        return E_FAIL;
    char p[MAX_PATH];
    if (s->kind == K_READONLY || s->kind == K_FILE) {
        path_of(p, "out.svg");
        return access(p, W_OK) == 0 ? E_WRITE : E_FAIL;
    }
    if (s->kind == K_RO_DIR) {
        path_of(p, "ro");
        return access(p, W_OK) == 0 ? E_WRITE : E_FAIL;
    }
    return E_WRITE;
}

/* ---- running the command ------------------------------------------------ */

static int run(const struct situation *s) {
    static char figures[] = "--figures", thirty[] = "30", distance[] = "--distance", cm[] = "15cm", rules[] = "--rules",
                svg[] = "--svg", from[] = "0,0", to[] = "2,0", los[] = "los", fov[] = "--fov", odds[] = "odds musketry";
    static char input[MAX_PATH], target[MAX_PATH];
    memcpy(input, s->input, sizeof input);
    memcpy(target, s->target, sizeof target);
    char *argv[12];
    int argc = 0;
    if (s->cmd == CMD_LOS) {
        char *a[] = {los, svg, target, input, from, to};
        memcpy(argv, a, sizeof a);
        argc = 6;
    } else if (s->cmd == CMD_LOS_FOV) {
        char *a[] = {los, fov, svg, target, input, from};
        memcpy(argv, a, sizeof a);
        argc = 6;
    } else {
        char *a[] = {odds, figures, thirty, distance, cm, svg, target, rules, input};
        memcpy(argv, a, sizeof a);
        argc = s->cmd == CMD_ODDS_RULES ? 9 : 7;
    }
    argv[argc] = NULL;
    FILE *saved_out = stdout, *saved_err = stderr;
    stdout = fz_null_stream();
    stderr = fz_null_stream();
    int st = s->cmd == CMD_LOS || s->cmd == CMD_LOS_FOV ? napfire_cmd_los(argc, argv)
                                                        : napfire_cmd_odds_musketry(argc, argv);
    stdout = saved_out;
    stderr = saved_err;
    return st;
}

/* The process state a command must give back. */
struct process {
    struct sigaction act[3];
    sigset_t mask;
    int free_fd;
};

static void process_state(struct process *p) {
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (int i = 0; i < 3; i++)
        FZ_MUST(sigaction(sigs[i], NULL, &p->act[i]) == 0, "sigaction");
    FZ_MUST(sigprocmask(SIG_BLOCK, NULL, &p->mask) == 0, "sigprocmask");
    p->free_fd = dup(0);
    FZ_MUST(p->free_fd >= 0 && close(p->free_fd) == 0, "dup");
}

static int same_process(const struct process *a, const struct process *b) {
    for (int i = 0; i < 3; i++)
        if (a->act[i].sa_handler != b->act[i].sa_handler)
            return 0;
    for (int sig = 1; sig < 32; sig++)
        if (sigismember(&a->mask, sig) != sigismember(&b->mask, sig))
            return 0;
    return a->free_fd == b->free_fd;
}

/* The file holds the picture: the reference bytes, or for a spoilt input
 * (another map or rules) a whole SVG document. */
static int holds_picture(const struct situation *s) {
    static const char head[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg", tail[] = "</svg>\n";
    static char got[MAX_PICTURE + 1];
    char p[MAX_PATH], end[sizeof tail - 1];
    path_of(p, s->resolved);
    FILE *f = fopen(p, "rb");
    FZ_MUST(f != NULL, "open the written file");
    size_t n = fread(got, 1, sizeof got, f);
    int whole = fseek(f, -(long)sizeof end, SEEK_END) == 0 && fread(end, 1, sizeof end, f) == sizeof end;
    fclose(f);
    if (!s->spoilt || s->cmd == CMD_ODDS)
        return n == reference_len[s->cmd] && !memcmp(got, reference[s->cmd], n);
    return whole && n > sizeof head && !memcmp(got, head, sizeof head - 1) && !memcmp(end, tail, sizeof end);
}

static void check_written(const struct situation *s, const struct snapshot *before, const struct snapshot *after) {
    FZ_MUST(same_but(before, after, s->resolved), "a write changes nothing but the target's file");
    const struct entry *was = find(before, s->resolved), *is = find(after, s->resolved);
    FZ_MUST(is && S_ISREG(is->mode), "the target's file is a regular file");
    FZ_MUST(!was || (was->mode & 07777) == (is->mode & 07777), "a replaced file keeps its mode");
    FZ_MUST(holds_picture(s), "the target's file holds the whole picture");
}

static void check(const struct situation *s, int st, const struct snapshot *before, const struct snapshot *after) {
    FZ_MUST(st >= CLI_RESOLVED && st <= CLI_WRITE_ERROR, "a documented exit status");
    int written = st != CLI_BAD_INPUT && st != CLI_WRITE_ERROR;
    if (!written)
        FZ_MUST(same_but(before, after, NULL), "a refusal or a failed write leaves every file as it was");
    else
        check_written(s, before, after);
    switch (s->expect) {
        case E_WRITE:
            FZ_MUST(written || (s->spoilt && st == CLI_BAD_INPUT), "a writable target is written");
            break;
        case E_REFUSE:
            FZ_MUST(st == CLI_BAD_INPUT, "an input or a special file as the target is refused");
            break;
        case E_FAIL:
            FZ_MUST(st == CLI_WRITE_ERROR || (s->spoilt && st == CLI_BAD_INPUT), "an unwritable target fails");
            break;
        default:
            FZ_MUST(!written, "a name with a trailing slash is not written");
    }
    if (s->fifo >= 0) {
        char c;
        FZ_MUST(read(s->fifo, &c, 1) <= 0, "nothing is written into a FIFO");
        close(s->fifo);
    }
}

/* ---- setup and the entry point ------------------------------------------ */

static void fresh_dir(void) {
    FZ_MUST(snprintf(dir, sizeof dir, "%s/case", root) < (int)sizeof dir, "a scratch path fits");
    struct stat st;
    if (lstat(dir, &st) == 0)
        remove_tree(dir, 1);
    FZ_MUST(mkdir(dir, 0700) == 0, "make the scratch directory");
}

/* The picture each command draws for the plain input, to compare with. */
static void references(void) {
    for (int c = 0; c < NCMD; c++) {
        fresh_dir();
        struct situation s = {.cmd = (enum cmd)c, .fifo = -1};
        const char *text = input_text((enum cmd)c);
        put_file("in", text, strlen(text), 0644);
        path_of(s.input, "in");
        path_of(s.target, "ref.svg");
        int st = run(&s);
        FZ_MUST(st != CLI_BAD_INPUT && st != CLI_WRITE_ERROR, "the reference picture is drawn");
        FILE *f = fopen(s.target, "rb");
        FZ_MUST(f != NULL, "open the reference picture");
        reference_len[c] = fread(reference[c], 1, MAX_PICTURE, f);
        FZ_MUST(!ferror(f) && reference_len[c] > 0 && reference_len[c] < MAX_PICTURE && getc(f) == EOF,
                "read the reference picture");
        fclose(f);
    }
}

static void setup(void) {
    static int done;
    if (done)
        return;
    done = 1;
    const char *tmp = getenv("TMPDIR");
    FZ_MUST(snprintf(root, sizeof root, "%s/napfire-fuzz-out.XXXXXX", tmp && *tmp ? tmp : "/tmp") < 200,
            "a short TMPDIR");
    FZ_MUST(mkdtemp(root) != NULL, "make the scratch root");
    atexit(remove_root);
    references();
}

/* The input file (map or rules), sometimes with extra bytes, sometimes
 * read through a link. */
static void make_input(struct situation *s, uint8_t flags, const uint8_t *extra, size_t len) {
    const char *text = input_text(s->cmd);
    static uint8_t buf[sizeof map_text + sizeof rules_text + MAX_BODY];
    size_t n = strlen(text);
    memcpy(buf, text, n);
    s->spoilt = (flags & 2) && len > 0;
    if (s->spoilt) {
        memcpy(buf + n, extra, len);
        n += len;
    }
    put_file("in", buf, n, 0644);
    if (flags & 1) {
        put_link("in", "in.link");
        path_of(s->input, "in.link");
    } else {
        path_of(s->input, "in");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 6 || size > MAX_BODY)
        return 0;
    setup();
    fresh_dir();
    static const mode_t modes[] = {0644, 0600, 0640, 0664, 0666, 0444, 0604, 0400};
    struct situation s = {.cmd = (enum cmd)(data[0] % NCMD), .kind = (enum kind)(data[1] % NKIND), .fifo = -1};
    s.has_input = s.cmd != CMD_ODDS;
    size_t body = data[5] < size - 6 ? data[5] : size - 6;
    put_dir("sub", 0755);
    put_file("other", "other", 5, 0644);
    make_input(&s, data[4], data + 6 + body, size - 6 - body);
    mode_t mode = modes[(data[4] >> 2) % 8];
    make_target(&s, data + 6, body, mode);
    int decoys = put_decoys(data[3]);
    spell_target(&s, data[2]);
    s.resolved = resolved_name(s.kind);
    s.expect = expected(&s, decoys, (data[2] >> 2) % 8 == 7);
    struct snapshot before = {.n = 0}, after = {.n = 0};
    struct process p0, p1;
    take(&before, dir, "", 0);
    process_state(&p0);
    int st = run(&s);
    process_state(&p1);
    take(&after, dir, "", 0);
    FZ_MUST(same_process(&p0, &p1), "signal handlers, mask and descriptors are given back");
    check(&s, st, &before, &after);
    return 0;
}
