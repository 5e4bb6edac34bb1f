#!/usr/bin/env bash
# Set up and run the main job on this computer: the workbench window with the quick profile.
#   scripts/quickstart.sh              open the GUI (needs a display)
#   scripts/quickstart.sh --headless   run profiles/quick.toml in the terminal instead
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ "${1:-}" = "--headless" ] || { [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; }; then
  [ "${1:-}" = "--headless" ] || echo "no display found: running headless (bancada run profiles/quick.toml)"
  exec .venv/bin/bancada run profiles/quick.toml
fi
exec .venv/bin/bancada gui profiles/quick.toml
