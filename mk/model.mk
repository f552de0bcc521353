# SPDX-License-Identifier: GPL-2.0
#
# The CPU model: llvm-mca (Debian's llvm package) over the loops of our
# cores and Linux 6.1's, on the CPUs Adiantum is for (tools/model/).
#
#   make model        the tables; build/model.csv, model-regions.csv, model.md
#   make check-model  the smoke form: every region found and modelled, one
#                     PASS/FAIL line per core, no speed asserted
#
# MODEL_SMOKE is the command for make check's pipeline (it needs
# $(LINUX_ASM), the Linux 6.1 sources extracted under $(BUILD)).

MODEL_SMOKE = python3 tools/model/model.py --smoke $(BUILD)

.PHONY: model check-model

model: $(LINUX_ASM)
	python3 tools/model/model.py $(BUILD)

check-model: $(LINUX_ASM)
	$(MODEL_SMOKE) | tests/summarize.sh
