/* check_report.c - the report writers: JSON escaping, CSV quoting, number
 * formatting, null for what could not be measured.  Exact strings only. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figures.h"
#include "report.h"
#include "report_format.h"
#include "expect_fields.h"
#include "report_expect.h"
#include "report_fields.h"
#include "countof.h"
#include "suites.h"
#include "value.h"
#include "wl_keys.h"

/* --- capture what a writer prints ----------------------------------------- */

struct capture {
	char *buf;
	size_t len;
	FILE *f;
};

static FILE *cap_open(struct capture *c)
{
	c->buf = NULL;
	c->len = 0;
	c->f = open_memstream(&c->buf, &c->len);
	ck_assert_ptr_nonnull(c->f);
	return c->f;
}

/* closes the stream; the text stays in c->buf (free it) */
static const char *cap_text(struct capture *c)
{
	ck_assert_int_eq(fclose(c->f), 0);
	return c->buf;
}

static char *json_of(const char *s)
{
	struct capture c;
	report_format_json_string(cap_open(&c), s);
	cap_text(&c);
	return c.buf;
}

static char *csv_of(const char *s)
{
	struct capture c;
	report_format_csv_field(cap_open(&c), s);
	cap_text(&c);
	return c.buf;
}

#define JSON_IS(in, want) do { char *got_ = json_of(in); \
	ck_assert_str_eq(got_, want); free(got_); } while (0)
#define CSV_IS(in, want) do { char *got_ = csv_of(in); \
	ck_assert_str_eq(got_, want); free(got_); } while (0)

/* --- JSON strings ---------------------------------------------------------- */

START_TEST(json_plain_and_null)
{
	JSON_IS("w03-byte", "\"w03-byte\"");
	JSON_IS("", "\"\"");
	JSON_IS(NULL, "null");
}
END_TEST

START_TEST(json_escapes)
{
	JSON_IS("say \"hi\"", "\"say \\\"hi\\\"\"");
	JSON_IS("C:\\tmp", "\"C:\\\\tmp\"");
	JSON_IS("a\nb\tc\rd\be\ff", "\"a\\nb\\tc\\rd\\be\\ff\"");
	JSON_IS("\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"");
	JSON_IS("/", "\"/\"");
}
END_TEST

START_TEST(json_utf8_passes)
{
	/* é (2 bytes), € (3), U+1F600 (4), U+10FFFF, U+E000 */
	JSON_IS("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf \xee\x80\x80",
	        "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf \xee\x80\x80\"");
}
END_TEST

/* C1 controls and the bidirectional overrides and isolates are escaped, so a
 * title or an error that holds them prints safely on a terminal; the
 * characters around them (U+00A0 right after C1, U+202F beside the
 * overrides, U+2065 and U+206A beside the isolates) pass as they are; the
 * invisible U+2029 (a paragraph separator) and U+200B are escaped too. */
START_TEST(json_terminal_unsafe_escaped)
{
	JSON_IS("a\xc2\x80" "b\xc2\x9b" "2J\xc2\x9f", "\"a\\u0080b\\u009b2J\\u009f\"");
	JSON_IS("\xc2\xa0", "\"\xc2\xa0\"");
	JSON_IS("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad\xe2\x80\xae",
	        "\"\\u202a\\u202b\\u202c\\u202d\\u202e\"");
	JSON_IS("\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9",
	        "\"\\u2066\\u2067\\u2068\\u2069\"");
	JSON_IS("\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\xa5\xe2\x81\xaa",
	        "\"\\u2029\xe2\x80\xaf\xe2\x81\xa5\xe2\x81\xaa\"");
	JSON_IS("a\xe2\x80\x8b" "b", "\"a\\u200bb\"");
	/* a file name 'evil<RLO>txt.exe' reads the same to a JSON reader */
	JSON_IS("evil\xe2\x80\xaetxt.exe", "\"evil\\u202etxt.exe\"");
}
END_TEST

START_TEST(json_invalid_utf8_replaced)
{
#define R "\xef\xbf\xbd"
	JSON_IS("a\xff" "b", "\"a" R "b\"");              /* never a lead byte */
	JSON_IS("\x80", "\"" R "\"");                      /* lone continuation */
	JSON_IS("\xc0\xaf", "\"" R R "\"");                /* overlong '/' */
	JSON_IS("\xe0\x80\xaf", "\"" R R R "\"");          /* overlong, 3 bytes */
	JSON_IS("\xed\xa0\x80", "\"" R R R "\"");          /* a surrogate */
	JSON_IS("\xf4\x90\x80\x80", "\"" R R R R "\"");    /* past U+10FFFF */
	JSON_IS("\xf5\x80", "\"" R R "\"");
	JSON_IS("x\xe2\x82", "\"x" R R "\"");              /* cut short at the end */
	JSON_IS("\xe2\x82" "A", "\"" R R "A\"");           /* cut short before ASCII */
	JSON_IS("\xc3\"", "\"" R "\\\"\"");                /* a quote is never eaten */
#undef R
}
END_TEST

START_TEST(utf8_lengths)
{
	ck_assert_uint_eq(report_utf8_len("a"), 1);
	ck_assert_uint_eq(report_utf8_len("\xc2\x80"), 2);
	ck_assert_uint_eq(report_utf8_len("\xc1\xbf"), 0);
	ck_assert_uint_eq(report_utf8_len("\xe0\xa0\x80"), 3);
	ck_assert_uint_eq(report_utf8_len("\xed\x9f\xbf"), 3);
	ck_assert_uint_eq(report_utf8_len("\xed\xa0\x80"), 0);
	ck_assert_uint_eq(report_utf8_len("\xf0\x90\x80\x80"), 4);
	ck_assert_uint_eq(report_utf8_len("\xf0\x8f\xbf\xbf"), 0);
	ck_assert_uint_eq(report_utf8_len("\xf4\x8f\xbf\xbf"), 4);
	ck_assert_uint_eq(report_utf8_len("\xe2\x82"), 0);
}
END_TEST

/* --- CSV fields ---------------------------------------------------------------- */

START_TEST(csv_quoting)
{
	CSV_IS("plain", "plain");
	CSV_IS("", "");
	CSV_IS(NULL, "");
	CSV_IS("a,b", "\"a,b\"");
	CSV_IS("say \"hi\"", "\"say \"\"hi\"\"\"");
	CSV_IS("\"", "\"\"\"\"");
	CSV_IS("two\nlines", "\"two\nlines\"");
	CSV_IS("cr\rhere", "\"cr\rhere\"");
	CSV_IS("O_SYNC|O_DIRECT", "O_SYNC|O_DIRECT");
	CSV_IS(" spaced ", " spaced ");
	CSV_IS("caf\xc3\xa9", "caf\xc3\xa9");
	CSV_IS("bad\xff", "bad\xef\xbf\xbd");
	CSV_IS("bad\xff,\"", "\"bad\xef\xbf\xbd,\"\"\"");
}
END_TEST

/* --- numbers ------------------------------------------------------------------ */

static void number_is(double v, const char *want, int rc)
{
	char buf[40];
	ck_assert_int_eq(report_format_double(v, buf, sizeof buf), rc);
	ck_assert_str_eq(buf, want);
}

START_TEST(numbers)
{
	number_is(5, "5.0", 0);
	number_is(0, "0.0", 0);
	number_is(-0.0, "0.0", 0);
	number_is(0.1, "0.1", 0);
	number_is(3.01, "3.01", 0);
	number_is(-2.5, "-2.5", 0);
	number_is(3483638.5, "3483638.5", 0);
	number_is(10485760, "10485760.0", 0);
	number_is(1e21, "1e+21", 0);
	number_is(2.5e-9, "2.5e-09", 0);
	number_is(0.1 + 0.2, "0.30000000000000004", 0);
	number_is(NAN, "null", -1);
	number_is(INFINITY, "null", -1);
	number_is(-INFINITY, "null", -1);
}
END_TEST

START_TEST(numbers_round_trip)
{
	const double v[] = {1.0 / 3, 2.0 / 3, 3.14159265358979, 1e-300, 1.7976931348623157e308,
	                    4.9406564584124654e-324, 123456789.123456789, 15.0612345};
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		char buf[40];
		ck_assert_int_eq(report_format_double(v[i], buf, sizeof buf), 0);
		ck_assert(strtod(buf, NULL) == v[i]);
		ck_assert_ptr_nonnull(strpbrk(buf, ".e"));
	}
}
END_TEST

/* --- whole documents --------------------------------------------------------- */

