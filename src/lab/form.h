/* form.h - the experiment bench's form and the guess prompt, as data: lines
 * of text the student edits, and the form's fields checked by the rows of
 * wl_keys.h (the lesson loader's rules and messages).
 *
 * Why in the library and not in ui_form.c: what a key does to a field and
 * which value is refused with which message are decisions, checked by
 * tests/check_form.c without a terminal; the view only draws this.
 */
#ifndef IOLAB_FORM_H
#define IOLAB_FORM_H

#include <stddef.h>

#include "value.h"
#include "wl_keys.h"
#include "wl.h"

/* --- one line of text ------------------------------------------------------ */

#define EDIT_MAX 128              /* bytes a line holds, its NUL included */

struct edit_line {
	char text[EDIT_MAX];
	size_t len, cursor;       /* bytes; text is printable ASCII */
};

void form_edit_set(struct edit_line *e, const char *text);   /* cursor at the end */
/* A printable ASCII character at the cursor; 0, or -1 when it is no such
 * character or the line is full. */
int form_edit_insert(struct edit_line *e, int c);
void form_edit_erase(struct edit_line *e);                   /* the one before the cursor */
void form_edit_move(struct edit_line *e, int dir);           /* +1 right, -1 left */

/* --- the experiment form -------------------------------------------------- */

/* The knobs of a workload the form shows: the keys with a form column
 * (wl_keys.h), in its order (op, api, command, redirect, size, block ...).
 * command (the program's argv, written as the spec syntax writes a list:
 * "./copy,{file}") and redirect (WL_KEYF_COMMAND) are on it only while api
 * is command (form_field_shown); a key not on it (expect_error, the
 * lesson's) is kept as it is. */
#define FORM_FIELDS WL_FORM_KEYS

struct form_field {
	const struct wl_key *key;
	struct edit_line line;
	char error[VALUE_MSG_MAX];    /* the loader's message, or "" */
};

struct form {
	int open;
	struct form_field fields[FORM_FIELDS];
	size_t current;
	struct wl_spec base;      /* what it starts from: keys not on the form */
	char error[VALUE_MSG_MAX];    /* a rule about a key not on the form, or "" */
};

/* Open the form on base (copied): every field holds its key's value as
 * the spec syntax writes it.  0, or -1 when out of memory. */
int form_open(struct form *f, const struct wl_spec *base);
void form_close(struct form *f);
struct form_field *form_current(struct form *f);
/* Typing and the cursor, in the current field; on a key with named values
 * (op, cache ...) form_edit_move's direction picks the next or previous name
 * instead. */
int form_insert(struct form *f, int c);
void form_erase(struct form *f);
void form_move(struct form *f, int dir);
/* Is field i on the form now?  command and redirect only while the api
 * field says command: no other api runs a program. */
int form_field_shown(const struct form *f, size_t i);
/* To the next (+1) or previous (-1) field shown, round; the field left is
 * checked (its error shown under it, or cleared). */
void form_field_step(struct form *f, int dir);
/* Check one field on its own (the key's rule): 0, or -1 with its error. */
int form_check_field(struct form *f, size_t i);
/* Every field shown, then the rules between keys (wl_spec_check_key),
 * each error under the field it is about (a command missing: under
 * command).  A field not shown leaves its key at the default, so a
 * lesson's command goes when api leaves command.  0 with *out the workload (wl_spec_free
 * it); or -1, the cursor on the first field with an error. */
int form_spec(struct form *f, struct wl_spec *out);

#endif
