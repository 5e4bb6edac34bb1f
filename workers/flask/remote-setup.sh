#!/bin/sh
# Writes the Flask worker's launcher where make is not at hand: on an SSH host, in the worker's
# folder unpacked by Bancada (deploy = "bundle" in worker.toml), next to the shared contract of
# ../python/bancada_worker. Flask and gevent are the host's Debian packages (nothing is fetched).
set -e
/usr/bin/python3 -c 'import flask, gevent' || {
  echo "flask worker: /usr/bin/python3 lacks flask or gevent (apt install python3-flask python3-gevent)" >&2; exit 1; }
mkdir -p dist
printf '%s\n' '#!/bin/sh' "# Bancada's Flask worker on Debian's Python (written by remote-setup.sh)." \
  'here=$(cd "$(dirname "$0")/.." && pwd)' \
  'PYTHONPATH="$here:$here/../python" exec /usr/bin/python3 -m bancada_flask "$@"' > dist/bancada-worker-flask.tmp
chmod 755 dist/bancada-worker-flask.tmp && mv dist/bancada-worker-flask.tmp dist/bancada-worker-flask
