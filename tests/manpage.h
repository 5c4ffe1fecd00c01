/* manpage.h - the tagged paragraphs of a section of doc/iolab.1, as text,
 * for the tests that keep the man page whole: check_cli.c (every option of
 * --help has a tag in OPTIONS) and check_keys.c (every row of the key
 * table is a tag in KEYS, with its description, in order).  The page is
 * written by hand; these tests fail when it falls behind. */
#ifndef IOLAB_TEST_MANPAGE_H
#define IOLAB_TEST_MANPAGE_H

#include <stddef.h>

#define MANPAGE_PATH TOP_SRCDIR "/doc/iolab.1"
#define MANPAGE_ITEMS 64

/* One ".TP" paragraph: its tag line and the text under it, with the roff
 * escapes and font macros taken out ("\-\-batch" is "--batch", ".BR a b"
 * is "ab", ".B Tab l" is "Tab l"). */
struct manpage_item {
	char tag[1024];
	char text[1024];
};

struct manpage_items {
	size_t n;
	struct manpage_item v[MANPAGE_ITEMS];
};

/* The tagged paragraphs of section `name` (".SH name"); 0, or -1 when the
 * page cannot be read or has no such section. */
int manpage_section(const char *path, const char *name, struct manpage_items *out);
/* Is `word` in s, not as part of a longer option or word ([A-Za-z0-9-] on
 * neither side)? */
int manpage_has_word(const char *s, const char *word);

#endif
