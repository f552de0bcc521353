#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side tests of the adiantum-x86 tool that need no AF_ALG: option
# parsing (every number whole and in range, checked before anything runs,
# exit 2 naming the option), commands and options that do not go
# together, testmgr.h vectors whose lengths exceed their literals
# (refused before any driver is used), and --help against the man page
# (debian/adiantum-x86.1).  One PASS/FAIL line per case.  Run as is on
# the host, and under ASan/UBSan by tests/tool/toolsan.sh.
#   tool-args.sh TOOL TESTMGR_H
tool=$1
testmgr=$2
if [ ! -x "$tool" ] || [ ! -f "$testmgr" ]; then
	echo "FAIL tool-args: usage: tool-args.sh TOOL TESTMGR_H" >&2
	echo "FAIL tool-args: missing $tool or $testmgr"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0

# expect NAME RC PATTERN -- ARGS...: exit status RC and PATTERN (grep -E)
# in what the tool printed; PATTERN "" matches anything
expect() {
	name=$1 want=$2 pat=$3
	shift 4
	if [ "$1" = --as-nobody ]; then
		shift
		asuser "$tool" "$@" >"$tmp/out" 2>&1 </dev/null
	else
		"$tool" "$@" >"$tmp/out" 2>&1 </dev/null
	fi
	rc=$?
	if [ "$rc" = "$want" ] && { [ -z "$pat" ] || grep -Eq -- "$pat" "$tmp/out"; }; then
		echo "PASS tool-args $name"
	else
		echo "FAIL tool-args $name: exit $rc (want $want), output:"
		sed 's/^/    /' "$tmp/out" | head -5
		failed=1
	fi
}

# an option error, told before the missing AF_ALG of the host (or anything)
bad() {
	name=$1 opt=$2
	shift 2
	expect "$name" 2 "^adiantum-x86: $opt " -- "$@"
}

bad max-len-negative --max-len fuzz --max-len -5
bad max-len-float --max-len fuzz --max-len 1e6
bad max-len-zero --max-len fuzz --max-len 0
bad max-len-huge --max-len fuzz --max-len 99999999999
bad max-len-trailing --max-len fuzz --max-len 100x
bad max-len-empty --max-len fuzz --max-len ''
bad cases-word --cases fuzz --cases abc
bad cases-negative --cases fuzz --cases -1
bad cases-zero --cases fuzz --cases 0
bad cases-overflow --cases fuzz --cases 99999999999999999999
bad seconds-zero --seconds fuzz --seconds 0
bad seconds-negative --seconds fuzz --seconds -1
bad seconds-nan --seconds fuzz --seconds nan
bad seconds-inf --seconds bench --seconds inf
bad seconds-word --seconds bench --seconds abc
bad seconds-trailing --seconds bench --seconds 0.5s
bad seed-word --seed fuzz --seed x
bad seed-negative --seed fuzz --seed -1
bad seed-overflow --seed fuzz --seed 18446744073709551616
bad driver-empty --driver check --driver ''
# CRYPTO_MAX_ALG_NAME: 127 characters and the NUL
bad driver-128-chars --driver fuzz --driver "$(printf 'a%.0s' $(seq 128))"
# the first bad option is named even when a later one is fine
bad first-bad-named --cases fuzz --cases 1x --max-len 100
bad mib-zero --mib bench --dm-crypt --mib 0
bad mib-huge --mib bench --dm-crypt --mib 4097
bad mib-word --mib bench --dm-crypt --mib 8M

expect cases-and-seconds 2 "--cases or --seconds" -- fuzz --cases 5 --seconds 1
expect option-of-another-command 2 "--cases is not an option of status" -- \
	status --cases 5
expect max-len-for-bench 2 "--max-len is not an option of bench" -- \
	bench --max-len 100
expect mib-without-dm-crypt 2 "--mib goes with bench --dm-crypt" -- \
	bench --mib 8
expect dm-crypt-with-seconds 2 "bench --dm-crypt takes --mib, not --seconds" -- \
	bench --dm-crypt --seconds 1
expect selfcheck-for-fuzz 2 "--selfcheck is not an option of fuzz" -- \
	fuzz --selfcheck
expect dm-crypt-for-check 2 "--dm-crypt is not an option of check" -- \
	check --dm-crypt
expect unknown-option 2 "unknown option --bogus" -- fuzz --bogus 1
expect stray-word 2 "unknown option stray" -- check stray
expect missing-value 2 "--seed needs a value" -- fuzz --seed
expect unknown-command 2 "unknown command frobnicate" -- frobnicate
expect no-command 2 "^usage:" --
expect help 0 "^usage:" -- --help
expect help-after-command 0 "^usage:" -- fuzz --help

# good values pass the parser: what stops the tool then is not an option
# (on a host without AF_ALG, that AF_ALG is missing)
for args in "fuzz --cases 5 --max-len 100 --seed 0x10" \
	    "fuzz --seconds 0.25 --max-len 16777216 --seed 18446744073709551615" \
	    "bench --seconds 0.01 --driver xchacha12-generic" \
	    "check --seed 7 --testmgr $testmgr"; do
	# shellcheck disable=SC2086
	"$tool" $args >"$tmp/out" 2>&1 </dev/null
	rc=$?
	if grep -q "must be\|unknown\|not an option\|needs a value" "$tmp/out"; then
		echo "FAIL tool-args good values refused: $args"
		sed 's/^/    /' "$tmp/out" | head -3
		failed=1
	else
		echo "PASS tool-args good values accepted (exit $rc): $args"
	fi
done

