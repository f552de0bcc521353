#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The adiantum-x86 tool's own code under ASan and UBSan, on a host without
# AF_ALG: every command run through the in-process stand-in for the kernel
# (tests/tool/afalg_stub.c) over a made-up /proc/crypto and device-mapper
# table, then the parsers fuzzed.  One PASS/FAIL line per case.
#   toolsan.sh DIR TESTMGR_H SECONDS
# DIR holds the sanitizer builds (adiantum-x86, parsefuzz) of mk/toolsan.mk;
# SECONDS is the fuzzing time of each parser.
dir=$1
testmgr=$2
secs=${3:-3}
tool=$dir/adiantum-x86
if [ ! -x "$tool" ] || [ ! -x "$dir/parsefuzz" ] || [ ! -f "$testmgr" ]; then
	echo "FAIL toolsan: usage: toolsan.sh DIR TESTMGR_H SECONDS (missing $tool, $dir/parsefuzz or $testmgr)"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0
# any sanitizer report ends the program with status 86
export ASAN_OPTIONS=exitcode=86:abort_on_error=0:detect_leaks=1
export UBSAN_OPTIONS=exitcode=86:print_stacktrace=1:halt_on_error=1
export AX86_STUB_ROOT="$tmp/root"
export AX86_STUB_LOG="$tmp/log"

# a /proc/crypto entry: name driver module priority refcnt type
ent() {
	printf 'name         : %s\ndriver       : %s\nmodule       : %s\npriority     : %s\nrefcnt       : %s\nselftest     : passed\ninternal     : no\ntype         : %s\n\n' "$@"
}

# the stub's kernel: the in-tree drivers and ours, AVX2 and AVX-512
# (ADIANTUM=0: without our whole-construction drivers)
mkroot() {
	rm -rf "$tmp/root"
	mkdir -p "$tmp/root/proc/sys/net/core" "$tmp/root/proc/self"
	echo "${OPTMEM:-131072}" >"$tmp/root/proc/sys/net/core/optmem_max"
	echo "1 0 0:2 / / rw - rootfs rootfs rw" >"$tmp/root/proc/self/mountinfo"
	: >"$tmp/root/dm"
	{
		for s in chacha20 xchacha20 xchacha12; do
			ent $s $s-generic chacha_generic 100 1 skcipher
			ent $s $s-ax86-avx2 adiantum_x86_chacha 400 1 skcipher
			ent $s $s-ax86-avx512vl adiantum_x86_chacha 500 1 skcipher
		done
		ent nhpoly1305 nhpoly1305-generic nhpoly1305 100 1 shash
		ent nhpoly1305 nhpoly1305-ax86-avx2 adiantum_x86_nhpoly1305 400 1 shash
		ent nhpoly1305 nhpoly1305-ax86-avx512 adiantum_x86_nhpoly1305 500 1 shash
		ent aes aes-generic aes_generic 100 1 cipher
		ent aes aes-aesni aesni_intel 300 1 cipher
		if [ "${ADIANTUM:-1}" = 1 ]; then
			for s in xchacha12 xchacha20; do
				ent "adiantum($s,aes)" adiantum-$s-aes-ax86-avx2 \
					adiantum_x86_adiantum 525 1 skcipher
			done
		fi
	} >"$tmp/root/proc/crypto"
}

# run NAME RC PATTERN NOTWANT -- ARGS...: the tool exits RC with PATTERN
# (grep -E) in its output and NOTWANT ("" for none) not; a sanitizer
# report is always a failure
run() {
	name=$1 want=$2 pat=$3 notwant=$4
	shift 5
	: >"$tmp/log"
	"$tool" "$@" >"$tmp/out" 2>&1 </dev/null
	rc=$?
	if [ "$rc" = "$want" ] &&
	   ! grep -Eq "Sanitizer|runtime error" "$tmp/out" &&
	   { [ -z "$pat" ] || grep -Eq -- "$pat" "$tmp/out"; } &&
	   { [ -z "$notwant" ] || ! grep -Eq -- "$notwant" "$tmp/out"; }; then
		echo "PASS toolsan $name"
	else
		echo "FAIL toolsan $name: exit $rc (want $want), output:"
		grep -E -A12 "Sanitizer|runtime error" "$tmp/out" | head -14 |
			sed 's/^/    /'
		grep -Ev "Sanitizer|runtime error|^    #" "$tmp/out" | head -8 |
			sed 's/^/    /'
		failed=1
	fi
}

