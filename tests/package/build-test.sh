#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dpkg-buildpackage -us -uc (make package, in a copy of the tree under
# build/) builds both packages; lintian has nothing to say but what
# debian/*.lintian-overrides justifies; the packages hold what they should:
# the module sources and dkms.conf (not the VM's test module), the tool,
# its man page and the kernel's testmgr.h taken from linux-source-6.1.
#   build-test.sh DEB_DIR LOG_DIR
deb=$1
log=$2

# what the tree's parent already holds is not the build's doing
before=$(echo ../*.deb ../*.changes)
if make package >"$log/package.log" 2>&1; then
	echo "PASS dpkg-buildpackage -us -uc (make package)"
else
	echo "FAIL dpkg-buildpackage -us -uc (make package)"
	tail -30 "$log/package.log" | sed 's/^/    /'
	exit 0
fi
# the tool, run as root, is built with dpkg-buildflags' hardening
if grep -A3 -- '-DAX86_PORTABLE_ONLY' "$log/package.log" |
   tr '\n' ' ' | grep -- '-o build/adiantum-x86' |
   grep -- '-D_FORTIFY_SOURCE=' | grep -q -- '-fstack-protector-strong'; then
	echo "PASS the tool is built with the hardening flags (fortify, stack protector)"
else
	echo "FAIL the tool's compile line in $log/package.log lacks -D_FORTIFY_SOURCE or -fstack-protector-strong"
fi
dkms_deb=$(ls "$deb"/adiantum-x86-dkms_*_all.deb 2>/dev/null)
tools_deb=$(ls "$deb"/adiantum-x86-tools_*_amd64.deb 2>/dev/null)
for p in "$dkms_deb" "$tools_deb"; do
	[ -f "$p" ] || echo "FAIL a package is missing from $deb"
done
left=
for f in ../*.deb ../*.changes debian/files debian/.debhelper \
	 debian/debhelper-build-stamp debian/adiantum-x86-dkms \
	 debian/adiantum-x86-tools; do
	[ -e "$f" ] || continue
	case " $before " in *" $f "*) continue ;; esac
	left="$left $f"
done
if [ -n "$left" ]; then
	echo "FAIL the build left files in the tree:" $left
else
	echo "PASS the build left nothing in the tree (it ran under $deb)"
fi

lintian --pedantic "$deb"/adiantum-x86_*_amd64.changes >"$log/lintian.log" 2>&1
if grep -E '^(E|W):' "$log/lintian.log"; then
	echo "FAIL lintian: errors or warnings (above)"
else
	echo "PASS lintian: no error, no warning (overrides: $(cat debian/*.lintian-overrides 2>/dev/null | grep -vc '^#'))"
fi

dkms_files=$(dpkg-deb -c "$dkms_deb" | awk '{ print $6 }')
tools_files=$(dpkg-deb -c "$tools_deb" | awk '{ print $6 }')
has() {
	if echo "$1" | grep -q "$2"; then
		echo "PASS $3"
	else
		echo "FAIL $3"
	fi
}
has "$dkms_files" '^\./usr/src/adiantum-x86-[0-9.]*/dkms\.conf$' \
	"adiantum-x86-dkms holds /usr/src/adiantum-x86-VERSION/dkms.conf"
has "$dkms_files" '/Kbuild$' "adiantum-x86-dkms holds Kbuild"
# the package's sources are make dkms-sources', the list said once: run
# in the tree the package was built from (PKG_REF's, not this checkout)
rm -rf "$log/dkms-sources"
tree=$(ls -d "$deb"/adiantum-x86-*/ | head -1)
make -s -C "$tree" dkms-sources DEST="$(cd "$log" && pwd)/dkms-sources" \
	>/dev/null
want=$(cd "$log/dkms-sources" && find . -type f | sort)
got=$(echo "$dkms_files" | sed -n 's|^\./usr/src/adiantum-x86-[0-9.]*/|./|p' |
	grep -v '/$' | grep -vx './dkms.conf' | sort)
if [ -n "$want" ] && [ "$got" = "$want" ]; then
	echo "PASS adiantum-x86-dkms holds make dkms-sources' $(echo "$want" | wc -l) files and dkms.conf"
else
	echo "FAIL adiantum-x86-dkms sources differ from make dkms-sources:"
	echo "$want" >"$log/dkms-sources.want"
	echo "$got" >"$log/dkms-sources.got"
	diff "$log/dkms-sources.want" "$log/dkms-sources.got" | sed 's/^/    /'
fi
if echo "$dkms_files" | grep -q 'fpu_test\|tests/'; then
	echo "FAIL adiantum-x86-dkms holds the VM's test module"
else
	echo "PASS adiantum-x86-dkms leaves the VM's test module out"
fi
if dpkg-deb -I "$dkms_deb" | grep -q '^ Depends:.*dkms'; then
	echo "PASS adiantum-x86-dkms depends on dkms (dh-dkms hooks)"
else
	echo "FAIL adiantum-x86-dkms does not depend on dkms"
fi
has "$tools_files" '^\./usr/bin/adiantum-x86$' "adiantum-x86-tools holds the tool"
has "$tools_files" '^\./usr/share/man/man1/adiantum-x86\.1\.gz$' \
	"adiantum-x86-tools holds the man page"
has "$tools_files" '^\./usr/share/adiantum-x86/testmgr\.h$' \
	"adiantum-x86-tools holds testmgr.h"

# testmgr.h is the kernel's, taken at build time, and not in git
x=$(mktemp -d)
dpkg-deb -x "$tools_deb" "$x"
tar -xJOf /usr/src/linux-source-6.1.tar.xz \
	linux-source-6.1/crypto/testmgr.h >"$x/kernel-testmgr.h"
if cmp -s "$x/usr/share/adiantum-x86/testmgr.h" "$x/kernel-testmgr.h"; then
	echo "PASS packaged testmgr.h is linux-source-6.1's crypto/testmgr.h"
else
	echo "FAIL packaged testmgr.h differs from linux-source-6.1's"
fi
committed=no
for f in $(git ls-files); do
	cmp -s "$f" "$x/kernel-testmgr.h" && committed=$f
done
[ $committed = no ] && echo "PASS the kernel's testmgr.h is not in git" ||
	echo "FAIL the kernel's testmgr.h is committed as $committed"
if file "$x/usr/bin/adiantum-x86" | grep -q 'statically linked' &&
   "$x/usr/bin/adiantum-x86" --help >/dev/null 2>&1; then
	echo "PASS the packaged tool is static and runs"
else
	echo "FAIL the packaged tool is not static or does not run"
fi
rm -rf "$x"
