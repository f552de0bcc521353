/* SPDX-License-Identifier: GPL-2.0 */
/* make bench shim: see linux/kernel.h */
#include <linux/kernel.h>
