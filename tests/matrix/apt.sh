# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# A private apt state under $MATRIX_APT (default build/apt): its own
# sources.list (trixie, sid, experimental), package lists, cache and an empty
# dpkg status, so that fetching other suites' kernels and compilers never
# touches the host's apt sources or its installed packages.  Sourced.
#   papt_update         refresh the lists (once a day is enough; cached)
#   papt ARGS...        apt-get with the private state
#   papt_cache ARGS...  apt-cache with the private state

MATRIX_APT=${MATRIX_APT:-$(pwd)/${BUILD:-build}/apt}
MATRIX_MIRROR=${MATRIX_MIRROR:-http://deb.debian.org/debian}
MATRIX_KEYRING=${MATRIX_KEYRING:-/usr/share/keyrings/debian-archive-keyring.gpg}

papt_opts() {
	echo "-o Dir::Etc::sourcelist=$MATRIX_APT/sources.list" \
	     "-o Dir::Etc::sourceparts=/dev/null" \
	     "-o Dir::Etc::preferencesparts=/dev/null" \
	     "-o Dir::State=$MATRIX_APT/state" \
	     "-o Dir::State::Lists=$MATRIX_APT/lists" \
	     "-o Dir::State::status=$MATRIX_APT/state/status" \
	     "-o Dir::Cache=$MATRIX_APT/cache" \
	     "-o Dir::Cache::pkgcache=$MATRIX_APT/cache/pkgcache.bin" \
	     "-o Dir::Cache::srcpkgcache=$MATRIX_APT/cache/srcpkgcache.bin" \
	     "-o APT::Architecture=amd64 -o Acquire::Languages=none" \
	     "-o APT::Install-Recommends=false -o Debug::NoLocking=true"
}

# shellcheck disable=SC2046
papt() { apt-get -q $(papt_opts) "$@"; }
# shellcheck disable=SC2046
papt_cache() { apt-cache $(papt_opts) "$@"; }

papt_update() {
	mkdir -p "$MATRIX_APT/lists/partial" "$MATRIX_APT/state" \
		 "$MATRIX_APT/cache/archives/partial"
	: >"$MATRIX_APT/state/status.new"
	[ -s "$MATRIX_APT/state/status" ] ||
		mv "$MATRIX_APT/state/status.new" "$MATRIX_APT/state/status"
	rm -f "$MATRIX_APT/state/status.new"
	for s in trixie sid experimental; do
		echo "deb [signed-by=$MATRIX_KEYRING] $MATRIX_MIRROR $s main"
	done >"$MATRIX_APT/sources.list"
	stamp=$MATRIX_APT/lists/.updated
	# the lists are good for a day: a second run the same day is offline
	if [ -n "$(find "$stamp" -mmin -1440 2>/dev/null)" ]; then
		return 0
	fi
	papt update >"$MATRIX_APT/update.log" 2>&1 || {
		cat "$MATRIX_APT/update.log" >&2
		return 1
	}
	touch "$stamp"
}

# the version of package $1 that suite $2 carries
papt_version_in() {
	papt_cache madison "$1" | awk -F' *[|] *' -v s=" $2/" \
		'index(" " $3, s) { print $2; exit }'
}

# the Depends of package $1 at version $2, one package name a line
papt_depends() {
	papt_cache show "$1=$2" | sed -n 's/^Depends: //p' | head -1 |
		tr ',' '\n' | sed 's/^ *//; s/[ (|].*//'
}
