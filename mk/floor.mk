# SPDX-License-Identifier: GPL-2.0
# make floor: instruction-loop floors of this CPU (tools/floor/loops.S)
# beside our cores and make bench's whole-message rows: how far each core
# and each whole message is from what the pipes allow, for ours and for
# linux-6.1.  Runs make bench first (its CSV is the input).
FLOOR_SRC := tools/floor/floor.c tools/floor/loops.S tools/common/cycles.h \
	     tools/common/cpu_needs.h $(CHACHA_SCRATCH_C)

$(BUILD)/floor: $(FLOOR_SRC) $(CORE_C) $(CORE_H) $(ARCH_H) $(ASM) \
		| $(BUILD)
	$(CC) -O2 $(USER_FLAGS) -o $@ $(filter %.c %.S,$(FLOOR_SRC)) \
		$(CORE_C) $(ASM)

floor: bench $(BUILD)/floor
	$(BUILD)/floor $(BUILD)/bench.csv | tee $(BUILD)/floor.txt

.PHONY: floor