# without root: the self-check parameters and dm-crypt are root's, and
# the tool says so before touching anything (exit 2)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	asuser() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
	expect dm-crypt-needs-root 2 "bench --dm-crypt needs root" -- \
		--as-nobody bench --dm-crypt --mib 1
	expect selfcheck-needs-root 2 "only root may use: run it as root" -- \
		--as-nobody check --selfcheck
else
	echo "SKIP tool-args not-root cases: not root, or no setpriv"
fi

# testmgr.h vectors are vetted before any driver is used: a stated
# length beyond its literal is refused, naming the template and vector
awk '/ chacha20_tv_template\[\] = /{ p = 1 }
     p && /\.len/ && !done { sub(/=.*/, "= 100000,"); done = 1 }
     { print }' "$testmgr" >"$tmp/len.h"
expect testmgr-len-beyond-literal 2 \
	"chacha20_tv_template vector 1: len 100000, ptext has" -- \
	check --testmgr "$tmp/len.h"
awk '/ nhpoly1305_tv_template\[\] = /{ p = 1 }
     p && /\.psize/ && ++n == 2 { sub(/=.*/, "= 4096,") }
     { print }' "$testmgr" >"$tmp/psize.h"
expect testmgr-psize-beyond-literal 2 \
	"nhpoly1305_tv_template vector 2: psize 4096, plaintext has 16 bytes" -- \
	check --testmgr "$tmp/psize.h"
awk '/ adiantum_xchacha12_aes_tv_template\[\] = /{ p = 1 }
     p && /\.klen/ && !done { sub(/=.*/, "= 64,"); done = 1 }
     { print }' "$testmgr" >"$tmp/klen.h"
expect testmgr-klen-beyond-literal 2 \
	"adiantum_xchacha12_aes_tv_template vector 1: klen 64, key has 32 bytes" -- \
	check --testmgr "$tmp/klen.h"
expect testmgr-missing 2 "no chacha20_tv_template in /nonexistent" -- \
	check --testmgr /nonexistent
# an empty literal (a field of no bytes) is read, not copied from NULL
# (make check-toolsan: UBSan's nonnull report, exit 86, before the fix)
awk '/ adiantum_xchacha12_aes_tv_template\[\] = /{ p = 1 }
     p && /\.key[ \t]*=/ && !done { sub(/\.key/, ".key = \"\", .key"); done = 1 }
     { print }' "$testmgr" >"$tmp/empty.h"
expect testmgr-empty-literal 2 \
	"adiantum_xchacha12_aes_tv_template vector 1: klen 32, key has 0 bytes" -- \
	check --testmgr "$tmp/empty.h"
# the real file passes the vetting
"$tool" check --testmgr "$testmgr" >"$tmp/out" 2>&1 </dev/null
if grep -q "vector\|no .*_tv_template" "$tmp/out"; then
	echo "FAIL tool-args testmgr.h of the kernel refused:"
	sed 's/^/    /' "$tmp/out" | head -3
	failed=1
else
	echo "PASS tool-args testmgr.h of the kernel: every vector's lengths within its literals"
fi

# --help and the man page agree: the same commands and options, and every
# number of an option's --help text (ranges, defaults) in its man entry
man=$(dirname "$0")/../debian/adiantum-x86.1
"$tool" --help >"$tmp/help" 2>&1
awk '
	FNR == 1 { file++ }
	# --help: "  name   text" under commands:/options:, then indented lines
	file == 1 && /^(commands|options):/ { part = $1; next }
	file == 1 && part && /^  [a-z-]/ {
		cur = $1; sub(/,$/, "", cur)
		if ($2 == "--help") cur = $2
		if (part == "options:" && cur == "-h") cur = "--help"
		help[cur] = $0; next }
	file == 1 && part && /^   / { help[cur] = help[cur] " " $0; next }
	# the man page: .TP, a tag line naming it, its text up to the next
	file == 2 { gsub(/\\-/, "-") }
	file == 2 && /^\.SH (COMMANDS|OPTIONS)/ { sect = 1; tp = 0; cur = ""; next }
	file == 2 && /^\.SH/ { sect = 0 }
	file == 2 && sect && /^\.TP/ { tp = 1; next }
	file == 2 && sect && tp {
		tp = 0
		cur = $2; gsub(/"/, "", cur)
		if ($0 ~ /--help/) cur = "--help"
		man[cur] = ""; next }
	file == 2 && sect && cur != "" { man[cur] = man[cur] " " $0 }
	END {
		for (k in help) if (!(k in man)) { print "FAIL tool-args man page: no entry for " k " of --help"; bad = 1 }
		for (k in man) if (!(k in help)) { print "FAIL tool-args --help: no entry for " k " of the man page"; bad = 1 }
		for (k in help) {
			if (!(k in man)) continue
			# numbers, not the digits of names (xchacha20, dm-crypt)
			t = help[k]; sub(/^ *[^ ]+/, "", t)
			gsub(/[A-Za-z_][A-Za-z0-9_-]*/, " ", t)
			while (match(t, /[0-9]+(\.[0-9]+)?/)) {
				num = substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH)
				m = " " man[k] " "
				if (!match(m, "[^0-9.]" num "[^0-9]") &&
				    !match(m, "[^0-9.]" num "$")) {
					print "FAIL tool-args " k ": --help says " num ", its man entry does not"; bad = 1 }
			}
		}
		if (!bad) printf "PASS tool-args --help and the man page list the same %d commands and options, with the same numbers\n", length(help)
		exit bad
	}' "$tmp/help" "$man" || failed=1
exit $failed
