#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The per-message path pays nothing for CONFIG_INIT_STACK_ALL_ZERO:
# Debian's kernels make gcc zero every local at entry
# (-ftrivial-auto-var-init=zero), a rep stos per large buffer and message,
# unless the buffer is marked ax86_written_first (crypto/portable.h).  The
# glue objects are built for KVER twice, with the kernel's flags and with
# that zeroing off; every function must hold as many rep stos in the first
# build as in the second (the rest are our own wipes).  PASS/FAIL lines.
#   tests/auto-init.sh KVER SCRATCH_DIR KBUILD_OPTS...
kver=$1
dir=$2
shift 2
kdir=/lib/modules/$kver/build
objs="arch/x86/crypto/adiantum_glue.o arch/x86/crypto/nhpoly1305_glue.o
      arch/x86/crypto/chacha_glue.o"
if [ ! -d "$kdir" ]; then
	echo "FAIL auto-init: no kernel build tree $kdir"
	exit 1
fi
if ! grep -q '^CONFIG_INIT_STACK_ALL_ZERO=y' "$kdir/.config"; then
	echo "FAIL auto-init: $kver is not built with CONFIG_INIT_STACK_ALL_ZERO"
	exit 1
fi

# "function count" of every function with a rep stos in $1
rep_stos() {
	objdump -d --no-show-raw-insn "$1" |
		awk '/^[0-9a-f]+ <.*>:$/ { f = $2 } /rep stos/ { n[f]++ }
		     END { for (f in n) print f, n[f] }' | sort
}

for mode in zero uninitialized; do
	rm -rf "${dir:?}/$mode"
	mkdir -p "$dir/$mode"
	cp -r Kbuild compat.h crypto arch "$dir/$mode/"
	flags=
	[ $mode = uninitialized ] &&
		flags=KCFLAGS=-ftrivial-auto-var-init=uninitialized
	# shellcheck disable=SC2086
	if ! make -C "$kdir" M="$(cd "$dir/$mode" && pwd)" "$@" $flags \
	     $objs >"$dir/$mode.log" 2>&1; then
		echo "FAIL auto-init: building the glue for $kver ($mode):"
		tail -5 "$dir/$mode.log" | sed 's/^/    /'
		exit 1
	fi
done

fail=0
for o in $objs; do
	rep_stos "$dir/zero/$o" >"$dir/zero.count"
	rep_stos "$dir/uninitialized/$o" >"$dir/uninitialized.count"
	added=$(join -a 1 -e 0 -o 0,1.2,2.2 "$dir/zero.count" \
		"$dir/uninitialized.count" | awk '$2 > $3')
	if [ -n "$added" ]; then
		echo "FAIL auto-init: $(basename "$o"): gcc zeroes locals" \
		     "(function, rep stos with, without):"
		echo "$added" | sed 's/^/    /'
		fail=1
	else
		echo "PASS auto-init: $(basename "$o") on $kver: no local" \
		     "zeroed at entry ($(awk '{ n += $2 } END { print n + 0 }' \
		     "$dir/zero.count") rep stos, all our own wipes)"
	fi
done
rm -rf "${dir:?}/zero" "${dir:?}/uninitialized"
exit $fail
