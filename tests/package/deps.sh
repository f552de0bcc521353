#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What building, installing and testing the Debian packages needs on a
# fresh Debian 12 machine, on top of tools/install-deps.sh.  Run as root.
set -e
PKGS="dkms dh-dkms debhelper dpkg-dev fakeroot lintian openssl git xz-utils file"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
