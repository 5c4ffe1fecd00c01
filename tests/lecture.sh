#!/bin/sh
. "$TOP_SRCDIR/tests/lib.sh"
skip "not yet"