# --- fuzz --max-len 1..16: adiantum drivers need 16 bytes ---------------
mkroot
for n in $(seq 1 15); do
	run "fuzz --max-len $n: adiantum drivers skipped, the others fuzzed" 0 \
		"^SKIP fuzz adiantum-xchacha12-aes-ax86-avx2: --max-len $n below 16" \
		"^FAIL" -- fuzz --max-len "$n" --cases 50 --seed "$n"
done
run "fuzz --max-len 16: every driver fuzzed, adiantum at 16 bytes" 0 \
	"^PASS fuzz adiantum-xchacha12-aes-ax86-avx2: 50 cases .*lengths 16\.\.16" \
	"^(FAIL|SKIP)" -- fuzz --max-len 16 --cases 50 --seed 16
run "fuzz --max-len 15 of one adiantum driver: refused (exit 2)" 2 \
	"--max-len 15: too short for every driver selected" "^PASS" -- \
	fuzz --driver adiantum-xchacha12-aes-ax86-avx2 --max-len 15 --cases 5
run "fuzz --seconds: a driver's cases for a time" 0 \
	"^PASS fuzz nhpoly1305-ax86-avx512: [1-9][0-9]* cases" "^FAIL" -- \
	fuzz --seconds 0.05 --max-len 300 --seed 3
run "fuzz --max-len 65536 (the default path's long cases)" 0 \
	"^PASS fuzz xchacha12-ax86-avx2: 40 cases" "^FAIL" -- \
	fuzz --cases 40 --max-len 65536 --seed 4
AX86_TEST_SHORT_SEND=100 run "fuzz with sends cut to 100 bytes" 0 \
	"^PASS fuzz chacha20-ax86-avx2" "^FAIL" -- \
	fuzz --cases 40 --max-len 5000 --seed 5

# --- one request holds less than 16 bytes: FAIL, not a silent exit -----
OPTMEM=8000 mkroot
run "fuzz where one AF_ALG request holds 0 bytes (optmem_max 8000): FAIL line" 1 \
	"^FAIL fuzz: one AF_ALG request holds only 0 bytes" "^PASS" -- \
	fuzz --cases 5 --seed 6
mkroot
AX86_STUB_BUF_MAX=4096 run "fuzz where the socket buffers hold one page: FAIL line" 1 \
	"^FAIL fuzz: one AF_ALG request holds only 0 bytes" "^PASS" -- \
	fuzz --cases 5 --seed 7

# --- AF_ALG names of 64+ characters reach bind whole --------------------
mkroot
for n in "adiantum(xchacha12-ax86-avx512vl,aes-aesni,nhpoly1305-ax86-avx512)" \
	 "adiantum(xchacha12-ax86-avx512vl,aes-aesni,nhpoly1305-ax86-avx2)" \
	 "adiantum(xchacha12-ax86-avx512vl,aes-generic,nhpoly1305-ax86-avx512)"; do
	run "fuzz --driver ${#n}-character name" 0 \
		"^PASS fuzz $(echo "$n" | sed 's/[()]/\\&/g'): 20 cases" "^FAIL" -- \
		fuzz --driver "$n" --cases 20 --max-len 200 --seed 8
	if grep -qxF "bind skcipher $n" "$tmp/log"; then
		echo "PASS toolsan the whole ${#n}-character name reached bind"
	else
		echo "FAIL toolsan the ${#n}-character name reached bind as:"
		grep "^bind skcipher adiantum(xchacha12-ax86-avx512vl" "$tmp/log" |
			head -2 | sed 's/^/    /'
		failed=1
	fi
	mkroot
