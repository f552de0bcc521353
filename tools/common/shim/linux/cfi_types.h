/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's <linux/cfi_types.h> in userspace: SYM_TYPED_FUNC_START, for
 * the entry points another module or a pointer reaches, is a plain
 * SYM_FUNC_START here (tools/common/shim/linux/linkage.h).
 */
#ifndef AX86_SHIM_CFI_TYPES_H
#define AX86_SHIM_CFI_TYPES_H

#include <linux/linkage.h>

#endif /* AX86_SHIM_CFI_TYPES_H */
