/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small seeded PRNG (xoshiro256** seeded by splitmix64) for the tests and
 * the fuzzer: reproducible from a seed and a name, fast, not for keys.
 */
#ifndef AX86_RNG_H
#define AX86_RNG_H

#include <stdint.h>
#include <string.h>

struct rng {
	uint64_t s[4];
};

static inline uint64_t rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Streams with different names are independent for the same seed. */
static inline void rng_seed(struct rng *r, uint64_t seed, const char *name)
{
	uint64_t x = seed;
	int i;

	while (*name)
		x = x * 131 + (unsigned char)*name++;
	for (i = 0; i < 4; i++)
		r->s[i] = rng_splitmix(&x);
}

static inline uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

/* uniform in [0, n) */
static inline uint32_t rng_below(struct rng *r, uint32_t n)
{
	return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

static inline void rng_fill(struct rng *r, void *p, size_t n)
{
	unsigned char *b = p;
	uint64_t v;

	while (n >= 8) {
		v = rng_next(r);
		memcpy(b, &v, 8);
		b += 8;
		n -= 8;
	}
	v = rng_next(r);
	memcpy(b, &v, n);
}

#endif /* AX86_RNG_H */
