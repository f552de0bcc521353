# SPDX-License-Identifier: GPL-2.0
#
# The tool's build rule is in the Makefile (it links the portable C of
# crypto/ as its reference where the kernel has none).

# option parsing and exit codes on the host (no AF_ALG needed), and
# --help against the man page; make check runs $(TOOL_ARGS_RUN)
TOOL_ARGS_RUN = tests/tool-args.sh $(BUILD)/adiantum-x86 $(TESTMGR)

.PHONY: check-tool-args
check-tool-args: $(BUILD)/adiantum-x86 $(TESTMGR)
	$(call part,TOOL_ARGS_RUN) | tests/summarize.sh
