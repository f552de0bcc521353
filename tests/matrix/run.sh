#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The kernel matrix (tests/matrix/kernels): for each kernel, fetch it and
# its toolchain root when it is not on the host, build our modules for it
# (warnings fail), make its initramfs and boot the VM suite on it.  Prints
# the PASS/FAIL/SKIP lines of every kernel, tagged "<kver>:<cpu>", the wall
# time of each step, one "# kernel ..." summary line per kernel, and all
# summary lines again at the end.  A canary's lines are "# canary ..." only.
#   run.sh TOOL TESTMGR_H
# Environment: KBUILD_OPTS (the Makefile's), MATRIX_ONLY (ids to run, e.g.
# "6.1 7.2"), MATRIX_FUZZ (fuzz cases for every kernel, overrides the
# table), VM_TIMEOUT, MATRIX_JOBS (kernels at a time, default 2: each
# VM then has one vCPU; 1: one kernel at a time, its VMs with two).
# The kernels' lines come out in the table's order once all are done.
tool=$1
testmgr=$2
here=$(dirname "$0")
out=${BUILD:-build}/matrix
mkdir -p "$out"
summary=$out/summary.txt
: >"$summary"
t_start=$(date +%s)

# one kernel, all steps; its lines on stdout
kernel() {
	id=$1 src=$2 boots=$3 role=$4 fuzz=$5
	suite=${src%%:*}
	kroot=""
	root=host
	case $src in
	host:*)
		kver=$(tests/vm/kver.sh "${src#host:}") || {
			echo "FAIL [$id] no installed ${src#host:} kernel (tools/install-deps.sh)"
			return
		}
		config=/lib/modules/$kver/build/.config
		;;
	*)
		t0=$(date +%s)
		kver=$("$here/fetch-kernel.sh" "$suite" "${src#*:}") || {
			echo "FAIL [$id] cannot fetch the $suite ${src#*:} kernel"
			return
		}
		kroot=$(pwd)/${BUILD:-build}/kernels/$kver
		rsuite=$suite
		[ "$suite" = experimental ] && rsuite=sid
		root=$("$here/mkroot.sh" "$rsuite" "$kroot") || {
			echo "FAIL [$id] cannot build the $rsuite toolchain root"
			return
		}
		echo "# fetch $kver and its $rsuite root: $(($(date +%s) - t0)) s"
		config=$(ls "$kroot"/usr/src/linux-headers-"$kver"/.config)
		;;
	esac
	cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\([^ ]*\).*/\1/p' "$config")
	dir=$out/$kver
	mkdir -p "$dir"
	echo "# kernel $id: $kver ($src, $cc)"
	"$here/build.sh" "$kver" "$kver" "${kroot:-host}" "$root" "$dir" || return
	KROOT=$kroot tests/vm/mkinitramfs.sh "$dir/initramfs.cpio.gz" "$kver" \
		"$dir/ko" "$tool" "$testmgr" tests/vm/guest.sh ||
		{ echo "FAIL [$kver] initramfs"; return; }
	KROOT=$kroot BOOTS=$(echo "$boots" | tr ',' ' ') TAG="$kver:" \
		FUZZ_CASES=${MATRIX_FUZZ:-$fuzz} \
		tests/vm/run.sh test "$dir/initramfs.cpio.gz" "$kver"
}

"$here/fetch-all.sh" 2>&1

# one line of the table: run it, its output and summary line into
# $out/$id.out and $out/$id.line
one() {
	id=$1 src=$2 boots=$3 role=$4 fuzz=$5
	t0=$(date +%s)
	if [ "$role" = canary ]; then
		kernel "$id" "$src" "$boots" "$role" "$fuzz" 2>&1 |
			sed -E 's/^(PASS|FAIL|SKIP) /# canary \1 /; s/^    /# canary     /' \
			>"$out/$id.out"
	else
		kernel "$id" "$src" "$boots" "$role" "$fuzz" >"$out/$id.out" 2>&1
	fi
	t1=$(date +%s)
	kv=$(sed -n 's/^# kernel [^:]*: \([^ ]*\).*/\1/p' "$out/$id.out")
	cc=$(sed -n 's/^# kernel [^(]*(\(.*\))$/\1/p' "$out/$id.out")
	boot=$(sed -n 's/^# boot .*: \([0-9]*\) s wall/\1/p' "$out/$id.out" | tr '\n' '+' | sed 's/+$//')
	if [ "$role" = canary ]; then
		count=$(awk '/^# canary PASS/ { p++ } /^# canary FAIL/ { f++ }
			/^# canary SKIP/ { s++ }
			END { printf "%d passed, %d failed, %d skipped", p, f, s }' "$out/$id.out")
		line="# canary kernel $id ${kv:-?} ($cc): boots $boots: $count, boot ${boot:-none} s, $((t1 - t0)) s wall (never fails the run)"
	else
		count=$(awk '/^PASS / { p++ } /^FAIL / { f++ } /^SKIP / { s++ }
			END { printf "%d passed, %d failed, %d skipped", p, f, s }' "$out/$id.out")
		line="# kernel $id ${kv:-?} ($cc): boots $boots: $count, boot ${boot:-none} s, $((t1 - t0)) s wall"
	fi
	echo "$line" >"$out/$id.line"
}

# the lines to run, in the table's order
grep -v '^#' "$here/kernels" | while read -r id src boots role fuzz; do
	[ -n "$id" ] || continue
	if [ -n "$MATRIX_ONLY" ]; then
		case " $MATRIX_ONLY " in *" $id "*) ;; *) continue ;; esac
	fi
	echo "$id $src $boots $role $fuzz"
done >"$out/todo"
rm -f "$out"/*.line

# MATRIX_JOBS workers, each taking the next line (under a lock) until none
# is left: the first line (6.1, four boots) starts at once.  Two VMs side
# by side have a vCPU each and a boot lock each (tests/vm/run.sh VM_SLOT).
jobs=${MATRIX_JOBS:-2}
echo 0 >"$out/next"
worker() {
	if [ "$jobs" -gt 1 ]; then
		export SMP=1 VM_SLOT="$1"
	fi
	while :; do
		# shellcheck disable=SC2016
		n=$(flock "$out/next" sh -c 'n=$(cat "$1"); echo $((n + 1)) >"$1"; echo $n' sh "$out/next")
		# shellcheck disable=SC2046
		set -- $(sed -n "$((n + 1))p" "$out/todo")
		[ $# -gt 0 ] || break
		one "$@"
	done
}
w=1
while [ "$w" -le "$jobs" ]; do
	worker "$w" &
	w=$((w + 1))
done
wait

while read -r id rest; do
	cat "$out/$id.out"
	if [ -f "$out/$id.line" ]; then
		cat "$out/$id.line"
		cat "$out/$id.line" >>"$summary"
	else
		echo "FAIL [$id] the matrix run of this kernel did not finish"
	fi
done <"$out/todo"
echo "# matrix summary ($(($(date +%s) - t_start)) s in all, $jobs kernels at a time):"
cat "$summary"
