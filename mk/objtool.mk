# SPDX-License-Identifier: GPL-2.0
# make check-objtool: objtool over every object of our modules, as the
# installed 6.1 and 6.12 kernels' objtool runs it with their configs'
# flags, in both unwinder modes (ORC and frame pointer); any warning
# fails.  Builds copies of the sources under $(BUILD)/objtool, then a
# self-test proves a %rbp-as-data .S fails it (tests/objtool.sh).
#   make check-objtool
#   make check-objtool OBJTOOL_SERIES=6.12
OBJTOOL_SERIES ?= 6.1 6.12
OBJTOOL_RUN = KBUILD_OPTS='$(KBUILD_OPTS)' tests/objtool.sh \
	      $(BUILD)/objtool $(OBJTOOL_SERIES)

check-objtool:
	$(call part,OBJTOOL_RUN) | tests/summarize.sh

.PHONY: check-objtool
