# SPDX-License-Identifier: GPL-2.0
#
# The CPU model: llvm-mca (Debian's llvm package) over what our Adiantum
# driver and Linux 6.1's template run per message, whole calls traced on
# this host and walked end to end, on the CPUs Adiantum is for
# (tools/model/, docs/cpu-models.md).
#
#   make model        the tables; build/model.csv, model-regions.csv, model.md
#   make check-model  the smoke form: every call traced and modelled once,
#                     every loop cut, whole messages on two CPUs; one
#                     PASS/FAIL line per core, no speed asserted
#
# The tracer runs the cores on this host: it needs SSSE3, AVX2 and AES-NI.
# Its C (ours and Linux 6.1's) is built with make bench's kernel flags.
# MODEL_SMOKE is the command for make check's pipeline; it extracts what
# it needs of linux-source-6.1 first (make check's prerequisites are read
# before this file).

# Linux 6.1's AES-NI block (aesni_enc/aesni_dec), beside make bench's
MODEL_LINUX := $(BUILD)/linux-source-6.1/arch/x86/crypto/aesni-intel_asm.S
MODEL_SRC := $(LINUX_ASM) $(LINUX_C) $(MODEL_LINUX)

$(MODEL_LINUX): | $(BUILD)
	tar -C $(BUILD) -xJf $(LINUX_SRC_TAR) $(patsubst $(BUILD)/%,%,$@)
	touch $@

MODEL_RUN = python3 tools/model/model.py --kflags "$(BENCH_KFLAGS)"
MODEL_SMOKE = $(MAKE) --no-print-directory -s $(MODEL_SRC) >&2; \
	$(MODEL_RUN) --smoke $(BUILD)

.PHONY: model check-model

model: $(MODEL_SRC)
	$(MODEL_RUN) $(BUILD)

check-model: $(MODEL_SRC)
	$(call part,MODEL_SMOKE) | tests/summarize.sh
