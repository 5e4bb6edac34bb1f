#!/usr/bin/env bash
# Install the peer tools the benchmarks in tests/bench/ compare Bancada with:
#   wrk (HTTP), siege and ab (Apache Bench) from Debian; ghz (gRPC) and hey built from their Go modules.
# Run after scripts/setup.sh. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
missing=()
for p in wrk siege apache2-utils; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "bancada setup-bench: please install first (as root): sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
GOBIN_DIR="$(go env GOPATH)/bin"
[ -x "$GOBIN_DIR/ghz" ] || go install github.com/bojand/ghz/cmd/ghz@v0.121.0
[ -x "$GOBIN_DIR/hey" ] || go install github.com/rakyll/hey@v0.1.4
echo "peers: wrk $(command -v wrk), siege $(command -v siege), ab $(command -v ab), ghz $GOBIN_DIR/ghz, hey $GOBIN_DIR/hey"
