// SPDX-License-Identifier: GPL-2.0
/*
 * The SIMD ChaCha cores' scratch area in the userspace programs that run
 * them (the unit tests, make bench, make floor, make check-ct, the model's
 * tracer): one per thread, as the kernel has one per CPU (core_main.c), so
 * that threads running cores at once never share one.  asm_cores.h
 * declares it and hands it out with ax86_chacha_scratch().
 */
#include "../../arch/x86/crypto/asm_cores.h"

_Thread_local struct ax86_chacha_scratch ax86_chacha_scratch_area;
