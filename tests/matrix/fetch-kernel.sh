#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fetches the newest kernel of a suite (image, modules, headers, kbuild) with
# the private apt state and unpacks it into build/kernels/<kver>/, then
# prints <kver> on stdout.  The version comes from the suite's own
# linux-headers-<flavour> meta-package: never a hard-coded point release.
# A kernel already unpacked is not fetched again.
#   fetch-kernel.sh SUITE FLAVOUR      e.g. fetch-kernel.sh sid rt-amd64
set -e
suite=$1
flavour=$2
. "$(dirname "$0")/apt.sh"
kernels=$(pwd)/${BUILD:-build}/kernels

papt_update
meta=linux-headers-$flavour
mver=$(papt_version_in "$meta" "$suite")
[ -n "$mver" ] || { echo "fetch-kernel: no $meta in $suite" >&2; exit 1; }
hdr=$(papt_depends "$meta" "$mver" | grep "^linux-headers-.*-$flavour\$")
kver=${hdr#linux-headers-}
[ -n "$kver" ] || { echo "fetch-kernel: $meta $mver names no headers" >&2; exit 1; }
dest=$kernels/$kver
# a whole module tree has the build's lists beside the modules (depmod
# warns without them); a tree unpacked before they were fetched is fetched
# again
has_lists() {
	for m in "$dest/usr/lib/modules/$kver" "$dest/lib/modules/$kver"; do
		[ -f "$m/modules.order" ] && [ -f "$m/modules.builtin" ] &&
			return 0
	done
	return 1
}
if [ -f "$dest/.complete" ] && has_lists; then
	echo "$kver"
	exit 0
fi

# the closure of image and headers among the kernel's own packages:
# linux-image (on 7.x only a stub over linux-binary + linux-modules +
# linux-base, which holds the config and modules.order, .builtin),
# linux-headers, its -common(-rt), linux-kbuild
want="linux-image-$kver $hdr"
pkgs=""
while [ -n "$want" ]; do
	set -- $want
	p=$1
	shift
	want="$*"
	case " $pkgs " in *" $p "*) continue ;; esac
	pkgs="$pkgs $p"
	for d in $(papt_depends "$p" "$mver"); do
		case $d in
		linux-image-*-unsigned) ;;
		linux-image-*|linux-binary-*|linux-modules-*|linux-base-*|\
		linux-headers-*|linux-kbuild-*)
			want="$want $d" ;;
		esac
	done
done

dl=$kernels/.debs/$kver
rm -rf "$dl" "$dest"
mkdir -p "$dl" "$dest"
t0=$(date +%s)
# shellcheck disable=SC2086,SC2046
(cd "$dl" && papt download $(for p in $pkgs; do echo "$p=$mver"; done)) \
	>"$dl/download.log" 2>&1 || { cat "$dl/download.log" >&2; exit 1; }
for deb in "$dl"/*.deb; do
	dpkg-deb -x "$deb" "$dest"
done
t1=$(date +%s)
echo "# fetch $kver ($suite):$pkgs: $(du -sm "$dl" | cut -f1) MiB in $((t1 - t0)) s" >&2
rm -rf "$dl"
has_lists || {
	echo "fetch-kernel: $kver has no modules.order or modules.builtin:" \
	     "a package of its module tree is not in the closure ($pkgs )" >&2
	exit 1
}
touch "$dest/.complete"
echo "$kver"
