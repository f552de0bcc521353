# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0
#
# Running commands inside the test's Debian root on the build host, with a
# non-interactive apt.  apt, DKMS, update-initramfs and dracut read /proc
# and /sys, and dracut --hostonly wants /dev and /run mounted: each command
# gets them in a private mount namespace of its own (unshare -m), so the
# mounts die with the command and nothing of the host's is ever mounted
# under build/ in the host's namespace (an `rm -rf` of the root once went
# through a bind of the host's /dev).  /dev is a tmpfs with a few device
# nodes made by mknod, never the host's.
# Sourced.
#   chroot_begin ROOT; in_root CMD...; chroot_end ROOT

chroot_begin() {
	chroot_root=$1
	mkdir -p "$1/dev" "$1/proc" "$1/sys" "$1/run"
}

# nothing to undo: every mount was private to its command.  Checked: a
# mount left under the root would make removing it dangerous.
chroot_end() {
	if grep -q " $1/" /proc/mounts; then
		echo "chroot_end: mounts left under $1" >&2
		return 1
	fi
	return 0
}

# lines as one line of words, for a verdict
oneline() {
	printf '%s' "$1" | tr '\n' ' ' | sed 's/ *$//'
}

# the script's $1 is the root, the rest the command (single quotes: the
# inner shell expands them)
# shellcheck disable=SC2016
in_root() {
	DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		unshare -m --propagation private sh -c '
		r=$1
		shift
		mount -t proc proc "$r/proc" &&
		mount -t sysfs sys "$r/sys" &&
		mount -t tmpfs -o mode=755 run "$r/run" &&
		mount -t tmpfs -o mode=755 dev "$r/dev" || exit 1
		d=$r/dev
		mknod -m 666 "$d/null" c 1 3 && mknod -m 666 "$d/zero" c 1 5 &&
		mknod -m 666 "$d/full" c 1 7 &&
		mknod -m 666 "$d/random" c 1 8 &&
		mknod -m 666 "$d/urandom" c 1 9 &&
		mknod -m 666 "$d/tty" c 5 0 || exit 1
		ln -s /proc/self/fd "$r/dev/fd"
		mkdir "$r/dev/pts" "$r/dev/shm"
		exec chroot "$r" "$@"' sh "$chroot_root" "$@"
}

# rm -rf of a folder of ours, refused while anything is mounted under it
safe_rm() {
	for _d in "$@"; do
		case $_d in */build/*|build/*) ;; *)
			echo "safe_rm: $_d is not under build/" >&2
			return 1 ;;
		esac
		if grep -q " ${_d}[/ ]" /proc/mounts; then
			echo "safe_rm: something is mounted under $_d" >&2
			return 1
		fi
		rm -rf "$_d" || return 1
	done
}