static struct lesson make_lesson(const char *id, const char *title)
{
	struct lesson l;
	memset(&l, 0, sizeof l);
	l.id = (char *)id;
	l.title = (char *)title;
	wl_spec_init(&l.workload);
	return l;
}

static void measured_trial(struct report_result *res, int64_t syscr, int64_t syscw)
{
	struct trial_result *m = &res->summary.median;
	memset(m, 0, sizeof *m);
	m->ok = 1;
	m->bytes = 65536;
	m->passes = 1;
	m->seconds = 0.5;
	m->rate = 131072;
	m->calls[CALL_WRITE] = 65536;
	m->syscall_source = SYSCALL_SOURCE_PROCFS;
	m->syscr = syscr;
	m->syscw = syscw;
	for (int k = 0; k < SYS_KINDS; k++)
		m->sys[k] = -1;
	m->read_bytes = -1;
	m->write_bytes = 4096;
	m->rchar = m->wchar = -1;
	m->utime = 0.25;
	m->stime = 0.125;
	m->minflt = 15;
	m->majflt = 0;
	m->nvcsw = 1;
	m->nivcsw = 2;
	m->resident_before = -1;
	m->resident_after = 1;
	m->dirty_pages_after = 3;
	m->writeback_pages_after = 0;
	m->resident_after_advice = m->resident_evicted_max = -1;
	m->cpu_seconds = 0.375;
	m->waited_seconds = 0.125;
	/* a kernel that counts no run-queue time, no block device */
	m->time_user = 0.25;
	m->time_system = 0.125;
	m->cpu_wait = m->blocked = -1;
	snprintf(m->time_note, sizeof m->time_note, "no schedstat");
	device_stat_clear(&m->device);
	res->measured = 1;
	res->trials = 3;
	res->summary.trials = 3;
	res->summary.rate_median = 131072;
	res->summary.rate_min = 65536;
	res->summary.rate_max = 262144;
	res->summary.seconds_median = 0.5;
	res->summary.seconds_min = 0.25;
	res->summary.seconds_max = 1;
}

/* one ok lesson with an unreadable read count, one failed lesson */
static void make_report(struct report *r)
{
	ck_assert_int_eq(report_init(r, "/tmp/s \"x\"", "ext4", "procfs"), 0);
	r->trials = 3;
	struct lesson a = make_lesson("w03-byte", "One byte, \"quoted\", with a comma\nand a newline");
	a.workload.size = 65536;
	a.workload.open_flags = WL_OPEN_SYNC | WL_OPEN_DIRECT;
	struct reference_rate ref = {(char *)"cs61-2011-imac", 900000};
	a.refs = &ref;
	a.nrefs = 1;
	struct report_result *res = report_add(r, &a, &a.workload, NULL);
	ck_assert_ptr_nonnull(res);
	measured_trial(res, -1, 65536);

	struct lesson b = make_lesson("x01-fails", "Fails");
	b.workload.op = WL_OP_READ;
	b.workload.stdio_buffer = 0;
	b.workload.expect_error = EINVAL;
	res = report_add(r, &b, &b.workload, NULL);
	ck_assert_ptr_nonnull(res);
	report_fail(res, "expected %s, but the workload succeeded", "EINVAL");
}

/* the report in the format named so (a row of the format table) */
static char *render(const struct report *r, const char *format)
{
	struct capture c;
	const struct report_format *f = report_format_find(format);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(report_write(cap_open(&c), r, f), 0);
	cap_text(&c);
	return c.buf;
}

#define HAS(text, needle) ck_assert_msg(strstr(text, needle) != NULL, \
	"'%s' not in:\n%s", needle, text)
#define HASNT(text, needle) ck_assert_msg(strstr(text, needle) == NULL, \
	"'%s' unexpectedly in:\n%s", needle, text)

START_TEST(json_document)
{
	struct report r;
	make_report(&r);
	char *j = render(&r, "json");
	HAS(j, "\"iolab\": \"" PACKAGE_VERSION "\"");
	HAS(j, "\"scratch\": \"/tmp/s \\\"x\\\"\"");
	HAS(j, "\"syscall_counter\": \"procfs\"");
	HAS(j, "\"title\": \"One byte, \\\"quoted\\\", with a comma\\nand a newline\"");
	HAS(j, "\"status\": \"ok\",\n      \"error\": null");
	HAS(j, "\"open\": [\"O_SYNC\", \"O_DIRECT\"]");
	HAS(j, "\"stdio_buffer\": \"default\"");
	HAS(j, "\"time_limit\": 5.0");
	HAS(j, "\"command\": null, \"expect_error\": null, \"advice_lead\": 0.0, \"map\": \"once\", "
	       "\"file\": \"new\", \"sync_every\": 0, \"redirect\": \"none\", \"order\": \"forward\", "
	       "\"stdio_call\": \"fwrite\", \"scenario\": \"none\"}");
	HAS(j, "\"seconds\": {\"median\": 0.5, \"min\": 0.25, \"max\": 1.0}");
	HAS(j, "\"rate\": {\"median\": 131072.0, \"min\": 65536.0, \"max\": 262144.0}");
	HAS(j, "\"log_rate\": 11.78350206951907");
	/* an unreadable count is null, never 0; total is perf's alone */
	HAS(j, "\"syscalls\": {\"read\": null, \"write\": 65536, \"total\": null, \"source\": \"procfs\"");
	HAS(j, "\"calls\": {\"write\": 65536}");
	HAS(j, "\"storage\": {\"read_bytes\": null, \"write_bytes\": 4096}");
	HAS(j, "\"cache\": {\"resident_before\": null, \"resident_after\": 1.0, \"dirty_pages_after\": 3, "
	       "\"writeback_pages_after\": 0, \"resident_after_advice\": null, \"resident_evicted_max\": null}");
	HAS(j, "\"context_switches\": {\"voluntary\": 1, \"involuntary\": 2},\n      \"waited_seconds\": 0.125,\n"
	       "      \"time\": {\"wall\": 0.5, \"user\": 0.25, \"system\": 0.125, \"cpu_wait\": null, "
	       "\"blocked\": null, \"note\": \"no schedstat\"},\n"
	       "      \"per_call\": {\"call\": 7.62939453125e-06, \"syscall\": 7.62939453125e-06},\n"
	       "      \"rate_alone\": null,\n"
	       "      \"storage\"");
	HAS(j, "\"device\": {\"reads\": null, \"writes\": null, \"read_bytes\": null, \"write_bytes\": null, "
	       "\"flushes\": null, \"merged\": null},\n      \"amplification\": null,\n      \"evidence\": null,\n"
	       "      \"reference\"");
	HAS(j, ", \"device\": null, \"device_note\": null}");
	HAS(j, "\"copied\": {\"read_bytes\": null, \"write_bytes\": null, \"startup_read_bytes\": null}");
	/* O_SYNC waits for the device: the busy rule does not apply */
	HAS(j, "\"sweep\": null,\n      \"model\": null,\n      \"busy\": null,\n      \"points\": 1.0,\n"
	       "      \"expectations\": []");
	HAS(j, "\"reference\": [\n        {\"source\": \"cs61-2011-imac\", \"label\": \"cs61-2011-imac\", \"rate\": 900000.0}");
	HAS(j, "\"sweep\": null");
	/* the failed lesson: status, error text, null measurements */
	HAS(j, "\"status\": \"error\",\n      \"error\": \"expected EINVAL, but the workload succeeded\"");
	HAS(j, "\"stdio_buffer\": 0,");
	HAS(j, "\"expect_error\": \"EINVAL\"");
	HAS(j, "\"trials\": 0,\n      \"passes\": null,\n      \"bytes\": null");
	HAS(j, "\"seconds\": {\"median\": null, \"min\": null, \"max\": null}");
	HAS(j, "\"log_rate\": null");
	HAS(j, "\"calls\": null");
	HAS(j, "\"reference\": []");
	HAS(j, "\"busy\": null,\n      \"points\": 1.0,\n      \"expectations\": []\n    }\n  ]\n}\n");
	HASNT(j, ": nan");
	HASNT(j, ": inf");
	HASNT(j, ": -nan");
	ck_assert_int_eq(j[strlen(j) - 1], '\n');
	free(j);
	report_free(&r);
}
END_TEST