done
run "check --driver of a 66-character name" 0 \
	"^PASS check adiantum\(xchacha12-ax86-avx512vl,aes-aesni,nhpoly1305-ax86-avx512\)" \
	"" -- check --driver \
	"adiantum(xchacha12-ax86-avx512vl,aes-aesni,nhpoly1305-ax86-avx512)" \
	--testmgr "$testmgr" --seed 9
mkroot

# --- the other commands, their options and input files -----------------
ADIANTUM=0 mkroot
run "check (every vector of testmgr.h, RFC 8439, bad input)" 0 \
	"^PASS check xchacha12-ax86-avx512vl" "^FAIL" -- \
	check --testmgr "$testmgr" --seed 10
mkroot
run "bench of one driver" 0 "^xchacha12 +xchacha12-ax86-avx2 " "FAIL" -- \
	bench --driver xchacha12-ax86-avx2 --seconds 0.01
run "bench of every driver" 0 "^nhpoly1305 " "" -- bench --seconds 0.005
run "status" 0 "^adiantum\(xchacha12,aes\):" "" -- status
run "status --require-ours with ours winning" 0 "" "" -- status --require-ours
for f in "$testmgr" /nonexistent /dev/null "$tmp"; do
	run "check --testmgr $f: read, or refused with exit 2" "$([ "$f" = "$testmgr" ] && echo 0 || echo 2)" \
		"" "" -- check --testmgr "$f" --seed 11
done
# mutated copies of the vectors, through the tool's own vetting
i=0
for edit in 's/\\x\([0-9a-f][0-9a-f]\)/\\x\1\1\1\1\1/' 's/\.len\t*= [0-9]*/.len = -1/' \
	    's/\.klen\t*= [0-9]*/.klen = 99999999999999999999/' 's/"$//' \
	    's/\\x/\\/' 's/}/{/'; do
	i=$((i + 1))
	sed "/_tv_template\[\] = {/,/^};/$edit" "$testmgr" >"$tmp/tm$i.h"
	"$tool" check --testmgr "$tmp/tm$i.h" >"$tmp/out" 2>&1 </dev/null
	rc=$?
	if [ $rc -le 2 ] && ! grep -Eq "Sanitizer|runtime error" "$tmp/out"; then
		echo "PASS toolsan check of testmgr.h edited by $edit (exit $rc)"
	else
		echo "FAIL toolsan check of testmgr.h edited by $edit (exit $rc):"
		grep -E -A10 "Sanitizer|runtime error" "$tmp/out" | sed 's/^/    /'
		failed=1
	fi
done

# --- status: dm-crypt mappings and who serves them ---------------------
mkroot
{
	cat "$tmp/root/proc/crypto"
	ent "adiantum(xchacha12,aes)" \
		"adiantum(xchacha12-simd,aes-aesni,nhpoly1305-avx2)" adiantum 300 3 skcipher
	ent "adiantum(xchacha12,aes)" \
		"adiantum(xchacha12-generic,aes-generic,nhpoly1305-generic)" adiantum 100 2 skcipher
} >"$tmp/crypto"
mv "$tmp/crypto" "$tmp/root/proc/crypto"
cat >"$tmp/root/proc/self/mountinfo" <<EOF
1 0 0:2 / / rw - rootfs rootfs rw
22 1 253:2 / / rw,relatime - ext4 /dev/mapper/vg-root rw
EOF
key=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
cat >"$tmp/root/dm" <<EOF
cryptroot 253 0 crypt xchacha12,aes-adiantum-plain64 $key 0 8:2 0
vg-root 253 2 linear 253:0 2048
data 253 1 crypt capi:adiantum(xchacha12,aes)-plain64 :32:logon:cryptsetup:x 0 8:3 0 1 sector_size:4096
named 253 10 crypt capi:adiantum(xchacha12-generic,aes-generic,nhpoly1305-generic)-plain64 $key 0 8:5 0
plainaes 253 3 crypt aes-xts-plain64 $key 0 8:4 0
EOF
run "status: the root mapping (under LVM) on the kernel's template" 1 \
	"cryptroot \(dm-0, holds /\): xchacha12,aes-adiantum-plain64" "$key" -- \
	status --require-ours
