/* check_form.c - the experiment form and the lines the lab edits: typing,
 * the cursor, named values cycled, every field checked by the loader's
 * rule with the loader's message under it, the rules between keys under
 * the field they are about, and a good form giving the very workload. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "form.h"
#include "suites.h"

START_TEST(a_line)
{
	struct edit_line e;
	form_edit_set(&e, "3MB");
	ck_assert_uint_eq(e.cursor, 3);
	ck_assert_int_eq(form_edit_insert(&e, '/'), 0);
	ck_assert_int_eq(form_edit_insert(&e, 's'), 0);
	ck_assert_str_eq(e.text, "3MB/s");
	form_edit_move(&e, -1);
	form_edit_move(&e, -1);
	form_edit_move(&e, -1);
	form_edit_erase(&e);                       /* the M */
	ck_assert_str_eq(e.text, "3B/s");
	ck_assert_int_eq(form_edit_insert(&e, 'k'), 0);
	ck_assert_str_eq(e.text, "3kB/s");
	ck_assert_int_eq(form_edit_insert(&e, '\t'), -1);    /* no control characters */
	ck_assert_int_eq(form_edit_insert(&e, 0xe9), -1);    /* ASCII only */
	for (int i = 0; i < 10; i++)
		form_edit_move(&e, -1);
	ck_assert_uint_eq(e.cursor, 0);
	form_edit_erase(&e);                       /* nothing before the start */
	ck_assert_str_eq(e.text, "3kB/s");
	for (int i = 0; i < 10; i++)
		form_edit_move(&e, 1);
	ck_assert_uint_eq(e.cursor, 5);
	char full[EDIT_MAX];
	memset(full, 'x', sizeof full - 1);
	full[sizeof full - 1] = '\0';
	form_edit_set(&e, full);
	ck_assert_uint_eq(e.len, EDIT_MAX - 1);
	ck_assert_int_eq(form_edit_insert(&e, 'y'), -1);     /* full */
}
END_TEST

static struct form f;

START_TEST(fields_of_a_workload)
{
	struct wl_spec base;
	wl_spec_init(&base);
	base.op = WL_OP_READ;
	base.block = 4096;
	base.open_flags = WL_OPEN_DIRECT;
	ck_assert_int_eq(form_open(&f, &base), 0);
	static const char *const want[FORM_FIELDS][2] = {
		{"op", "read"}, {"api", "syscall"}, {"command", ""}, {"redirect", "none"}, {"size", "10MiB"}, {"block", "4KiB"},
		{"stride", "0"}, {"streams", "1"}, {"open", "O_DIRECT"}, {"fadvise", "normal"},
		{"cache", "warm"}, {"stdio_buffer", "default"}, {"stdio_mode", "full"},
		{"sync", "none"}, {"sync_every", "0"}, {"file", "new"}, {"time_limit", "5s"},
		{"min_time", "0.2s"}, {"order", "forward"}, {"stdio_call", "fread"},
		{"scenario", "none"},
	};
	for (size_t i = 0; i < FORM_FIELDS; i++) {
		ck_assert_str_eq(f.fields[i].key->key, want[i][0]);
		ck_assert_str_eq(f.fields[i].line.text, want[i][1]);
		ck_assert_str_eq(f.fields[i].error, "");
	}
	/* unchanged, the form is its base */
	struct wl_spec out;
	ck_assert_int_eq(form_spec(&f, &out), 0);
	ck_assert(wl_spec_same(&out, &base));
	wl_spec_free(&out);
	form_close(&f);
	ck_assert_int_eq(f.open, 0);
}
END_TEST

START_TEST(named_values_cycle)
{
	struct wl_spec base;
	wl_spec_init(&base);
	ck_assert_int_eq(form_open(&f, &base), 0);
	ck_assert_str_eq(form_current(&f)->key->key, "op");
	form_move(&f, 1);
	ck_assert_str_eq(form_current(&f)->line.text, "read");
	form_move(&f, 1);
	ck_assert_str_eq(form_current(&f)->line.text, "seek");
	form_move(&f, 1);
	ck_assert_str_eq(form_current(&f)->line.text, "write");      /* round */
	form_move(&f, -1);
	ck_assert_str_eq(form_current(&f)->line.text, "seek");
	/* a free value moves the cursor instead */
	form_field_step(&f, 1);
	form_field_step(&f, 1);
	ck_assert_str_eq(form_current(&f)->key->key, "size");
	form_move(&f, -1);
	ck_assert_uint_eq(form_current(&f)->line.cursor, 4);
	form_field_step(&f, -1);
	form_field_step(&f, -1);
	form_field_step(&f, -1);
	ck_assert_str_eq(form_current(&f)->key->key, "scenario");   /* round, backwards */
	form_close(&f);
}
END_TEST