START_TEST(json_sweep)
{
	struct report r;
	ck_assert_int_eq(report_init(&r, "/s", "ext4", "procfs"), 0);
	struct lesson l = make_lesson("s01-sweep", "Sweep");
	uint64_t blocks[] = {1, 4096};
	l.sweep.blocks = blocks;
	l.sweep.nblocks = 2;
	l.sweep.caches[0] = WL_CACHE_WARM;
	l.sweep.ncaches = 1;
	struct report_result *res = report_add(&r, &l, &l.workload, NULL);
	ck_assert_ptr_nonnull(res);
	ck_assert_int_eq(res->is_sweep, 1);
	res->points = calloc(2, sizeof *res->points);
	res->npoints = 2;
	res->points[0] = (struct sweep_point){1, WL_CACHE_WARM, 1, 2.0, 100, 100, 50};
	res->points[1] = (struct sweep_point){4096, WL_CACHE_WARM, 0, 0, 0, 0, 0};
	res->fit[WL_CACHE_WARM] = (struct report_fit){1, 1, 2e-7, 1e-9};
	char *j = render(&r, "json");
	HAS(j, "{\"block\": 1, \"cache\": \"warm\", \"ok\": true, \"rate\": 50.0, \"seconds\": 2.0, "
	       "\"calls\": 100.0, \"bytes\": 100.0}");
	HAS(j, "{\"block\": 4096, \"cache\": \"warm\", \"ok\": false, \"rate\": null, \"seconds\": null, "
	       "\"calls\": null, \"bytes\": null}");
	HAS(j, "\"fit\": {\"warm\": {\"R\": 2e-07, \"U\": 1e-09}, \"cold\": null}");
	free(j);
	char *csv = render(&r, "csv");
	/* the points as columns of their own, after every field: a point
	 * that failed is empty */
	HAS(csv, ",expectations.inconclusive,expectations,sweep.warm.1,sweep.warm.4096\r\n");
	HAS(csv, ",2e-07,1e-09,,"
	         ",,,"               /* model */
	         ",,1.0,0,0,0,"      /* busy, points, expectations */
	         ",50.0,\r\n");      /* sweep.warm.1, sweep.warm.4096 */
	free(csv);
	report_free(&r);
}
END_TEST

/* The document with its line breaks taken out as the one-line writer
 * leaves them out: ", " between members, nothing inside brackets. */
static void one_line(char *s)
{
	char *o = s;
	for (const char *p = s; *p;) {
		if (*p == '\n') {
			while (*++p == ' ')
				;
			if (o > s && o[-1] == ',')
				*o++ = ' ';
			continue;
		}
		*o++ = *p++;
	}
	*o = '\0';
}

/* What the store keeps of a run: each result exactly as in the document,
 * on one line. */
START_TEST(json_one_result)
{
	struct report r;
	make_report(&r);
	char *doc = render(&r, "json");
	one_line(doc);
	for (size_t i = 0; i < r.nresults; i++) {
		char *one = report_format_json_result(&r.results[i]);
		ck_assert_ptr_nonnull(one);
		ck_assert_ptr_null(strchr(one, '\n'));
		ck_assert_msg(strstr(doc, one) != NULL, "'%s' not in:\n%s", one, doc);
		free(one);
	}
	char *first = report_format_json_result(&r.results[0]);
	ck_assert(strncmp(first, "{\"lesson\": \"w03-byte\", \"title\": ", 32) == 0);
	HAS(first, "\"reference\": [{\"source\": \"cs61-2011-imac\"");
	HAS(first, ", \"sweep\": null, ");
	ck_assert_int_eq(first[strlen(first) - 1], '}');
	free(first);
	free(doc);
	report_free(&r);
}
END_TEST

START_TEST(csv_document)
{
	struct report r;
	make_report(&r);
	char *c = render(&r, "csv");
	HAS(c, "lesson,title,status,error,workload.op,workload.api,workload.size,workload.block,"
	       "workload.stride,workload.open,workload.fadvise,workload.cache,workload.streams,"
	       "workload.stdio_buffer,workload.stdio_mode,workload.sync,workload.time_limit,"
	       "workload.min_time,workload.command,workload.expect_error,workload.advice_lead,"
	       "workload.map,workload.file,workload.sync_every,workload.redirect,workload.order,"
	       "workload.stdio_call,workload.scenario,trials,passes,bytes,"
	       "seconds.median,seconds.min,seconds.max,rate.median,rate.min,rate.max,log_rate,"
	       "time_limited,disturbed,checksum,syscalls.read,syscalls.write,syscalls.total,"
	       "syscalls.source,"
	       "syscalls.lseek,syscalls.fsync,syscalls.fdatasync,calls.write,calls.read,");
	HAS(c, ",cpu.user,cpu.system,faults.minor,faults.major,context_switches.voluntary,"
	       "context_switches.involuntary,waited_seconds,"
	       "time.wall,time.user,time.system,time.cpu_wait,time.blocked,time.note,"
	       "per_call.call,per_call.syscall,rate_alone,"
	       "storage.read_bytes,storage.write_bytes,"
	       "copied.read_bytes,copied.write_bytes,copied.startup_read_bytes,"
	       "cache.resident_before,cache.resident_after,"
	       "cache.dirty_pages_after,cache.writeback_pages_after,cache.resident_after_advice,"
	       "cache.resident_evicted_max,"
	       "device.reads,device.writes,device.read_bytes,device.write_bytes,device.flushes,"
	       "device.merged,amplification,evidence.bytes,evidence.lines,evidence.max_copies,"
	       "evidence.missing,evidence.in_order,evidence.text,"
	       "sweep.fit.warm.R,sweep.fit.warm.U,sweep.fit.cold.R,sweep.fit.cold.U,"
	       "model.predicted_seconds,model.predicted_rate,model.ratio,"
	       "busy,points,expectations.held,expectations.missed,"
	       "expectations.inconclusive,expectations,reference.cs61-2011-imac\r\n");
	HAS(c, "\r\nw03-byte,\"One byte, \"\"quoted\"\", with a comma\nand a newline\",ok,,"
	       "write,syscall,65536,1,0,O_SYNC|O_DIRECT,normal,warm,1,default,full,none,5.0,0.2,,,"
	       "0.0,once,new,0,none,forward,fwrite,none,3,1,65536,0.5,0.25,1.0,131072.0,65536.0,"
	       "262144.0,11.78350206951907,false,,,"
	       ",65536,,procfs,,,,65536,0,");
	HAS(c, "\r\nx01-fails,Fails,error,\"expected EINVAL, but the workload succeeded\","
	       "read,syscall,10485760,1,0,,normal,warm,1,0,full,none,5.0,0.2,,EINVAL,0.0,once,new,0,"
	       "none,forward,fread,none,0"
	       ",,,,,,,,,,,,"      /* passes .. checksum */
	       ",,,,none,,,"       /* syscalls */
	       ",,,,,,,,,,,,,,,,,,," /* calls */
	       ",,,,,,,,,,,,,,,,,,,,,,,,,,," /* cpu .. cache */
	       ",,,,,,,"           /* device, amplification */
	       ",,,,,,"            /* evidence */
	       ",,,,"              /* sweep.fit */
	       ",,,"               /* model */
	       ",,1.0,0,0,0,"      /* busy, points, expectations */
	       ",\r\n");           /* reference.cs61-2011-imac */
	/* w03-byte: cpu .. cache, device, evidence, sweep.fit, model, busy, points, expectations,
	 * the reference */
	HAS(c, ",0.25,0.125,15,0,1,2,0.125,0.5,0.25,0.125,,,no schedstat,7.62939453125e-06,"
	       "7.62939453125e-06,,,4096,,,,,1.0,3,0,,,,,,,,,,,,,,,,,,,,,,,,1.0,0,0,0,,900000.0\r\n");
	/* header and rows have the same number of fields (outside quotes) */
	size_t fields = 0, expect = 0, line = 0;
	int quoted = 0;
	for (const char *p = c; *p; p++) {
		if (*p == '"')
			quoted = !quoted;
		else if (*p == ',' && !quoted)
			fields++;
		else if (*p == '\n' && !quoted) {
			if (line++ == 0)
				expect = fields;
			ck_assert_uint_eq(fields, expect);
			fields = 0;
		}
	}
	ck_assert_uint_eq(line, 3);
	free(c);
	report_free(&r);
}
END_TEST

