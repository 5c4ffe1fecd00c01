/* trust.h - which lessons' commands run unasked, and how a command is
 * shown to whoever must agree to it.
 *
 * A lesson of `api: command` runs a program, with the lab's rights.  The
 * course this program ships (or installed: course_load_dir_is_shipped()) is
 * part of the program, so its commands run as its own loops do.  A lesson
 * pack from anywhere else - --lessons DIR, IOLAB_LESSONS - is untrusted
 * text (doc/lesson-format.md): its commands run only when the user said
 * so, with --allow-commands, or, in the lab, by answering yes to a
 * question that shows the exact argv.  The loader refuses {file} inside a
 * shell's -c script whatever the course (lesson_schema.c).
 */
#ifndef IOLAB_TRUST_H
#define IOLAB_TRUST_H

#include <stddef.h>

#include "lesson.h"

/* Does lesson l of course c run a program that needs the user's consent
 * first (a command from a course that is not the shipped one)? */
int trust_needs_consent(const struct course *c, const struct lesson *l);

/* The command's words as a shell would need them to mean the same argv:
 * a word of letters, digits and _@%+=:,./{}- bare, any other in single
 * quotes ('\'' for a quote), so spaces and quotes inside a word show;
 * what a terminal must not be sent is '?' (sanitize.h).  "{file}" is
 * written as the lesson has it.  Cut with "..." to fit len. */
void trust_argv_text(const struct wl_spec *spec, char *buf, size_t len);

/* The same text, every word of it: malloc'd, or NULL (out of memory).
 * What asks for consent shows this, never a cut. */
char *trust_argv_dup(const struct wl_spec *spec);

/* Batch's refusal: "this lesson runs a program from a lesson directory
 * that is not the installed course: ARGV; iolab runs it only with
 * --allow-commands (read it first)", every word of ARGV however many:
 * malloc'd, or NULL (out of memory). */
char *trust_refusal(const struct wl_spec *spec);

#endif
