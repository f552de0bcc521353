#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench, quick: the benchmark builds, runs every row this CPU can run
# and writes its CSV, with its AES column (aesni or none) and the whole
# messages without AES-NI.  Not a timed test: no speed is asserted here.
#   bench-smoke.sh COREBENCH BUILD_DIR [FLOOR]
# With FLOOR, make floor's program also runs on that CSV: every loop and
# every whole-message row, with AES-NI and without, must come out (or it
# says SKIP on a CPU without AVX2 and AES-NI), and no call may come out
# cheaper than nothing, nor our AES block faster than its chain.
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
want="implementation,algorithm,isa,bytes,cycles_per_byte,mb_per_s,aes"
rows=$(grep -c '^ours,' "$csv")
bad=$(awk -F, 'NR > 1 && !($5 > 0 && $6 > 0)' "$csv" | wc -l)
if [ "$head" = "$want" ] && [ "$rows" -gt 0 ] && [ "$bad" = 0 ]; then
	echo "PASS bench --quick: $rows rows of ours, $(($(wc -l <"$csv") - 1)) in all, every cell positive"
else
	echo "FAIL bench --quick: header '$head', $rows rows of ours, $bad bad cells"
fi

# The AES class: aesni or none on every row, aesni on whole messages and
# the AES block alone only.  Every implementation and ISA with such a row
# has it without AES-NI, at every length, and with AES-NI too where the
# CPU has it; linux-6.1 has its SSE2 row (its generic ChaCha C); the AES
# block alone has rows of 16 bytes for both our forms (ours sse2: the
# portable constant-time C; ours ssse3: vperm, on a CPU with SSSE3) and
# for linux-6.1's aes-generic.
grep -qw aes /proc/cpuinfo && classes="aesni none" || classes=none
grep -qw ssse3 /proc/cpuinfo && ssse3=1 || ssse3=0
out=$(awk -F, -v classes="$classes" -v ssse3=$ssse3 '
NR == 1 { next }
$7 != "aesni" && $7 != "none" { print "row " NR ": aes \"" $7 "\""; next }
$2 !~ /^(adiantum|aes)-(en|de)crypt$/ {
	if ($7 != "none")
		print "row " NR ": " $2 " with aes " $7
	next
}
{ have[$1 "," $2 "," $3 "," $4 "," $7] = 1; key[$1 "," $2 "," $3 "," $4] = 1 }
$1 == "linux-6.1" && $3 == "sse2" { lsse2[$2] = 1 }
$2 ~ /^aes-/ && $7 == "none" && $4 == 16 { block[$1 "," $3 "," $2] = 1 }
END {
	n = split(classes, c, " ")
	for (k in key)
		for (i = 1; i <= n; i++)
			if (!have[k "," c[i]])
				print "no " k " with aes " c[i]
	if (!lsse2["adiantum-encrypt"] || !lsse2["adiantum-decrypt"])
		print "no linux-6.1 sse2 whole-message rows"
	split("ours,sse2 linux-6.1,sse2" (ssse3 ? " ours,ssse3" : ""), w, " ")
	for (i in w)
		for (d = 0; d < 2; d++)
			if (!block[w[i] ",aes-" (d ? "de" : "en") "crypt"])
				print "no AES block row of " w[i] (d ? " decrypting" : " encrypting")
}' "$csv")
msgs=$(grep -c '^[a-z0-9.-]*,adiantum-[a-z]*crypt,.*,none$' "$csv")
if [ -z "$out" ] && [ "$msgs" -gt 0 ]; then
	echo "PASS bench --quick: an aes column on every row, $msgs whole-message rows without AES-NI, the AES block alone, AES classes: $classes"
else
	echo "FAIL bench --quick: AES classes ($classes), $msgs whole-message rows without AES-NI"
	echo "$out" | head -5
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
	none=$(echo "$out" | grep -c '^adiantum-[a-z]*crypt  *[a-z0-9]*  *none ')
	# each constant-time AES block against its loop (floor.c): the
	# vector-permute block's chain loop is its own longest path, the
	# bitsliced block's its round's integer work with nothing waiting;
	# neither block chained can run faster than its loop (0.9: slack
	# for noise), or the loop is not its floor
	aesrow='^aes-[a-z]*crypt (vperm chain|ct work) +'
	aes=$(echo "$out" | grep -c -E "${aesrow}[1-9]")
	fast=$(echo "$out" | sed -n -E "s/${aesrow}[0-9]+, ours +[0-9]+ \(÷[a-z]+ ([0-9.]+)\).*/\\2/p" |
		awk '$1 < 0.9' | head -1)
	if [ $rc = 0 ] && [ "$rows" = 24 ] && [ "$none" = 12 ] &&
	   [ "$loops" = 3 ] && [ -z "$neg" ] && [ "$aes" = 4 ] &&
	   [ -z "$fast" ]; then
		echo "PASS floor: 3 ISAs' loops, $rows whole-message rows ($none without AES-NI), both AES blocks' loops both ways, no call costs less than nothing"
	elif [ -n "$neg" ]; then
		echo "FAIL floor: a chacha call overhead of $neg cycles: the timing does not hold the calls"
		echo "$out" | grep overhead
	elif [ -n "$fast" ]; then
		echo "FAIL floor: an AES block of ours runs at $fast of its loop: the loop is not its floor"
		echo "$out" | grep -E "$aesrow"
	else
		echo "FAIL floor: exit $rc, $rows whole-message rows ($none without AES-NI), $loops loop rows, $aes AES block rows"
		echo "$out" | tail -5
	fi ;;
esac
