#!/bin/sh
# setup.sh - Gradescope runs this once, as root, when it builds the
# autograder's image, with the autograder zip unpacked in
# $AUTOGRADER_ROOT/source (/autograder/source).  It installs what iolab
# builds with from Ubuntu's packages, builds iolab from the sources in the
# zip into $AUTOGRADER_ROOT/iolab, makes the user the students' programs
# run as, and checks that the pack loads.  Any failure stops it (set -e):
# Gradescope then shows the build as failed, with this script's output.
#
# IOLAB_SETUP_SYSTEM=no leaves the system alone (no apt-get, no user): for
# a machine that has the packages already, and for tests/gradescope.sh.
set -eu
root=${AUTOGRADER_ROOT:-/autograder}
here=$(cd "$(dirname "$0")" && pwd)

if [ "${IOLAB_SETUP_SYSTEM:-yes}" != no ]; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get update
	apt-get install -y --no-install-recommends build-essential pkg-config \
		libncurses-dev libyaml-dev libsqlite3-dev libjansson-dev check
	# the students' programs never run as root (run_autograder)
	id grader >/dev/null 2>&1 ||
		useradd --system --no-create-home --shell /usr/sbin/nologin grader
fi

build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
tar -xzf "$here/iolab.tar.gz" -C "$build"
cd "$build"/iolab-autograder-src
./configure --quiet --prefix="$root/iolab"
make -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
make install >/dev/null
# the pack loads (a mistake names FILE:LINE:COLUMN here, not per submission)
"$root/iolab/bin/iolab" --list --lessons "$here/grading" >/dev/null
echo "setup.sh: $("$root/iolab/bin/iolab" --version | head -n 1) in $root/iolab"
