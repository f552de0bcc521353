# SPDX-License-Identifier: GPL-2.0
#
# make check-stack: the deepest request path through our modules, C
# frames (gcc -fstack-usage) and assembly frames summed by
# tests/stack/stack_sum.py, for the installed 6.1 kernel: at most
# STACK_BOUND bytes.  The matrix sums it again with each kernel's own
# compiler (tests/matrix/build.sh), and the VM watches it with the
# kernel's stack tracer (tests/vm/guest-stack.sh).
STACK_BOUND ?= 1024
STACK_RUN = tests/stack/run.sh $(BUILD)/stack $(VM_KVER) $(STACK_BOUND) \
	    $(KBUILD_OPTS)

.PHONY: check-stack

check-stack:
	$(call part,STACK_RUN) | tests/summarize.sh
