#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The dracut module (debian/dracut/90adiantum-x86/module-setup.sh) on a
# made-up module tree, with srcmods as dracut sets it (ending in a slash):
# it must ask instmods for our modules outside kernel/ (DKMS's
# updates/dkms, extra/), none under kernel/, and nothing when the tree has
# none of ours.  Host only, no dracut needed: instmods is a stand-in that
# prints its arguments.
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
tree=$tmp/lib/modules/6.1.0-99-amd64

# installkernel's instmods arguments for the tree $1, one line
run() {
	# shellcheck disable=SC2034  # srcmods is module-setup.sh's input
	(
		srcmods="$1/"
		# shellcheck disable=SC2317  # called by installkernel
		instmods() { echo "$*"; }
		# shellcheck source=debian/dracut/90adiantum-x86/module-setup.sh
		. "$here/debian/dracut/90adiantum-x86/module-setup.sh"
		installkernel
	)
}

mkdir -p "$tree/kernel/crypto" "$tree/updates/dkms" "$tree/extra"
touch "$tree/kernel/crypto/adiantum_x86_intree.ko" \
	"$tree/updates/dkms/adiantum_x86_core.ko.xz" \
	"$tree/extra/adiantum_x86_chacha.ko" \
	"$tree/updates/dkms/other.ko"
got=$(run "$tree" | tr ' ' '\n' | sort | tr '\n' ' ')
if [ "$got" = "adiantum_x86_chacha adiantum_x86_core " ]; then
	echo "PASS dracut module: our modules from updates/dkms and extra, none from kernel/ (srcmods ending in /)"
else
	echo "FAIL dracut module: instmods got '$got', want 'adiantum_x86_chacha adiantum_x86_core '"
fi

rm -f "$tree/updates/dkms/"adiantum_x86_* "$tree/extra/"adiantum_x86_*
got=$(run "$tree")
if [ -z "$got" ]; then
	echo "PASS dracut module: no instmods call for a tree without our modules"
else
	echo "FAIL dracut module: instmods got '$got' for a tree without ours"
fi
