#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check's runner (run_parts and part in the Makefile, through make
# check-parts) on stand-in parts: a part that exits non-zero fails the run
# even when it printed no FAIL line (a traceback, a script stopped by set
# -e), each command of a part counts, a part without a command fails, and
# a part that passes or skips leaves the run passing.  summarize.sh counts
# lines only, so each of these is the runner's doing.  Run from the top of
# the tree; one PASS/FAIL line per case.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# case NAME WANT_RC PATTERN -- MAKE_ARGS...: make check-parts exits with
# WANT_RC (0, or non-zero if "fail"), and prints a line matching PATTERN
case_() {
	name=$1 want=$2 pat=$3
	shift 4
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory \
		check-parts "$@" >"$tmp/out" 2>&1
	rc=$?
	if { [ "$want" = 0 ] && [ $rc = 0 ]; } ||
	   { [ "$want" = fail ] && [ $rc != 0 ]; }; then
		if grep -Eq "$pat" "$tmp/out"; then
			echo "PASS make check runner: $name (exit $rc)"
			return
		fi
	fi
	echo "FAIL make check runner: $name (exit $rc, want $want and /$pat/)"
	sed 's/^/    /' "$tmp/out" | head -8
}

case_ "a part that exits 3 after a PASS line fails the run" fail \
	'^FAIL make check: A_RUN exited 3$' -- \
	PARTS=A_RUN A_RUN='echo PASS a; exit 3'
case_ "a part whose first command fails, its last passing, fails the run" \
	fail '^FAIL make check: A_RUN exited 1$' -- \
	PARTS=A_RUN A_RUN='python3 -c "raise SystemExit(1)"; echo PASS a'
case_ "a part without a command fails the run" fail \
	'^FAIL make check: no command for B_RUN$' -- \
	PARTS="A_RUN B_RUN" A_RUN='echo PASS a'
case_ "parts that pass or skip, exit 0, pass the run" 0 \
	'^1 passed, 0 failed, 1 skipped$' -- \
	PARTS="A_RUN B_RUN" A_RUN='echo PASS a' B_RUN='echo SKIP b'
case_ "a part's own FAIL line fails the run" fail \
	'^0 passed, 1 failed, 0 skipped$' -- \
	PARTS=A_RUN A_RUN='echo FAIL a'
