/* wl_scenario.c - the scenarios that mix stdio with system calls on one
 * file, and the evidence read back from the file (see wl_scenario.h).
 *
 * A scenario runs in the trial's child on the trial's new, empty file.  It
 * stands for a whole small program: where that program would end with
 * exit() (which flushes every stream), the scenario flushes its stream
 * itself, since the trial's child leaves by _exit() and must not run the
 * lab's own exit handlers; a child of fork() does the same.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "countof.h"
#include "wl_scenario.h"

/* --- the programs ------------------------------------------------------------ */

struct run {
	const struct wl_spec *spec;
	int fd;
	FILE *f;
	void *vbuf;
	uint64_t *calls;
	const char *call;         /* the call that failed */
};

static int failed(struct run *r, const char *call)
{
	r->call = call;
	return -1;
}

/* The lesson's stdio buffering, as the lab's loops set it (full, line or
 * none; the default size, or stdio_buffer's). */
static int buffering(struct run *r)
{
	static const int modes[] = {_IOFBF, _IOLBF, _IONBF};
	const struct wl_spec *s = r->spec;
	int mode = s->stdio_buffer == 0 ? _IONBF : modes[s->stdio_mode];
	size_t size = 0;
	if (mode != _IONBF && s->stdio_buffer > 0) {
		size = (size_t)s->stdio_buffer;
		if (!(r->vbuf = malloc(size))) {
			errno = ENOMEM;
			return failed(r, "setvbuf");
		}
	}
	if (mode == _IOFBF && !r->vbuf)
		return 0;             /* stdio's own choice: st_blksize */
	if (setvbuf(r->f, r->vbuf, mode, size) != 0) {
		errno = errno ? errno : EINVAL;
		return failed(r, "setvbuf");
	}
	return 0;
}

static int stream(struct run *r, const char *mode)
{
	if (!(r->f = fdopen(r->fd, mode)))
		return failed(r, "fdopen");
	return buffering(r);
}

static int put(struct run *r, const char *text)
{
	if (fputs(text, r->f) == EOF)
		return failed(r, "fputs");
	return 0;
}

static int flush(struct run *r)
{
	r->calls[CALL_FFLUSH]++;
	if (fflush(r->f) != 0)
		return failed(r, "fflush");
	return 0;
}

static int put_fd(struct run *r, const void *buf, size_t n)
{
	r->calls[CALL_WRITE]++;
	ssize_t w = write(r->fd, buf, n);
	if (w != (ssize_t)n) {
		if (w >= 0)
			errno = EIO;
		return failed(r, "write");
	}
	return 0;
}

/* Exercise 13-4 and TLPI 13.7: a line through stdio, then a line through
 * the descriptor.  Fully buffered (a file), the first line is still in the
 * FILE's buffer when write() puts the second in the file; line buffered (a
 * terminal), its newline sent it first. */
static int printf_then_write(struct run *r)
{
	static const char second[] = "write: second line\n";
	if (stream(r, "w") || put(r, "printf: first line\n") ||
	    put_fd(r, second, sizeof second - 1))
		return -1;
	return flush(r);              /* the program's exit() */
}

/* Input lines of 16 bytes, so that a buffer of whole pages holds whole
 * lines: a 4096-byte buffer ends exactly after line 256. */
#define INPUT_LINES 300
#define INPUT_LINE 16

/* A read() under a FILE that has read ahead: fgets() returns the first
 * line, but stdio took a whole buffer from the file to get it, so the
 * descriptor's offset is past the buffer and read() returns what follows
 * that - not the second line.  The program then writes down, with write()
 * at the file's end, what each call gave it. */