START_TEST(text_document)
{
	struct report r;
	make_report(&r);
	char *t = render(&r, "text");
	HAS(t, "iolab " PACKAGE_VERSION ", Linux ");
	HAS(t, "median of 3 trials by rate");
	/* 80 columns: the table in three, each line whole; bytes per syscall
	 * over the write's own writes: the reads unknown do not matter */
	HAS(t, "\n\n"
	       "lesson         rate      spread  log rate  syscalls r/w\n"
	       "w03-byte   131 kB/s  -50%/+100%     11.78      -/65,536\n"
	       "x01-fails     error           -         -             -\n"
	       "\n"
	       "workloads:\n"
	       "lesson     bytes/syscall  workload\n"
	       "w03-byte             1 B  write() - 1 B blocks - O_SYNC - O_DIRECT - 64 KiB\n"
	       "x01-fails              -  read() - 1 B blocks - 10 MiB\n"
	       "\n"
	       "beside the references:\n"
	       "lesson         rate  cs61-2011-imac\n"
	       "w03-byte   131 kB/s        900 kB/s\n"
	       "x01-fails     error               -\n");
	/* a newline in an error text must not break the table */
	HAS(t, "x01-fails: error: expected EINVAL, but the workload succeeded\n");
	for (const char *p = t; *p; p++)
		ck_assert_msg(*p == '\n' || (unsigned char)*p >= 0x20, "control byte in text output");
	free(t);
	/* --wide: one line per lesson */
	r.wide = 1;
	t = render(&r, "text");
	HAS(t, "\nlesson     workload                                               rate      spread"
	       "  log rate  syscalls r/w  bytes/syscall  cs61-2011-imac\n");
	HAS(t, "\nw03-byte   write() - 1 B blocks - O_SYNC - O_DIRECT - 64 KiB  131 kB/s  -50%/+100%"
	       "     11.78      -/65,536            1 B        900 kB/s\n");
	HAS(t, "\nx01-fails  read() - 1 B blocks - 10 MiB                          error           -"
	       "         -             -              -               -\n");
	ck_assert_ptr_null(strstr(t, "workloads:"));
	free(t);
	report_free(&r);
}
END_TEST

/* A workload too long for its column wraps between its items, under
 * itself; a table of more references than 80 columns hold is split, each
 * part with the lesson and its rate. */
START_TEST(text_fits_80)
{
	struct report r;
	ck_assert_int_eq(report_init(&r, "/tmp/s", "ext4", "procfs"), 0);
	r.trials = 1;
	struct lesson a = make_lesson("r10-stridestdiomulti", "Ten streams");
	a.workload.op = WL_OP_READ;
	a.workload.api = WL_API_STDIO;
	a.workload.stride = 1048576;
	a.workload.streams = 10;
	a.workload.open_flags = WL_OPEN_SYNC | WL_OPEN_DIRECT;
	struct reference_rate refs[] = {
		{(char *)"cs61-2011-imac", 63e6}, {(char *)"cs61-2007-thinkpad", 20e6},
		{(char *)"tlpi-ch13", 1e6}, {(char *)"nyu-os-project", 2600}, {(char *)"cs61-l17-lecture", 26},
	};
	a.refs = refs;
	a.nrefs = 5;
	struct report_result *res = report_add(&r, &a, &a.workload, NULL);
	ck_assert_ptr_nonnull(res);
	measured_trial(res, -1, 65536);
	char *t = render(&r, "text");
	HAS(t, "\nworkloads:\nlesson                bytes/syscall  workload\n"
	       "r10-stridestdiomulti              -  fread() - 1 B blocks - stride 1 MiB -\n"
	       "                                     10 streams - O_SYNC - O_DIRECT - 10 MiB\n");
	HAS(t, "\nbeside the references:\nlesson                    rate  cs61-2011-imac  "
	       "cs61-2007-thinkpad  tlpi-ch13\n");
	HAS(t, "\n\nlesson                    rate  nyu-os-project  cs61-l17-lecture\n"
	       "r10-stridestdiomulti  131 kB/s        2.6 kB/s            26 B/s\n");
	/* every line of the tables in 80 columns (the first line names the
	 * scratch directory, however long) */
	const char *tables = strstr(t, "\n\n");
	ck_assert_ptr_nonnull(tables);
	size_t col = 0, widest = 0;
	for (const char *p = tables; *p; p++) {
		col = *p == '\n' ? 0 : col + 1;
		widest = col > widest ? col : widest;
	}
	ck_assert_uint_le(widest, 80);
	free(t);
	report_free(&r);
}
END_TEST

/* Error texts quote commands' stderr, and a command's words come from a
 * lesson: the text table and the CSV send a terminal none of ESC, C1 CSI
 * (U+009B) or a right-to-left override.  Text: C0 controls
 * are spaces, the others '?'; CSV: each is '?', as the title. */
START_TEST(hostile_error_and_command)
{
	struct report r;
	ck_assert_int_eq(report_init(&r, "/tmp/s", "ext4", "procfs"), 0);
	struct lesson a = make_lesson("x02-hostile", "Hostile");
	char *argv[] = {(char *)"dd", (char *)"\xe2\x80\xaeof=x\x1b[2J", NULL};
	a.workload.api = WL_API_COMMAND;
	a.workload.command = argv;
	a.workload.command_len = 2;
	struct report_result *res = report_add(&r, &a, &a.workload, NULL);
	ck_assert_ptr_nonnull(res);
	report_fail(res, "'dd' exited with status 1: \x1b]0;owned\a\xe2\x80\xaetxt.exe \xc2\x9b" "2J end");
	char *c = render(&r, "csv");
	HAS(c, "\r\nx02-hostile,Hostile,error,'dd' exited with status 1: ?]0;owned??txt.exe ?2J end,");
	HAS(c, ",dd ?of=x?[2J,");
	char *t = render(&r, "text");
	HAS(t, "x02-hostile: error: 'dd' exited with status 1:  ]0;owned ?txt.exe ?2J end\n");
	for (const char *p = t; *p; p++)
		ck_assert_msg(*p == '\n' || (unsigned char)*p >= 0x20, "control byte in text output");
	HASNT(t, "\xe2\x80\xae");
	HASNT(t, "\xc2\x9b");
	free(t);
	free(c);
	report_free(&r);
}
END_TEST

/* A copy program (reads its file 1 byte a call, writes each byte to its
 * output): batch's B/syscall and the lab's (figures_bytes_per_syscall
 * over the live counts) are one figure, the bytes over the program's own
 * kind of call.  Once the lab showed 1.00 B where batch showed 0.50 B. */
START_TEST(own_program_bytes_per_syscall_agree)
{
	static char *argv[] = {"./copy", "{file}", NULL};
	struct report r;
	ck_assert_int_eq(report_init(&r, "/tmp/s", "ext4", "procfs"), 0);
	struct lesson l = make_lesson("program", "Own program: ./copy");
	l.workload.api = WL_API_COMMAND;
	l.workload.op = WL_OP_READ;
	l.workload.command = argv;
	l.workload.command_len = 2;
	struct trial_result t;
	memset(&t, 0, sizeof t);
	t.verdict = VERDICT_OK;
	t.ok = 1;
	t.bytes = 4096;
	t.seconds = 0.5;
	t.rate = t.bytes / t.seconds;
	t.syscall_source = SYSCALL_SOURCE_PROCFS;
	t.syscr = 4096 + 4;       /* start-up reads too */
	t.syscw = 4096;
	for (int k = 0; k < SYS_KINDS; k++)
		t.sys[k] = -1;
	t.read_bytes = t.write_bytes = t.rchar = t.wchar = -1;
	struct report_result *res = report_add_trial(&r, &l, &l.workload, NULL, &t, 1);
	ck_assert_ptr_nonnull(res);
	double batch = report_bytes_per_syscall(res);
	double lab = figures_bytes_per_syscall(&l.workload, t.bytes, t.syscr, t.syscw);
	ck_assert_double_eq(batch, lab);
	ck_assert_double_eq_tol(batch, 4096.0 / 4100.0, 1e-12);
	report_free(&r);
}
END_TEST

/* A trial's verdict means the same for a lab's run as for batch's result
 * (report_trial_outcome, one place): a lesson expecting EINVAL that got
 * another error fails naming EINVAL, whichever path made the result. */
