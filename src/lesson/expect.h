/* expect.h - a lesson's `expect:` list: claims checked against measurements.
 *
 * Each expectation is a claim students read, a check expression over the
 * result's fields (and other lessons' results in the same run), and a bound.
 * The loader hands the strings of one `expect:` item to expect_build() and
 * keeps the struct; batch, the report writers and the lab call
 * expect_eval_run() after a run with a lookup of the measured fields and
 * print the verdict: held, missed or inconclusive.  Pure: no I/O, no
 * globals, no knowledge of which fields exist (the caller's table says).
 *
 * The check language (no eval; parsed once, at load time):
 *
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := '-'* primary
 *   primary := number | field | field '(' lesson-id ')' | '(' expr ')'
 *   number  := digits ['.' digits] [('e' | 'E') ['+' | '-'] digits]
 *            | digits size-suffix        4KiB, 1MiB, 10M (= 10,000,000): the
 *                                        suffixes of units_parse_size()
 *   field   := name ('.' name)*          name := [A-Za-z_][A-Za-z0-9_]*
 *   lesson-id := [a-z0-9-]+              `log_rate(w01-syncbyte)`
 *
 * Blanks (space, tab, newline) may stand between tokens.  A field alone
 * is this lesson's; `field(id)` is lesson id's in the same run.
 *
 * Evaluation over intervals (or, where the caller can give each trial's
 * figures, over every combination of trials: see struct expect_source).
 * The lookup gives each field at the median
 * trial (the trial the report shows) and its min and max over the trials.
 * The value is the check computed from the medians; the range is the check
 * computed in interval arithmetic from the fields' [min, max].  Why not per
 * trial: trials of two lessons are not paired (trial 2 of w01 has nothing
 * to do with trial 2 of w05), so for the cross-lesson checks the issue is
 * about, the only honest range is the one that lets each operand take any
 * value its trials took.  Within one lesson the interval is wider than the
 * per-trial spread when operands move together (x - x gives a range around
 * 0), which can turn a held or missed into inconclusive, never the other
 * way round: a verdict other than inconclusive holds for every combination
 * of the trials' figures.  The value always lies inside the range (correct
 * rounding is monotone).  A divisor whose range includes 0 makes the
 * expectation inconclusive ("division by zero").
 *
 * Safe on hostile input, so a fuzzer may call expect_build() directly: the
 * parser reads at most EXPECT_TEXT_MAX + 1 bytes of any string (strnlen)
 * and then works on its own NUL-terminated copy, every read checked
 * against the copy's length; it recurses only through '(' (at most
 * EXPECT_DEPTH_MAX deep) and the two precedence levels; the tree is a flat
 * array (at most one node per byte of text) that the evaluator walks in
 * one loop, never recursively.
 */
#ifndef IOLAB_EXPECT_H
#define IOLAB_EXPECT_H

#include <stddef.h>

#define EXPECT_TEXT_MAX 256            /* bytes of a check or bound expression */
#define EXPECT_DEPTH_MAX 32            /* nested parentheses */
#define EXPECT_TOLERANCE_DEFAULT 0.10  /* `near` without `tolerance:` = 10% */

/* --- fields: the caller's table decides which exist ----------------------- */

#define EXPECT_FIELD_KNOWN      1u   /* set for every known field */
#define EXPECT_FIELD_TIMED      2u   /* depends on the clock (rate, log_rate,
                                        seconds): a busy run makes it
                                        inconclusive, unless the field
                                        says which way busyness moves it: */
#define EXPECT_FIELD_SPEED      8u   /* a speed (rate, log_rate): a busy
                                        machine can only make it read lower
                                        than the workload's own */
#define EXPECT_FIELD_DURATION  16u   /* a duration (seconds): a busy machine
                                        can only make it read longer */
#define EXPECT_FIELD_DEVICE    32u   /* what the storage device or write-back
                                        did (storage.*, dirty pages, waits):
                                        a run with no device under it
                                        (EXPECT_RAN_NO_DEVICE) makes it
                                        inconclusive */
#define EXPECT_FIELD_CACHED    64u   /* what the page cache holds after the
                                        loop: meaningless where a workload
                                        meant for the device had none */
#define EXPECT_FIELD_WHOLE_FILE 4u   /* a count over the whole file (calls.*,
                                        syscalls.*, storage.*): a
                                        time-limited run makes it
                                        inconclusive unless whole_file: false */

/* Is field ("rate", "calls.fwrite") one a check may name?  Returns its
 * EXPECT_FIELD_* bits (KNOWN set) when it is; 0 when it is not, with
 * *suggestion set to the nearest known name (ysuggest()) or NULL.  With no
 * validator every field is accepted as KNOWN and nothing else. */
typedef unsigned (*expect_field_fn)(void *ctx, const char *field,
                                    const char **suggestion);

struct expect_expr;                 /* opaque: one parsed expression */

