/* SPDX-License-Identifier: GPL-2.0 */
/* Adiantum for the AF_ALG stand-in: stub_adiantum.c */
#ifndef AX86_STUB_ADIANTUM_H
#define AX86_STUB_ADIANTUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Adiantum (XChaCha of @nrounds, AES-256, NHPoly1305) of @len bytes of
 * @buf in place, under @key and the 32-byte tweak @iv; 0, or -EINVAL for
 * a message shorter than 16 bytes
 */
int stub_adiantum(unsigned int nrounds, const uint8_t key[32],
		  const uint8_t iv[32], uint8_t *buf, size_t len, bool enc);

#endif /* AX86_STUB_ADIANTUM_H */
