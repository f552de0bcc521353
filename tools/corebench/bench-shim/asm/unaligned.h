/* SPDX-License-Identifier: GPL-2.0 */
/* make bench shim: the unaligned accessors come with ax86_userspace.h */
#include <ax86_userspace.h>