/* Parse text (at most EXPECT_TEXT_MAX bytes).  Returns 0 and sets *out, or
 * -1 with the 0-based byte offset of the offending token in *offset (the
 * string's length for "at the end") and the message in msg, for example
 *   "unknown field 'rat'; did you mean 'rate'?"
 *   "expected a field, a number or '('"      "unbalanced ')'"
 *   "division needs two operands"    "lesson id expected inside log_rate(...)"
 * Numbers only, with no field, are accepted (bounds are often constants). */
int expect_parse_parse(const char *text, expect_field_fn valid, void *ctx,
                      struct expect_expr **out, unsigned *offset,
                      char *msg, size_t len);
void expect_parse_free(struct expect_expr *e);
const char *expect_parse_text(const struct expect_expr *e);   /* as written */
/* Does it name any field?  (A constant's value is then expect_parse_constant.) */
int expect_parse_has_field(const struct expect_expr *e);
double expect_parse_constant(const struct expect_expr *e);

/* --- one expectation ------------------------------------------------------- */

enum expect_kind { EXPECT_NEAR, EXPECT_AT_LEAST, EXPECT_AT_MOST, EXPECT_BETWEEN };
/* Does the claim need the whole file?  AUTO: when it names a
 * EXPECT_FIELD_WHOLE_FILE field (`whole_file:` absent). */
enum expect_whole { EXPECT_WHOLE_AUTO, EXPECT_WHOLE_YES, EXPECT_WHOLE_NO };

struct expectation {
	char *claim;                  /* the sentence students see */
	struct expect_expr *check;
	enum expect_kind kind;
	struct expect_expr *bound[2]; /* [0]: near / at_least / at_most / between's
	                                 low; [1]: between's high, else NULL */
	int relative;                 /* near: tolerance is a fraction of the bound */
	double tolerance;             /* near: 0.01 for 1%, or an absolute amount */
	int tolerance_given;          /* 0: EXPECT_TOLERANCE_DEFAULT, relative */
	enum expect_whole whole_file;
};

/* The strings of one `expect:` item as the lesson file spells them; NULL
 * for an absent key.  between: the list's items (non-NULL with nbetween 0
 * for an empty list).  whole_file: "true" or "false". */
struct expect_spec {
	const char *claim;
	const char *check;
	const char *near, *at_least, *at_most;
	const char *const *between;
	size_t nbetween;
	const char *tolerance;        /* "1%", "0.5%", "16", "4KiB" */
	const char *whole_file;
};

/* Which value a build error is in, so the loader can point at its mark. */
enum expect_key {
	EXPECT_KEY_ITEM,              /* the item as a whole (a key is missing) */
	EXPECT_KEY_CLAIM, EXPECT_KEY_CHECK,
	EXPECT_KEY_NEAR, EXPECT_KEY_AT_LEAST, EXPECT_KEY_AT_MOST,
	EXPECT_KEY_BETWEEN,           /* the list */
	EXPECT_KEY_BETWEEN_LOW, EXPECT_KEY_BETWEEN_HIGH,   /* its two items */
	EXPECT_KEY_TOLERANCE, EXPECT_KEY_WHOLE_FILE,
};
const char *expect_key_name(enum expect_key k);   /* "near", "between", ... */

struct expect_diag {
	enum expect_key key;
	unsigned offset;              /* byte offset inside that value's string */
	char message[192];
};

/* Build one expectation: every expression parsed with valid, the bound
 * and tolerance checked.  Returns 0, or -1 with *diag filled and *out
 * zeroed.  Messages beyond the parser's: "missing 'claim'", "missing
 * 'check'", "no bound: give one of near, at_least, at_most, between",
 * "only one bound per check: 'near' and 'at_most' both given", ... */
int expect_build(const struct expect_spec *spec, expect_field_fn valid,
                 void *ctx, struct expectation *out, struct expect_diag *diag);
void expect_free(struct expectation *x);
/* Does a time-limited run make this claim inconclusive, for some field? */
int expect_needs_whole_file(const struct expectation *x);

/* The other lessons it names, each once, in order of first mention, with
 * where: key and the offset of the id.  Returns how many there are; fills
 * out[0 .. min(that, max) - 1].  Pointers live as long as x. */
struct expect_ref {
	const char *lesson;
	enum expect_key key;
	unsigned offset;
};
size_t expect_lessons(const struct expectation *x, struct expect_ref *out, size_t max);

/* --- evaluation -------------------------------------------------------------- */

enum expect_which { EXPECT_MEDIAN, EXPECT_MIN, EXPECT_MAX };
enum expect_found {
	EXPECT_FOUND,                 /* *out set (finite) */
	EXPECT_NULL,                  /* the field is unavailable on this machine */
	EXPECT_NO_LESSON,             /* that lesson did not run or was not selected */
};

/* Conditions of one lesson's run that the caller knows and the evaluator
 * weighs (EXPECT_RAN_* bits). */
#define EXPECT_RAN_BUSY         1u   /* CPU time per wall second well below 1
                                        for a CPU-bound loop */
#define EXPECT_RAN_TIME_LIMITED 2u   /* a trial stopped at its time limit */
#define EXPECT_RAN_NO_DEVICE    4u   /* the scratch filesystem has no storage
                                        device (tmpfs): its EXPECT_FIELD_DEVICE
                                        fields count nothing real */
