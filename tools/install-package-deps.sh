#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What `make package` needs, installed the way `make demo` installs its own
# (tools/install-deps.sh): dpkg-buildpackage and the Build-Depends of
# debian/control (debhelper-compat, dh-sequence-dkms, linux-source-6.1,
# ...), read from that file so a new build dependency needs no edit here.
# Nothing is done when dpkg-checkbuilddeps is content.  Run as root.
set -e
cd "$(dirname "$0")/.."
if command -v dpkg-checkbuilddeps >/dev/null 2>&1 &&
   dpkg-checkbuilddeps >/dev/null 2>&1; then
	exit 0
fi
# the field with its continuation lines, as one dependency list
deps=$(awk '
	/^Build-Depends:/ { f = 1; sub(/^Build-Depends:/, ""); printf "%s", $0; next }
	f && /^[ \t]/ { printf "%s", $0; next }
	{ f = 0 }
' debian/control | tr -s ' \t' ' ')
if [ -z "$deps" ]; then
	echo "install-package-deps: no Build-Depends in debian/control" >&2
	exit 1
fi
# dpkg-checkbuilddeps also wants build-essential
deps="build-essential, dpkg-dev,$deps"
if [ "$(id -u)" != 0 ]; then
	echo "make package: build dependencies missing; as root run" \
		"apt-get satisfy '$deps'" >&2
	exit 1
fi
echo "installing the build dependencies: $deps"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# satisfy: versioned and virtual names (debhelper-compat (= 13),
# dh-sequence-dkms) as dpkg-checkbuilddeps reads them
apt-get satisfy -y -qq --no-install-recommends "$deps" >/dev/null
dpkg-checkbuilddeps
