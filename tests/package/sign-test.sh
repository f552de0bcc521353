#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make sign SIGN_KEY=... SIGN_CERT=... signs the modules `make` built with
# the kernel's scripts/sign-file: unsigned before, signed by the named key
# after; without a key it refuses.  In a copy of the sources (an
# out-of-tree build leaves its objects beside them).
#   sign-test.sh KVER "MODULE..." WORK_DIR
kver=$1
modules=$2
dir=$(cd "$3" && pwd)/sign
kdir=/lib/modules/$kver/build
rm -rf "$dir"
mkdir -p "$dir/src"
cp --parents Makefile Kbuild compat.h dkms.conf mk/package.mk crypto/*.[ch] \
	arch/x86/crypto/*.[chS] "$dir/src/"
if ! make -C "$dir/src" KDIR="$kdir" >"$dir/build.log" 2>&1; then
	echo "FAIL make sign: building the modules for $kver"
	tail -20 "$dir/build.log" | sed 's/^/    /'
	exit 0
fi
cn="adiantum-x86 test signing key"
openssl req -new -x509 -nodes -days 1 -subj "/CN=$cn" -newkey rsa:2048 \
	-keyout "$dir/key.pem" -outform DER -out "$dir/cert.der" >/dev/null 2>&1
serial=$(openssl x509 -inform DER -in "$dir/cert.der" -noout -serial |
	sed 's/^serial=//; s/../&:/g; s/:$//')

for m in $modules; do
	[ -z "$(modinfo -F signer "$dir/src/$m.ko")" ] ||
		echo "FAIL make sign: $m.ko signed before make sign"
done
if make -C "$dir/src" sign KDIR="$kdir" >/dev/null 2>&1; then
	echo "FAIL make sign without SIGN_KEY/SIGN_CERT exited 0"
else
	echo "PASS make sign without SIGN_KEY/SIGN_CERT exits non-zero"
fi
if make -C "$dir/src" sign KDIR="$kdir" SIGN_KEY="$dir/key.pem" \
   SIGN_CERT="$dir/cert.der" >"$dir/sign.log" 2>&1; then
	echo "PASS make sign SIGN_KEY=key.pem SIGN_CERT=cert.der"
else
	echo "FAIL make sign SIGN_KEY=key.pem SIGN_CERT=cert.der"
	tail -10 "$dir/sign.log" | sed 's/^/    /'
fi
for m in $modules; do
	signer=$(modinfo -F signer "$dir/src/$m.ko")
	key=$(modinfo -F sig_key "$dir/src/$m.ko" | tr 'a-f' 'A-F' | sed 's/^00://')
	if [ "$signer" = "$cn" ] && [ "$key" = "$serial" ]; then
		echo "PASS make sign: $m.ko signer '$signer', sig_key $key"
	else
		echo "FAIL make sign: $m.ko signer '$signer' key '$key'," \
			"wanted '$cn' $serial"
	fi
done