START_TEST(trial_outcome_for_both_paths)
{
	struct report r;
	ck_assert_int_eq(report_init(&r, "/tmp/s", "ext4", "procfs"), 0);
	struct lesson l = make_lesson("d02-misaligned", "Misaligned");
	l.workload.expect_error = EINVAL;
	struct trial_result t;
	memset(&t, 0, sizeof t);
	char msg[512];
	t.verdict = VERDICT_FAILED;
	snprintf(t.error, sizeof t.error, "open: Permission denied");
	ck_assert_int_eq(report_trial_outcome(&l.workload, &t, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "open: Permission denied (the lesson expects EINVAL)");
	struct report_result *res = report_add_trial(&r, &l, &l.workload, NULL, &t, 1);
	ck_assert_ptr_nonnull(res);
	ck_assert_int_eq(res->status, REPORT_ERROR);
	ck_assert_str_eq(res->error, "open: Permission denied (the lesson expects EINVAL)");
	ck_assert_int_eq(res->measured, 0);
	/* no error text: said so */
	t.error[0] = '\0';
	ck_assert_int_eq(report_trial_outcome(&l.workload, &t, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "the workload failed (the lesson expects EINVAL)");
	/* the expected error: noted, status ok, measured */
	t.verdict = VERDICT_EXPECTED_ERROR;
	snprintf(t.error, sizeof t.error, "read: Invalid argument");
	ck_assert_int_eq(report_trial_outcome(&l.workload, &t, msg, sizeof msg), 1);
	ck_assert_str_eq(msg, "read: Invalid argument");
	res = report_add_trial(&r, &l, &l.workload, NULL, &t, 1);
	ck_assert_int_eq(res->status, REPORT_OK);
	ck_assert_str_eq(res->error, "read: Invalid argument");
	ck_assert_int_eq(res->measured, 1);
	/* the expected error did not come: the engine's text, as it is */
	t.verdict = VERDICT_MISSED_ERROR;
	snprintf(t.error, sizeof t.error, "expected EINVAL, but the workload succeeded");
	ck_assert_int_eq(report_trial_outcome(&l.workload, &t, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "expected EINVAL, but the workload succeeded");
	/* a lesson expecting nothing: the error as it is */
	l.workload.expect_error = 0;
	t.verdict = VERDICT_FAILED;
	snprintf(t.error, sizeof t.error, "open: Permission denied");
	res = report_add_trial(&r, &l, &l.workload, NULL, &t, 1);
	ck_assert_str_eq(res->error, "open: Permission denied");
	t.verdict = VERDICT_OK;
	ck_assert_int_eq(report_trial_outcome(&l.workload, &t, msg, sizeof msg), 0);
	report_free(&r);
}
END_TEST

/* A trial stopped by a signal: JSON and CSV say how. */
START_TEST(disturbed_field)
{
	struct report r;
	make_report(&r);
	snprintf(r.results[1].disturbed, sizeof r.results[1].disturbed,
	         "stopped for 3.0 s by a signal");
	char *j = render(&r, "json");
	HAS(j, "\"time_limited\": false,\n      \"disturbed\": null,\n      \"checksum\"");
	HAS(j, "\"time_limited\": null,\n      \"disturbed\": \"stopped for 3.0 s by a signal\",");
	char *c = render(&r, "csv");
	HAS(c, ",,,,,,,,,,,stopped for 3.0 s by a signal,,");
	free(c);
	free(j);
	report_free(&r);
}
END_TEST

START_TEST(unavailable_counts)
{
	struct report r;
	make_report(&r);
	struct report_result *res = &r.results[0];
	ck_assert_int_eq(report_syscalls_read(res), REPORT_UNAVAILABLE);
	ck_assert_int_eq(report_syscalls_write(res), 65536);
	ck_assert_int_eq(report_syscalls_total(res), REPORT_UNAVAILABLE);
	/* bytes per syscall is over the workload's own kind alone: a write's
	 * is over its writes, whatever the reads were */
	ck_assert_double_eq(report_bytes_per_syscall(res), 1.0);
	res->summary.median.syscr = 32768;
	ck_assert_double_eq(report_bytes_per_syscall(res), 1.0);
	res->spec.op = WL_OP_READ;
	ck_assert_double_eq(report_bytes_per_syscall(res), 2.0);
	res->summary.median.syscr = -1;
	ck_assert(isnan(report_bytes_per_syscall(res)));
	res->summary.median.syscr = 0;
	ck_assert(isnan(report_bytes_per_syscall(res)));
	res->spec.op = WL_OP_WRITE;
	/* perf counted: its numbers win and total appears */
	res->summary.median.syscall_source = SYSCALL_SOURCE_PERF;
	res->summary.median.sys[SYS_WRITE] = 65537;
	res->summary.median.sys[SYS_TOTAL] = 65600;
	ck_assert_int_eq(report_syscalls_write(res), 65537);
	ck_assert_int_eq(report_syscalls_total(res), 65600);
	/* a tracepoint perf could not count is null, not procfs's syscr */
	ck_assert_int_eq(report_syscalls_read(res), REPORT_UNAVAILABLE);
	res->summary.median.sys[SYS_READ] = 3;
	ck_assert_int_eq(report_syscalls_read(res), 3);
	/* no counter at all: null */
	res->summary.median.syscall_source = SYSCALL_SOURCE_NONE;
	ck_assert_int_eq(report_syscalls_write(res), REPORT_UNAVAILABLE);
	ck_assert_int_eq(report_syscalls_read(&r.results[1]), REPORT_UNAVAILABLE);
	report_free(&r);
}
END_TEST

/* --- grading formats: TAP and Gradescope --------------------------------------- */

/* Whole documents are too long for a Check message: on a difference, both
 * go to stderr and the message names the first byte that differs. */
static void same_text(const char *got, const char *want)
{
	size_t i = 0;
	while (got[i] && got[i] == want[i])
		i++;
	if (got[i] == want[i])
		return;
	fprintf(stderr, "--- got:\n%s--- want:\n%s---\n", got, want);
	ck_abort_msg("the output differs at byte %zu: ...%.40s", i, got + (i > 20 ? i - 20 : 0));
}

static void add_expectations(struct report *r, size_t i, const struct expect_spec *sp, size_t n)
{
	struct expectation x[4];
	struct expect_diag d;
	ck_assert_uint_le(n, 4);
	for (size_t k = 0; k < n; k++)
		ck_assert_msg(expect_build(&sp[k], expect_fields_class, NULL, &x[k], &d) == 0, "%s", d.message);
	ck_assert_int_eq(report_expect_result(r, &r->results[i], x, n), 0);
	for (size_t k = 0; k < n; k++)
		expect_free(&x[k]);
}

/* make_report's two lessons with a held, a missed and an inconclusive
 * claim, and a claim of the lesson that failed; the machine fixed so the
 * output is exact. */
static void make_graded_report(struct report *r)
{
	make_report(r);
	snprintf(r->kernel, sizeof r->kernel, "6.1.0");
	snprintf(r->started, sizeof r->started, "2026-11-21T22:30:00Z");
	r->results[0].lesson_points = 3;
	/* the trials behind the summary: 1, 0.5 and 0.25 s for the same work */
	struct trial_result runs[3];
	for (int k = 0; k < 3; k++) {
		runs[k] = r->results[0].summary.median;
		runs[k].seconds = 1.0 / (1 << k);
		runs[k].rate = 65536 / runs[k].seconds;
	}
	ck_assert_int_eq(report_keep_runs(&r->results[0], runs, 3), 0);
	const struct expect_spec a[] = {
		{.claim = "one write() per byte", .check = "syscalls.write / bytes", .near = "1",
		 .tolerance = "1%"},
		{.claim = "fewer than 100 writes #lol", .check = "syscalls.write", .at_most = "100"},
		{.claim = "rate above 100 KiB/s", .check = "rate", .at_least = "100KiB"},
	};
	add_expectations(r, 0, a, 3);
	const struct expect_spec b[] = {{.claim = "any rate", .check = "rate", .at_least = "1"}};
	add_expectations(r, 1, b, 1);
}

START_TEST(tap_document)
{
	struct report r;
	make_graded_report(&r);
	char *t = render(&r, "tap");
	same_text(t,
		"TAP version 13\n"
		"1..6\n"
		"ok 1 - w03-byte: One byte, \"quoted\", with a comma and a newline\n"
		"  ---\n"
		"    status: \"ok\"\n"
		"    trials: 3\n"
		"    rate: 131072.0\n"
		"  ...\n"
		"ok 2 - w03-byte: one write() per byte\n"
		"  ---\n"
		"    check: \"syscalls.write / bytes\"\n"
		"    value: 1.0\n"
		"    min: 1.0\n"
		"    max: 1.0\n"
		"    bound: \"near 1 \u00b1 1%\"\n"
		"    verdict: \"held\"\n"
		"  ...\n"
		"not ok 3 - w03-byte: fewer than 100 writes \\#lol\n"
		"  ---\n"
		"    check: \"syscalls.write\"\n"
		"    value: 65536.0\n"
		"    min: 65536.0\n"
		"    max: 65536.0\n"
		"    bound: \"at most 100\"\n"
		"    verdict: \"missed\"\n"
		"  ...\n"
		"ok 4 - w03-byte: rate above 100 KiB/s # SKIP inconclusive: straddle\n"
		"  ---\n"
		"    check: \"rate\"\n"
		"    value: 131072.0\n"
		"    min: 65536.0\n"
		"    max: 262144.0\n"
		"    bound: \"at least 102400\"\n"
		"    verdict: \"inconclusive\"\n"
		"    reason: \"straddle\"\n"
		"    why: \"the trials' values 65536 .. 262144 straddle the bound (at least 102400): "
		"2 of 3 combinations of trials meet it\"\n"
		"  ...\n"
		"not ok 5 - x01-fails: Fails\n"
		"  ---\n"
		"    status: \"error\"\n"
		"    error: \"expected EINVAL, but the workload succeeded\"\n"
		"    trials: 0\n"
		"    rate: null\n"
		"  ...\n"
		"not ok 6 - x01-fails: any rate\n"
		"  ---\n"
		"    check: \"rate\"\n"
		"    value: null\n"
		"    min: null\n"
		"    max: null\n"
		"    bound: \"at least 1\"\n"
		"    verdict: \"missed\"\n"
		"    why: \"the lesson failed: expected EINVAL, but the workload succeeded\"\n"
		"  ...\n");
	free(t);
	report_free(&r);
}
END_TEST

/* A YAML 1.1 reader (PyYAML: tap.py) takes "1e-05" for a string: the
 * diagnostics write 1.0e-05 and 1.0e+16, numbers to every reader; a
 * mantissa with its own point is left alone. */
START_TEST(tap_numbers_read_as_numbers)
{
	struct report r;
	make_report(&r);
	const struct expect_spec a[] = {
		{.claim = "small", .check = "syscalls.write / bytes * 0.00001", .at_least = "0"},
		{.claim = "large", .check = "syscalls.write / bytes * 1e16", .at_least = "0"},
		{.claim = "pointed", .check = "syscalls.write / bytes * 0.000015", .at_least = "0"},
	};
	add_expectations(&r, 0, a, 3);
	char *t = render(&r, "tap");
	ck_assert_msg(strstr(t, "    value: 1.0e-05\n    min: 1.0e-05\n    max: 1.0e-05\n"), "%s", t);
	ck_assert_msg(strstr(t, "    value: 1.0e+16\n    min: 1.0e+16\n    max: 1.0e+16\n"), "%s", t);
	ck_assert_msg(strstr(t, "    value: 1.5e-05\n"), "%s", t);
	free(t);
	report_free(&r);
}
END_TEST

START_TEST(gradescope_document)
{
	struct report r;
	make_graded_report(&r);
	char *g = render(&r, "gradescope");
	same_text(g,
		"{\n"
		"  \"tests\": [\n"
		"    {\"name\": \"w03-byte: One byte, \\\"quoted\\\", with a comma\\nand a newline\", "
		"\"score\": 0.0, \"max_score\": 0.0, \"status\": \"passed\", \"output\": \"ran: 3 trials\"},\n"
		"    {\"name\": \"w03-byte: one write() per byte\", \"score\": 1.0, \"max_score\": 1.0, "
		"\"status\": \"passed\", \"output\": \"held: syscalls.write / bytes = 1 (trials: 1 .. 1), "
		"expected near 1 \u00b1 1%\"},\n"
		"    {\"name\": \"w03-byte: fewer than 100 writes #lol\", \"score\": 0.0, \"max_score\": 1.0, "
		"\"status\": \"failed\", \"output\": \"missed: syscalls.write = 65536 (trials: 65536 .. 65536), "
		"expected at most 100\"},\n"
		"    {\"name\": \"w03-byte: rate above 100 KiB/s\", \"score\": 1.0, \"max_score\": 1.0, "
		"\"status\": \"passed\", \"output\": \"inconclusive: rate = 131072 (trials: 65536 .. 262144), "
		"expected at least 102400; straddle: the trials' values 65536 .. 262144 straddle the bound "
		"(at least 102400): 2 of 3 combinations of trials meet it (credited: the lab could not "
		"decide here)\"},\n"
		"    {\"name\": \"x01-fails: Fails\", \"score\": 0.0, \"max_score\": 0.0, \"status\": \"failed\", "
		"\"output\": \"error: expected EINVAL, but the workload succeeded\"},\n"
		"    {\"name\": \"x01-fails: any rate\", \"score\": 0.0, \"max_score\": 1.0, \"status\": \"failed\", "
		"\"output\": \"missed: rate = - (trials: - .. -), expected at least 1; the lesson failed: "
		"expected EINVAL, but the workload succeeded\"}\n"
		"  ],\n"
		"  \"score\": 2.0,\n"
		"  \"output\": \"iolab " PACKAGE_VERSION ", Linux 6.1.0, ext4, 2026-11-21T22:30:00Z: 2 lessons; "
		"expectations: 1 held, 2 missed, 1 inconclusive\"\n"
		"}\n");
	free(g);
	report_free(&r);
}
END_TEST

/* The grader's policy (doc/batch-output.md, "Grading policy"): a claim's
 * own points, the lesson's shared by the rest, the run earning nothing
 * while claims share the lesson's; visibility from the claim, else its
 * lesson; execution_time; a claim on the leaderboard with its value. */
START_TEST(gradescope_grading_policy)
{
	struct report r;
	make_graded_report(&r);
	r.execution_seconds = 2.25;
	struct report_result *w = &r.results[0];
	w->points_given = 1;
	w->visibility = LESSON_VIS_AFTER_DUE_DATE;
	w->expects[0].points = 2;
	w->expects[0].visibility = LESSON_VIS_HIDDEN;
	w->expects[1].leaderboard = strdup("writes");
	ck_assert_double_eq(report_test_points(w, -1), 0);
	ck_assert_double_eq(report_test_points(w, 0), 2);
	ck_assert_double_eq(report_test_points(w, 1), 1.5);
	ck_assert_double_eq(report_test_points(w, 2), 1.5);
	char *g = render(&r, "gradescope");
	HAS(g, "\"score\": 0.0, \"max_score\": 0.0, \"status\": \"passed\", \"output\": \"ran: 3 trials\", "
	       "\"visibility\": \"after_due_date\"}");
	HAS(g, "{\"name\": \"w03-byte: one write() per byte\", \"score\": 2.0, \"max_score\": 2.0, ");
	HAS(g, "expected near 1 \u00b1 1%\", \"visibility\": \"hidden\"}");
	HAS(g, "{\"name\": \"w03-byte: fewer than 100 writes #lol\", \"score\": 0.0, \"max_score\": 1.5, ");
	HAS(g, "\"score\": 3.5,\n  \"execution_time\": 3,\n  \"output\": ");
	HAS(g, "\",\n  \"leaderboard\": [\n    {\"name\": \"writes\", \"value\": 65536.0, \"order\": \"desc\"}\n  ]\n}\n");
	/* every claim with points of its own: the run earns the lesson's */
	w->expects[1].points = w->expects[2].points = 1;
	ck_assert_double_eq(report_test_points(w, -1), 3);
	w->points_given = 0;
	ck_assert_double_eq(report_test_points(w, -1), 0);
	free(g);
	report_free(&r);
}
END_TEST

/* A claim and a title of a lesson pack reach a terminal through the CSV's
 * expectations column and TAP's descriptions: ESC, C1 CSI (U+009B) and a
 * right-to-left override never do.  CSV: each is '?', line breaks kept (CSV
 * quotes them), as the title; TAP: one line, C0 controls spaces, the rest
 * of the rule '?', invalid UTF-8 U+FFFD (as the text table), then TAP's
 * escapes of '#' and '\'. */
START_TEST(hostile_claims_and_titles)
{
	struct report r;
	ck_assert_int_eq(report_init(&r, "/tmp/s", "ext4", "procfs"), 0);
	struct lesson a = make_lesson("x03-hostile", "T\x1b[2J\xc2\x9b" "1m\xe2\x80\xae" "gnp.exe #1");
	struct report_result *res = report_add(&r, &a, &a.workload, NULL);
	ck_assert_ptr_nonnull(res);
	measured_trial(res, -1, 65536);
	const struct expect_spec sp[] = {{
		.claim = "C\x1b]0;owned\a \xc2\x9b" "2J \xe2\x80\xae" "rev\xff\nnext \\ #2",
		.check = "bytes", .at_least = "1"}};
	add_expectations(&r, 0, sp, 1);
	char *c = render(&r, "csv");
	HAS(c, "\r\nx03-hostile,T?[2J?1m?gnp.exe #1,ok,");
	HAS(c, ",\"held: C?]0;owned? ?2J ?rev?\nnext \\ #2 [bytes = 65536; at least 1]\"\r\n");
	char *t = render(&r, "tap");
	HAS(t, "\nok 1 - x03-hostile: T [2J?1m?gnp.exe \\#1\n");
	HAS(t, "\nok 2 - x03-hostile: C ]0;owned  ?2J ?rev\xef\xbf\xbd next \\\\ \\#2\n");
	HASNT(t, "\x1b");
	HASNT(t, "\xc2\x9b");
	HASNT(t, "\xe2\x80\xae");
	free(t);
	free(c);
	report_free(&r);
}
END_TEST

/* --- the field table -------------------------------------------------------- */

static int number(const struct report_result *r, const char *path, double *v)
{
	*v = -12345;
	return report_field_number(r, path, v);
}

#define NUMBER_IS(res, path, want) do { double v_; \
	ck_assert_int_eq(number(res, path, &v_), 0); ck_assert_double_eq(v_, want); } while (0)
#define NOT_A_NUMBER(res, path) do { double v_; \
	ck_assert_int_eq(number(res, path, &v_), 1); } while (0)

START_TEST(field_numbers)
{
	struct report r;
	make_report(&r);
	const struct report_result *a = &r.results[0], *b = &r.results[1];
	NUMBER_IS(a, "rate.median", 131072);
	NUMBER_IS(a, "rate.min", 65536);
	NUMBER_IS(a, "seconds.max", 1);
	NUMBER_IS(a, "workload.size", 65536);
	NUMBER_IS(a, "workload.time_limit", 5);
	NUMBER_IS(a, "trials", 3);
	NUMBER_IS(a, "syscalls.write", 65536);
	NUMBER_IS(a, "calls.write", 65536);
	NUMBER_IS(a, "calls.fwrite", 0);              /* measured, not called */
	NUMBER_IS(a, "storage.write_bytes", 4096);
	NUMBER_IS(a, "cache.resident_after", 1);
	NUMBER_IS(a, "faults.minor", 15);
	NUMBER_IS(a, "cpu.system", 0.125);
	double v;
	ck_assert_int_eq(number(a, "log_rate", &v), 0);
	ck_assert_double_eq_tol(v, 11.78350206951907, 1e-12);
	/* null here: unreadable, not measured, not a sweep */
	NOT_A_NUMBER(a, "syscalls.read");
	NOT_A_NUMBER(a, "storage.read_bytes");
	NOT_A_NUMBER(a, "cache.resident_before");
	NOT_A_NUMBER(a, "checksum");                  /* a write folds none */
	NOT_A_NUMBER(a, "sweep.fit.warm.R");
	NOT_A_NUMBER(b, "rate.median");
	NOT_A_NUMBER(b, "bytes");
	NOT_A_NUMBER(b, "calls.write");
	NUMBER_IS(b, "trials", 0);
	NUMBER_IS(b, "workload.size", 10485760);
	/* there, but no number: text and flags */
	NOT_A_NUMBER(a, "lesson");
	NOT_A_NUMBER(a, "status");
	NOT_A_NUMBER(a, "workload.op");
	NOT_A_NUMBER(a, "time_limited");
	NOT_A_NUMBER(a, "workload.stdio_buffer");     /* "default" */
	NOT_A_NUMBER(b, "workload.expect_error");     /* "EINVAL" */
	NUMBER_IS(b, "workload.stdio_buffer", 0);
	/* no such field: the value is left alone */
	const char *unknown[] = {"rate.mean", "Rate", "", "calls", "workload", "rate.", "calls.open",
	                         "reference", "sweep.points", "median"};
	for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++) {
		ck_assert_msg(number(a, unknown[i], &v) == -1, "'%s' is a field", unknown[i]);
		ck_assert_double_eq(v, -12345);
	}
	ck_assert_int_eq(report_field_find(NULL), -1);
	report_free(&r);
}
END_TEST

