# SPDX-License-Identifier: GPL-2.0
#
# Secure Boot (issue 23): tests/secureboot/run.sh boots OVMF with Secure
# Boot on and Microsoft's keys, Debian's signed shim and GRUB, and Debian's
# signed 6.1 and 7.2 kernels, our modules signed with a DKMS-style key,
# twice a kernel: the key enrolled as a
# MOK (written offline into the firmware's variable store: ours load under
# lockdown and serve a dm-crypt Adiantum volume) and not enrolled (ours
# refused, the volume on the kernel's drivers, adiantum-x86 status says
# why).  Before it, the host test of debian/adiantum-x86-secureboot-check
# with a fake mokutil.  As root; make check runs $(SECUREBOOT_RUN).
#   make check-secureboot

SECUREBOOT_RUN = tests/secureboot/check-script-test.sh; \
	BUILD=$(BUILD) TOOL=$(BUILD)/adiantum-x86 TESTMGR=$(TESTMGR) \
	KBUILD_OPTS="$(KBUILD_OPTS)" tests/secureboot/run.sh

.PHONY: check-secureboot

check-secureboot: $(BUILD)/adiantum-x86 $(TESTMGR)
	$(call part,SECUREBOOT_RUN) | tests/summarize.sh
