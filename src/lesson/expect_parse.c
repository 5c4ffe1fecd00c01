/* expect_parse.c - check expressions: the lexer and a precedence parser
 * that builds the flat tree of expect_ast.h.
 *
 * Every error names the token it is about (its byte offset), so the loader
 * can put a caret under it inside the YAML string.  The first error stops
 * the parse.  The text is copied first; the lexer reads only the copy,
 * whose NUL at [len] ends every scan.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "errmsg.h"
#include "expect_ast.h"
#include "units.h"

/* The binary operators, one row each: the level they bind at (1 loosest)
 * and the word "... needs two operands" uses. */
struct binop {
	char c;
	enum expect_op op;
	int level;
	const char *name;
};

static const struct binop binops[] = {
	{'+', EXPECT_OP_ADD, 1, "addition"},
	{'-', EXPECT_OP_SUB, 1, "subtraction"},
	{'*', EXPECT_OP_MUL, 2, "multiplication"},
	{'/', EXPECT_OP_DIV, 2, "division"},
};
#define LEVELS 2

enum tok_kind { T_END, T_NUMBER, T_NAME, T_OP, T_LPAREN, T_RPAREN };

struct token {
	enum tok_kind kind;
	unsigned at, len;
	double number;            /* T_NUMBER */
	const struct binop *op;   /* T_OP */
};

struct parser {
	const char *s;            /* the copy; s[len] == '\0' and no NUL before */
	unsigned len;
	unsigned pos;             /* where the lexer goes on */
	struct token tok;         /* the current token */
	struct expect_expr *e;
	size_t cap;               /* nodes allocated */
	unsigned depth;           /* open parentheses */
	const struct binop *pending;  /* an operator still without its right operand */
	unsigned pending_at;
	expect_field_fn valid;
	void *ctx;
	unsigned *offset;
	char *msg;
	size_t msglen;
};

/* ASCII classes by hand: ctype follows the locale, the grammar does not. */
static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_name_start(char c) { return is_alpha(c) || c == '_'; }
static int is_name_char(char c) { return is_name_start(c) || is_digit(c); }
static int is_id_char(char c) { return (c >= 'a' && c <= 'z') || is_digit(c) || c == '-'; }
static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

__attribute__((format(printf, 3, 4)))
static int fail(struct parser *p, unsigned at, const char *fmt, ...)
{
	*p->offset = at;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->msg, p->msglen, fmt, ap);
	va_end(ap);
	return -1;
}

/* s[at .. at+n) for a message, cut at 40 bytes with "...". */
static const char *echo(const struct parser *p, unsigned at, unsigned n, char *buf, size_t len)
{
	unsigned keep = n > 40 ? 40 : n;
	snprintf(buf, len, "%.*s%s", (int)keep, p->s + at, n > keep ? "..." : "");
	return buf;
}

/* --- numbers ---------------------------------------------------------------- */

/* Is s[0..n) a suffix units_parse_size() takes?  units.c owns the table. */
static int suffix_known(const char *s, unsigned n)
{
	char buf[EXPECT_TEXT_MAX + 2];
	uint64_t v;
	snprintf(buf, sizeof buf, "1%.*s", (int)n, s);
	return units_parse_size(buf, &v) == 0;
}

/* The capitalisation a typo most likely lost ("kib" -> "KiB", "mb" -> "MB"),
 * into buf when units.c takes it; else NULL. */