/* A value refused: the loader's own message, under its field. */
/* Keys the spec leaves out at their defaults are shown by their default's
 * name, as the op spells it, and a choice made there runs. */
START_TEST(defaults_by_name)
{
	struct wl_spec base, out;
	wl_spec_init(&base);
	base.api = WL_API_STDIO;
	ck_assert_int_eq(form_open(&f, &base), 0);
	const char *want[][2] = {{"order", "forward"}, {"stdio_call", "fwrite"},
	                         {"scenario", "none"}};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		size_t k;
		for (k = 0; k < FORM_FIELDS; k++)
			if (strcmp(f.fields[k].key->key, want[i][0]) == 0)
				break;
		ck_assert_uint_lt(k, FORM_FIELDS);
		ck_assert_str_eq(f.fields[k].line.text, want[i][1]);
		if (i == 1)
			form_edit_set(&f.fields[k].line, "putc_unlocked");
	}
	ck_assert_int_eq(form_spec(&f, &out), 0);
	ck_assert_int_eq(out.stdio_call, WL_SCALL_PUTC_UNLOCKED);
	wl_spec_free(&out);
	form_close(&f);
}
END_TEST

START_TEST(a_bad_value)
{
	struct wl_spec base, out;
	wl_spec_init(&base);
	ck_assert_int_eq(form_open(&f, &base), 0);
	f.current = 5;                                               /* block */
	form_edit_set(&form_current(&f)->line, "");
	const char *typed = "4 KiBx";
	for (const char *c = typed; *c; c++)
		ck_assert_int_eq(form_insert(&f, *c), 0);
	form_erase(&f);
	ck_assert_str_eq(form_current(&f)->line.text, "4 KiB");
	form_field_step(&f, 1);                                      /* leaving it checks it */
	ck_assert_str_eq(f.fields[5].error, "'block' has more than one value (a word with "
	                 "blanks goes in double quotes)");
	form_edit_set(&f.fields[5].line, "4KB");
	form_edit_set(&f.fields[10].line, "tepid");                        /* cache */
	ck_assert_int_eq(form_spec(&f, &out), -1);
	ck_assert_str_eq(f.fields[5].error, "");
	ck_assert_str_eq(f.fields[10].error, "unknown cache 'tepid'; expected one of: warm, cold");
	ck_assert_uint_eq(f.current, 10);
	form_edit_set(&f.fields[10].line, "cold");
	form_edit_set(&f.fields[4].line, "x");                            /* size */
	ck_assert_int_eq(form_spec(&f, &out), -1);
	ck_assert_str_eq(f.fields[4].error, "'size' is not a size: 'x' (use bytes, or a whole "
	                 "number with B, KiB, MiB, GiB, K, M or G)");
	ck_assert_uint_eq(f.current, 4);
	/* a rule between keys: under the key it is about */
	form_edit_set(&f.fields[4].line, "1KiB");
	ck_assert_int_eq(form_spec(&f, &out), -1);
	ck_assert_str_eq(f.fields[4].error, "");
	ck_assert_str_eq(f.fields[5].error, "block must be from 1 to the file size");
	ck_assert_uint_eq(f.current, 5);
	form_edit_set(&f.fields[5].line, "512");
	ck_assert_int_eq(form_spec(&f, &out), 0);
	ck_assert_uint_eq(out.size, 1024);
	ck_assert_uint_eq(out.block, 512);
	ck_assert_int_eq(out.cache, WL_CACHE_COLD);
	wl_spec_free(&out);
	form_close(&f);
}
END_TEST