# each mapping's lines, from its name to the next mapping's
says() {
	sed -n "/^  $1 (/,/^  [^ ]/p" "$tmp/out" | grep -qF -- "$2"
}
check_says() {
	if says "$1" "$2"; then
		echo "PASS toolsan status: $3"
	else
		echo "FAIL toolsan status: $3: mapping $1 does not say: $2"
		failed=1
	fi
}
check_says cryptroot "opened by an initramfs without our modules: run update-initramfs -u and reboot" \
	"the root mapping's advice is update-initramfs -u and reboot"
check_says data "close and reopen it (cryptsetup close/open) to move it to ours" \
	"another mapping's advice is to close and reopen it"
check_says named "served by adiantum(xchacha12-generic,aes-generic,nhpoly1305-generic) (named by its table)" \
	"a mapping naming a driver is served by it"
check_says named "close and reopen it (cryptsetup close/open) as xchacha12,aes-adiantum-plain64" \
	"a mapping naming the template's driver is told to reopen by name"
if grep -q "plainaes" "$tmp/out"; then
	echo "FAIL toolsan status lists a mapping without Adiantum"
	failed=1
else
	echo "PASS toolsan status lists only the mappings using Adiantum"
fi
run "status without --require-ours: the same, exit 0" 0 \
	"on the kernel's template although ours is registered" "" -- status
# btrfs: the "/" mount's MAJOR:MINOR is anonymous, its source names the
# mapping
cp "$tmp/root/proc/self/mountinfo" "$tmp/mountinfo"
cat >"$tmp/root/proc/self/mountinfo" <<EOF
1 0 0:2 / / rw - rootfs rootfs rw
22 1 0:35 / / rw,relatime - btrfs /dev/mapper/data rw,subvol=/
EOF
run "status: a btrfs root on mapping data (anonymous 0:35, source /dev/mapper/data)" 1 \
	"^  data \(dm-1, holds /\): capi:adiantum\(xchacha12,aes\)-plain64" \
	"^  cryptroot \(dm-0, holds /\)" -- status --require-ours
