#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# After apt-get purge: no module file of ours in any kernel's tree, nothing
# in modules.dep, no DKMS registration, no sources, no tool.
left=$(find /lib/modules -name 'adiantum_x86_*' 2>/dev/null)
if [ -z "$left" ]; then
	echo "PASS apt-get purge: no module file left under /lib/modules"
else
	echo "FAIL apt-get purge left:"
	echo "$left" | sed 's/^/    /'
fi
if grep -l 'adiantum_x86_' /lib/modules/*/modules.dep 2>/dev/null; then
	echo "FAIL apt-get purge: modules.dep still lists ours (above)"
else
	echo "PASS apt-get purge: no modules.dep lists ours"
fi
if [ -z "$(dkms status adiantum-x86 2>/dev/null)" ] &&
   [ ! -e /var/lib/dkms/adiantum-x86 ] &&
   ! ls -d /usr/src/adiantum-x86-* >/dev/null 2>&1; then
	echo "PASS apt-get purge: DKMS has no adiantum-x86, /usr/src clean"
else
	echo "FAIL apt-get purge: DKMS or /usr/src still has adiantum-x86"
fi
if [ ! -e /usr/bin/adiantum-x86 ] && [ ! -e /usr/share/adiantum-x86 ]; then
	echo "PASS apt-get purge: the tool and its data are gone"
else
	echo "FAIL apt-get purge: /usr/bin/adiantum-x86 or /usr/share/adiantum-x86 left"
fi
