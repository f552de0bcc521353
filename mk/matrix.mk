# SPDX-License-Identifier: GPL-2.0
#
# The kernel matrix (tests/matrix/): every kernel of tests/matrix/kernels
# fetched when it is not installed here, our modules built for it without a
# warning, the VM suite booted on it.  The Makefile's check runs
# $(MATRIX_RUN) as its VM_RUNS; make check-vm is this target.
#   make check-matrix                 all kernels
#   make check-matrix MATRIX_ONLY="7.2 7.2-rt" MATRIX_FUZZ=500
#   make matrix-fetch                 only fetch kernels and roots

MATRIX_RUN = BUILD=$(BUILD) KBUILD_OPTS="$(KBUILD_OPTS)" \
	MATRIX_ONLY="$(MATRIX_ONLY)" MATRIX_FUZZ="$(MATRIX_FUZZ)" \
	tests/matrix/run.sh $(BUILD)/adiantum-x86 $(TESTMGR)

.PHONY: check-matrix matrix-fetch

check-matrix: $(VM_PROGS)
	$(call part,MATRIX_RUN) | tests/summarize.sh

matrix-fetch:
	BUILD=$(BUILD) tests/matrix/fetch-all.sh
