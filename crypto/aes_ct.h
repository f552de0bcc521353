/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One AES-256 block each way in constant time, in portable C: for the
 * CPUs without AES-NI and SSSE3 and for the path without the FPU, where
 * the kernel's AES library would index tables with secret bytes.  No
 * branch and no memory address depends on the key or the data.
 *
 * The round keys are the kernel AES library's (compat.h), which AES-NI
 * and the SSSE3 core take too: @enc the 15 encryption keys in order,
 * @dec the equivalent inverse cipher's (last first, InvMixColumns on the
 * middle 13).  Nothing needs to be aligned.
 */
#ifndef AX86_AES_CT_H
#define AX86_AES_CT_H

#include "portable.h"

void ax86_aes_ct_encrypt256(const u32 enc[60], u8 out[16], const u8 in[16]);
void ax86_aes_ct_decrypt256(const u32 dec[60], u8 out[16], const u8 in[16]);

#endif /* AX86_AES_CT_H */
