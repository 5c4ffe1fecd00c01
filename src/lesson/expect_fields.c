/* expect_fields.c - the fields a lesson's checks may name (expect_fields.h),
 * from report_field_rows.h: only the rows' names, bits and meanings are
 * expanded here, never their getters. */
#include "config.h"

#include <string.h>

#include "countof.h"
#include "expect_fields.h"
#include "report_field_rows.h"
#include "suggest.h"

#define ALIAS(alias, name) {alias, 0, name, NULL, NULL},
#define ROW(name, get, bits, json, meaning) {name, bits, NULL, meaning, NULL},
#define CALL_ROW(id, name, stdio, shown) {"calls." name, REPORT_FIELD_CALLS_BITS, NULL, NULL, shown},

static const struct expect_field_row every_row[] = {
	REPORT_FIELD_ALIASES(ALIAS)
	REPORT_FIELD_ROWS_BEFORE(ROW)
	CALL_KIND_ROWS(CALL_ROW)
	REPORT_FIELD_ROWS_AFTER(ROW)
};

#undef CALL_ROW
#undef ROW
#undef ALIAS

/* A row by exact name, aliases' bits resolved; NULL when there is none. */
static const struct expect_field_row *find(const char *name, unsigned *bits)
{
	for (size_t i = 0; i < COUNT(every_row); i++) {
		const struct expect_field_row *r = &every_row[i];
		if (strcmp(r->name, name) != 0)
			continue;
		if (!r->alias_of) {
			*bits = r->bits;
			return r;
		}
		const struct expect_field_row *to = find(r->alias_of, bits);
		return to ? r : NULL;
	}
	return NULL;
}

static unsigned bits_of(const struct expect_field_row *r)
{
	unsigned bits = 0;
	return find(r->name, &bits) ? bits : 0;
}

unsigned expect_fields_class(void *ctx, const char *field, const char **suggestion)
{
	(void)ctx;
	unsigned bits = 0;
	if (suggestion)
		*suggestion = NULL;
	if (find(field, &bits) && bits)
		return bits;
	if (suggestion) {
		struct suggest sg;
		suggest_init(&sg, field);
		for (size_t i = 0; i < COUNT(every_row); i++)
			if (bits_of(&every_row[i]))
				suggest_offer(&sg, every_row[i].name);
		*suggestion = suggest_result(&sg);
	}
	return 0;
}

/* The checkable rows, in table order: index i of expect_fields_at. */
size_t expect_fields_count(void)
{
	size_t n = 0;
	for (size_t i = 0; i < COUNT(every_row); i++)
		n += bits_of(&every_row[i]) != 0;
	return n;
}

const struct expect_field_row *expect_fields_at(size_t i)
{
	for (size_t k = 0; k < COUNT(every_row); k++)
		if (bits_of(&every_row[k]) && i-- == 0)
			return &every_row[k];
	return NULL;
}

void expect_fields_markdown(FILE *out)
{
	fputs("| field | meaning | timed | whole file | device |\n", out);
	fputs("|-------|---------|-------|------------|--------|\n", out);
	const struct expect_field_row *r;
	for (size_t i = 0; (r = expect_fields_at(i)) != NULL; i++) {
		unsigned bits = bits_of(r);
		fprintf(out, "| `%s` | ", r->name);
		if (r->alias_of)
			fprintf(out, "short for `%s`", r->alias_of);
		else if (r->call_shown && strcmp(r->call_shown, r->name + strlen("calls.")) == 0)
			fprintf(out, "`%s()` calls the workload's own code made", r->call_shown);
		else if (r->call_shown)
			fprintf(out, "%s the workload's own code made (`%s`)", r->call_shown,
			        r->name + strlen("calls."));
		else
			fputs(r->meaning, out);
		fprintf(out, " | %s | %s | %s |\n", bits & EXPECT_FIELD_TIMED ? "yes" : "",
		        bits & EXPECT_FIELD_WHOLE_FILE ? "yes" : "",
		        bits & EXPECT_FIELD_DEVICE ? "yes" : bits & EXPECT_FIELD_CACHED ? "bound" : "");
	}
}
