// SPDX-License-Identifier: GPL-2.0
/* The portable C of crypto/ behind the small interface the tool uses. */
#include <errno.h>
#include <string.h>

#include "../../crypto/chacha_generic.h"
#include "../../crypto/nhpoly1305.h"
#include "portable_ref.h"

int ref_nhpoly1305(const uint8_t *key, size_t keylen, const uint8_t *msg,
		   size_t len, uint8_t out[16])
{
	struct ax86_nhpoly1305_state st;
	struct ax86_nhpoly1305_key k;

	if (ax86_nhpoly1305_setkey(&k, key, keylen))
		return -EINVAL;
	ax86_nhpoly1305_init(&st);
	/* the update takes unsigned int lengths */
	while (len) {
		unsigned int n = len > (1u << 30) ? 1u << 30 : (unsigned int)len;

		ax86_nhpoly1305_update(&st, &k, msg, n, ax86_nh_generic);
		msg += n;
		len -= n;
	}
	ax86_nhpoly1305_final(&st, &k, out, ax86_nh_generic);
	memzero_explicit(&k, sizeof(k));
	return 0;
}

int ref_chacha(const char *name, const uint8_t key[32], const uint8_t *iv,
	       uint8_t *dst, const uint8_t *src, size_t len)
{
	u32 state[16], kw[8];
	unsigned int rounds = strcmp(name, "xchacha12") ? 20 : 12;

	ax86_chacha_key_words(kw, key);
	if (!strcmp(name, "chacha20"))
		ax86_chacha_init(state, kw, iv);
	else if (!strcmp(name, "xchacha20") || !strcmp(name, "xchacha12"))
		ax86_xchacha_init(state, kw, iv, rounds);
	else
		return -EINVAL;
	while (len) {
		unsigned int n = len > (1u << 30) ? 1u << 30 : (unsigned int)len;

		ax86_chacha_crypt(state, dst, src, n, rounds);
		dst += n;
		src += n;
		len -= n;
	}
	memzero_explicit(state, sizeof(state));
	return 0;
}