/* The keys the form does not show are the base's. */
START_TEST(keys_off_the_form)
{
	struct wl_spec base, out;
	wl_spec_init(&base);
	base.op = WL_OP_READ;
	base.expect_error = 2;
	ck_assert_int_eq(form_open(&f, &base), 0);
	ck_assert_int_eq(form_spec(&f, &out), 0);
	ck_assert_int_eq(out.expect_error, 2);
	wl_spec_free(&out);
	form_close(&f);
}
END_TEST

/* The program's argv is a field while api is command: hidden (and
 * stepped over) otherwise, read by the lesson file's rules, and the one
 * "needs a command" message is said under it. */
START_TEST(the_argv_field)
{
	static char *argv[] = {"cat", "{file}", NULL};
	struct wl_spec base, out;
	wl_spec_init(&base);
	base.op = WL_OP_READ;
	base.api = WL_API_COMMAND;
	base.command = argv;
	base.command_len = 2;
	ck_assert_int_eq(form_open(&f, &base), 0);
	ck_assert_str_eq(f.fields[2].key->key, "command");
	ck_assert_str_eq(f.fields[2].line.text, "cat,{file}");
	ck_assert(form_field_shown(&f, 2) && form_field_shown(&f, 3));
	form_field_step(&f, 1);
	form_field_step(&f, 1);
	ck_assert_str_eq(form_current(&f)->key->key, "command");

	/* another program, its words as a lesson writes a list */
	form_edit_set(&f.fields[2].line, "[./copy,\"{file}\",--size,{size}]");
	ck_assert_int_eq(form_spec(&f, &out), 0);
	ck_assert_uint_eq(out.command_len, 4);
	ck_assert_str_eq(out.command[0], "./copy");
	ck_assert_str_eq(out.command[3], "{size}");
	wl_spec_free(&out);

	/* none: said under the argv, not a dead end under api */
	form_edit_set(&f.fields[2].line, "");
	ck_assert_int_eq(form_spec(&f, &out), -1);
	ck_assert_str_eq(f.fields[2].error, "api: command needs a command");
	ck_assert_str_eq(f.fields[1].error, "");
	ck_assert_uint_eq(f.current, 2);

	/* a shell's script is refused as in a lesson file (trust rules) */
	form_edit_set(&f.fields[2].line, "[sh,-c,\"cat {file}\"]");
	ck_assert_int_eq(form_spec(&f, &out), -1);
	ck_assert_ptr_nonnull(strstr(f.fields[2].error, "sh"));

	/* api leaves command: argv and redirect go with it */
	form_edit_set(&f.fields[1].line, "syscall");
	ck_assert(!form_field_shown(&f, 2) && !form_field_shown(&f, 3));
	ck_assert_int_eq(form_spec(&f, &out), 0);
	ck_assert_ptr_null(out.command);
	ck_assert_int_eq(out.redirect, WL_REDIRECT_NONE);
	wl_spec_free(&out);
	form_close(&f);

	/* from a syscall lesson: api command, then the argv typed */
	wl_spec_init(&base);
	base.op = WL_OP_READ;
	ck_assert_int_eq(form_open(&f, &base), 0);
	form_edit_set(&f.fields[1].line, "command");
	ck_assert_int_eq(form_spec(&f, &out), -1);
	ck_assert_str_eq(f.fields[2].error, "api: command needs a command");
	form_edit_set(&f.fields[2].line, "cat,{file}");
	form_edit_set(&f.fields[3].line, "stdin");
	ck_assert_int_eq(form_spec(&f, &out), 0);
	ck_assert_uint_eq(out.command_len, 2);
	ck_assert_int_eq(out.redirect, WL_REDIRECT_STDIN);
	wl_spec_free(&out);
	form_close(&f);
}
END_TEST

Suite *make_suite_form(void)
{
	Suite *s = suite_create("form");
	TCase *tc = tcase_create("form");
	tcase_add_test(tc, a_line);
	tcase_add_test(tc, fields_of_a_workload);
	tcase_add_test(tc, named_values_cycle);
	tcase_add_test(tc, defaults_by_name);
	tcase_add_test(tc, a_bad_value);
	tcase_add_test(tc, keys_off_the_form);
	tcase_add_test(tc, the_argv_field);
	suite_add_tcase(s, tc);
	return s;
}
