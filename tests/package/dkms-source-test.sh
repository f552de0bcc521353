#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make dkms-install from the checkout builds and installs for each kernel;
# make dkms-remove takes it all away again.
#   dkms-source-test.sh "KVER..." "MODULE..."
kernels=$1
modules=$2
log=${BUILD:-build}/pkg-test
if make dkms-install >"$log/dkms-install.log" 2>&1; then
	echo "PASS make dkms-install"
else
	echo "FAIL make dkms-install"
	tail -20 "$log/dkms-install.log" | sed 's/^/    /'
fi
for k in $kernels; do
	n=0
	for m in $modules; do
		ls /lib/modules/"$k"/updates/dkms/"$m".ko* >/dev/null 2>&1 &&
			n=$((n + 1))
	done
	if dkms status adiantum-x86 -k "$k" 2>/dev/null | grep -q ': installed' &&
	   [ $n = "$(echo $modules | wc -w)" ]; then
		echo "PASS make dkms-install: $n modules installed for $k"
	else
		echo "FAIL make dkms-install: $k has $n of our modules"
	fi
done
if make dkms-remove >"$log/dkms-remove.log" 2>&1 &&
   [ -z "$(dkms status adiantum-x86 2>/dev/null)" ] &&
   [ -z "$(find /lib/modules -name 'adiantum_x86_*')" ] &&
   ! ls -d /usr/src/adiantum-x86-* >/dev/null 2>&1; then
	echo "PASS make dkms-remove: nothing left"
else
	echo "FAIL make dkms-remove left something"
	dkms status adiantum-x86 2>/dev/null | sed 's/^/    /'
	find /lib/modules -name 'adiantum_x86_*' | sed 's/^/    /'
fi
