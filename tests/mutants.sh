#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Proves the unit tests can fail: each mutant changes one instruction (or
# constant) of a core, rebuilds what it touches of the unit tests on a
# copy of the tree, and must make them report a failure.  A mutant that no longer applies (the
# code moved on) is a failure too, so this list cannot rot silently.
#   mutants.sh BUILD_DIR TESTMGR_H
build=$(cd "$1" && pwd)
testmgr=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
top=$(cd "$(dirname "$0")/.." && pwd)
work=$build/mutants
CC=${CC:-gcc}

# file | text | replacement (first occurrence only, literal) [| CPU flags
# the mutated code needs (/proc/cpuinfo names): on a host without them the
# unit tests cannot run it, and the mutant is reported SKIP with the reason]
MUTANTS='
arch/x86/crypto/chacha-sse-x86_64.S|V		pshuflw, $0xb1|V		pshuflw, $0xb4
arch/x86/crypto/chacha-sse-x86_64.S|	psrld		$(32 - \n), %xmm\tmp|	psrld		$(31 - \n), %xmm\tmp
arch/x86/crypto/chacha-sse-x86_64.S|jb		.Lpark\@|jbe		.Lpark\@
arch/x86/crypto/chacha-sse-x86_64.S|xorb		KS(SCRATCH,%rax)|xorb		KS+1(SCRATCH,%rax)
arch/x86/crypto/chacha-sse-x86_64.S|.Lrot8:		.byte 3, 0, 1, 2|.Lrot8:		.byte 3, 0, 2, 1
arch/x86/crypto/chacha-sse-x86_64.S|V		movdqa, TMP(SCRATCH), %xmm\a|V		movdqa, TMP+16(SCRATCH), %xmm\a
arch/x86/crypto/chacha-sse-x86_64.S|movdqa, .Lrot16(%rip), %xmm\r|movdqa, .Lrot8(%rip), %xmm\r
arch/x86/crypto/chacha-sse-x86_64.S|vpsrld		$(32 - \n), %xmm\r, %xmm\r|vpsrld		$(31 - \n), %xmm\r, %xmm\r|avx
arch/x86/crypto/chacha-sse-x86_64.S|vpxor		\off(SRC), %xmm\r, %xmm\r|vpaddd		\off(SRC), %xmm\r, %xmm\r|avx
arch/x86/crypto/chacha-sse-x86_64.S|v\op		\src2, \src1, \dst|v\op		\src1, \src2, \dst|avx
arch/x86/crypto/nh-avx2-x86_64.S|PASSES		xmm, 48, xmm|PASSES		xmm, 32, xmm|avx
arch/x86/crypto/nh-avx2-x86_64.S|PASSES		ymm, 96|PASSES		ymm, 64|avx2
arch/x86/crypto/nh-avx2-x86_64.S|sub		$-128, MSG|sub		$-112, MSG|avx2
arch/x86/crypto/nh-avx2-x86_64.S|vmovdqu		%xmm2, 16(HASH)|vmovdqu		%xmm0, 16(HASH)|avx
arch/x86/crypto/nh-avx2-x86_64.S|UNITS		xmm, 16, xmm|UNITS		xmm, 32, xmm|avx
arch/x86/crypto/chacha-avx2-x86_64.S|vperm2i128	$0x31|vperm2i128	$0x21
arch/x86/crypto/chacha-avx2-x86_64.S|.long 8, 8, 8, 8, 8, 8, 8, 8|.long 8, 8, 8, 8, 8, 8, 8, 7
arch/x86/crypto/chacha-avx2-x86_64.S|lea		32(%rax), %r10|lea		31(%rax), %r10
arch/x86/crypto/chacha-avx2-x86_64.S|vmovdqa		SPILL+32(SCRATCH), %ymm15|vmovdqa		SPILL(SCRATCH), %ymm15
arch/x86/crypto/chacha-avx2-x86_64.S|JOIN_OUT	\s0, \a2, 1|JOIN_OUT	\a2, \s0, 1
arch/x86/crypto/chacha-avx2-x86_64.S|vmovdqa		TMP(SCRATCH), %ymm\t|vmovdqa		TMP+32(SCRATCH), %ymm\t
arch/x86/crypto/chacha-avx2-x86_64.S|vmovdqa		\mask(%rip), %ymm\t|vmovdqa		.Lrot8(%rip), %ymm\t
arch/x86/crypto/chacha-avx512-x86_64.S|sub		$\off, %rax|sub		$(\off + 1), %rax|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/chacha-avx512-x86_64.S|ROL4		\W, 12|ROL4		\W, 13|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/chacha-avx512-x86_64.S|vshufi32x4	$0xdd, %zmm20|vshufi32x4	$0xd9, %zmm20|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/chacha-avx512-x86_64.S|vmovdqa64	%zmm27, %zmm11|vmovdqa64	%zmm26, %zmm11|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/chacha-avx512-x86_64.S|vmovdqa64	%zmm21, SET_B+64*5(SCRATCH)|vmovdqa64	%zmm21, SET_B+64*4(SCRATCH)|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/chacha-avx512-x86_64.S|vshufi32x4	$3, %ymm\y|vshufi32x4	$2, %ymm\y|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/chacha-avx512-x86_64.S|.Lsixteen:	.long 16|.Lsixteen:	.long 15|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/chacha-avx512-x86_64.S|cmp		$(\off + \C), LEN|cmp		$(\off + \C - 1), LEN|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/hchacha-ssse3-x86_64.S|pshufd		$0x93, %xmm0|pshufd		$0x39, %xmm0
arch/x86/crypto/hchacha-avx512vl-x86_64.S|STEP		C, D, B, 7|STEP		C, D, B, 8|avx512f avx512vl
arch/x86/crypto/hchacha-avx512vl-x86_64.S|vpshufd		$0x4e, D, D|vpshufd		$0x1b, D, D|avx512f avx512vl
arch/x86/crypto/nh-sse2-x86_64.S|pshufd		$0xd8|pshufd		$0xd9
arch/x86/crypto/nh-sse2-x86_64.S|paddq		K3, SUM0|paddq		K2, SUM0
arch/x86/crypto/nh-sse2-x86_64.S|movdqu		80(KEY), T2|movdqu		64(KEY), T2
arch/x86/crypto/nh-sse2-x86_64.S|movdqu		48(KEY), %xmm3|movdqu		32(KEY), %xmm3
arch/x86/crypto/nh-sse2-dsum-x86_64.S|psrld		$16, T1|psrld		$15, T1
arch/x86/crypto/nh-sse2-dsum-x86_64.S|psubd		T0, \lo|paddd		T0, \lo
arch/x86/crypto/nh-sse2-dsum-x86_64.S|psllq		$16, \hi|psllq		$17, \hi
arch/x86/crypto/nh-sse2-dsum-x86_64.S|pslld		$16, T0|pslld		$15, T0
arch/x86/crypto/nh-sse2-dsum-x86_64.S|movdqu		48(KEY,IDX), T3|movdqu		32(KEY,IDX), T3
arch/x86/crypto/nh-sse2-dsum-x86_64.S|pshufd		$0xf5, T3, S1|pshufd		$0xf4, T3, S1
arch/x86/crypto/adiantum_dispatch.h|#define AX86_ADIANTUM_NH_ssse3		sse2_or_dsum|#define AX86_ADIANTUM_NH_ssse3		sse2
arch/x86/crypto/poly1305-sse2-x86_64.S|psrlq		$14, M3|psrlq		$13, M3
arch/x86/crypto/poly1305-sse2-x86_64.S|cmovnz		%r9, %r8|cmovz		%r9, %r8
arch/x86/crypto/poly1305-sse2-x86_64.S|lea		(%rax, %rax, 4), %rax|lea		(%rax, %rax, 2), %rax
arch/x86/crypto/poly1305-sse2-x86_64.S|ADD3		%xmm13, D0, %xmm14, D1, %xmm15, D2|ADD3		%xmm13, D0, %xmm14, D2, %xmm15, D1
arch/x86/crypto/poly1305-sse2-x86_64.S|sub		$2 * LANE_BYTES, KP|sub		$LANE_BYTES, KP
crypto/poly1305_core.c|l->s[i - 1][lane] = t[i] * 5;|l->s[i - 1][lane] = t[i] * 4;
arch/x86/crypto/nh-avx2-x86_64.S|vperm2i128	$0x31, %ymm2|vperm2i128	$0x21, %ymm2
arch/x86/crypto/nh-avx2-x86_64.S|cmp		$32, LEN|cmp		$16, LEN
arch/x86/crypto/nh-avx512-x86_64.S|vpshufd		$0xf5, %zmm21|vpshufd		$0xf4, %zmm21|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/nh-avx512-x86_64.S|shr		$2, %r8d|shr		$3, %r8d|avx512f avx512vl avx512bw bmi2
crypto/nh_generic.c|{ 0, 2, 1, 3 }|{ 0, 1, 2, 3 }
arch/x86/crypto/chacha_dispatch.h|ax86_chacha_advance(state, zmm);|ax86_chacha_advance(state, zmm - 64);|avx512f avx512vl avx512bw bmi2
crypto/poly1305_core.c|h[2] = (u64)d2 & M42;|h[2] = (u64)d2 & M44;
crypto/poly1305_core.c|mul_add(d, h, &key->pow[n - 1]);|mul_add(d, h, &key->pow[0]);
crypto/nhpoly1305.h|n * AX86_NH_HASH_BYTES /|(n - 1) * AX86_NH_HASH_BYTES /
crypto/poly1305_core.c|g2 = h2 + c - (1ULL << 42);|g2 = h2 + c - (1ULL << 41);
crypto/poly1305_core.c|g0 = h0 + 5;|g0 = h0 + 4;
crypto/chacha_generic.c|memcpy(&real_iv[8], iv + 16, 8);|memcpy(&real_iv[8], iv + 8, 8);
crypto/nhpoly1305.h|st->nh_remaining -= n;|st->nh_remaining -= n - 16 * (n > 16);
arch/x86/crypto/aesni-x86_64.S|ROUND		\op\()last, 0xe0|ROUND		\op\()last, 0xd0
arch/x86/crypto/aesni-x86_64.S|movhps		8(%rdx), %xmm0|movhps		(%rdx), %xmm0
arch/x86/crypto/aes-vperm-x86_64.S|pxor		%xmm0, %xmm2		/* io */|pxor		%xmm1, %xmm2		/* io */|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|psrld		$4, %xmm1|psrld		$3, %xmm1|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|.Linv:	.byte 0x80, 0x01, 0x09|.Linv:	.byte 0x80, 0x01, 0x08|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|.Lak:	.byte 0x80,|.Lak:	.byte 0x00,|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|pshufb		\r2(%rip), %xmm4|pshufb		\r1(%rip), %xmm4|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|JO		.Ldec_m9, %xmm6, \r3|JO		.Ldec_m9, %xmm6, \r2|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|add		$0x40, %rax|add		$0x30, %rax|ssse3
arch/x86/crypto/aes_vperm_key.h|moves[r % 4][t]],|moves[(r + 1) % 4][t]],|ssse3
arch/x86/crypto/aes_vperm_key.h|u8 last_c = enc ? 0x63 : 0;|u8 last_c = enc ? 0x62 : 0;|ssse3
arch/x86/crypto/aes_vperm_key.h|c ^= cols[t] & (u8)-((b >> t) & 1);|c ^= cols[t] & (u8)-((b >> (t ^ 1)) & 1);|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|	movdqu		(%rcx), %xmm5|	movdqu		-0x10(%rcx), %xmm5|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|.Ldec_k_lo:	.byte 0x04,|.Ldec_k_lo:	.byte 0x05,|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|.Lenc_s3_jo:	.byte 0x00, 0x93|.Lenc_s3_jo:	.byte 0x00, 0x92|ssse3
crypto/aes_ct.c|.o = s.e ^ b7 ^ (b7 << 2),|.o = s.e ^ b7 ^ (b7 << 3),
crypto/aes_ct.c|u64 b7 = (s.o >> 6) & M03;|u64 b7 = (s.o >> 4) & M03;
crypto/aes_ct.c|u64 b6 = (s.e >> 6) & M03;|u64 b6 = (s.e >> 4) & M03;
crypto/aes_ct.c|^ ((b6 ^ b7) << 4),|^ ((b6 ^ b7) << 2),
crypto/aes_ct.c|s = ax86_aes_ct_add_key(s, dec, C63);|s = ax86_aes_ct_add_key(s, dec, 0);
crypto/aes_ct.c|for (r = 1; r < 14; r++) {|for (r = 1; r < 13; r++) {
crypto/aes_ct.c|d.e ^= r1.e ^ ax86_aes_ct_rot2(t.e);|d.e ^= r1.e ^ ax86_aes_ct_rot1(t.e);
crypto/aes_ct_gen.h|u64 t0 = x[1] ^ x[6];|u64 t0 = x[1] ^ x[5];
crypto/aes_ct_gen.h|u64 t6 = t3 & t5;|u64 t6 = t3 ^ t5;
crypto/aes_ct_gen.h|(ax86_ror64(x, 32) & 0xff00ff00ff00ff00ULL)|(ax86_ror64(x, 24) & 0xff00ff00ff00ff00ULL)
arch/x86/crypto/adiantum_dispatch.h|#define AX86_ADIANTUM_AES_sse2		ct|#define AX86_ADIANTUM_AES_sse2		vperm|ssse3
crypto/adiantum.h|hi += get_unaligned_le64(b + 8) + (lo < x);|hi += get_unaligned_le64(b + 8);
crypto/adiantum.h|hi -= get_unaligned_le64(c + 8) + (lo < x);|hi -= get_unaligned_le64(c + 8);
crypto/adiantum.h|aes_fn(aes, rq->m, c_m, false);|aes_fn(aes, rq->m, c_m, true);
crypto/adiantum.h|if (slen > len)|if (slen > len + 16)
arch/x86/crypto/poly1305-x86_64.S|MAC		M2, S1, D0L, D0H|MAC		M2, S2, D0L, D0H
arch/x86/crypto/poly1305-x86_64.S|or		.Lhibit(%rip), M2|or		.Lhibit(%rip), M1
arch/x86/crypto/poly1305-x86_64.S|adc		$0, D1H|add		$0, D1H
arch/x86/crypto/poly1305-x86_64.S|LOW		42, M2|LOW		43, M2
arch/x86/crypto/poly1305-x86_64.S|cmovnz		%rax, D0L|cmovz		%rax, D0L
arch/x86/crypto/poly1305-x86_64.S|adc		$0, D1H			/* still 2^130 or more */|add		$0, D1H
arch/x86/crypto/poly1305-x86_64.S|shl		$44, %rbx|shl		$43, %rbx
arch/x86/crypto/poly1305-x86_64.S|lea		(%rax, %rax, 4), %rax|lea		(%rax, %rax, 2), %rax
arch/x86/crypto/poly1305-x86_64.S|and		$3, D1H|and		$7, D1H
arch/x86/crypto/poly1305-x86_64.S|adc		D2L, D1H|add		D2L, D1H
arch/x86/crypto/poly1305-x86_64.S|mov		16(ST), D2L|mov		8(ST), D2L
arch/x86/crypto/poly1305-x86_64.S|mov		%rax, H_COPY1|mov		%rax, H_COPY2
crypto/nhpoly1305.h|st->nh_remaining ? AX86_NH_HASH_BYTES /|st->nh_remaining > 16 ? AX86_NH_HASH_BYTES /
crypto/adiantum.h|memzero_explicit(rq->state, sizeof(rq->state));|memzero_explicit(rq->state, 4);
crypto/adiantum.h|memzero_explicit(rq->m, sizeof(rq->m));|memzero_explicit(rq->m, 8);
crypto/adiantum.h|rq->state[14] = 1;|rq->state[14] = 2;
crypto/adiantum.h|memcpy(rq->m, c_m, 16);|memcpy(rq->m, c_m, 15);
crypto/adiantum.h|ax86_le128_add3(c_m, r_in, rq->ht, hl);|ax86_le128_add3(rq->m, r_in, rq->ht, hl);
crypto/nhpoly1305.h|memzero_explicit(sums, n * AX86_NH_HASH_BYTES);|memzero_explicit(sums, 0);
crypto/nhpoly1305.h|nh(key->nh, src, n, sums[i]);|nh(key->nh, src, n, sums[0]);
crypto/nhpoly1305.h|poly(&key->poly, sums[0], n * AX86_NH_HASH_BYTES /|poly(&key->poly, sums[1], n * AX86_NH_HASH_BYTES /
crypto/nhpoly1305.h|return len % AX86_NH_UNIT == 0 &&|return len % 8 == 0 &&
arch/x86/crypto/poly1305-x86_64.S|lea		(D2L, D2L, 4), %rax|lea		(D2L, D2L, 2), %rax
crypto/adiantum.h|(u64)bulk * 8|(u64)bulk * 4
crypto/adiantum.h|poly(&key->tweak, msg, sizeof(msg) / AX86_POLY1305_BLOCK_SIZE, out);|poly(&key->tweak, msg, sizeof(msg) / AX86_POLY1305_BLOCK_SIZE - 1, out);
crypto/nhpoly1305_kat.h|0x8c, 0x95, 0xdb|0x8c, 0x95, 0xda
arch/x86/crypto/cpu_quirks.h|AMD_FAMILY	0x1a|AMD_FAMILY	0x19
arch/x86/crypto/cpu_quirks.h|(model >= 0xa0 && model <= 0xaf)|(model >= 0xa1 && model <= 0xaf)
arch/x86/crypto/cpu_quirks.h|return amd && family == 0x19 &&|return family == 0x19 &&
arch/x86/crypto/chacha_dispatch.h|ax86_slow_chains() ? "scalar" : #core|ax86_slow_chains() ? #core : "scalar"
arch/x86/crypto/chacha_dispatch.h|AX86_HCHACHA_SIMD(avx512, avx512vl)|AX86_HCHACHA_SIMD(avx512, ssse3)
arch/x86/crypto/chacha_dispatch.h|ax86_slow_chains() ? #isa "-pairs" : #isa;|ax86_slow_chains() ? #isa : #isa "-pairs";
arch/x86/crypto/chacha_dispatch.h|ax86_zmm_pairs() ? "avx512-pairs" : "avx512"|ax86_zmm_pairs() ? "avx512" : "avx512-pairs"
arch/x86/crypto/cpu_quirks.h|	       ax86_zen4_cpu(amd, family, model);|	       ax86_zen4_cpu(amd, family, model + 1);
arch/x86/crypto/chacha_dispatch.h|		ax86_hchacha_scalar(state, out, nrounds);|		ax86_hchacha_scalar(state, out, 20);
arch/x86/crypto/hchacha-scalar-macros.S|	mov		HC_SLOT_X1(%rsp), A01|	mov		HC_SLOT_X0(%rsp), A01
arch/x86/crypto/hchacha-scalar-macros.S|QHALF		(\n)-8, A01, X6, X11, X12,|QHALF		(\n)-8, A01, X6, X11, X13,
arch/x86/crypto/hchacha-scalar-macros.S|	rol		$8, \z2|	rol		$7, \z2
arch/x86/crypto/hchacha-scalar-macros.S|	mov		X13, 0x14(%rsi)|	mov		X12, 0x14(%rsi)
arch/x86/crypto/hchacha-scalar-macros.S|	movq		$0, HC_SLOT_X0(%rsp)|	movq		$0, HC_SLOT_X0+16(%rsp)
arch/x86/crypto/hchacha-scalar-macros.S|	movq		$0, HC_SLOT_X2(%rsp)|	movq		$0, HC_SLOT_X2+8(%rsp)
arch/x86/crypto/aes-vperm-x86_64.S|	FIRST		dec, 0x30|	FIRST		dec, 0x20|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|HC_DIAGONALS_PART, KEYS_3|HC_DIAGONALS_PART|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|	HC_PART		\hc, (\n)+1, \between|	HC_PART		\hc, (\n)+2, \between|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|	movdqu		0x40(%rax), %xmm8|	movdqu		0x30(%rax), %xmm8|ssse3
arch/x86/crypto/aes-vperm-x86_64.S|	subl		$12, SLOT_ROUNDS(%rsp)|	subl		$10, SLOT_ROUNDS(%rsp)|ssse3
arch/x86/crypto/hchacha-scalar-macros.S|	mov		HC_SLOT_X2(%rsp), A23|	mov		HC_SLOT_X3(%rsp), A23
arch/x86/crypto/poly1305-x86_64.S|.Lhibit:	.quad	1 << 40|.Lhibit:	.quad	1 << 41
arch/x86/crypto/chacha-avx2-x86_64.S|	SWAP		SET_B, SET_A|	SWAP		SET_A, SET_A|avx2
arch/x86/crypto/chacha-avx2-x86_64.S|	LOAD_STATE	1|	LOAD_STATE	0|avx2
arch/x86/crypto/chacha-avx2-x86_64.S|	LOAD_ROWS	SET_B|	LOAD_ROWS	SET_A|avx2
arch/x86/crypto/chacha-sse-x86_64.S|	V2		paddd, %xmm12, .Lfours(%rip)|	V2		paddd, %xmm13, .Lfours(%rip)
arch/x86/crypto/chacha-sse-x86_64.S|	LOAD_ROWS	SET_B|	LOAD_ROWS	SET_A
arch/x86/crypto/chacha-sse-x86_64.S|jmp		.Lpair_b\@|jmp		.Lpair_round\@
arch/x86/crypto/chacha-avx2-x86_64.S|jmp		.Lpair_b\@|jmp		.Lpair_round\@|avx2
arch/x86/crypto/chacha-avx512-x86_64.S|	vpaddd		.Lsixteen(%rip){1to16}, %zmm16, %zmm28|	vpaddd		.Leight(%rip){1to16}, %zmm16, %zmm28|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/chacha-avx512-x86_64.S|	vmovdqa64	CTR(SCRATCH), %zmm16|	vmovdqa64	%zmm28, %zmm16|avx512f avx512vl avx512bw bmi2
arch/x86/crypto/chacha-sse-x86_64.S|	mov		$PAIRS_USED_BYTES, %r8d|	mov		$USED_BYTES, %r8d
arch/x86/crypto/chacha-avx2-x86_64.S|	mov		$USED_BYTES, %r8d|	mov		$KS, %r8d|avx2
arch/x86/crypto/chacha-avx512-x86_64.S|	jz		.Lwiped\@|	jnz		.Lwiped\@|avx512f avx512vl avx512bw bmi2
'

# The unit test binary's objects are built once from an unchanged copy;
# each mutant rebuilds only the objects its file goes into (a header's:
# every object whose dependency list names it) and links again.
# -z now as in the Makefile: the stack-wipe test needs it.
CFLAGS="-O2 -Itools/common/shim -Wa,--noexecstack"
base=$work/base
rm -rf "$work"
mkdir -p "$base/obj"
cp -r "$top/crypto" "$top/arch" "$top/tests" "$top/tools" "$base/"
(cd "$base" && ls crypto/*.c arch/x86/crypto/*.S tests/unit/*.c \
	tools/common/testmgr.c tools/common/chacha_scratch.c) >"$work/sources"

obj_of() {
	echo "obj/$(echo "$1" | tr / _).o"
}

# build_objs DIR SOURCE...: compile each into DIR/obj
build_objs() {
	d=$1
	shift
	for src in "$@"; do
		o=$(obj_of "$src")
		# shellcheck disable=SC2086
		(cd "$d" && $CC $CFLAGS -MMD -MF "$o.d" -c -o "$o" "$src") ||
			return 1
	done
}

link_unit() {
	(cd "$1" && $CC -Wl,-z,now -o unit obj/*.o -lcrypto)
}

# shellcheck disable=SC2046
if ! build_objs "$base" $(cat "$work/sources") >"$work.log" 2>&1; then
	echo "FAIL mutants: the unchanged tree does not build"
	sed 's/^/    /' "$work.log" | head -20
	exit 1
fi

# the sources whose objects depend on $1 (a path from the top)
users_of() {
	case $1 in
	*.h | *-macros.S)
		h=$(basename "$1" | sed 's/\./\\./g')
		while read -r src; do
			grep -qE "(^|[ /])$h( |\$)" "$base/$(obj_of "$src").d" &&
				echo "$src"
		done <"$work/sources"
		;;
	*)
		echo "$1"
		;;
	esac
}

flags=$(grep -m1 '^flags' /proc/cpuinfo)

# try_mutant N FILE FROM TO NEEDS SLOT: one mutant, in its own copy of the
# tree ($work/m.SLOT); prints its verdict line
try_mutant() {
	n=$1 file=$2 from=$3 to=$4 needs=$5 slot=$6
	name="mutant $n ($(basename "$file"): $(printf '%s' "$from" | tr -s '\t' ' '))"
	lacks=""
	for f in $needs; do
		printf '%s ' "$flags" | grep -q " $f " || lacks="$lacks $f"
	done
	if [ -n "$lacks" ]; then
		printf "%s\n" "SKIP $name: host CPU lacks$lacks, the tests cannot run it"
		return
	fi
	m=$work/m.$slot
	log=$work/log.$slot
	out=$work/out.$slot
	rm -rf "$m"
	cp -r "$base" "$m"
	FROM=$from TO=$to perl -i -pe \
		'if (!$done && s/\Q$ENV{FROM}\E/$ENV{TO}/) { $done = 1 }' \
		"$m/$file"
	if cmp -s "$top/$file" "$m/$file"; then
		printf "%s\n" "FAIL $name: text not found, mutant not applied"
		return
	fi
	users=$(users_of "$file")
	# shellcheck disable=SC2086
	if [ -z "$users" ] || ! { build_objs "$m" $users && link_unit "$m"; } \
	      >"$log" 2>&1; then
		printf "%s\n" "FAIL $name: does not build"
		return
	fi
	if timeout 300 "$m/unit" --quick --first-fail --seed 1 \
	   --testmgr "$testmgr" \
	   >"$out" 2>&1 && ! grep -q '^FAIL' "$out"; then
		printf "%s\n" "FAIL $name survived: the tests did not notice"
	else
		why=$(grep -m1 '^FAIL' "$out" | cut -c6- | tr -s ' ')
		printf "%s\n" "PASS $name caught: ${why:-the test binary crashed}"
	fi
}

# Two at a time (MUTANT_JOBS), each on every other mutant of the list; the
# verdicts are printed in the list's order.
jobs=${MUTANT_JOBS:-2}
slot=0
while [ "$slot" -lt "$jobs" ]; do
	printf '%s\n' "$MUTANTS" | grep -v '^$' | awk -v s="$slot" -v j="$jobs" \
		'(NR - 1) % j == s { print NR "|" $0 }' |
	while IFS='|' read -r n file from to needs; do
		printf '%s\t%s\n' "$n" "$(try_mutant "$n" "$file" "$from" "$to" \
			"$needs" "$slot")"
	done >"$work/verdicts.$slot" &
	slot=$((slot + 1))
done
wait
sort -n -k1,1 "$work"/verdicts.* | cut -f2-
rm -rf "$work" "$work.log"
