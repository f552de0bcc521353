#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# dkms.conf, sourced by bash as DKMS does (by its full path, from another
# folder): every module of Kbuild, each with its
# CONFIG_ symbol on the make line, installed in updates/dkms; the kernels
# it accepts are 6.1 to 7.3.  Needs no root and no DKMS.
#   tests/package/dkms-conf-test.sh     (from the top of the tree)
top=$(pwd)
want=$(sed -n 's/^obj-$(CONFIG_[A-Z0-9_]*)[ \t]*+=[ \t]*\(.*\)\.o$/\1/p' Kbuild | sort)
got=$(cd / && kernel_source_dir=/KDIR dkms_tree=/TREE bash -c '
	. "$1"
	for i in "${!BUILT_MODULE_NAME[@]}"; do
		echo "${BUILT_MODULE_NAME[$i]} ${DEST_MODULE_LOCATION[$i]}"
	done
	echo "MAKE ${MAKE[0]}"
	echo "REGEX $BUILD_EXCLUSIVE_KERNEL"
	echo "NAME $PACKAGE_NAME $PACKAGE_VERSION"' _ "$top/dkms.conf")

mods=$(echo "$got" | awk '$2 == "/updates/dkms" { print $1 }' | sort)
if [ -n "$want" ] && [ "$mods" = "$want" ]; then
	echo "PASS dkms.conf: the modules of Kbuild, in updates/dkms:" $mods
else
	echo "FAIL dkms.conf modules '$(echo $mods)', Kbuild has '$(echo $want)'"
fi
make_line=$(echo "$got" | sed -n 's/^MAKE //p')
ok=1
for sym in $(sed -n 's/^obj-$(\(CONFIG_[A-Z0-9_]*\)).*/\1/p' Kbuild); do
	echo "$make_line" | grep -q " $sym=m" || ok=0
done
echo "$make_line" | grep -q FPUTEST && ok=0
case $make_line in
"make -C /KDIR M=/TREE/adiantum-x86/"*"/build "*" modules") ;;
*) ok=0 ;;
esac
[ $ok = 1 ] && echo "PASS dkms.conf: make line builds each with its CONFIG_ symbol" ||
	echo "FAIL dkms.conf: make line '$make_line'"

regex=$(echo "$got" | sed -n 's/^REGEX //p')
bad=""
for k in 6.1.0-57-amd64 6.1.192 6.10.3-amd64 6.12.117+deb12-amd64 \
	 6.19.1 7.0.2-amd64 7.2.13+deb14-amd64 7.3.0-rc7-amd64 7.3-amd64; do
	[[ $k =~ $regex ]] || bad="$bad rejects $k"
done
for k in 5.10.0-30-amd64 6.0.12 7.4.0-rc1-amd64 7.10.1 16.1.0; do
	[[ $k =~ $regex ]] && bad="$bad accepts $k"
done
[ -z "$bad" ] && echo "PASS dkms.conf: kernels 6.1 to 7.3 only" ||
	echo "FAIL dkms.conf BUILD_EXCLUSIVE_KERNEL:$bad"

version=$(echo "$got" | sed -n 's/^NAME adiantum-x86 //p')
deb=$(dpkg-parsechangelog -l debian/changelog -S Version 2>/dev/null)
[ -n "$version" ] && [ "$version" = "${deb%%-*}" ] &&
	echo "PASS dkms.conf version $version is debian/changelog's" ||
	echo "FAIL dkms.conf version '$version', debian/changelog '$deb'"
