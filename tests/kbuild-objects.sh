#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every object of Kbuild in one module only: an object linked into two
# modules is compiled once under a joined KBUILD_MODNAME, sits in memory
# twice, and makes 6.12+ Kbuild warn (W=1).  The shared code lives in
# adiantum_x86_core, which the others import from.  PASS/FAIL lines.
#   tests/kbuild-objects.sh [Kbuild]
kbuild=${1:-Kbuild}
[ -r "$kbuild" ] || { echo "FAIL kbuild objects: $kbuild not readable"; exit 1; }

# "<module> <object>" for every object of every <module>-y list
pairs=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$kbuild" |
	awk '$1 ~ /-y$/ && $2 == ":=" {
		m = substr($1, 1, length($1) - 2)
		for (i = 3; i <= NF; i++) print m, $i
	}')
if [ -z "$pairs" ]; then
	echo "FAIL kbuild objects: no <module>-y lists in $kbuild"
	exit 1
fi
twice=$(echo "$pairs" | awk '{ n[$2]++; m[$2] = m[$2] " " $1 }
	END { for (o in n) if (n[o] > 1) print o ":" m[o] }')
if [ -n "$twice" ]; then
	echo "FAIL kbuild objects: linked into more than one module:"
	echo "$twice" | sed 's/^/    /'
	exit 1
fi
mods=$(echo "$pairs" | awk '{ print $1 }' | sort -u | tr '\n' ' ')
echo "PASS kbuild objects: each of $(echo "$pairs" | wc -l) objects in one module ($mods)"