static int read_under_file(struct run *r)
{
	char input[INPUT_LINES * INPUT_LINE + 1], line[64], got[INPUT_LINE + 1];
	for (int i = 0; i < INPUT_LINES; i++)
		snprintf(input + i * INPUT_LINE, INPUT_LINE + 1, "input line %04d\n", i + 1);
	if (put_fd(r, input, INPUT_LINES * INPUT_LINE))
		return -1;
	r->calls[CALL_LSEEK]++;
	if (lseek(r->fd, 0, SEEK_SET) != 0)
		return failed(r, "lseek");
	if (stream(r, "r"))
		return -1;
	if (!fgets(line, sizeof line, r->f))
		return failed(r, ferror(r->f) ? "fgets" : "fgets (end of file)");
	r->calls[CALL_READ]++;
	ssize_t n = read(r->fd, got, INPUT_LINE);
	if (n < 0)
		return failed(r, "read");
	got[n] = '\0';
	char record[160];
	int len = snprintf(record, sizeof record, "fgets: %sread: %s", line,
	                   n ? got : "(end of file)\n");
	r->calls[CALL_LSEEK]++;
	if (lseek(r->fd, 0, SEEK_END) < 0)
		return failed(r, "lseek");
	return put_fd(r, record, (size_t)len);
}

/* A line left in the FILE's buffer when the process forks is in both
 * processes' buffers, and each flushes its copy.  The child goes first
 * (the parent waits for it), so the file's order is fixed. */