START_TEST(field_aliases)
{
	struct report r;
	make_report(&r);
	const struct report_result *a = &r.results[0];
	NUMBER_IS(a, "rate", 131072);
	NUMBER_IS(a, "seconds", 0.5);
	NUMBER_IS(a, "size", 65536);
	NUMBER_IS(a, "block", 1);
	NUMBER_IS(a, "stride", 0);
	NUMBER_IS(a, "bytes", 65536);
	NUMBER_IS(a, "passes", 1);
	double v;
	ck_assert_int_eq(number(a, "log_rate", &v), 0);
	const char *pairs[][2] = {
		{"rate", "rate.median"}, {"seconds", "seconds.median"}, {"size", "workload.size"},
		{"block", "workload.block"}, {"stride", "workload.stride"},
		{"log_rate", "log_rate"}, {"bytes", "bytes"}, {"passes", "passes"},
	};
	for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
		ck_assert_int_ge(report_field_find(pairs[i][1]), 0);
		ck_assert_int_eq(report_field_find(pairs[i][0]), report_field_find(pairs[i][1]));
	}
	NOT_A_NUMBER(&r.results[1], "rate");
	report_free(&r);
}
END_TEST

/* --- the JSON laid out by the field table ---------------------------------- */

struct json_paths {
	char path[160][256];
	size_t n;
};

