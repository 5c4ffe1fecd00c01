/* form.c - the experiment form and the lines the lab edits (form.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "errmsg.h"
#include "form.h"

/* --- one line ---------------------------------------------------------------- */

void form_edit_set(struct edit_line *e, const char *text)
{
	snprintf(e->text, sizeof e->text, "%s", text);
	e->len = e->cursor = strlen(e->text);
}

int form_edit_insert(struct edit_line *e, int c)
{
	if (c < ' ' || c > '~' || e->len + 1 >= sizeof e->text)
		return -1;
	memmove(e->text + e->cursor + 1, e->text + e->cursor, e->len - e->cursor + 1);
	e->text[e->cursor++] = (char)c;
	e->len++;
	return 0;
}

void form_edit_erase(struct edit_line *e)
{
	if (e->cursor == 0)
		return;
	memmove(e->text + e->cursor - 1, e->text + e->cursor, e->len - e->cursor + 1);
	e->cursor--;
	e->len--;
}

void form_edit_move(struct edit_line *e, int dir)
{
	if (dir < 0 && e->cursor > 0)
		e->cursor--;
	else if (dir > 0 && e->cursor < e->len)
		e->cursor++;
}

/* --- the form ---------------------------------------------------------------- */

int form_open(struct form *f, const struct wl_spec *base)
{
	enum wl_key_id ids[FORM_FIELDS];
	memset(f, 0, sizeof *f);
	if (wl_spec_copy(&f->base, base) != 0)
		return -1;
	wl_key_form_order(ids);
	for (size_t i = 0; i < FORM_FIELDS; i++) {
		struct form_field *ff = &f->fields[i];
		char value[EDIT_MAX];
		ff->key = &wl_key_table[ids[i]];
		if (wl_key_text(ff->key, base, value, sizeof value) != 0)
			value[0] = '\0';
		form_edit_set(&ff->line, value);
	}
	f->open = 1;
	return 0;
}

void form_close(struct form *f)
{
	if (f->open)
		wl_spec_free(&f->base);
	memset(f, 0, sizeof *f);
}

struct form_field *form_current(struct form *f)
{
	return &f->fields[f->current];
}

int form_insert(struct form *f, int c)
{
	return form_edit_insert(&form_current(f)->line, c);
}

void form_erase(struct form *f)
{
	form_edit_erase(&form_current(f)->line);
}

/* The index of a name among the key's names, or -1. */
static int choice_index(const struct wl_key *k, const char *text)
{
	for (unsigned i = 0; strcmp(k->choice(i), "?") != 0; i++)
		if (strcmp(k->choice(i), text) == 0)
			return (int)i;
	return -1;
}

void form_move(struct form *f, int dir)
{
	struct form_field *ff = form_current(f);
	const struct wl_key *k = ff->key;
	if (!k->choice) {
		form_edit_move(&ff->line, dir);
		return;
	}
	unsigned n = 0;
	while (strcmp(k->choice(n), "?") != 0)
		n++;
	int i = choice_index(k, ff->line.text);
	/* a name being typed, or none: start from the first */
	unsigned next = i < 0 ? 0 : (unsigned)(((int)n + i + (dir < 0 ? -1 : 1)) % (int)n);
	form_edit_set(&ff->line, k->choice(next));
	ff->error[0] = '\0';
}

int form_check_field(struct form *f, size_t i)
{
	struct form_field *ff = &f->fields[i];
	struct wl_spec probe;
	ff->error[0] = '\0';
	if (wl_spec_copy(&probe, &f->base) != 0)
		return errmsg(ff->error, sizeof ff->error, "out of memory");
	int rc = wl_key_set(ff->key, &probe, ff->line.text, ff->error, sizeof ff->error);
	wl_spec_free(&probe);
	return rc;
}

/* The field of a key id, which the form shows. */
static size_t field_id(const struct form *f, enum wl_key_id id)
{
	size_t i = 0;
	while (i + 1 < FORM_FIELDS && f->fields[i].key != &wl_key_table[id])
		i++;
	return i;
}

int form_field_shown(const struct form *f, size_t i)
{
	if (i >= FORM_FIELDS)
		return 0;
	if (!(f->fields[i].key->flags & WL_KEYF_COMMAND))
		return 1;
	return strcmp(f->fields[field_id(f, WLK_API)].line.text, "command") == 0;
}

void form_field_step(struct form *f, int dir)
{
	form_check_field(f, f->current);
	do
		f->current = (f->current + (dir < 0 ? FORM_FIELDS - 1 : 1)) % FORM_FIELDS;
	while (!form_field_shown(f, f->current));
}

/* The form's field of a key, or -1 when the key is not on the form. */
static long field_of(const struct form *f, const char *key)
{
	for (size_t i = 0; key && i < FORM_FIELDS; i++)
		if (strcmp(f->fields[i].key->key, key) == 0)
			return (long)i;
	return -1;
}

int form_spec(struct form *f, struct wl_spec *out)
{
	long first = -1;
	f->error[0] = '\0';
	if (wl_spec_copy(out, &f->base) != 0) {
		errmsg(f->error, sizeof f->error, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < FORM_FIELDS; i++) {
		struct form_field *ff = &f->fields[i];
		ff->error[0] = '\0';
		if (!form_field_shown(f, i)) {
			wl_key_reset(ff->key, out);
			continue;
		}
		/* an empty argv is the rule between keys' to name, below; an
		 * empty redirect, none (as the spec syntax writes it) */
		if ((ff->key->flags & WL_KEYF_COMMAND) && !ff->line.text[strspn(ff->line.text, " ")]) {
			wl_key_reset(ff->key, out);
			continue;
		}
		if (wl_key_set(ff->key, out, ff->line.text, ff->error, sizeof ff->error) != 0 && first < 0)
			first = (long)i;
	}
	if (first < 0) {
		char msg[VALUE_MSG_MAX];
		const char *key;
		if (wl_spec_check_key(out, msg, sizeof msg, &key) == 0)
			return 0;
		first = field_of(f, key);
		/* "api: command needs a command": said where the command is typed */
		if (first == (long)field_id(f, WLK_API) && !out->command &&
		    form_field_shown(f, field_id(f, WLK_COMMAND)))
			first = (long)field_id(f, WLK_COMMAND);
		if (first >= 0)
			snprintf(f->fields[first].error, sizeof f->fields[first].error, "%s", msg);
		else
			snprintf(f->error, sizeof f->error, "%s", msg);
	}
	wl_spec_free(out);
	if (first >= 0)
		f->current = (size_t)first;
	return -1;
}
