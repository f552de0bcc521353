#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# dracut module of adiantum-x86-dkms.  The root volume is opened by the
# initramfs, and a dm-crypt mapping keeps the transform it got when it was
# opened until it is closed: what the image holds serves the root volume
# until the next reboot.  Every adiantum_x86_* module found outside
# kernel/ of the kernel's module tree (DKMS installs under updates/dkms;
# found by name, not listed here: the set changes between releases) goes
# into every image, with what it imports (instmods follows modules.dep:
# the three algorithm modules need adiantum_x86_core), so that dm-crypt's
# request for "crypto-adiantum(xchacha12,aes)" (or "crypto-xchacha12",
# ...) loads ours there.  Without this, a hostonly image keeps only the
# modules loaded on the machine that makes it, and dracut's crypt module
# asks only for the aliases of the cipher spec's pieces (crypto-adiantum,
# crypto-plain64), none of which is ours: the root stays on the kernel's
# template for good, since the machine making the next image has ours
# unloaded for the same reason.
#
# Always, not only when a volume uses Adiantum: an image cannot know every
# volume the machine will open with it (a disk converted after the image
# was made, a no-hostonly image meant for any machine), and the cost is the
# modules' bytes (439 KiB uncompressed on 6.1, measured by tests/rootboot)
# and nothing at run time: a module is loaded only when something asks for
# one of its algorithms.

# srcmods (the kernel's module tree) and instmods come from dracut
# shellcheck disable=SC2154

check() {
	return 0
}

depends() {
	return 0
}

installkernel() {
	# dracut's srcmods ends in a slash: without it taken off, the -path
	# below would look for ".../<kver>//kernel" and never prune kernel/
	local ko names=() tree=${srcmods%/}
	while IFS= read -r ko; do
		ko=${ko##*/}
		names+=("${ko%%.ko*}")
	done < <(find "$tree" -path "$tree/kernel" -prune -o \
		-name 'adiantum_x86_*.ko*' -print)
	# none: DKMS built nothing for this kernel, nothing to add
	((${#names[@]})) || return 0
	# hostonly='': in a hostonly image too, though none of them is loaded
	# on a machine whose root is still on the kernel's template
	hostonly='' instmods "${names[@]}"
}

install() {
	return 0
}
