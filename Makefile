# SPDX-License-Identifier: GPL-2.0
#
# The front door.  The kernel build itself is described by Kbuild.
#
#   make              build the modules against KDIR
#   make demo         the main job: build, boot the VM, Adiantum on our drivers
#   make check        every test, one verdict line: installs what it needs,
#                     then every part of CHECK_RUNS: style and each
#                     check-<part> below (tests/README.md)
#   make style        checkpatch on the C, shellcheck on the scripts
#   make check-unit | check-ct | check-mutants | check-kbuild
#        | check-auto-init | check-objtool | check-stack
#        | check-bench-smoke | check-model | check-tool-args | check-toolsan
#        | check-install | check-vm | check-matrix | check-demo
#        | check-package | check-secureboot | check-rootboot   one part
#   make bench        the cores beside Linux 6.1, OpenSSL, libsodium
#   make model        llvm-mca of our cores and Linux 6.1's on old CPUs
#   make tool         build/adiantum-x86, the AF_ALG tool
#   make install      install the modules into /lib/modules/<ver>/extra
#   make dkms-install | dkms-remove | package | sign   see mk/package.mk

# the kernel to build for: INSTALL_KVER (default the running one), whose
# build tree KDIR is unless given
INSTALL_KVER ?= $(shell uname -r)
KDIR ?= /lib/modules/$(INSTALL_KVER)/build
BUILD ?= build
CC ?= gcc

CORE_C := crypto/chacha_generic.c crypto/poly1305_core.c \
	  crypto/nh_generic.c crypto/nhpoly1305.c crypto/adiantum.c \
	  crypto/aes_ct.c
