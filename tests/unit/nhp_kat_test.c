// SPDX-License-Identifier: GPL-2.0
/*
 * The nhpoly1305 module's own known answer (crypto/nhpoly1305_kat.h), the
 * check it runs at load before registering a variant: the portable code
 * and every SIMD NH must give it, exactly as the module computes it.
 */
#include "../../crypto/nhpoly1305_kat.h"
#include "harness.h"

void test_nhp_own_kat(void)
{
	static struct ax86_nhp_kat_scratch s;
	unsigned int i;

	if (ax86_nhp_kat(&s, ax86_nh_generic))
		report_pass("nhpoly1305-own-kat-generic",
			    "the load-time known answer");
	else
		report_fail("nhpoly1305-own-kat-generic",
			    "the portable code does not give the load-time answer");
	for (i = 0; i < nr_variants; i++) {
		const struct variant *v = &variants[i];
		char group[64];

		if (!v->nh)
			continue;
		snprintf(group, sizeof(group), "nhpoly1305-own-kat-%s",
			 v->name);
		if (variant_unsupported(v))
			report_skip(group, variant_unsupported(v));
		else if (ax86_nhp_kat(&s, v->nh))
			report_pass(group, "the load-time known answer");
		else
			report_fail(group, "differs from the load-time answer");
	}
}
