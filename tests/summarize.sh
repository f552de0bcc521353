#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reads test output on stdin, passes it through, and ends it with the one
# verdict line: "N passed, N failed, N skipped".  Lines starting with PASS,
# FAIL or SKIP are counted.  Exits non-zero on any failure or on no tests.
# mawk (Debian's awk) reads its input in blocks unless told not to: the
# progress of a long run would show minutes late
interactive=""
awk -W version 2>&1 | grep -q mawk && interactive="-W interactive"
# shellcheck disable=SC2086
awk $interactive '
	{ print; fflush() }
	/^PASS / { p++ }
	/^FAIL / { f++ }
	/^SKIP / { s++ }
	END {
		printf "%d passed, %d failed, %d skipped\n", p, f, s
		exit (f > 0 || p + f == 0) ? 1 : 0
	}
'
