#!/usr/bin/env bash
# The packaging tests (tests/packaging): build the real packages and install them.
#   packaging/test.sh          the reduced set CI runs: wheel + sdist built, installed with
#                              `uv tool install` into a temporary folder, bancada --version,
#                              bancada workers, a 5-request run of go-rest, the window
#   packaging/test.sh --full   also the bundle's folder (build.sh frozen) used from a clean shell,
#                              the packed bundle (tar.xz) and the .deb (about 30 minutes)
# Needs the workers built (make -C workers); without them the tests skip and say so.
set -euo pipefail
cd "$(dirname "$0")/.."
marker="packaging and not packaging_full"
if [ "${1:-}" = "--full" ]; then
  shift
  marker="packaging"
  export BANCADA_PACKAGING_FULL=1
fi
exec .venv/bin/python -m pytest -q -p no:cacheprovider -m "$marker" tests/packaging "$@"
