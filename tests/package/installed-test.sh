#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# After apt-get install: dkms status says installed for each kernel, each
# module sits in /lib/modules/KVER/updates/dkms with that kernel's vermagic
# and DKMS's signature (the machine key /var/lib/dkms/mok.pub, generated
# by DKMS if missing), and modules.dep knows it.  The VM's test module is
# nowhere.  Prints the dkms status lines and the signers.
#   installed-test.sh "KVER..." "MODULE..."
kernels=$1
modules=$2
status=$(dkms status adiantum-x86 2>/dev/null)
echo "$status" | sed 's/^/    dkms status: /'

# the serial of the DKMS certificate, as modinfo prints a sig_key
mok_serial=$(openssl x509 -inform DER -in /var/lib/dkms/mok.pub -noout \
	-serial 2>/dev/null | sed 's/^serial=//; s/../&:/g; s/:$//')
for k in $kernels; do
	if echo "$status" | grep -q "^adiantum-x86/[^,]*, $k, x86_64: installed"; then
		echo "PASS dkms status: installed for $k"
	else
		echo "FAIL dkms status: not installed for $k"
	fi
	for m in $modules; do
		f=$(ls /lib/modules/"$k"/updates/dkms/"$m".ko* 2>/dev/null | head -1)
		if [ -z "$f" ]; then
			echo "FAIL $k: $m not in updates/dkms"
			continue
		fi
		vm=$(modinfo -F vermagic "$f" | cut -d' ' -f1)
		signer=$(modinfo -F signer "$f")
		key=$(modinfo -F sig_key "$f" | tr 'a-f' 'A-F' | sed 's/^00://')
		echo "    $f: signer '$signer', sig_key $key"
		[ "$vm" = "$k" ] && echo "PASS $k: $m built for $k" ||
			echo "FAIL $k: $m has vermagic $vm"
		if [ "$signer" = "DKMS module signing key" ] &&
		   [ -n "$mok_serial" ] && [ "$key" = "$mok_serial" ]; then
			echo "PASS $k: $m signed with DKMS's key /var/lib/dkms/mok.pub"
		else
			echo "FAIL $k: $m signer '$signer' key $key, DKMS key $mok_serial"
		fi
		grep -q "^updates/dkms/$m\.ko[.a-z]*:" /lib/modules/"$k"/modules.dep &&
			echo "PASS $k: depmod lists $m" ||
			echo "FAIL $k: modules.dep lacks $m"
	done
	if find /lib/modules/"$k" -name 'adiantum_x86_fputest*' | grep -q .; then
		echo "FAIL $k: the VM's test module was installed"
	fi
done
