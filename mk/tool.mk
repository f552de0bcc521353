# SPDX-License-Identifier: GPL-2.0
#
# The tool links the portable C of crypto/ (its reference where the kernel
# has none, e.g. nhpoly1305 on 7.x); it builds like the unit tests, with
# tests/shim for the kernel types.  The lead may fold this into the rule in
# the Makefile; until then these target-specific values extend it.
TOOL_PORTABLE_C := crypto/chacha_generic.c crypto/poly1305_core.c \
		   crypto/nh_generic.c crypto/nhpoly1305.c

$(BUILD)/adiantum-x86: TOOL_SRC += $(TOOL_PORTABLE_C)
$(BUILD)/adiantum-x86: CC += -Itests/shim
$(BUILD)/adiantum-x86: $(TOOL_PORTABLE_C) $(CORE_H) tests/shim/ax86_userspace.h

# option parsing and exit codes, on the host (no AF_ALG needed)
.PHONY: check-tool-args
check-tool-args: $(BUILD)/adiantum-x86 $(TESTMGR)
	tests/tool-args.sh $(BUILD)/adiantum-x86 $(TESTMGR) | tests/summarize.sh
