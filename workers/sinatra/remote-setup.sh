#!/bin/sh
# Writes the Sinatra worker's launcher where make is not at hand: on an SSH host, in the worker's
# folder unpacked by Bancada (deploy = "bundle" in worker.toml). Ruby, Sinatra and Thin are the
# host's Debian packages (no gems are fetched).
set -e
ruby -e 'require "sinatra/base"; require "thin"' || {
  echo "sinatra worker: ruby lacks sinatra or thin (apt install ruby ruby-sinatra thin)" >&2; exit 1; }
mkdir -p dist
printf '%s\n' '#!/bin/sh' "# Bancada's Sinatra worker on Thin (written by remote-setup.sh)." \
  'exec ruby "$(dirname "$0")/../bin/main.rb" "$@"' > dist/bancada-worker-sinatra.tmp
chmod 755 dist/bancada-worker-sinatra.tmp && mv dist/bancada-worker-sinatra.tmp dist/bancada-worker-sinatra
