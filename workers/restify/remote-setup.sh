#!/bin/sh
# Makes the restify worker ready where make is not at hand: on an SSH host, in the worker's folder
# unpacked by Bancada (deploy = "bundle" in worker.toml): the node_modules Bancada sends in vendor/
# (else npm ci from package-lock.json), the Node.js worker's shared modules copied into src/shared/
# as make does, then the launcher the manifest names as the artifact, written last.
# Needs Node.js >= 20 (and npm when nothing is sent).
set -e
node -e 'process.exit(Number(process.versions.node.split(".")[0]) < 20 ? 1 : 0)' || {
  echo "restify worker: needs Node.js >= 20; node is $(node --version 2>&1)" >&2; exit 1; }
if [ -d vendor/node_modules ]; then
  rm -rf node_modules && mv vendor/node_modules node_modules
else
  npm ci --omit=dev --no-audit --no-fund --loglevel=error
fi
mkdir -p src/shared && cp ../node/src/contract.js ../node/src/json.js ../node/src/process.js src/shared/
mkdir -p node_modules/.bin
printf '%s\n' '#!/bin/sh' "# Bancada's restify worker (written by remote-setup.sh)." \
  'exec node "$(dirname "$0")/../../src/main.js" "$@"' > node_modules/.bin/bancada-worker-restify.tmp
chmod 755 node_modules/.bin/bancada-worker-restify.tmp
mv node_modules/.bin/bancada-worker-restify.tmp node_modules/.bin/bancada-worker-restify
