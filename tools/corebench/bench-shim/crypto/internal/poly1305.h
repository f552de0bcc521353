/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make bench shim: the types and entry points of the kernel's Poly1305
 * core, as lib/crypto/poly1305-donna64.c of Linux 6.1 expects them.
 */
#ifndef AX86_BENCH_SHIM_POLY1305_H
#define AX86_BENCH_SHIM_POLY1305_H

#include <ax86_userspace.h>

#define POLY1305_BLOCK_SIZE 16

struct poly1305_key {
	union {
		u32 r[5];
		u64 r64[3];
	};
};

struct poly1305_core_key {
	struct poly1305_key key;
	struct poly1305_key precomputed_s;
};

struct poly1305_state {
	union {
		u32 h[5];
		u64 h64[3];
	};
};

void poly1305_core_setkey(struct poly1305_core_key *key,
			  const u8 raw_key[POLY1305_BLOCK_SIZE]);

static inline void poly1305_core_init(struct poly1305_state *state)
{
	memset(state, 0, sizeof(*state));
}

void poly1305_core_blocks(struct poly1305_state *state,
			  const struct poly1305_core_key *key, const void *src,
			  unsigned int nblocks, u32 hibit);
void poly1305_core_emit(const struct poly1305_state *state,
			const u32 nonce[4], void *dst);

#endif
