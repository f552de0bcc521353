#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# objtool over every object of our modules (the assembled cores and the
# C), as each installed kernel's own objtool runs it, in both unwinder
# modes: ORC (--orc, Debian's kernels) and frame pointer (--stackval, what
# CONFIG_UNWINDER_FRAME_POINTER kernels run, where %rbp must hold the
# frame at every instruction).  Any warning fails.
#
# Per kernel and mode, a copy of the sources (never the top of the tree) is
# built with the kernel's Kbuild, objtool swapped for a recorder: that
# gives the objects untouched (objtool rewrites them, and skips an object
# it has seen) and the exact arguments the kernel's config asks for
# (retpoline, rethunk, sls, ibt, prefix, --link for linked modules).  The
# mode's own flag then replaces --orc/--stackval.  The frame-pointer build
# compiles the C as such a kernel does (-fno-omit-frame-pointer
# -fno-optimize-sibling-calls).  Each recorded object, and every member
# of a recorded linked module, is checked on a fresh copy.
#
# Then a self-test: a tiny module whose .S uses %rbp as data and has a
# bare ret must warn of the first in frame-pointer mode only and of the
# second in both, or the check proves nothing.  PASS/FAIL/SKIP lines.
#   tests/objtool.sh WORKDIR [SERIES...]     default series: 6.1 6.12
# KBUILD_OPTS (the Makefile's) from the environment; OBJTOOL_TREE: the
# sources to check (default: this tree).
work=$1
[ -n "$work" ] || { echo "FAIL objtool: usage: objtool.sh WORKDIR [SERIES...]"; exit 1; }
shift
[ $# -gt 0 ] || set -- 6.1 6.12
top=$(cd "$(dirname "$0")/.." && pwd)
tree=${OBJTOOL_TREE:-$top}
opts=${KBUILD_OPTS:-CONFIG_CRYPTO_ADIANTUM_X86_CORE=m \
CONFIG_CRYPTO_ADIANTUM_X86_CHACHA=m CONFIG_CRYPTO_ADIANTUM_X86_NHPOLY1305=m \
CONFIG_CRYPTO_ADIANTUM_X86_ADIANTUM=m}
fp_cflags="-fno-omit-frame-pointer -fno-optimize-sibling-calls"

mkdir -p "$work" || { echo "FAIL objtool: cannot create $work"; exit 1; }
work=$(cd "$work" && pwd)
rec=$work/record-objtool.sh
cat >"$rec" <<'EOF'
#!/bin/sh
# stands in for objtool in the builds: one line of arguments per call
printf '%s\n' "$*" >>"$OBJTOOL_RECORD"
EOF
chmod +x "$rec"

# newest /lib/modules/<SERIES>.* whose build tree has its objtool
kernel_of() {
	v=$(for d in /lib/modules/"$1".*; do
		[ -x "$d/build/tools/objtool/objtool" ] && echo "${d##*/}"
	done | sort -rV | head -1)
	[ -n "$v" ] && echo "$v"
}

# build SRC KVER MODE: Kbuild on SRC with the recorder; log SRC.log,
# recorded calls SRC.calls
build() {
	rm -f "$1.calls"
	if [ "$3" = fp ]; then
		# shellcheck disable=SC2086
		OBJTOOL_RECORD=$1.calls make -j2 -C "/lib/modules/$2/build" \
			M="$1" $4 objtool="$rec" KCFLAGS="$fp_cflags" modules \
			>"$1.log" 2>&1
	else
		# shellcheck disable=SC2086
		OBJTOOL_RECORD=$1.calls make -j2 -C "/lib/modules/$2/build" \
			M="$1" $4 objtool="$rec" modules >"$1.log" 2>&1
	fi
}

# check SRC KVER MODE: objtool in MODE on every object the build of SRC
# recorded; prints objtool's output and ends with "checked N" or "warned N"
check() {
	ot=/lib/modules/$2/build/tools/objtool/objtool
	flag=--orc
	[ "$3" = fp ] && flag=--stackval
	n=0
	bad=0
	while read -r line; do
		obj=${line##* }
		args=""
		for a in ${line% *}; do
			case $a in --orc|--stackval) ;; *) args="$args $a" ;; esac
		done
		objs=$obj
		[ -f "${obj%.o}.mod" ] && objs="$obj $(cat "${obj%.o}.mod")"
		for o in $objs; do
			rel=${o#"$1"/}
			mkdir -p "$1.check/$(dirname "$rel")"
			cp "$o" "$1.check/$rel"
			# shellcheck disable=SC2086
			if ! out=$(cd "$1.check" && SRCARCH=x86 "$ot" $flag \
				   $args "$rel" 2>&1) || [ -n "$out" ]; then
				bad=$((bad + 1))
				echo "${out:-$rel: objtool failed, no output}"
			fi
			n=$((n + 1))
			echo "$rel" >>"$1.checked"
		done
	done <"$1.calls"
	[ $bad = 0 ] && echo "checked $n" || echo "warned $bad"
}

# every object of every module's .mod list was checked
uncovered() {
	for m in "$1"/*.mod; do
		while read -r o; do
			grep -qx "${o#"$1"/}" "$1.checked" || echo "${o#"$1"/}"
		done <"$m"
	done
}

mode_name() {
	[ "$1" = fp ] && echo "frame-pointer (--stackval)" || echo "ORC (--orc)"
}

# the self-test module: %rbp as data in one function, a bare ret in another
selftest_tree() {
	mkdir -p "$1"
	cat >"$1/Kbuild" <<'EOF'
# SPDX-License-Identifier: GPL-2.0
obj-m += ax86_objtool_selftest.o
ax86_objtool_selftest-y := selftest_main.o selftest_bad.o
EOF
	cat >"$1/selftest_main.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
MODULE_LICENSE("GPL");
EOF
	cat >"$1/selftest_bad.S" <<'EOF'
/* SPDX-License-Identifier: GPL-2.0 */
#include <linux/linkage.h>
.text
SYM_FUNC_START(ax86_objtool_selftest_bp)
	push		%rbp
	mov		%rdi, %rbp
	add		%rsi, %rbp
	mov		%rbp, %rax
	pop		%rbp
	RET
SYM_FUNC_END(ax86_objtool_selftest_bp)
SYM_FUNC_START(ax86_objtool_selftest_ret)
	mov		%rdi, %rax
	ret
SYM_FUNC_END(ax86_objtool_selftest_ret)
EOF
}

for series in "$@"; do
	if ! kver=$(kernel_of "$series"); then
		echo "FAIL objtool $series: no /lib/modules/$series.*/build with tools/objtool/objtool (apt-get install linux-headers-... for $series)"
		continue
	fi
	for mode in orc fp; do
		name="objtool $kver $(mode_name $mode)"
		src=$work/$kver-$mode/src
		rm -rf "$work/$kver-$mode"
		mkdir -p "$src/tests/vm"
		for f in Kbuild compat.h compat crypto arch; do
			[ -e "$tree/$f" ] && cp -r "$tree/$f" "$src/"
		done
		cp "$tree"/tests/vm/*.c "$src/tests/vm/"
		if ! build "$src" "$kver" "$mode" "$opts"; then
			echo "FAIL $name: build failed (log $src.log):"
			grep -E 'error|Error' "$src.log" | head -10 | sed 's/^/    /'
			continue
		fi
		if [ ! -s "$src.calls" ]; then
			echo "FAIL $name: the build ran no objtool (log $src.log)"
			continue
		fi
		: >"$src.checked"
		res=$(check "$src" "$kver" "$mode")
		last=$(printf '%s\n' "$res" | tail -1)
		args=$(head -1 "$src.calls")
		args=${args% *}
		missed=$(uncovered "$src")
		if [ -n "$missed" ]; then
			echo "FAIL $name: objects never checked: $(printf '%s\n' "$missed" | tr '\n' ' ')"
		elif [ "${last%% *}" = checked ]; then
			echo "PASS $name: ${last#checked } objects, no warning (flags:$(echo " $args" | sed -e 's/ --orc//' -e 's/ --stackval//'))"
		else
			echo "FAIL $name: ${last#warned } objects warn:"
			printf '%s\n' "$res" | sed '$d' | sed 's/^/    /'
		fi
	done

	# the self-test: the check must see %rbp (frame pointer only) and ret
	st=""
	for mode in orc fp; do
		src=$work/$kver-selftest-$mode/src
		rm -rf "$work/$kver-selftest-$mode"
		selftest_tree "$src"
		if ! build "$src" "$kver" "$mode" ""; then
			st="$st; $mode build failed (log $src.log)"
			continue
		fi
		: >"$src.checked"
		res=$(check "$src" "$kver" "$mode")
		bp=no
		ret=no
		printf '%s\n' "$res" | grep -q 'selftest_bp.*BP used as a scratch register' && bp=yes
		printf '%s\n' "$res" | grep -q "selftest_ret.*'naked' return" && ret=yes
		want_bp=no
		[ $mode = fp ] && want_bp=yes
		[ $bp = $want_bp ] && [ $ret = yes ] ||
			st="$st; $mode: BP warning $bp (want $want_bp), bare ret warning $ret (want yes): $(printf '%s\n' "$res" | tr '\n' ' ')"
	done
	if [ -z "$st" ]; then
		echo "PASS objtool self-test $kver: a .S with %rbp as data warns in frame-pointer mode only, a bare ret in both"
	else
		echo "FAIL objtool self-test $kver${st#;}"
	fi
done
