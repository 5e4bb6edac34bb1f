#!/bin/sh
# Makes the Node.js worker's node_modules where make is not at hand: on an SSH host, in the
# worker's folder unpacked by Bancada (deploy = "bundle" in worker.toml): the node_modules Bancada
# sends in vendor/, else npm ci installs exactly package-lock.json (from the npm registry); then
# the launcher the manifest names as the artifact, written last (npm ci empties node_modules first, so it exists only after a good setup).
# Needs Node.js >= 20 (and npm when nothing is sent).
set -e
node -e 'process.exit(Number(process.versions.node.split(".")[0]) < 20 ? 1 : 0)' || {
  echo "node worker: needs Node.js >= 20; node is $(node --version 2>&1)" >&2; exit 1; }
if [ -d vendor/node_modules ]; then
  # the node_modules Bancada built from package-lock.json and sent (the host may have neither npm
  # nor a route to the registry)
  rm -rf node_modules && mv vendor/node_modules node_modules
else
  npm ci --omit=dev --no-audit --no-fund --loglevel=error
fi
printf '%s\n' '#!/bin/sh' "# Bancada's Node.js worker (written by remote-setup.sh)." \
  'exec node "$(dirname "$0")/../../src/main.js" "$@"' > node_modules/.bin/bancada-worker-node.tmp
chmod 755 node_modules/.bin/bancada-worker-node.tmp
mv node_modules/.bin/bancada-worker-node.tmp node_modules/.bin/bancada-worker-node
