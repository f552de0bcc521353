# SPDX-License-Identifier: GPL-2.0
#
# make style: checkpatch.pl of Linux 6.1 on the C, shellcheck on the
# scripts (tests/style.sh says what is exempt and why).  Part of make
# check.

STYLE_RUN = tests/style.sh $(LINUX_SRC_TAR) $(BUILD)

.PHONY: style check-style

style check-style:
	$(call part,STYLE_RUN) | tests/summarize.sh
