# SPDX-License-Identifier: GPL-2.0
#
# make check-ct: is the whole Adiantum message path constant-time as it
# runs on this CPU?  tests/ct/ct.c marks the key, the message and the
# tweak secret (valgrind memcheck client requests: the ctgrind method) and
# runs every variant valgrind can execute on every AES form; memcheck
# reports any branch or memory address that depends on a secret, and
# planted leaks must be reported (tests/ct/run.sh).
#
# The message path (tests/ct/ct_path.c, the portable C of crypto/, Linux
# 6.1's AES library for the known leak) is built with the flags kbuild
# gives Debian's 6.1 modules, as make bench builds it (BENCH_KFLAGS,
# mk/bench.mk); the harness with the unit tests' flags.
#   make check-ct
#   make check-ct CT_KFLAGS=        the message path with userspace flags
CT_DIR := $(BUILD)/ct
CT_KFLAGS ?= $(BENCH_KFLAGS)
# extracted from linux-source-6.1 by mk/bench.mk's rule
CT_LINUX_AES := $(BUILD)/linux-source-6.1/lib/crypto/aes.c
CT_SHIM := $(shell find tools/corebench/bench-shim -name '*.[hS]')
# Linux's own file warns under -Wextra where kbuild's W=0 is quiet
CT_LINUX_W := -Wno-sign-compare -Wno-unused-parameter
# the kernel's flags: what the module runs per message, and Linux's AES
CT_KC := tests/ct/ct_path.c tests/ct/linux_aes.c $(CORE_C) $(CT_LINUX_AES)
# userspace flags: the harness and the test's AES key schedule
CT_UC := tests/ct/ct.c tests/unit/aes_schedule.c $(CHACHA_SCRATCH_C)
CT_DEPS := $(CT_KC) $(CT_UC) tests/ct/ct.h $(CORE_H) $(ASM) $(ARCH_H) \
	   tools/common/cpu_needs.h tools/common/shim/ax86_userspace.h \
	   $(CT_SHIM) $(CT_DIR)/kflags

# rebuilt when CT_KFLAGS changes
.PHONY: ct-kflags-check
$(CT_DIR)/kflags: ct-kflags-check
	@mkdir -p $(@D)
	@echo '$(CT_KFLAGS)' | cmp -s - $@ || echo '$(CT_KFLAGS)' >$@

# Linux's AES includes kernel headers: make bench's shim stands in for them
$(CT_DIR)/ct: $(CT_DEPS)
	mkdir -p $(CT_DIR)/obj
	rm -f $(CT_DIR)/obj/*.o
	set -e; for f in $(CT_KC); do \
		case $$f in $(BUILD)/*) w="$(CT_LINUX_W)" ;; *) w= ;; esac; \
		$(CC) -O2 $(USER_FLAGS) $(CT_KFLAGS) $$w \
			-Itools/corebench/bench-shim \
			-c $$f -o $(CT_DIR)/obj/$$(echo $$f | tr / _).o; \
	done
	$(CC) -O2 $(USER_FLAGS) $(if $(strip $(CT_KFLAGS)),-no-pie) -o $@ \
		$(CT_UC) $(CT_DIR)/obj/*.o $(ASM) \
		tools/corebench/bench-shim/thunks.S

CT_RUN = tests/ct/run.sh $(CT_DIR)/ct $(CT_DIR)

# make check runs $(CT_RUN): the build goes with its prerequisites
check: $(CT_DIR)/ct

.PHONY: check-ct
check-ct: $(CT_DIR)/ct
	$(call part,CT_RUN) | tests/summarize.sh
