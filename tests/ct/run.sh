#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check-ct: runs tests/ct/ct under valgrind's memcheck, once over the
# whole message path (every variant and AES form prints its PASS or FAIL
# line; valgrind must exit 0), then once per planted leak (each must be
# reported: valgrind must exit with the error code).  Memcheck's reports
# go to DIR/*.log; a failing run shows the head of its log.  Leaks are not
# errors here: the harness allocates nothing it checks.
#   tests/ct/run.sh PROGRAM DIR
prog=$1
dir=$2
err=99

if ! command -v valgrind >/dev/null; then
	echo "FAIL ct: no valgrind (apt-get install valgrind libc6-dbg, or make deps)"
	exit 1
fi
mkdir -p "$dir"

# memcheck with the origin of each undefined value: the report then names
# the secret it came from
vg() {
	log=$1
	shift
	valgrind -q --tool=memcheck --error-exitcode=$err --error-limit=no \
		--leak-check=no --errors-for-leak-kinds=none \
		--track-origins=yes --log-file="$log" "$prog" "$@"
}

show_log() {
	head -30 "$1" | sed 's/^/    /'
	if grep -q 'mandatory for this platform' "$1"; then
		echo "    (valgrind needs ld.so's symbols: apt-get install libc6-dbg)"
	fi
}

t=$(date +%s)
# the mutants' names, and whether valgrind starts at all
if ! mutants=$(vg "$dir/start.log" --list-mutants); then
	echo "FAIL ct: valgrind cannot run $prog ($dir/start.log):"
	show_log "$dir/start.log"
	exit 1
fi

vg "$dir/ct.log"
rc=$?
if [ "$rc" != 0 ]; then
	echo "FAIL ct: valgrind exited $rc over the message path ($dir/ct.log):"
	show_log "$dir/ct.log"
fi

for m in $mutants; do
	vg "$dir/mutant-$m.log" --mutant "$m"
	rc=$?
	if [ "$rc" != $err ]; then
		echo "FAIL ct mutant $m: valgrind exited $rc, not $err ($dir/mutant-$m.log):"
		show_log "$dir/mutant-$m.log"
	fi
done
echo "# ct: $(valgrind --version) runs took $(($(date +%s) - t)) s"