static int fork_lines(struct run *r, int flush_first)
{
	if (stream(r, "w") || put(r, "before fork\n"))
		return -1;
	if (flush_first && flush(r))
		return -1;
	pid_t pid = fork();
	if (pid < 0)
		return failed(r, "fork");
	if (pid == 0) {
		int ok = fputs("child after fork\n", r->f) != EOF && fflush(r->f) == 0;
		_exit(ok ? 0 : 1);
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return failed(r, "waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		errno = EIO;
		return failed(r, "fputs (in the child)");
	}
	if (put(r, "parent after fork\n"))
		return -1;
	return flush(r);
}

static int fork_no_flush(struct run *r)
{
	return fork_lines(r, 0);
}

static int fork_flush(struct run *r)
{
	return fork_lines(r, 1);
}

struct scenario {
	int (*run)(struct run *r);
	const char *lines[4];     /* issued, in program order; NULL-terminated */
};

static const struct scenario scenarios[] = {
	[WL_SCENARIO_PRINTF_THEN_WRITE] = {printf_then_write,
	                                   {"printf: first line", "write: second line"}},
	[WL_SCENARIO_READ_UNDER_FILE] = {read_under_file,
	                                 {"fgets: input line 0001", "read: input line 0002"}},
	[WL_SCENARIO_FORK_NO_FLUSH] = {fork_no_flush,
	                               {"before fork", "child after fork", "parent after fork"}},
	[WL_SCENARIO_FORK_FLUSH] = {fork_flush,
	                            {"before fork", "child after fork", "parent after fork"}},
};

static const struct scenario *scenario_of(enum wl_scenario sc)
{
	return (unsigned)sc < COUNT(scenarios) && scenarios[sc].run ? &scenarios[sc] : NULL;
}

const char *wl_scenario_line(enum wl_scenario sc, size_t i)
{
	const struct scenario *s = scenario_of(sc);
	return s && i < COUNT(s->lines) ? s->lines[i] : NULL;
}

int wl_scenario_run(const struct wl_spec *spec, const char *path,
                    uint64_t calls[CALL_KINDS], const char **call)
{
	const struct scenario *s = scenario_of(spec->scenario);
	struct run r = {.spec = spec, .calls = calls, .fd = -1};
	int rc;
	if (!s) {
		errno = EINVAL;
		*call = "scenario";
		return -1;
	}
	r.fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
	rc = r.fd < 0 ? failed(&r, "open") : s->run(&r);
	int err = errno;
	/* nothing more reaches the file: a failed stream's buffer is dropped */
	if (r.f)
		__fpurge(r.f);
	free(r.vbuf);             /* never used again: the stream is not closed */
	*call = r.call;
	errno = err;
	return rc;
}

/* --- the evidence ----------------------------------------------------------- */

struct span {
	const unsigned char *p;
	size_t n;
};

#define LINES_MAX 8192

static size_t split_lines(const unsigned char *b, size_t n, struct span *out, size_t max)
{
	size_t count = 0, start = 0;
	for (size_t i = 0; i < n && count < max; i++)
		if (b[i] == '\n') {
			out[count++] = (struct span){b + start, i - start};
			start = i + 1;
		}
	if (start < n && count < max)
		out[count++] = (struct span){b + start, n - start};
	return count;
}

static int same(struct span a, const unsigned char *p, size_t n)
{
	return a.n == n && memcmp(a.p, p, n) == 0;
}

/* The byte escaped: printable ASCII as itself, else \n \t \\ or \xHH. */
static size_t escape_byte(unsigned char c, char *out)
{
	if (c == '\n')
		return (size_t)sprintf(out, "\\n");
	if (c == '\t')
		return (size_t)sprintf(out, "\\t");
	if (c == '\\')
		return (size_t)sprintf(out, "\\\\");
	if (c < 0x20 || c >= 0x7f)
		return (size_t)sprintf(out, "\\x%02x", c);
	out[0] = (char)c;
	out[1] = '\0';
	return 1;
}

static size_t escape(const unsigned char *b, size_t n, char *out, size_t len, size_t used)
{
	char one[8];
	for (size_t i = 0; i < n; i++) {
		size_t k = escape_byte(b[i], one);
		if (used + k + 1 > len)
			break;
		memcpy(out + used, one, k);
		used += k;
	}
	out[used] = '\0';
	return used;
}

/* Head and tail of a long file, each at most this many bytes: together,
 * escaped (up to 4 characters a byte), they fit the text. */
#define EXCERPT_HEAD 64
#define EXCERPT_TAIL 160

static void excerpt(const unsigned char *b, size_t n, uint64_t total, char *out, size_t len)
{
	out[0] = '\0';
	if (n == total && n <= EXCERPT_HEAD + EXCERPT_TAIL) {
		escape(b, n, out, len, 0);
		return;
	}
	size_t used = escape(b, EXCERPT_HEAD < n ? EXCERPT_HEAD : n, out, len, 0);
	size_t tail = n > EXCERPT_HEAD + EXCERPT_TAIL ? EXCERPT_TAIL : n - EXCERPT_HEAD;
	int k = snprintf(out + used, len - used, "[... %llu bytes ...]",
	                 (unsigned long long)(total - EXCERPT_HEAD - tail));
	if (k > 0 && (size_t)k < len - used)
		escape(b + n - tail, tail, out, len, used + (size_t)k);
}

void wl_scenario_evidence_of(enum wl_scenario sc, const unsigned char *bytes, size_t n, uint64_t total,
                    struct wl_evidence *ev)
{
	static struct span lines[LINES_MAX];
	memset(ev, 0, sizeof *ev);
	ev->present = 1;
	ev->bytes = (int64_t)total;
	size_t count = split_lines(bytes, n, lines, LINES_MAX);
	ev->lines = (int64_t)count;
	for (size_t i = 0; i < count; i++) {
		int64_t copies = 0;
		for (size_t j = 0; j < count; j++)
			copies += same(lines[j], lines[i].p, lines[i].n);
		if (copies > ev->max_copies)
			ev->max_copies = copies;
	}
	size_t last = 0;
	int ordered = 1;
	for (size_t k = 0; wl_scenario_line(sc, k); k++) {
		const char *want = wl_scenario_line(sc, k);
		size_t i;
		for (i = 0; i < count; i++)
			if (same(lines[i], (const unsigned char *)want, strlen(want)))
				break;
		if (i == count) {
			ev->missing++;
			ordered = 0;
		} else {
			if (k && i < last)
				ordered = 0;
			last = i;
		}
	}
	ev->in_order = ordered;
	excerpt(bytes, n, total, ev->text, sizeof ev->text);
}

int wl_scenario_evidence_read(enum wl_scenario sc, const char *path, struct wl_evidence *ev)
{
	static unsigned char buf[WL_EVIDENCE_READ_MAX];
	struct stat st;
	memset(ev, 0, sizeof *ev);
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0) {
		int err = errno;
		close(fd);
		errno = err;
		return -1;
	}
	size_t n = 0;
	while (n < sizeof buf) {
		ssize_t k = read(fd, buf + n, sizeof buf - n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		n += (size_t)k;
	}
	close(fd);
	wl_scenario_evidence_of(sc, buf, n, (uint64_t)st.st_size > n ? (uint64_t)st.st_size : n, ev);
	return 0;
}
