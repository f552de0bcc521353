# SPDX-License-Identifier: GPL-2.0
#
# Root on LUKS2 Adiantum, booted (tests/rootboot/run.sh): a Debian bookworm
# root (cached under build/rootboot) whose root file system is on a LUKS2
# xchacha12,aes-adiantum-plain64 volume, initramfs images made in it by
# update-initramfs (cryptsetup-initramfs) and dracut (hostonly and not),
# our .debs installed and purged by apt-get, QEMU boots checked for which
# driver serves the root mapping.  As root; make check runs
# $(ROOTBOOT_RUN).
#   make check-rootboot
#   make check-rootboot ROOTBOOT_DEBS=build/deb     .debs already built

ROOTBOOT_RUN = BUILD=$(BUILD) ROOTBOOT_DEBS="$(ROOTBOOT_DEBS)" \
	tests/rootboot/run.sh

.PHONY: check-rootboot

check-rootboot:
	{ $(ROOTBOOT_RUN); } | tests/summarize.sh