mv "$tmp/mountinfo" "$tmp/root/proc/self/mountinfo"
# the same mappings on ours: exit 0 under --require-ours
sed -i 's/^refcnt       : 3$/refcnt       : 1/' "$tmp/root/proc/crypto"
# (ours held by the two mappings opened by name; the template instance
# the closed mapping "named" held back at the registration's 1)
awk '/^driver/ { d = $3 }
     /^refcnt/ && d == "adiantum-xchacha12-aes-ax86-avx2" { $0 = "refcnt       : 3" }
     /^refcnt/ && d ~ /^adiantum\(xchacha12-generic/ { $0 = "refcnt       : 1" }
     { print }' \
	"$tmp/root/proc/crypto" >"$tmp/crypto" && mv "$tmp/crypto" "$tmp/root/proc/crypto"
sed -i '/^named /d' "$tmp/root/dm"
run "status --require-ours: mappings on ours pass" 0 \
	"served by adiantum-xchacha12-aes-ax86-avx2 .*: ours" "template although" -- \
	status --require-ours
# no device mapper: status says so and passes
rm "$tmp/root/dm"
run "status without a device mapper" 0 "^  \(none: no device mapper" "" -- status

# --- check without AF_ALG: our modules' selfcheck parameters -----------
# the result each module gives: a PASS line for every driver of ours it
# has in the stub's /proc/crypto; the tool's writes land beside it
sc_root() {
	for m in adiantum_x86_chacha adiantum_x86_nhpoly1305 adiantum_x86_adiantum; do
		d=$tmp/root/sys/module/$m/parameters
		mkdir -p "$d"
		awk -v m="$m" '$1 == "driver" { d = $3 }
			$1 == "module" && $3 == m { print "PASS " d " 300 random cases against the portable C" }' \
			"$tmp/root/proc/crypto" >"$d/selfcheck"
	done
}
sc_file() { echo "$tmp/root/sys/module/$1/parameters/selfcheck"; }
mkroot
sc_root
run "check --selfcheck: every driver's PASS line says without AF_ALG" 0 \
	"^PASS check adiantum-xchacha12-aes-ax86-avx2 without AF_ALG \(adiantum_x86_adiantum's self-check\): 300 random" \
	"^FAIL" -- check --selfcheck
n=$(grep -c "^PASS check .* without AF_ALG" "$tmp/out")
if [ "$n" = 10 ] && [ "$(cat "$(sc_file adiantum_x86_chacha).written")" = 1 ]; then
	echo "PASS toolsan check --selfcheck: 10 PASS lines, 1 written to each selfcheck parameter"
else
	echo "FAIL toolsan check --selfcheck: $n PASS lines (want 10), wrote '$(cat "$(sc_file adiantum_x86_chacha).written" 2>&1)'"
	failed=1
fi
AX86_STUB_NO_AFALG=1 run "check where socket(AF_ALG) fails: says so, then the self-check" 0 \
	"^# check: AF_ALG is absent on this kernel \(socket\(AF_ALG\): .*\): running our modules' self-check instead \(without AF_ALG\)" \
	"^FAIL|sysctl" -- check --testmgr "$testmgr"
grep -q "^PASS check xchacha12-ax86-avx512vl without AF_ALG" "$tmp/out" ||
	{ echo "FAIL toolsan check without AF_ALG printed no PASS for xchacha12-ax86-avx512vl"; failed=1; }
AX86_STUB_RESTRICT=1 run "check where AF_ALG binds no driver name: says so, then the self-check" 0 \
	"^# check: AF_ALG refuses to bind our driver .* although /proc/crypto lists it: running our modules' self-check" \
	"^FAIL|sysctl" -- check --testmgr "$testmgr"
AX86_STUB_NO_AFALG=1 run "check without AF_ALG needs no testmgr.h" 0 \
	"^PASS check nhpoly1305-ax86-avx512 without AF_ALG" "^FAIL" -- check
AX86_TEST_SELFCHECK_PLANT=1 run "the plant seam writes plant" 0 "" "" -- \
	check --selfcheck --driver xchacha12-ax86-avx2
grep -qx plant "$(sc_file adiantum_x86_chacha).written" ||
	{ echo "FAIL toolsan AX86_TEST_SELFCHECK_PLANT did not write plant"; failed=1; }
run "check --selfcheck --driver: that driver's line only" 0 \
	"^PASS check xchacha12-ax86-avx2 without AF_ALG" "xchacha20|nhpoly|adiantum-" -- \
	check --selfcheck --driver xchacha12-ax86-avx2
run "check --selfcheck --driver of no such driver fails" 1 \
	"^FAIL check without AF_ALG: no driver named bogus" "^PASS" -- \
	check --selfcheck --driver bogus
# the failures the tool must not let pass
f=$(sc_file adiantum_x86_adiantum)
sed -i '1s/^PASS \([^ ]*\) .*/FAIL \1 encrypt of 4096 bytes differs from the portable C from byte 7/' "$f"
run "a module's FAIL line: FAIL, exit 1" 1 \
	"^FAIL check adiantum-xchacha[0-9]+-aes-ax86-avx2 without AF_ALG \(adiantum_x86_adiantum's self-check\): encrypt of 4096 bytes" \
	"" -- check --selfcheck
grep -q "^PASS check xchacha12-ax86-avx2 without AF_ALG" "$tmp/out" ||
	{ echo "FAIL toolsan a FAIL in one module hid the others' lines"; failed=1; }
sc_root
echo "PASS adiantum-xchacha12-aes-ax86-avx2 x" >"$(sc_file adiantum_x86_adiantum)"
run "a driver of the module missing from its result: FAIL" 1 \
	"^FAIL check adiantum-xchacha20-aes-ax86-avx2 without AF_ALG: registered by adiantum_x86_adiantum but not in its self-check" \
	"" -- check --selfcheck
echo "none: no self-check has run; write 1 to run one" >"$(sc_file adiantum_x86_adiantum)"
run "a module that ran no check: FAIL" 1 \
	"^FAIL check adiantum_x86_adiantum without AF_ALG: the module's self-check says: none" \
	"" -- check --selfcheck
: >"$(sc_file adiantum_x86_adiantum)"
run "an empty result: FAIL" 1 \
	"^FAIL check adiantum_x86_adiantum without AF_ALG: the module's self-check gave no result" \
	"" -- check --selfcheck
printf 'PASS adiantum-xchacha12-aes-ax86-avx2 x\nPASS adiantum-xchacha20-aes-ax86-avx2 y\ngarbage\n' \
	>"$(sc_file adiantum_x86_adiantum)"
run "a line that is neither PASS nor FAIL: FAIL" 1 \
	"^FAIL check adiantum_x86_adiantum without AF_ALG: the module's self-check says: garbage" \
	"" -- check --selfcheck
sc_root
rm -f "$(sc_file adiantum_x86_nhpoly1305)"
run "a loaded module without the selfcheck parameter (older): FAIL" 1 \
	"^FAIL check adiantum_x86_nhpoly1305 without AF_ALG: .*(no selfcheck parameter|No such file)" \
	"" -- check --selfcheck
sc_root
rm -f "$(sc_file adiantum_x86_chacha).written"
mkdir "$(sc_file adiantum_x86_chacha).written"
run "the write refused: FAIL" 1 "^FAIL check adiantum_x86_chacha without AF_ALG: " \
	"" -- check --selfcheck
rm -rf "$tmp/root/sys"
run "no module of ours loaded: FAIL, exit 1" 1 \
	"^FAIL check without AF_ALG: none of our modules is loaded" "^PASS" -- \
	check --selfcheck

# --- the argument checks of tests/tool-args.sh, sanitized ---------------
rm -rf "$tmp/root"
mkdir -p "$tmp/root"
"$(dirname "$0")/../tool-args.sh" "$tool" "$testmgr" >"$tmp/args" 2>&1 ||
	failed=1
sed 's/^\(PASS\|FAIL\) tool-args/\1 toolsan tool-args/' "$tmp/args"

# --- the parsers, fuzzed -------------------------------------------------
mkroot
cp "$tmp/root/proc/crypto" "$tmp/crypto.seed"
cat >"$tmp/root/dm" <<EOF
cryptroot 253 0 crypt xchacha12,aes-adiantum-plain64 $key 0 8:2 0
EOF
ASAN_OPTIONS=$ASAN_OPTIONS:log_path=$tmp/san \
UBSAN_OPTIONS=$UBSAN_OPTIONS:log_path=$tmp/san \
	"$dir/parsefuzz" "$secs" "$testmgr" "$tmp" >"$tmp/pf" 2>&1
rc=$?
cat "$tmp/pf"
if [ $rc != 0 ] || [ "$(grep -c '^PASS' "$tmp/pf")" != 5 ]; then
	echo "FAIL toolsan parsefuzz: exit $rc; the last input:"
	od -c "$tmp/input" | head -8 | sed 's/^/    /'
	cat "$tmp"/san* 2>/dev/null | head -20 | sed 's/^/    /'
	# a report written while the part had stderr to itself
	grep -A12 'runtime error\|ERROR: AddressSanitizer' "$tmp/quiet.log" \
		2>/dev/null | head -20 | sed 's/^/    /'
	failed=1
fi
exit $failed