#define EXPECT_RAN_DEVICE_BOUND 8u   /* the workload is meant to reach the
                                        device (O_SYNC, O_DSYNC, O_DIRECT, a
                                        sync, a cold cache, DONTNEED): with
                                        NO_DEVICE its timed and cached
                                        fields are inconclusive too */

/* The fields a busy lesson's correction reads (expect_eval.c): its wait
 * for a CPU and its wall time, in seconds (report_field_rows.h). */
#define EXPECT_LOAD_WAIT "time.cpu_wait"
#define EXPECT_LOAD_WALL "time.wall"

struct expect_source {
	/* Required.  field of lesson (NULL: the expectation's own lesson) at
	 * the median trial, or its min or max over the trials. */
	enum expect_found (*lookup)(void *ctx, const char *lesson, const char *field,
	                            enum expect_which which, double *out);
	/* EXPECT_RAN_* of lesson's run (NULL: its own); may be NULL: none. */
	unsigned (*conditions)(void *ctx, const char *lesson);
	void *ctx;
	/* Optional, both or neither: how many
	 * trials lesson's figures came from (0: not known), and field at trial
	 * k of them.  Fields of one lesson are paired - taken from the same
	 * trial - so with these the range and the verdict are over every
	 * combination of one trial per lesson named, when there are at most
	 * EXPECT_COMBINATIONS_MAX: no wider than the intervals, and exact for
	 * a ratio of two counts of one lesson (calls / syscalls), which the
	 * intervals widen when trials ran different numbers of passes. */
	unsigned (*trials)(void *ctx, const char *lesson);
	enum expect_found (*lookup_trial)(void *ctx, const char *lesson, const char *field,
	                                  unsigned trial, double *out);
};

#define EXPECT_COMBINATIONS_MAX 4096

enum expect_verdict { EXPECT_HELD, EXPECT_MISSED, EXPECT_INCONCLUSIVE };
/* Why inconclusive.  When several apply, the first in this order is told. */
enum expect_reason {
	EXPECT_WHY_NONE,
	EXPECT_WHY_NO_LESSON,         /* a lesson it names did not run */
	EXPECT_WHY_NULL_FIELD,        /* a field is unavailable here */
	EXPECT_WHY_DIVISION_BY_ZERO,  /* a divisor's range includes 0 */
	EXPECT_WHY_NOT_FINITE,        /* overflow, or a lookup gave NaN/inf */
	EXPECT_WHY_NO_DEVICE,         /* no storage device, a field that needs one */
	EXPECT_WHY_TIME_LIMITED,      /* time-limited run, whole-file claim */
	EXPECT_WHY_BUSY,              /* busy machine, a timed field */
	EXPECT_WHY_EMPTY_BOUND,       /* between's low above its high */
	EXPECT_WHY_STRADDLE,          /* the range reaches both sides of the bound */
};
const char *expect_verdict_name(enum expect_verdict v);  /* held|missed|inconclusive */
const char *expect_reason_name(enum expect_reason r);    /* "" | lesson-missing |
	field-null | division-by-zero | not-finite | no-device | time-limited | busy |
	empty-bound | straddle */

struct expect_outcome {
	enum expect_verdict verdict;
	enum expect_reason reason;    /* EXPECT_WHY_NONE unless inconclusive */
	char why[256];                /* the reason in words; "" when none */
	int has_value;                /* value and range computed */
	double value;                 /* the check at the median trials */
	double min, max;              /* its range over the trials (== value when
	                                 nothing varied) */
	int has_bound;                /* the bound's numbers computed */
	double bound[2];              /* the bound expressions at the medians:
	                                 near's centre, at_least's, at_most's,
	                                 between's low and high */
	double low, high;             /* the accepted interval at the medians
	                                 (near: centre -+ tolerance); -INFINITY /
	                                 INFINITY on an open side */
};

/* Verdict rules: held when every value in the range satisfies the bound
 * for every value the bound's own range allows (bounds are inclusive);
 * missed when none does; otherwise inconclusive, "straddles".  Before
 * that, inconclusive for each EXPECT_WHY_* above.  A busy lesson's speeds
 * (EXPECT_FIELD_SPEED) widen up to infinity and its durations
 * (EXPECT_FIELD_DURATION) down to 0 first: busy only slows a loop down, so
 * a verdict that holds over the widening stands, and one it could flip is
 * inconclusive "busy". */
void expect_eval_run(const struct expectation *x, const struct expect_source *src,
                     struct expect_outcome *out);

/* --- words for people and reports ---------------------------------------- */

/* "near 4096 ± 1%", "at least 5", "between 0.9 and 1.1", "at most 2576":
 * with the numbers of o when o has them (o may be NULL), else the
 * expressions as written ("at most size/4096 + 16"). */
void expect_describe_bound(const struct expectation *x, const struct expect_outcome *o,
                           char *buf, size_t len);
/* Up to 6 significant digits, whole numbers whole, no exponent between
 * 1e-6 and 1e15: "4096", "10485760", "0.9", "4055.04", "-3.5". */
void expect_format_number(double v, char *buf, size_t len);

#endif
