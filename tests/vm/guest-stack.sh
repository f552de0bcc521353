# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Guest part: the kernel's stack tracer watches our functions while
# dm-crypt writes and reads through our Adiantum driver and the tool runs
# scattered requests through AF_ALG.  It records the deepest stack seen at
# the entry of a watched function, frame by frame; the frames of our
# modules in that deepest stack must add up to at most STACK_BOUND bytes
# (the static sum of tests/stack/stack_sum.py includes the assembly
# leaves, which the tracer cannot watch).

STACK_BOUND=1024

stack_checks() {
	t=/sys/kernel/tracing
	[ -d $t/instances ] || mount -t tracefs nodev $t 2>/dev/null
	if [ ! -w /proc/sys/kernel/stack_tracer_enabled ] ||
	   [ ! -w $t/stack_trace_filter ]; then
		skip "stack: this kernel has no stack tracer (CONFIG_STACK_TRACER)"
		return
	fi
	# ours only: any kernel function would let other callers' deeper
	# stacks win.  A frame counts once a watched function is entered
	# below it (the AES block's C entry below the one-pass frame, the
	# steps below the scattered frame).
	echo 'ax86_*' >$t/stack_trace_filter 2>/tmp/stk-filter.err
	watched=$(grep -c . $t/stack_trace_filter)
	if [ "$watched" -eq 0 ]; then
		fail "stack: the tracer's filter took none of our functions: $(cat /tmp/stk-filter.err)"
		grep -c 'ax86_' $t/available_filter_functions | sed 's/^/    available: /'
		return
	fi
	info "stack: the tracer watches $watched functions of ours"
	t0=$(cut -d. -f1 /proc/uptime)
	dd if=/dev/zero of=/tmp/disk bs=1M count=2 2>/dev/null
	loop=$(losetup -f)
	losetup "$loop" /tmp/disk
	head -c 32 /dev/urandom >/tmp/key
	for ss in 512 4096; do
		if ! cryptsetup open --type plain --key-size 256 \
		     --cipher xchacha12,aes-adiantum-plain64 \
		     --key-file /tmp/key --sector-size $ss "$loop" stk \
		     >/tmp/cs.out 2>&1; then
			fail "stack: cryptsetup open, sector $ss"
			sed 's/^/    /' /tmp/cs.out
			continue
		fi
		drv=$(adiantum_driver xchacha12)
		echo 0 >$t/stack_max_size
		echo 1 >/proc/sys/kernel/stack_tracer_enabled
		dd if=/dev/urandom of=/dev/mapper/stk bs=64k conv=fsync \
			2>/dev/null
		echo 3 >/proc/sys/vm/drop_caches
		dd if=/dev/mapper/stk of=/dev/null bs=64k 2>/dev/null
		echo 0 >/proc/sys/kernel/stack_tracer_enabled
		cryptsetup close stk
		stack_verdict "dm-crypt sector $ss on $drv" $t
	done
	losetup -d "$loop"

	echo 0 >$t/stack_max_size
	echo 1 >/proc/sys/kernel/stack_tracer_enabled
	afalg_allow_drivers
	adiantum-x86 fuzz --cases 50 >/tmp/stk-fuzz.out 2>&1 ||
		fail "stack: adiantum-x86 fuzz under the stack tracer failed"
	echo 0 >/proc/sys/kernel/stack_tracer_enabled
	stack_verdict "AF_ALG fuzz (scattered requests)" $t
	echo >$t/stack_trace_filter
	info "stack checks: $(($(cut -d. -f1 /proc/uptime) - t0)) s"
}

# the deepest stack the tracer recorded: our frames in it, summed
stack_verdict() {
	what=$1
	awk '$1 ~ /^[0-9]+\)$/ && /\[adiantum_x86_/ {
		ours += $3; chain = chain " " $4 "(" $3 ")"
	     }
	     $1 ~ /^[0-9]+\)$/ { depth = (depth > $2 ? depth : $2) }
	     END { printf "%d %d%s\n", ours, depth, chain }' \
		"$2/stack_trace" >/tmp/stk.sum
	read -r ours depth chain </tmp/stk.sum
	if [ "$ours" -eq 0 ]; then
		fail "stack: $what: the tracer saw none of our functions"
		sed 's/^/    /' "$2/stack_trace" | head -30
	elif [ "$ours" -le $STACK_BOUND ]; then
		pass "stack: $what: our frames take $ours bytes of the deepest stack seen ($depth bytes in all; bound $STACK_BOUND):$chain"
	else
		fail "stack: $what: our frames take $ours bytes (bound $STACK_BOUND):$chain"
	fi
}
