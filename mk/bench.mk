# SPDX-License-Identifier: GPL-2.0
# make bench: our cores beside the Linux 6.1 in-tree ones (assembled from
# the Debian linux-source-6.1 package at bench time), OpenSSL, libsodium,
# and whole Adiantum messages, ours and Linux 6.1's, with AES-NI and
# without (docs/bench.md says what it measures).
#
# The C that runs per message, ours (crypto/*.c and the construction the
# variants inline, tools/corebench/ours_msg.c) and Linux 6.1's (its C from
# linux-source-6.1 and the bench's restatement of its template and glue,
# linux_msg.c, linux_nhp.c), is built with the flags kbuild gives Debian's
# 6.1 modules (CONFIG_INIT_STACK_ALL_ZERO, CONFIG_STACKPROTECTOR_STRONG,
# CONFIG_RETPOLINE, CONFIG_RETHUNK, CONFIG_SLS, ftrace's fentry as the
# boot-time nop), less -mcmodel=kernel, which userspace cannot link.
# make bench BENCH_KFLAGS= builds it with userspace flags instead.
LINUX_ASM := $(addprefix $(BUILD)/linux-source-6.1/arch/x86/crypto/, \
	chacha-ssse3-x86_64.S chacha-avx2-x86_64.S chacha-avx512vl-x86_64.S \
	nh-sse2-x86_64.S nh-avx2-x86_64.S)
LINUX_POLY := $(BUILD)/linux-source-6.1/lib/crypto/poly1305-donna64.c
# the rest of Linux 6.1's per-message C: the AES library and aes-generic,
# the generic ChaCha and the XOR it uses
LINUX_C := $(LINUX_POLY) $(addprefix $(BUILD)/linux-source-6.1/, \
	lib/crypto/aes.c crypto/aes_generic.c lib/crypto/chacha.c \
	lib/crypto/libchacha.c lib/crypto/utils.c)
LINUX_ALGAPI := $(BUILD)/linux-source-6.1/include/crypto/algapi.h
BENCH_SRC := $(wildcard tools/corebench/*.[ch]) tools/common/cpu_needs.h \
	tools/common/cycles.h $(ARCH_H)
BENCH_SHIM := $(shell find tools/corebench/bench-shim -name '*.[hS]')
# the harness: userspace flags
BENCH_UC := tools/corebench/corebench.c tools/corebench/impls.c \
	$(CHACHA_SCRATCH_C)
# per message: the kernel's flags
BENCH_KC := tools/corebench/ours_msg.c tools/corebench/linux_msg.c \
	tools/corebench/linux_nhp.c $(CORE_C) $(LINUX_C)
BENCH_OBJ := $(BUILD)/bench-obj
# crypto_xor_cpy(), an inline function of 6.1's include/crypto/algapi.h
BENCH_XOR_H := $(BUILD)/bench-gen/linux_crypto_xor_cpy.h

# kbuild's flags for a Debian 6.1 module (make V=1 against
# linux-headers-6.1.0-*-amd64), but -mcmodel=kernel and the -nostdinc,
# -D__KERNEL__ and -include of the kernel's headers; -mnop-mcount: the
# fentry call as the nop ftrace patches it to at boot
BENCH_KFLAGS ?= -std=gnu11 -fno-strict-aliasing -fno-common -fshort-wchar \
	-fno-PIE -mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx \
	-fcf-protection=none -m64 -falign-jumps=1 -falign-loops=1 \
	-mno-80387 -mno-fp-ret-in-387 -mpreferred-stack-boundary=3 \
	-mskip-rax-setup -mtune=generic -mno-red-zone \
	-fno-asynchronous-unwind-tables -mindirect-branch=thunk-extern \
	-mindirect-branch-register -mindirect-branch-cs-prefix \
	-mfunction-return=thunk-extern -fno-jump-tables -mharden-sls=all \
	-fno-delete-null-pointer-checks -O2 -fno-allow-store-data-races \
	-fstack-protector-strong -ftrivial-auto-var-init=zero \
	-fno-stack-clash-protection -pg -mrecord-mcount -mfentry -mnop-mcount \
	-fno-strict-overflow -fno-stack-check -fconserve-stack
# Linux's own files warn under -Wextra where kbuild's W=0 is quiet
BENCH_LINUX_W := -Wno-sign-compare -Wno-unused-parameter

$(LINUX_ASM) $(LINUX_C) $(LINUX_ALGAPI): | $(BUILD)
	tar -C $(BUILD) -xJf $(LINUX_SRC_TAR) \
		$(patsubst $(BUILD)/%,%,$(LINUX_ASM) $(LINUX_C) $(LINUX_ALGAPI))
	touch $(LINUX_ASM) $(LINUX_C) $(LINUX_ALGAPI)

# cut out of the header, checked to be the function that calls the
# out-of-line XOR
$(BENCH_XOR_H): $(LINUX_ALGAPI)
	mkdir -p $(@D)
	{ head -1 $<; echo '/* crypto_xor_cpy() of $< (mk/bench.mk) */'; \
	  sed -n '/^static inline void crypto_xor_cpy(/,/^}/p' $<; } >$@.tmp
	grep -q '__crypto_xor(dst, src1, src2, size)' $@.tmp
	mv $@.tmp $@

# rebuilt when BENCH_KFLAGS changes
.PHONY: bench-kflags-check
$(BENCH_OBJ)/kflags: bench-kflags-check
	@mkdir -p $(@D)
	@echo '$(BENCH_KFLAGS)' | cmp -s - $@ || echo '$(BENCH_KFLAGS)' >$@

# tools/corebench/bench-shim: the few kernel headers Linux's C includes,
# the thunks the kernel's flags call
$(BUILD)/corebench: $(BENCH_SRC) $(CORE_C) $(CORE_H) $(ASM) $(LINUX_ASM) \
		    $(LINUX_C) $(BENCH_XOR_H) $(BENCH_SHIM) $(BENCH_OBJ)/kflags
	rm -f $(BENCH_OBJ)/*.o
	set -e; for f in $(BENCH_KC); do \
		case $$f in $(BUILD)/*) w="$(BENCH_LINUX_W)" ;; *) w= ;; esac; \
		$(CC) -O2 $(USER_FLAGS) $(BENCH_KFLAGS) $$w \
			-Itools/corebench/bench-shim -I$(BUILD)/bench-gen \
			-c $$f -o $(BENCH_OBJ)/$$(echo $$f | tr / _).o; \
	done
	$(CC) -O2 $(USER_FLAGS) $(if $(strip $(BENCH_KFLAGS)),-no-pie) -o $@ \
		$(BENCH_UC) $(BENCH_OBJ)/*.o $(ASM) $(LINUX_ASM) \
		tools/corebench/bench-shim/thunks.S -lcrypto -lsodium

bench: deps $(BUILD)/corebench
	$(BUILD)/corebench --csv $(BUILD)/bench.csv --dat $(BUILD)/bench.dat \
		| tee $(BUILD)/bench.txt
	gnuplot -e "dat='$(BUILD)/bench.dat'; out='$(BUILD)/bench.png'" \
		tools/corebench/bench-chart.gp

# make check's part: the benchmark runs quickly, every row and column
# there (tests/bench-smoke.sh), and make floor's program on its CSV
BENCH_SMOKE_RUN = tests/bench-smoke.sh $(BUILD)/corebench $(BUILD) \
	$(BUILD)/floor

.PHONY: check-bench-smoke
check-bench-smoke: $(BUILD)/corebench $(BUILD)/floor
	$(call part,BENCH_SMOKE_RUN) | tests/summarize.sh
