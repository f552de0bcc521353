#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What building, installing and testing the Debian packages needs on a
# fresh Debian 12 machine, on top of tools/install-deps.sh.  Run as root.
exec "$(dirname "$0")/../../tools/install-deps.sh" dkms dh-dkms debhelper \
	dpkg-dev fakeroot lintian openssl git xz-utils file
