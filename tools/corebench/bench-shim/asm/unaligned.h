/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make bench shim: the le accessors come with ax86_userspace.h, the
 * generic ones with linux/kernel.h
 */
#include <linux/kernel.h>
