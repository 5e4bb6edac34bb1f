#!/bin/sh
# Makes the Python worker's own environment where make is not at hand: on an SSH host, in the
# worker's folder unpacked by Bancada (deploy = "bundle" in worker.toml). A virtual environment
# from requirements.lock (every package pinned by hash; from the wheels Bancada sends in vendor/,
# else pip downloads them from PyPI), then the
# launcher the manifest names as the artifact, written last (it exists only after a good setup).
# Needs python3 >= 3.10 with the venv module (Debian, Ubuntu: python3-venv).
set -e
python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' || {
  echo "python worker: needs Python >= 3.10; python3 is $(python3 --version 2>&1)" >&2; exit 1; }
rm -rf .venv
python3 -m venv .venv
if [ -d vendor/wheels ]; then
  # the wheels Bancada sent for this host's Python (the host may have no route to PyPI), each
  # pinned by its hash in vendor/requirements.lock: no index
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-index --find-links vendor/wheels \
    --require-hashes --no-deps -r vendor/requirements.lock
else
  .venv/bin/python -m pip install -q --disable-pip-version-check --require-hashes --no-deps -r requirements.lock
fi
printf '%s\n' '#!/bin/sh' "# Bancada's Python worker, run by its own environment (written by remote-setup.sh)." \
  'here=$(dirname "$0")' 'PYTHONPATH="$here/../.." exec "$here/python" -m bancada_worker "$@"' \
  > .venv/bin/bancada-worker-python.tmp
chmod 755 .venv/bin/bancada-worker-python.tmp
mv .venv/bin/bancada-worker-python.tmp .venv/bin/bancada-worker-python
