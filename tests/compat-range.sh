#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# compat.h refuses a kernel outside the range the tree is built and tested
# for (6.1 .. 7.3, dkms.conf's BUILD_EXCLUSIVE_KERNEL) with its #error, and
# lets every kernel inside it through: the header preprocessed against a
# <linux/version.h> of each version (its later includes may fail; only the
# #error's message counts).
#   compat-range.sh
top=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-gcc}
inc=$(mktemp -d)
trap 'rm -rf "$inc"' EXIT
mkdir -p "$inc/linux"
msg='adiantum-x86 builds for Linux 6.1 to 7.3 only'
bad=0

refused() {	# $1 $2 $3: version; true if compat.h's #error fires
	cat >"$inc/linux/version.h" <<EOT
#define KERNEL_VERSION(a, b, c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))
#define LINUX_VERSION_CODE KERNEL_VERSION($1, $2, $3)
EOT
	"$CC" -E -I"$inc" -x c "$top/compat.h" 2>&1 | grep -q "$msg"
}

for v in "5 15 0" "6 0 19" "7 4 0" "8 0 0"; do
	# shellcheck disable=SC2086	# the version's three words
	if ! refused $v; then
		echo "FAIL compat.h range: $v is let through"
		bad=1
	fi
done
for v in "6 1 0" "6 12 0" "7 2 0" "7 3 0"; do
	# shellcheck disable=SC2086
	if refused $v; then
		echo "FAIL compat.h range: $v is refused"
		bad=1
	fi
done
[ $bad = 0 ] &&
	echo "PASS compat.h range: 5.15, 6.0, 7.4 and 8.0 refused with its #error; 6.1, 6.12, 7.2 and 7.3 let through"
exit 0
