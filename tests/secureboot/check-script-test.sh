#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# debian/adiantum-x86-secureboot-check with a fake mokutil first on PATH
# (it answers as mokutil 0.6 does, from FAKE_SB and FAKE_KEY, and logs its
# arguments): Secure Boot off, on with the key enrolled, on with the key
# not enrolled (the only case that prints, and what it prints), plus an
# enrollment already requested and no mokutil at all.  PASS/FAIL lines.
#   tests/secureboot/check-script-test.sh
cd "$(dirname "$0")/../.." || exit 1
script=$(pwd)/debian/adiantum-x86-secureboot-check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
cert=$work/mok.pub
echo "not a real certificate" >"$cert"
cat >"$work/bin/mokutil" <<'EOF2'
#!/bin/sh
echo "$*" >>"$FAKE_LOG"
case $1 in
--sb-state)
	echo "SecureBoot $FAKE_SB" ;;
--test-key)
	case $FAKE_KEY in
	enrolled)	echo "$2 is already enrolled" ;;
	requested)	echo "$2 is already in the enrollment request" ;;
	*)		echo "$2 is not enrolled" ;;
	esac ;;
*)	exit 1 ;;
esac
EOF2
chmod +x "$work/bin/mokutil"

# run the script: $1 Secure Boot state, $2 the key's; output in $work/out
run() {
	: >"$work/log"
	FAKE_SB=$1 FAKE_KEY=$2 FAKE_LOG=$work/log PATH=$work/bin:$PATH \
		sh "$script" "$cert" >"$work/out" 2>&1
}

silent() {
	run "$1" "$2"
	rc=$?
	if [ $rc = 0 ] && [ ! -s "$work/out" ]; then
		pass=PASS
	else
		pass=FAIL
	fi
	echo "$pass secureboot-check: $3: silent, exit 0 (exit $rc, asked mokutil: $(tr '\n' ';' <"$work/log"))"
	[ $pass = PASS ] || sed 's/^/    /' "$work/out"
}

silent disabled enrolled "Secure Boot off"
silent disabled "not enrolled" "Secure Boot off, key not enrolled"
silent enabled enrolled "Secure Boot on, key enrolled"
silent enabled requested "Secure Boot on, key waiting in the enrollment request"

run enabled "not enrolled"
rc=$?
missing=""
for want in "mokutil --import $cert" "reboot" "MokManager" "Enroll MOK" \
	    "is not enrolled"; do
	grep -qF "$want" "$work/out" || missing="$missing '$want'"
done
if [ $rc = 0 ] && [ -z "$missing" ] &&
   grep -qx -- "--test-key $cert" "$work/log"; then
	echo "PASS secureboot-check: Secure Boot on, key not enrolled: prints mokutil --import, reboot, MokManager (exit 0)"
else
	echo "FAIL secureboot-check: Secure Boot on, key not enrolled: exit $rc, missing$missing"
	sed 's/^/    /' "$work/out" "$work/log"
fi
sed 's/^/    | /' "$work/out"

# no mokutil: nothing to say, nothing fails
out=$(PATH=/nonexistent /bin/sh "$script" "$cert" 2>&1)
rc=$?
if [ $rc = 0 ] && [ -z "$out" ]; then
	echo "PASS secureboot-check: no mokutil on PATH: silent, exit 0"
else
	echo "FAIL secureboot-check: no mokutil on PATH: exit $rc: $out"
fi