/* The dotted paths of a one-line JSON object's members, in order: a
 * member holding a value or a list is one path, an object's members are
 * under its own; nothing inside a list is counted. */
static void json_member_paths(const char *j, struct json_paths *out)
{
	char keys[16][64], key[64] = "";
	int in_list[16], depth = 0, pending = 0;
	out->n = 0;
	for (const char *p = j; *p; p++) {
		if (*p == '"') {
			const char *end = p + 1;
			while (*end && *end != '"')
				end += *end == '\\' ? 2 : 1;
			const char *after = end + 1;
			while (*after == ' ')
				after++;
			if (*after == ':' && !(depth && in_list[depth - 1])) {
				snprintf(key, sizeof key, "%.*s", (int)(end - p - 1), p + 1);
				pending = 1;
				p = after;
				continue;
			}
			p = end;
		} else if (*p == '{' || *p == '[') {
			if (pending && *p == '[' && !(depth && in_list[depth - 1]))
				goto record;
			snprintf(keys[depth], sizeof keys[depth], "%s", pending ? key : "");
			in_list[depth++] = *p == '[';
			pending = 0;
			continue;
		} else if (*p == '}' || *p == ']') {
			depth--;
			continue;
		}
		if (!pending || *p == ' ' || *p == ',')
			continue;
record:
		{
			char path[192] = "";
			for (int d = 0; d < depth; d++)
				if (keys[d][0]) {
					strncat(path, keys[d], sizeof path - strlen(path) - 2);
					strcat(path, ".");
				}
			snprintf(out->path[out->n++], sizeof out->path[0], "%s%s", path, key);
			pending = 0;
			if (*p == '[') {           /* skip the list whole */
				int nest = 0;
				for (; *p; p++) {
					if (*p == '"') {
						for (p++; *p && *p != '"'; p += *p == '\\' ? 2 : 1)
							;
					} else if (*p == '[' || *p == '{') {
						nest++;
					} else if ((*p == ']' || *p == '}') && --nest == 0) {
						break;
					}
				}
			}
		}
	}
}

/* Every member of a result's JSON is a row of the field table, in the
 * table's order: the JSON writer lays the object out from the rows, so
 * a row added is a member added where the row is. */
START_TEST(json_order_is_the_tables)
{
	/* the lists only the JSON has, and objects null as a whole */
	static const char *const json_only[] = {"reference", "sweep.points", "sweep", "calls", "model",
	                                        "model.terms", "model.off", "evidence"};
	struct report r;
	make_report(&r);
	for (size_t k = 0; k < r.nresults; k++) {
		char *one = report_format_json_result(&r.results[k]);
		struct json_paths jp;
		json_member_paths(one, &jp);
		ck_assert_uint_gt(jp.n, 60);
		long last = -1;
		size_t listed = 0;
		for (size_t i = 0; i < jp.n; i++) {
			int skip = 0;
			for (size_t o = 0; o < sizeof json_only / sizeof *json_only; o++)
				skip |= strcmp(jp.path[i], json_only[o]) == 0;
			if (skip) {
				listed++;
				continue;
			}
			long f = report_field_find(jp.path[i]);
			ck_assert_msg(f >= 0, "%s is in the JSON and no row of the table", jp.path[i]);
			ck_assert_msg(f > last, "%s is out of the table's order", jp.path[i]);
			last = f;
		}
		/* reference, sweep, model (none here), evidence (no scenario ran); calls
		 * unmeasured */
		ck_assert_uint_eq(listed, k == 0 ? 4 : 5);
		free(one);
	}
	report_free(&r);
}
END_TEST

