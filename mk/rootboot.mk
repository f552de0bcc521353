# SPDX-License-Identifier: GPL-2.0
#
# Root on LUKS2 Adiantum, booted (tests/rootboot/run.sh): a Debian root of
# each suite (bookworm: 6.1, sid: 7.2; cached under build/rootboot/SUITE)
# whose root file system is on a LUKS2
# xchacha12,aes-adiantum-plain64 volume, initramfs images made in it by
# update-initramfs (cryptsetup-initramfs) and dracut (hostonly and not),
# our .debs installed and purged by apt-get, QEMU boots checked for which
# driver serves the root mapping.  As root; make check runs
# $(ROOTBOOT_RUN).
#   make check-rootboot
#   make check-rootboot ROOTBOOT_DEBS=build/deb     .debs already built
#   make check-rootboot ROOTBOOT_SUITES=sid         one suite

ROOTBOOT_SUITES ?= bookworm sid
ROOTBOOT_RUN = BUILD=$(BUILD) ROOTBOOT_DEBS="$(ROOTBOOT_DEBS)" \
	tests/rootboot/run.sh $(ROOTBOOT_SUITES)

.PHONY: check-rootboot

check-rootboot:
	$(call part,ROOTBOOT_RUN) | tests/summarize.sh
