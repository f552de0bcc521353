#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make style: the kernel's checkpatch.pl (Linux 6.1's, read from
# linux-source-6.1 at test time) on every C file and header of ours, and
# ShellCheck (warnings and errors) on every shell script.  PASS/FAIL lines.
# Exempt, on purpose:
# - tools/common/shim/ and tools/corebench/bench-shim/: stand-ins for kernel
#   headers, written with the raw attributes and assembler macros that
#   checkpatch asks kernel code to reach through those very headers;
# - compat.h's LINUX_VERSION_CODE tests: where an out-of-tree module keeps
#   its version differences (the comment there says why).
#   tests/style.sh LINUX_SOURCE_TAR BUILD_DIR
tar=$1
dir=$2/checkpatch
cp=$dir/linux-source-6.1/scripts/checkpatch.pl

if [ ! -f "$cp" ]; then
	mkdir -p "$dir"
	if ! tar -C "$dir" -xJf "$tar" linux-source-6.1/scripts/checkpatch.pl \
	     linux-source-6.1/scripts/spelling.txt \
	     linux-source-6.1/scripts/const_structs.checkpatch 2>"$dir/tar.log"
	then
		echo "FAIL style: no checkpatch.pl from $tar"
		sed 's/^/    /' "$dir/tar.log"
		exit 1
	fi
fi

# the files of the tree: git's list where there is one
files() {
	if git rev-parse --git-dir >/dev/null 2>&1; then
		git ls-files --cached --others --exclude-standard
	else
		find . -path ./build -prune -o -type f -print | sed 's|^\./||'
	fi
}

c_files=$(files | grep -E '\.[ch]$' |
	  grep -vE '^(tools/common/shim|tools/corebench/bench-shim)/')
out=$(for f in $c_files; do
	perl "$cp" --no-tree -q --terse -f "$f" 2>&1
done | grep -E 'WARNING|ERROR' |
	grep -vE '^compat\.h:[0-9]+: WARNING: LINUX_VERSION_CODE')
n=$(echo "$c_files" | wc -w)
if [ -n "$out" ]; then
	echo "FAIL style: checkpatch on $n C files:"
	echo "$out" | sed 's/^/    /'
else
	echo "PASS style: checkpatch (Linux 6.1) clean on $n C files and headers"
fi

if ! command -v shellcheck >/dev/null; then
	echo "FAIL style: no shellcheck (apt-get install shellcheck)"
	exit 1
fi
scripts=$(files | while read -r f; do
	case $f in
	*.sh|.ci/run|debian/*.postinst|debian/*.postrm|debian/initramfs-tools/hooks/*|\
	debian/adiantum-x86-secureboot-check)
		echo "$f" ;;
	esac
done)
n=$(echo "$scripts" | wc -w)
# shellcheck disable=SC2086
if out=$(shellcheck -S warning -f gcc $scripts 2>&1); then
	echo "PASS style: shellcheck clean (warnings and errors) on $n scripts"
else
	echo "FAIL style: shellcheck on $n scripts:"
	echo "$out" | head -40 | sed 's/^/    /'
	exit 1
fi
[ -z "$out" ]
