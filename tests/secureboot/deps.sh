#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What the Secure Boot VM test needs on a Debian 12 machine on top of
# tools/install-deps.sh (QEMU, the 6.1 kernel and headers, busybox,
# cryptsetup): the firmware with Secure Boot and Microsoft's keys (ovmf),
# Debian's signed shim and GRUB, the tools that build the ESP image
# without mounting it, openssl for the DKMS-style key, keyctl for the
# guest's keyring checks and python3 for the offline MOK enrollment.
# Run as root.
exec "$(dirname "$0")/../../tools/install-deps.sh" ovmf shim-signed \
	grub-efi-amd64-signed mtools dosfstools openssl keyutils python3
