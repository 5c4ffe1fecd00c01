/* trial_fields.c - the field table's member rows as a trial's columns
 * (see trial.h). */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "countof.h"
#include "report_field_rows.h"
#include "trial.h"

struct member {
	size_t offset;
	enum trial_field_type type;
	enum trial_field_sum sum;
};

/* Only the rows' get column is expanded: an FN row is no member. */
#define FN(fn, arg) 0, TF_NONE, TF_ADD
#define MEMBER(m, type, sum) offsetof(struct trial_result, m), type, sum
#define MEMBER_ROW(...) {__VA_ARGS__},
#define ROW(name, get, bits, json, meaning) MEMBER_ROW(get)

static const struct member members[] = {
	REPORT_FIELD_ROWS_BEFORE(ROW)
	REPORT_FIELD_ROWS_AFTER(ROW)
};

#undef ROW
#undef MEMBER_ROW
#undef MEMBER
#undef FN

#define AT(r, m, T) ((T *)(void *)((char *)(r) + (m)->offset))
#define AT_C(r, m, T) ((const T *)(const void *)((const char *)(r) + (m)->offset))

void trial_fields_clear(struct trial_result *r)
{
	for (size_t i = 0; i < COUNT(members); i++) {
		const struct member *m = &members[i];
		switch (m->type) {
		case TF_COUNT: *AT(r, m, int64_t) = -1; break;
		case TF_LONG: *AT(r, m, long) = -1; break;
		case TF_SECONDS:
		case TF_FRACTION: *AT(r, m, double) = -1; break;
		case TF_NONE: case TF_U64: case TF_DOUBLE: case TF_UINT: break;
		}
	}
}

/* TF_ADD of each type: one that may be unmeasured (-1) is unmeasured
 * once any part is. */
#define ADD(T) do { *AT(sum, m, T) += *AT_C(r, m, T); } while (0)
#define ADD_OR_NONE(T) do { \
		T *a = AT(sum, m, T); \
		const T b = *AT_C(r, m, T); \
		*a = *a < 0 || b < 0 ? -1 : *a + b; \
	} while (0)
/* TF_MAX: the larger, an unmeasured -1 losing to any measured value. */
#define MAX(T) do { \
		T *a = AT(sum, m, T); \
		const T b = *AT_C(r, m, T); \
		if (b > *a) \
			*a = b; \
	} while (0)

static void add(struct trial_result *sum, const struct trial_result *r, const struct member *m)
{
	switch (m->type) {
	case TF_U64: ADD(uint64_t); break;
	case TF_DOUBLE: ADD(double); break;
	case TF_UINT: ADD(unsigned); break;
	case TF_COUNT: ADD_OR_NONE(int64_t); break;
	case TF_LONG: ADD_OR_NONE(long); break;
	case TF_SECONDS: case TF_FRACTION: ADD_OR_NONE(double); break;
	case TF_NONE: break;
	}
}

static void max(struct trial_result *sum, const struct trial_result *r, const struct member *m)
{
	switch (m->type) {
	case TF_U64: MAX(uint64_t); break;
	case TF_DOUBLE: MAX(double); break;
	case TF_UINT: MAX(unsigned); break;
	case TF_COUNT: MAX(int64_t); break;
	case TF_LONG: MAX(long); break;
	case TF_SECONDS: case TF_FRACTION: MAX(double); break;
	case TF_NONE: break;
	}
}

static size_t size_of(enum trial_field_type t)
{
	switch (t) {
	case TF_U64: return sizeof(uint64_t);
	case TF_UINT: return sizeof(unsigned);
	case TF_COUNT: return sizeof(int64_t);
	case TF_LONG: return sizeof(long);
	case TF_DOUBLE: case TF_SECONDS: case TF_FRACTION: return sizeof(double);
	case TF_NONE: break;
	}
	return 0;
}

void trial_fields_add(struct trial_result *sum, const struct trial_result *r)
{
	for (size_t i = 0; i < COUNT(members); i++) {
		const struct member *m = &members[i];
		switch (m->sum) {
		case TF_ADD: add(sum, r, m); break;
		case TF_FIRST: break;
		case TF_LAST:
			memcpy((char *)sum + m->offset, (const char *)r + m->offset, size_of(m->type));
			break;
		case TF_MAX: max(sum, r, m); break;
		}
	}
}

int trial_fields_read(const struct trial_result *r, enum trial_field_type type, size_t offset,
                     uint64_t *u, double *d)
{
	const struct member m = {offset, type, TF_ADD};
	switch (type) {
	case TF_U64: *u = *AT_C(r, &m, uint64_t); return 1;
	case TF_UINT: *u = *AT_C(r, &m, unsigned); return 1;
	case TF_COUNT: {
		int64_t v = *AT_C(r, &m, int64_t);
		*u = (uint64_t)v;
		return v >= 0;
	}
	case TF_LONG: {
		long v = *AT_C(r, &m, long);
		*u = (uint64_t)v;
		return v >= 0;
	}
	case TF_DOUBLE:
		*d = *AT_C(r, &m, double);
		return 1;
	case TF_SECONDS:
	case TF_FRACTION:
		*d = *AT_C(r, &m, double);
		return *d >= 0;
	case TF_NONE: break;
	}
	return 0;
}