static const char *suffix_suggest(const char *s, unsigned n, char *buf, size_t len)
{
	if (n + 1 > len)
		return NULL;
	for (unsigned i = 0; i < n; i++) {
		char c = s[i];
		int binary_i = n == 3 && i == 1 && (c == 'i' || c == 'I');
		buf[i] = binary_i ? 'i' : (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
	}
	buf[n] = '\0';
	return memcmp(buf, s, n) != 0 && suffix_known(buf, n) ? buf : NULL;
}

/* A run of characters that could belong to a broken number, for echoing it. */
static unsigned number_run(const struct parser *p, unsigned q)
{
	while (is_name_char(p->s[q]) || p->s[q] == '.')
		q++;
	return q;
}

static int lex_number(struct parser *p, unsigned at)
{
	const char *s = p->s;
	char e[64];
	unsigned q = at;
	int whole = 1;
	while (is_digit(s[q]))
		q++;
	if (s[q] == '.') {
		whole = 0;
		for (q++; is_digit(s[q]); q++)
			;
	}
	if (s[q] == 'e' || s[q] == 'E') {
		unsigned r = q + 1;
		if (s[r] == '+' || s[r] == '-')
			r++;
		if (!is_digit(s[r]))
			return fail(p, at, "malformed number '%s'", echo(p, at, number_run(p, r) - at, e, sizeof e));
		while (is_digit(s[r]))
			r++;
		q = r;
		whole = 0;
	}
	if (s[q] == '.')
		return fail(p, at, "malformed number '%s'", echo(p, at, number_run(p, q) - at, e, sizeof e));

	char buf[EXPECT_TEXT_MAX + 2];
	if (is_name_start(s[q])) {             /* a size suffix: 4KiB, 10M */
		unsigned u = q;
		while (is_name_char(s[u]))
			u++;
		if (!whole)
			return fail(p, at, "a size suffix needs a whole number: '%s'", echo(p, at, u - at, e, sizeof e));
		snprintf(buf, sizeof buf, "%.*s", (int)(u - at), s + at);
		uint64_t v;
		if (units_parse_size(buf, &v) == 0) {
			p->tok.number = (double)v;
		} else if (suffix_known(s + q, u - q)) {
			return fail(p, at, "number out of range '%s'", echo(p, at, u - at, e, sizeof e));
		} else {
			char sug[8];
			const char *near = suffix_suggest(s + q, u - q, sug, sizeof sug);
			if (near)
				return fail(p, q, "unknown size suffix '%s'; did you mean '%s'?",
				            echo(p, q, u - q, e, sizeof e), near);
			return fail(p, q, "unknown size suffix '%s'", echo(p, q, u - q, e, sizeof e));
		}
		q = u;
	} else {
		/* The copy holds only [0-9.eE+-] here, and LC_NUMERIC stays "C"
		 * (ui_crt.c), so strtod reads exactly the grammar's number. */
		snprintf(buf, sizeof buf, "%.*s", (int)(q - at), s + at);
		errno = 0;
		double v = strtod(buf, NULL);
		if (errno == ERANGE || !isfinite(v))
			return fail(p, at, "number out of range '%s'", echo(p, at, q - at, e, sizeof e));
		p->tok.number = v;
	}
	p->tok.kind = T_NUMBER;
	p->tok.len = q - at;
	return 0;
}

/* --- the lexer -------------------------------------------------------------- */

static int lex_name(struct parser *p, unsigned at)
{
	const char *s = p->s;
	unsigned q = at;
	for (;;) {
		while (is_name_char(s[q]))
			q++;
		if (s[q] != '.')
			break;
		if (!is_name_start(s[q + 1]))
			return fail(p, q + 1, "expected a name after '.'");
		q++;
	}
	p->tok.kind = T_NAME;
	p->tok.len = q - at;
	return 0;
}

/* The next token into p->tok.  0, or -1 on a lexical error. */
static int advance(struct parser *p)
{
	const char *s = p->s;
	unsigned q = p->pos;
	while (is_space(s[q]))
		q++;
	p->tok = (struct token){.kind = T_END, .at = q, .len = 0};
	char c = s[q];
	int rc = 0;
	if (c == '\0') {
		/* the end */
	} else if (is_digit(c) || (c == '.' && is_digit(s[q + 1]))) {
		rc = lex_number(p, q);
	} else if (is_name_start(c)) {
		rc = lex_name(p, q);
	} else if (c == '(' || c == ')') {
		p->tok.kind = c == '(' ? T_LPAREN : T_RPAREN;
		p->tok.len = 1;
	} else {
		for (size_t i = 0; i < COUNT(binops); i++)
			if (binops[i].c == c) {
				p->tok.kind = T_OP;
				p->tok.op = &binops[i];
				p->tok.len = 1;
			}
		if (p->tok.kind != T_OP) {
			if (c > ' ' && c < 127)
				return fail(p, q, "unexpected character '%c'", c);
			return fail(p, q, "unexpected byte 0x%02x (a check is plain ASCII)", (unsigned char)c);
		}
	}
	if (rc < 0)
		return -1;
	p->pos = q + p->tok.len;
	return 0;
}

/* --- the tree ----------------------------------------------------------------- */

static int add_node(struct parser *p, const struct expect_node *n)
{
	/* Cannot happen: every node takes at least one byte of its own. */
	if (p->e->count >= p->cap)
		return fail(p, n->at, "expression too long");
	p->e->nodes[p->e->count] = *n;
	return (int)p->e->count++;
}

/* Constants fold as they are built, so a constant zero divisor or an
 * overflowing constant is a load error, not a verdict. */
static int add_binary(struct parser *p, const struct binop *op, unsigned at, int a, int b)
{
	const struct expect_node *l = &p->e->nodes[a], *r = &p->e->nodes[b];
	struct expect_node n = {
		.op = op->op, .a = (unsigned)a, .b = (unsigned)b, .at = at,
		.start = l->start, .end = r->end, .constant = l->constant && r->constant,
	};
	if (op->op == EXPECT_OP_DIV && r->constant && r->number == 0)
		return fail(p, at, "division by zero");
	if (n.constant) {
		double x = l->number, y = r->number;
		n.number = op->op == EXPECT_OP_ADD ? x + y : op->op == EXPECT_OP_SUB ? x - y
		         : op->op == EXPECT_OP_MUL ? x * y : x / y;
		if (!isfinite(n.number))
			return fail(p, at, "result out of range");
	}
	return add_node(p, &n);
}

/* No operand where one belongs: say which operator lacks it, or what is
 * unbalanced. */
static int operand_missing(struct parser *p)
{
	const struct token *t = &p->tok;
	if (p->pending && (t->kind == T_OP || t->kind == T_RPAREN || t->kind == T_END))
		return fail(p, p->pending_at, "%s needs two operands", p->pending->name);
	if (t->kind == T_OP)
		return fail(p, t->at, "%s needs two operands", t->op->name);
	if (t->kind == T_RPAREN && p->depth == 0)
		return fail(p, t->at, "unbalanced ')'");
	if (t->kind == T_END) {
		unsigned q = 0;
		while (is_space(p->s[q]))
			q++;
		if (q == t->at)               /* nothing but spaces before the end */
			return fail(p, 0, "empty expression");
	}
	return fail(p, t->at, "expected a field, a number or '('");
}

static int parse_level(struct parser *p, int level);

/* field, or field(lesson-id).  p->tok is the name. */
static int parse_field(struct parser *p)
{
	const char *s = p->s;
	char e1[64], e2[64];
	unsigned at = p->tok.at, n = p->tok.len;
	struct expect_node node = {.op = EXPECT_OP_FIELD, .at = at, .start = at, .end = at + n};
	char *names = p->e->names;
	names[at + n] = '\0';
	node.field = names + at;

	const char *suggestion = NULL;
	node.field_class = p->valid ? p->valid(p->ctx, node.field, &suggestion) : EXPECT_FIELD_KNOWN;
	if (!node.field_class) {
		if (suggestion)
			return fail(p, at, "unknown field '%s'; did you mean '%s'?",
			            echo(p, at, n, e1, sizeof e1), suggestion);
		return fail(p, at, "unknown field '%s'", echo(p, at, n, e1, sizeof e1));
	}

	unsigned q = at + n;
	while (is_space(s[q]))
		q++;
	if (s[q] == '(') {                   /* another lesson's field */
		unsigned id = q + 1;
		while (is_space(s[id]))
			id++;
		unsigned r = id;
		while (is_id_char(s[r]))
			r++;
		if (r == id)
			return fail(p, id, "lesson id expected inside %s(...)", echo(p, at, n, e1, sizeof e1));
		unsigned id_end = r;
		while (is_space(s[r]))
			r++;
		if (s[r] != ')')
			return fail(p, r, "expected ')' after lesson id '%s'",
			            echo(p, id, id_end - id, e2, sizeof e2));
		names[id_end] = '\0';
		node.lesson = names + id;
		node.lesson_at = id;
		node.end = r + 1;
		p->pos = r + 1;
	}
	return add_node(p, &node);
}

/* ( expr ) ; p->tok is the '('. */
static int parse_group(struct parser *p)
{
	unsigned open = p->tok.at;
	if (p->depth >= EXPECT_DEPTH_MAX)
		return fail(p, open, "nesting deeper than %d levels", EXPECT_DEPTH_MAX);
	p->depth++;
	if (advance(p) < 0)
		return -1;
	if (p->tok.kind == T_RPAREN)
		return fail(p, open, "empty parentheses");
	int x = parse_level(p, 1);
	if (x < 0)
		return -1;
	/* parse_level stops only at ')' or the end: operators are taken and
	 * an operand right after an operand is refused by parse_primary. */
	if (p->tok.kind != T_RPAREN)
		return fail(p, open, "unbalanced '('");
	p->depth--;
	p->e->nodes[x].start = open;         /* the group's text, parentheses and all */
	p->e->nodes[x].end = p->tok.at + 1;
	return x;
}

static int parse_primary(struct parser *p)
{
	int x;
	switch (p->tok.kind) {
	case T_NUMBER: {
		struct expect_node n = {
			.op = EXPECT_OP_NUMBER, .at = p->tok.at, .start = p->tok.at,
			.end = p->tok.at + p->tok.len, .constant = 1, .number = p->tok.number,
		};
		x = add_node(p, &n);
		break;
	}
	case T_NAME:
		x = parse_field(p);
		break;
	case T_LPAREN:
		p->pending = NULL;
		x = parse_group(p);
		break;
	default:
		return operand_missing(p);
	}
	if (x < 0)
		return -1;
	p->pending = NULL;
	if (advance(p) < 0)
		return -1;
	const struct token *t = &p->tok;
	const struct expect_node *n = &p->e->nodes[x];
	char e[64], f[64];
	if (n->op == EXPECT_OP_NUMBER && t->kind == T_NAME && suffix_known(p->s + t->at, t->len))
		return fail(p, t->at, "a size suffix goes right after its number: '%s%s'",
		            echo(p, n->start, n->end - n->start, e, sizeof e), echo(p, t->at, t->len, f, sizeof f));
	if (t->kind == T_NUMBER || t->kind == T_NAME || t->kind == T_LPAREN)
		return fail(p, t->at, "expected an operator (+ - * /) before '%s'",
		            echo(p, t->at, t->kind == T_LPAREN ? 1 : t->len, e, sizeof e));
	return x;
}

/* '-'* primary.  The minus signs are counted, not recursed into; their
 * nodes are built innermost first, finding each '-' by scanning back. */
static int parse_unary(struct parser *p)
{
	unsigned n = 0, last = 0;
	while (p->tok.kind == T_OP && p->tok.op->op == EXPECT_OP_SUB) {
		n++;
		last = p->tok.at;
		p->pending = NULL;
		if (advance(p) < 0)
			return -1;
	}
	int x = parse_primary(p);
	for (unsigned i = 0; i < n && x >= 0; i++) {
		const struct expect_node *o = &p->e->nodes[x];
		struct expect_node neg = {
			.op = EXPECT_OP_NEG, .a = (unsigned)x, .at = last, .start = last,
			.end = o->end, .constant = o->constant, .number = -o->number,
		};
		x = add_node(p, &neg);
		while (last > 0 && p->s[--last] != '-')
			;
	}
	return x;
}

/* Operators of this level and tighter, left-associative. */
static int parse_level(struct parser *p, int level)
{
	if (level > LEVELS)
		return parse_unary(p);
	int left = parse_level(p, level + 1);
	while (left >= 0 && p->tok.kind == T_OP && p->tok.op->level == level) {
		const struct binop *op = p->tok.op;
		unsigned at = p->tok.at;
		p->pending = op;
		p->pending_at = at;
		if (advance(p) < 0)
			return -1;
		int right = parse_level(p, level + 1);
		if (right < 0)
			return -1;
		left = add_binary(p, op, at, left, right);
	}
	return left;
}

int expect_parse_parse(const char *text, expect_field_fn valid, void *ctx,
                      struct expect_expr **out, unsigned *offset, char *msg, size_t len)
{
	unsigned where = 0;
	if (!offset)
		offset = &where;
	*out = NULL;
	*offset = 0;
	if (!text)
		text = "";
	size_t n = strnlen(text, EXPECT_TEXT_MAX + 1);
	if (n > EXPECT_TEXT_MAX) {
		*offset = EXPECT_TEXT_MAX;
		return errmsg(msg, len, "expression longer than %d bytes", EXPECT_TEXT_MAX);
	}
	size_t cap = n ? n : 1;
	struct expect_expr *e = calloc(1, sizeof *e + cap * sizeof e->nodes[0] + 2 * (n + 1));
	if (!e)
		return errmsg(msg, len, "out of memory");
	e->text = (char *)&e->nodes[cap];
	e->names = e->text + n + 1;
	memcpy(e->text, text, n);
	memcpy(e->names, text, n);

	struct parser p = {
		.s = e->text, .len = (unsigned)n, .e = e, .cap = cap,
		.valid = valid, .ctx = ctx, .offset = offset, .msg = msg, .msglen = len,
	};
	int root = advance(&p) < 0 ? -1 : parse_level(&p, 1);
	if (root >= 0 && p.tok.kind == T_RPAREN)
		root = fail(&p, p.tok.at, "unbalanced ')'");
	if (root < 0) {
		free(e);
		return -1;
	}
	*out = e;
	return 0;
}

void expect_parse_free(struct expect_expr *e)
{
	free(e);                          /* one block: nodes and both strings */
}

const char *expect_parse_text(const struct expect_expr *e)
{
	return e->text;
}

int expect_parse_has_field(const struct expect_expr *e)
{
	return !e->nodes[e->count - 1].constant;
}

double expect_parse_constant(const struct expect_expr *e)
{
	return e->nodes[e->count - 1].number;
}
