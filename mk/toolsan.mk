# SPDX-License-Identifier: GPL-2.0
#
# The adiantum-x86 tool's own code under ASan and UBSan on the host, which
# has no AF_ALG: tests/tool/afalg_stub.c stands in for the kernel (the
# tool's socket, file and ioctl calls are wrapped at link time), so that
# every command runs: the numeric options at their bounds (fuzz --max-len
# 1..16), names of 64+ characters, the testmgr.h and /proc/crypto readers,
# status with dm-crypt mappings; then the parsers get random and mutated
# input for TOOL_FUZZ_SECONDS each (tests/tool/parsefuzz.c).
#   make check-toolsan                      3 s per parser
#   make check-toolsan TOOL_FUZZ_SECONDS=600

TOOLSAN_DIR := $(BUILD)/toolsan
TOOL_FUZZ_SECONDS ?= 3
TOOLSAN_WRAP := socket bind setsockopt getsockopt accept sendmsg sendto recv \
		splice close fopen open ioctl
TOOLSAN_FLAGS := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
		 -fno-omit-frame-pointer -Wall -Wextra -Itools/common/shim \
		 -DAX86_PORTABLE_ONLY \
		 $(foreach f,$(TOOLSAN_WRAP),-Wl,--wrap=$(f))
# the stand-in serves Adiantum from crypto/adiantum.c and OpenSSL's AES
TOOLSAN_STUB := tests/tool/afalg_stub.c tests/tool/stub_adiantum.c \
		crypto/adiantum.c
TOOLSAN_SRC := $(filter %.c,$(TOOL_SRC)) $(TOOL_PORTABLE_C) $(TOOLSAN_STUB)
TOOLSAN_DEPS := $(TOOL_SRC) $(TOOL_PORTABLE_C) $(CORE_H) $(TOOLSAN_STUB) \
		tests/tool/stub_real.h \
		tests/tool/stub_adiantum.h
TOOLSAN_BINS := $(TOOLSAN_DIR)/adiantum-x86 $(TOOLSAN_DIR)/parsefuzz

$(TOOLSAN_DIR):
	mkdir -p $@

$(TOOLSAN_DIR)/adiantum-x86: $(TOOLSAN_DEPS) | $(TOOLSAN_DIR)
	$(CC) $(TOOLSAN_FLAGS) -o $@ $(TOOLSAN_SRC) -lcrypto

# the parsers' fuzzer: the tool's files but main.c, and the stub
$(TOOLSAN_DIR)/parsefuzz: $(TOOLSAN_DEPS) tests/tool/parsefuzz.c \
			  | $(TOOLSAN_DIR)
	$(CC) $(TOOLSAN_FLAGS) -o $@ tests/tool/parsefuzz.c \
		$(filter-out %/main.c,$(TOOLSAN_SRC)) -lcrypto

TOOLSAN_RUN = tests/tool/toolsan.sh $(TOOLSAN_DIR) $(TESTMGR) \
	      $(TOOL_FUZZ_SECONDS)

# make check runs $(TOOLSAN_RUN): the builds go with its prerequisites
check: $(TOOLSAN_BINS)

.PHONY: check-toolsan
check-toolsan: $(TOOLSAN_BINS) $(TESTMGR)
	$(call part,TOOLSAN_RUN) | tests/summarize.sh
