/* expect_ast.h - the parsed form of a check expression; private to
 * expect_parse.c (which builds it), expect_eval.c and expect.c.
 *
 * A flat array in postfix order: a node's operands are earlier nodes and
 * the root is the last one, so one forward loop evaluates it and nothing
 * ever recurses over the tree.
 */
#ifndef IOLAB_EXPECT_AST_H
#define IOLAB_EXPECT_AST_H

#include "expect.h"

enum expect_op {
	EXPECT_OP_NUMBER, EXPECT_OP_FIELD, EXPECT_OP_NEG,
	EXPECT_OP_ADD, EXPECT_OP_SUB, EXPECT_OP_MUL, EXPECT_OP_DIV,
};

struct expect_node {
	enum expect_op op;
	unsigned a, b;            /* operands (indices of earlier nodes) */
	unsigned at;              /* offset of the token: the operator, number or field */
	unsigned start, end;      /* the source text the node covers, [start, end) */
	int constant;             /* no field below it: number is its value */
	double number;
	const char *field;        /* FIELD: "calls.fwrite", into names */
	const char *lesson;       /* FIELD: "w01-syncbyte", or NULL for its own */
	unsigned lesson_at;       /* offset of the lesson id */
	unsigned field_class;     /* EXPECT_FIELD_* from the validator */
};

struct expect_expr {
	char *text;               /* as written */
	char *names;              /* a copy with NULs ending each field and id */
	size_t count;             /* nodes; the root is nodes[count - 1] */
	struct expect_node nodes[];
};

#endif
