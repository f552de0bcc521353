# SPDX-License-Identifier: GPL-2.0
#
# The tool's build rule is in the Makefile (it links the portable C of
# crypto/ as its reference where the kernel has none).

# option parsing and exit codes, on the host (no AF_ALG needed)
.PHONY: check-tool-args
check-tool-args: $(BUILD)/adiantum-x86 $(TESTMGR)
	tests/tool-args.sh $(BUILD)/adiantum-x86 $(TESTMGR) | tests/summarize.sh
