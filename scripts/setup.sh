#!/usr/bin/env bash
# Install everything Bancada needs on a Debian/Ubuntu machine, then build the workers.
#   scripts/setup.sh            system packages (as root), Python env (.venv, from uv.lock), workers
# Safe to run again: each step is skipped or fast when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m== %s\033[0m\n' "$*"; }
need() { command -v "$1" >/dev/null 2>&1; }

APT_PACKAGES=(openssh-server xvfb wrk iproute2 procps python3-venv
  libegl1 libgl1 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0
  libxcb-xinerama0 libxcb-randr0 libxcb-render-util0 libxcb-image0 libdbus-1-3 libfontconfig1
  # the window tests and screenshots under Xvfb with a window manager (frames as on a lab machine)
  openbox
  # the screen-reader test (tests/ui/access/test_atspi.py): the accessibility bus and Orca's Python client
  at-spi2-core dbus-daemon python3-pyatspi
  # the REST-in-seven-languages workers (seed 003) and the peer load tools they are compared with
  # (cpp-rest: nlohmann-json3-dev, and dpkg-dev for apt-get source of cpp-httplib: workers/cpp/fetch-httplib.sh)
  python3-flask python3-gevent ruby ruby-sinatra thin nlohmann-json3-dev dpkg-dev g++
  apache2 php-fpm php-cli php-gmp php-slim siege apache2-utils
  # bancada report --pdf: WeasyPrint's system libraries (Pango, HarfBuzz subsetting) and a font
  libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core
  # the report's tests: the HTML opened in headless Chromium, the PDF's pages rendered by pdftoppm
  chromium poppler-utils
  # seed 001: the private PostgreSQL server an experiment starts (bancada.hosts.postgres)
  postgresql)
need go || APT_PACKAGES+=(golang-go)
need java || APT_PACKAGES+=(default-jdk-headless)
need mvn || APT_PACKAGES+=(maven)
need make || APT_PACKAGES+=(make)
# Node.js >= 20 runs the Node worker; Debian's nodejs and npm when there is no node at all.
need node || APT_PACKAGES+=(nodejs)
need npm || APT_PACKAGES+=(npm)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ]; then
    say "apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "bancada setup: please install these Debian packages first (as root):" >&2
    echo "  sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

go_minor=$(go env GOVERSION 2>/dev/null | sed -n 's/^go1\.\([0-9]*\).*/\1/p')
if [ -z "$go_minor" ] || [ "$go_minor" -lt 21 ]; then
  echo "bancada setup: Go >= 1.21 is needed (it then fetches the Go 1.26 toolchain of workers/go/go.mod);" >&2
  echo "  found: $(go version 2>/dev/null || echo none). Install a newer Go and run this again." >&2
  exit 1
fi

node_major=$(node --version 2>/dev/null | sed -n 's/^v\([0-9]*\)\..*/\1/p')
if [ -z "$node_major" ] || [ "$node_major" -lt 20 ]; then
  echo "bancada setup: Node.js >= 20 is needed for the Node worker (workers/node);" >&2
  echo "  found: $(node --version 2>/dev/null || echo none) (Debian 12's nodejs is 18, too old). Install Node.js 20 or newer and run this again." >&2
  exit 1
fi
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
  echo "bancada setup: Python >= 3.10 is needed (the app and the Python worker, workers/python);" >&2
  echo "  found: $(python3 --version 2>&1 || echo none)." >&2
  exit 1
fi

say "Python environment (.venv from uv.lock)"
if need uv; then
  UV="$(command -v uv)"
else  # uv from PyPI into a private tools venv (works with Debian's externally managed Python too)
  [ -x .tools/bin/uv ] || { python3 -m venv .tools && .tools/bin/pip install -q uv; }
  UV=.tools/bin/uv
fi
# --compile-bytecode: the .pyc files made once here, not at every start (uv writes none by default, and
# with PYTHONDONTWRITEBYTECODE set Python would compile pyqtgraph, numpy, ... again at each launch)
"$UV" sync --frozen --extra test --compile-bytecode --quiet

say "Translations (pyside6-lrelease: app/bancada/translations/*.ts -> .qm)"
for ts in app/bancada/translations/*.ts; do
  .venv/bin/pyside6-lrelease -silent "$ts" -qm "${ts%.ts}.qm"
done

say "Link emulator (Toxiproxy, built from its Go module into .tools/bin)"
if [ ! -x .tools/bin/toxiproxy-server ]; then
  mkdir -p .tools/bin
  GOBIN="$PWD/.tools/toxiproxy" go install github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0
  mv "$PWD/.tools/toxiproxy/server" .tools/bin/toxiproxy-server
fi

say "Workers (make -C workers)"
make -s -C workers all UV="$(cd "$(dirname "$UV")" && pwd)/$(basename "$UV")"
echo "setup done: run  .venv/bin/bancada"
