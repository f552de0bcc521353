#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench, quick: the benchmark builds, runs every row this CPU can run
# and writes its CSV.  Not a timed test: no speed is asserted here.
#   bench-smoke.sh COREBENCH BUILD_DIR [FLOOR]
# With FLOOR, make floor's program also runs on that CSV: every loop and
# every whole-message row must come out (or it says SKIP on a CPU without
# AVX2 and AES-NI), and no call may come out cheaper than nothing.
bench=$1
dir=$2
floor=$3
csv=$dir/bench-smoke.csv
if ! "$bench" --quick --csv "$csv" --dat "$dir/bench-smoke.dat" \
     >"$dir/bench-smoke.txt" 2>&1; then
	echo "FAIL bench --quick exited with an error"
	exit 0
fi
head=$(head -1 "$csv")
want="implementation,algorithm,isa,bytes,cycles_per_byte,mb_per_s"
rows=$(grep -c '^ours,' "$csv")
bad=$(awk -F, 'NR > 1 && !($5 > 0 && $6 > 0)' "$csv" | wc -l)
if [ "$head" = "$want" ] && [ "$rows" -gt 0 ] && [ "$bad" = 0 ]; then
	echo "PASS bench --quick: $rows rows of ours, $(($(wc -l <"$csv") - 1)) in all, every cell positive"
else
	echo "FAIL bench --quick: header '$head', $rows rows of ours, $bad bad cells"
fi
[ -n "$floor" ] || exit 0
out=$("$floor" "$csv" 2>&1)
rc=$?
case $out in
SKIP*)	echo "$out" ;;
*)	rows=$(echo "$out" | grep -c '^adiantum-[a-z]*crypt ')
	loops=$(echo "$out" | grep -c '^chacha-.*double round')
	# a call's own cost (a 2-round call less its double round and
	# output) cannot be below zero: when it was (-41 to -77 cycles on
	# Zen 5), the timing let short calls finish after the second reading;
	# 10 cycles of slack for noise
	neg=$(echo "$out" | sed -n 's/.*call overhead \(-[0-9]*\);.*/\1/p' |
		awk '$1 < -10' | head -1)
	if [ $rc = 0 ] && [ "$rows" = 12 ] && [ "$loops" = 3 ] && [ -z "$neg" ]; then
		echo "PASS floor: 3 ISAs' loops, $rows whole-message rows, no call costs less than nothing"
	elif [ -n "$neg" ]; then
		echo "FAIL floor: a chacha call overhead of $neg cycles: the timing does not hold the calls"
		echo "$out" | grep overhead
	else
		echo "FAIL floor: exit $rc, $rows whole-message rows, $loops loop rows"
		echo "$out" | tail -5
	fi ;;
esac
