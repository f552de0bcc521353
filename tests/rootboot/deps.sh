#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What the root-on-Adiantum boot test needs on a Debian 12 machine on top
# of tools/install-deps.sh (QEMU, the 6.1 kernel, busybox, cryptsetup) and
# tests/package/deps.sh (dpkg-dev, debhelper, dkms to build the .debs):
# debootstrap, which builds the test's Debian root.  Run as root.
exec "$(dirname "$0")/../../tools/install-deps.sh" debootstrap \
	debian-archive-keyring zstd