CORE_H := $(wildcard crypto/*.h)
ASM := $(wildcard arch/x86/crypto/*.S)
# every userspace program running the ChaCha cores links their scratch
# area (one per thread; asm_cores.h)
CHACHA_SCRATCH_C := tools/common/chacha_scratch.c
# every header of arch/ is a prerequisite: a changed one rebuilds the tests
ARCH_H := $(wildcard arch/x86/crypto/*.h)
UNIT_SRC := $(wildcard tests/unit/*.c tests/unit/*.h) tools/common/testmgr.h \
	tools/common/rng.h tools/common/rfc_vectors.h tools/common/cpu_needs.h \
	$(ARCH_H) $(CHACHA_SCRATCH_C)

# The .S files are assembled unchanged, with tools/common/shim for
# <linux/linkage.h>; the tool and the tests share it
USER_FLAGS := -g -Wall -Wextra -Itools/common/shim -Wa,--noexecstack
SAN_FLAGS := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
	     -fno-omit-frame-pointer

# crypto/testmgr.h of the Debian kernel source, read at test time
LINUX_SRC_TAR ?= /usr/src/linux-source-6.1.tar.xz
TESTMGR := $(BUILD)/linux-source-6.1/crypto/testmgr.h

# The modules users install and their Kconfig symbols, read from Kbuild's
# obj-$(CONFIG_...) += <module>.o lines (as dkms.conf and mk/package.mk
# read them); out of tree, the symbols come from the command line
KBUILD_MODS := $(shell sed -n \
	's/^obj-$$(\(CONFIG_[A-Z0-9_]*\)) += \([a-z0-9_]*\)\.o$$/\1:\2/p' Kbuild)
KBUILD_OPTS := $(foreach m,$(KBUILD_MODS),$(firstword $(subst :, ,$(m)))=m)
MODULES := $(foreach m,$(KBUILD_MODS),$(lastword $(subst :, ,$(m))))

.PHONY: all modules clean check check-unit check-mutants check-aesgen \
	check-parts check-make-parts check-kbuild check-auto-init \
	check-install check-vm demo install tool deps bench

all: modules

modules:
	$(MAKE) -C $(KDIR) M=$(CURDIR) $(KBUILD_OPTS) modules

$(BUILD):
	mkdir -p $@

# -z now: the stack-wipe test looks for NH sums on a thread's stack, and a
# lazy PLT lookup on that thread saves every register there (with XSAVE, the
# AVX-512 ones too), copying what our code left in registers.  The kernel
# has no such lookups; register contents are not what the test is about.
$(BUILD)/unit: $(CORE_C) $(CORE_H) $(ASM) $(UNIT_SRC) | $(BUILD)
	$(CC) -O2 $(USER_FLAGS) -Wl,-z,now -o $@ $(CORE_C) $(ASM) \
		$(filter %.c,$(UNIT_SRC)) tools/common/testmgr.c -lcrypto -lpthread

$(BUILD)/unit-asan: $(CORE_C) $(CORE_H) $(ASM) $(UNIT_SRC) | $(BUILD)
	$(CC) $(SAN_FLAGS) $(USER_FLAGS) -o $@ $(CORE_C) $(ASM) \
		$(filter %.c,$(UNIT_SRC)) tools/common/testmgr.c -lcrypto -lpthread

$(TESTMGR): | $(BUILD)
	@test -f $(LINUX_SRC_TAR) || { echo "$(LINUX_SRC_TAR) missing:" \
		"apt-get install linux-source-6.1 (or make deps)" >&2; exit 1; }
	tar -C $(BUILD) -xJf $(LINUX_SRC_TAR) linux-source-6.1/crypto/testmgr.h
	touch $@

# Each part of make check is one command in a variable *_RUN, used by its
# own target and by check (the mk/ fragments define theirs); each prints
# PASS/FAIL/SKIP lines that tests/summarize.sh counts.  $(call part,X_RUN)
# runs one and adds a FAIL line when it exits non-zero: summarize.sh counts
# lines, and a part that dies without printing FAIL (a Python traceback,
# a script stopped by set -e) must fail the run all the same.  A part of
# several commands stops at the first that fails (set -e).
# (Not "( set -e; ... ) || echo": the || would switch set -e off inside.)
part = { ( set -e; $($(1)) ); r=$$?; \
	[ $$r = 0 ] || echo "FAIL make check: $(1) exited $$r"; }
MAKE_PARTS_RUN = tests/make-parts.sh
UNIT_RUN = tests/run-unit.sh $(BUILD) $(TESTMGR) $(UNIT_ARGS)
MUTANTS_RUN = tests/mutants.sh $(BUILD) $(TESTMGR)
AESGEN_RUN = python3 tools/aesgen/aesgen.py check
KBUILD_RUN = tests/kbuild-objects.sh Kbuild; tests/compat-range.sh
AUTO_INIT_RUN = tests/auto-init.sh $(VM_KVER) $(BUILD)/auto-init $(KBUILD_OPTS)
INSTALL_RUN = tests/install-test.sh $(BUILD) $$(tests/vm/kver.sh 6.12) \
	$(VM_KVER); tests/package/dracut-module-test.sh

check-unit: $(BUILD)/unit $(BUILD)/unit-asan $(TESTMGR)
	$(call part,UNIT_RUN) | tests/summarize.sh

# each mutant breaks one instruction; the unit tests must notice
check-mutants: $(TESTMGR)
	$(call part,MUTANTS_RUN) | tests/summarize.sh

# the constant-time AES's tables and circuits are tools/aesgen's output
check-aesgen:
	$(call part,AESGEN_RUN) | tests/summarize.sh

# no object linked into two modules; compat.h refuses kernels out of range
check-kbuild:
	$(call part,KBUILD_RUN) | tests/summarize.sh

# the per-message path: no local zeroed at entry by the kernel's flags
check-auto-init:
	$(call part,AUTO_INIT_RUN) | tests/summarize.sh

# make install and DKMS-style installs into a staging tree; the dracut
# module on a made-up module tree
check-install:
	$(call part,INSTALL_RUN) | tests/summarize.sh

# The VM: the Debian 6.1 kernel found installed, our modules built for it
VM_KVER = $(shell tests/vm/kver.sh 6.1)
VM_DIR := $(BUILD)/vm
VM_INITRD := $(VM_DIR)/initramfs.cpio.gz
TOOL_SRC := $(wildcard tools/adiantum-x86/*.[ch]) tools/common/testmgr.c \
	tools/common/testmgr.h tools/common/rng.h tools/common/rfc_vectors.h

tool: $(BUILD)/adiantum-x86

# static, so that it runs in the VM's initramfs and in rescue systems
# It links the portable C of crypto/: its reference where the kernel has
# none (nhpoly1305 on 7.x)
TOOL_PORTABLE_C := crypto/chacha_generic.c crypto/poly1305_core.c \
		   crypto/nh_generic.c crypto/nhpoly1305.c
# CPPFLAGS, CFLAGS and LDFLAGS come last: the package build gets
# dpkg-buildflags' hardening (fortify, stack protector) through them
$(BUILD)/adiantum-x86: $(TOOL_SRC) $(TOOL_PORTABLE_C) $(CORE_H) \
		       tools/common/shim/ax86_userspace.h | $(BUILD)
	$(CC) -O2 -Wall -Wextra -Itools/common/shim -DAX86_PORTABLE_ONLY \
		$(CPPFLAGS) $(CFLAGS) -o $@ $(filter %.c,$(TOOL_SRC)) \
		$(TOOL_PORTABLE_C) -static $(LDFLAGS)

# the VM's fscrypt test: the three fscrypt ioctls, static for the initramfs
$(BUILD)/fscrypt-adiantum: tests/vm/fscrypt_adiantum.c | $(BUILD)
	$(CC) -O2 -Wall -Wextra -o $@ $< -static

$(VM_INITRD): $(BUILD)/adiantum-x86 $(TESTMGR) $(wildcard tests/vm/guest*.sh) \
	      tests/vm/mkinitramfs.sh $(CORE_C) $(CORE_H) $(ASM) \
	      $(wildcard arch/x86/crypto/*.[ch] tests/vm/*.c) Kbuild compat.h \
	      tests/vm/Kbuild
	@test -n "$(VM_KVER)"
	$(MAKE) -C /lib/modules/$(VM_KVER)/build M=$(CURDIR) $(KBUILD_OPTS) \
		modules
	$(MAKE) -C /lib/modules/$(VM_KVER)/build M=$(CURDIR)/tests/vm modules
	rm -rf $(VM_DIR)/ko
	mkdir -p $(VM_DIR)/ko
	cp *.ko tests/vm/*.ko $(VM_DIR)/ko/
	tests/vm/mkinitramfs.sh $@ $(VM_KVER) $(VM_DIR)/ko \
		$(BUILD)/adiantum-x86 $(TESTMGR) tests/vm/guest.sh

# Every kernel of the matrix (tests/matrix/kernels: 6.1 and 6.12 installed
# here, 6.12 trixie and -rt, 7.2 sid and -rt, 7.3-rc fetched), each
# built from its own copy of the sources: mk/matrix.mk
VM_RUNS = $(MATRIX_RUN)

# what the VM runs need built on the host (mk/matrix.mk reads it too: the
# mk/ fragments are read last, so their variables would be empty here)
VM_PROGS := $(BUILD)/adiantum-x86 $(BUILD)/fscrypt-adiantum $(TESTMGR)

# an older name of make check-matrix
check-vm: check-matrix

# The parts of make check, in the order they run: quick host checks
# first, then the VMs.  A part whose variable is missing fails the run.
CHECK_RUNS := STYLE_RUN MAKE_PARTS_RUN UNIT_RUN CT_RUN MUTANTS_RUN AESGEN_RUN KBUILD_RUN \
	      AUTO_INIT_RUN OBJTOOL_RUN STACK_RUN \
	      BENCH_SMOKE_RUN \
	      MODEL_SMOKE TOOL_ARGS_RUN TOOLSAN_RUN INSTALL_RUN VM_RUNS \
	      DEMO_RUN PACKAGE_RUN SECUREBOOT_RUN ROOTBOOT_RUN

# the parts named in $(1), each timed, into one verdict
run_parts = { $(foreach r,$(1),t=$$(date +%s); \
	$(if $(value $(r)),$(call part,$(r)),\
	echo "FAIL make check: no command for $(r)"); \
	echo "# make check: $(r) took $$(($$(date +%s) - t)) s";) } | \
	tests/summarize.sh

# deps first: on a fresh machine make check installs what it needs
check: deps $(BUILD)/unit $(BUILD)/unit-asan $(TESTMGR) $(VM_PROGS) \
       $(BUILD)/corebench $(BUILD)/floor $(CHECK_DEPS)
	$(call run_parts,$(CHECK_RUNS))

# make check's runner on the parts named in PARTS (e.g. PARTS="UNIT_RUN
# CT_RUN"), without building what they need: tests/make-parts.sh
check-parts:
	$(call run_parts,$(PARTS))

# that runner: a part failing without a FAIL line still fails the run
check-make-parts:
	$(call part,MAKE_PARTS_RUN) | tests/summarize.sh

# the main job: on a fresh machine, from nothing to an Adiantum volume
demo: deps
	$(MAKE) $(VM_INITRD)
	BOOTS=max tests/vm/run.sh demo $(VM_INITRD) $(VM_KVER)

# A staging DESTDIR (packaging) leaves depmod to the target system.  A
# module whose vermagic is not INSTALL_KVER's is refused: that kernel would
# refuse to load it.
install: modules
	@for m in $(MODULES); do \
		v=$$(modinfo -F vermagic $$m.ko | cut -d' ' -f1); \
		[ "$$v" = "$(INSTALL_KVER)" ] || { echo "$$m.ko is built for" \
			"'$$v', not $(INSTALL_KVER): make KDIR=..." >&2; exit 1; }; \
	done
	for m in $(MODULES); do \
		install -D -m 644 $$m.ko \
			$(DESTDIR)/lib/modules/$(INSTALL_KVER)/extra/$$m.ko || \
			exit 1; \
	done
	$(if $(DESTDIR),,depmod -a $(INSTALL_KVER))

deps:
	tools/install-deps.sh

# targets of their own: the kernel matrix, packaging, the CPU model
include $(wildcard mk/*.mk)

clean:
	-$(MAKE) -C $(KDIR) M=$(CURDIR) clean
	rm -rf $(BUILD)