/* The names, walked, are the CSV header; every call kind has its field. */
START_TEST(field_names)
{
	struct report r;
	ck_assert_int_eq(report_init(&r, "/s", "ext4", "procfs"), 0);
	char *c = render(&r, "csv");
	char header[2048] = "";
	size_t n = report_field_count(), used = 0;
	ck_assert_uint_eq(n, 120);
	for (size_t i = 0; i < n; i++) {
		const char *name = report_field_name(i);
		ck_assert_ptr_nonnull(name);
		ck_assert_int_eq(report_field_find(name), (long)i);
		used += (size_t)snprintf(header + used, sizeof header - used, "%s%s", i ? "," : "", name);
	}
	ck_assert_ptr_null(report_field_name(n));
	snprintf(header + used, sizeof header - used, "\r\n");
	ck_assert_str_eq(c, header);
	for (int k = 0; k < CALL_KINDS; k++) {
		char name[64];
		snprintf(name, sizeof name, "calls.%s", wl_call_kind_name((enum call_kind)k));
		ck_assert_msg(report_field_find(name) >= 0, "no field %s", name);
	}
	free(c);
	report_free(&r);
}
END_TEST

/* A workload key is one row of wl_keys.h: each has its field
 * workload.<key>, in the table's order, a number a check may name exactly
 * when the row says WL_KEYF_NUMBER. */
START_TEST(workload_fields_are_the_key_rows)
{
	long first = report_field_find("workload.op");
	ck_assert_int_ge(first, 0);
	for (size_t i = 0; i < WL_KEYS; i++) {
		char name[64];
		const char *near;
		snprintf(name, sizeof name, "workload.%s", wl_key_table[i].key);
		ck_assert_msg(report_field_find(name) == first + (long)i, "%s is not field %ld", name,
		              first + (long)i);
		ck_assert_str_eq(report_field_name((size_t)first + i), name);
		unsigned bits = expect_fields_class(NULL, name, &near);
		ck_assert_msg(!(bits & EXPECT_FIELD_KNOWN) == !(wl_key_table[i].flags & WL_KEYF_NUMBER),
		              "%s: bits %#x", name, bits);
	}
	ck_assert_str_eq(report_field_name((size_t)first + WL_KEYS), "trials");
}
END_TEST

/* Every key set: the JSON's workload object writes each typed value
 * (a list as an array, seconds as a number), the CSV's fields the same
 * values flat (a list joined by its separator). */
START_TEST(workload_every_key_typed)
{
	static const char *const every[][2] = {
		{"op", "read"}, {"api", "stdio"}, {"size", "1MiB"}, {"block", "4KiB"},
		{"stride", "64KiB"}, {"open", "O_SYNC,O_DIRECT"}, {"fadvise", "willneed"},
		{"cache", "cold"}, {"streams", "2"}, {"stdio_buffer", "8KiB"}, {"stdio_mode", "line"},
		{"sync", "fdatasync"}, {"time_limit", "2.5s"}, {"min_time", "0.5s"},
		{"command", "cat,\"a b\",{file}"}, {"expect_error", "EINVAL"}, {"advice_lead", "0.25s"},
		{"map", "per_pass"}, {"file", "existing"}, {"sync_every", "16"}, {"redirect", "stdin"},
		{"order", "reverse"}, {"stdio_call", "fgetc"}, {"scenario", "fork_no_flush"},
	};
	static const char *const flat[WL_KEYS] = {
		"read", "stdio", "1048576", "4096", "65536", "O_SYNC|O_DIRECT", "willneed", "cold", "2",
		"8192", "line", "fdatasync", "2.5", "0.5", "cat a b {file}", "EINVAL", "0.25",
		"per_pass", "existing", "16", "stdin", "reverse", "fgetc", "fork_no_flush",
	};
	struct report r;
	struct lesson l = make_lesson("x01-every", "Every key");
	char msg[VALUE_MSG_MAX];
	ck_assert_uint_eq(COUNT(every), WL_KEYS);
	for (size_t i = 0; i < COUNT(every); i++)
		ck_assert_msg(wl_key_set(wl_key_find(every[i][0]), &l.workload, every[i][1], msg,
		                         sizeof msg) == 0, "%s: %s", every[i][0], msg);
	ck_assert_int_eq(report_init(&r, "/tmp/s", "ext4", "procfs"), 0);
	struct report_result *res = report_add(&r, &l, &l.workload, NULL);
	ck_assert_ptr_nonnull(res);
	char *j = report_format_json_result(res);
	HAS(j, "\"workload\": {\"op\": \"read\", \"api\": \"stdio\", \"size\": 1048576, "
	       "\"block\": 4096, \"stride\": 65536, \"open\": [\"O_SYNC\", \"O_DIRECT\"], "
	       "\"fadvise\": \"willneed\", \"cache\": \"cold\", \"streams\": 2, \"stdio_buffer\": 8192, "
	       "\"stdio_mode\": \"line\", \"sync\": \"fdatasync\", \"time_limit\": 2.5, "
	       "\"min_time\": 0.5, \"command\": [\"cat\", \"a b\", \"{file}\"], "
	       "\"expect_error\": \"EINVAL\", \"advice_lead\": 0.25, \"map\": \"per_pass\", "
	       "\"file\": \"existing\", \"sync_every\": 16, \"redirect\": \"stdin\", "
	       "\"order\": \"reverse\", \"stdio_call\": \"fgetc\", \"scenario\": \"fork_no_flush\"}, ");
	free(j);
	long first = report_field_find("workload.op");
	for (size_t i = 0; i < WL_KEYS; i++) {
		struct report_value v;
		char text[64];
		ck_assert_int_eq(report_field_value(res, (size_t)first + i, &v), 0);
		if (v.type == REPORT_VALUE_TEXT)
			snprintf(text, sizeof text, "%s", v.text);
		else if (v.type == REPORT_VALUE_UINT)
			snprintf(text, sizeof text, "%llu", (unsigned long long)v.u);
		else
			ck_assert_int_eq(report_format_double(v.d, text, sizeof text), 0);
		ck_assert_msg(strcmp(text, flat[i]) == 0, "%s: '%s', not '%s'", wl_key_table[i].key,
		              text, flat[i]);
		report_value_free(&v);
	}
	/* not set: null; an error the errno table has no name of: its number */
	wl_spec_free(&res->spec);
	res->spec.expect_error = 200;
	res->spec.stdio_buffer = WL_STDIO_BUFFER_DEFAULT;
	j = report_format_json_result(res);
	HAS(j, "\"stdio_buffer\": \"default\", ");
	HAS(j, "\"command\": null, \"expect_error\": \"200\", ");
	free(j);
	struct report_value v;
	report_field_value(res, (size_t)first + WLK_COMMAND, &v);
	ck_assert_int_eq(v.type, REPORT_VALUE_NULL);
	report_field_value(res, (size_t)first + WLK_EXPECT_ERROR, &v);
	ck_assert_int_eq(v.type, REPORT_VALUE_TEXT);
	ck_assert_str_eq(v.text, "200");
	report_free(&r);
	wl_spec_free(&l.workload);
}
END_TEST

Suite *make_suite_report(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, json_plain_and_null);
	tcase_add_test(tc, json_escapes);
	tcase_add_test(tc, json_utf8_passes);
	tcase_add_test(tc, json_terminal_unsafe_escaped);
	tcase_add_test(tc, json_invalid_utf8_replaced);
	tcase_add_test(tc, utf8_lengths);
	tcase_add_test(tc, csv_quoting);
	tcase_add_test(tc, numbers);
	tcase_add_test(tc, numbers_round_trip);
	tcase_add_test(tc, json_document);
	tcase_add_test(tc, json_sweep);
	tcase_add_test(tc, json_one_result);
	tcase_add_test(tc, csv_document);
	tcase_add_test(tc, text_document);
	tcase_add_test(tc, text_fits_80);
	tcase_add_test(tc, unavailable_counts);
	tcase_add_test(tc, tap_document);
	tcase_add_test(tc, tap_numbers_read_as_numbers);
	tcase_add_test(tc, gradescope_document);
	tcase_add_test(tc, gradescope_grading_policy);
	tcase_add_test(tc, hostile_error_and_command);
	tcase_add_test(tc, hostile_claims_and_titles);
	tcase_add_test(tc, disturbed_field);
	tcase_add_test(tc, trial_outcome_for_both_paths);
	tcase_add_test(tc, own_program_bytes_per_syscall_agree);
	tcase_add_test(tc, field_numbers);
	tcase_add_test(tc, field_aliases);
	tcase_add_test(tc, field_names);
	tcase_add_test(tc, json_order_is_the_tables);
	tcase_add_test(tc, workload_fields_are_the_key_rows);
	tcase_add_test(tc, workload_every_key_typed);
	suite_add_tcase(s, tc);
	return s;
}
