#!/usr/bin/env bash
# The install smoke test: build the packages, install them as a user would, use them with no
# virtual environment or source tree on the path, remove them, check nothing is left.
#   packaging/smoke.sh              build (packaging/build.sh all), then test the .deb and the wheel
#   packaging/smoke.sh --no-build   test the packages already in dist/
#   packaging/smoke.sh --wheel-only / --deb-only
# The .deb part installs the package system-wide (apt-get install ./bancada_*.deb, then
# apt-get purge): it needs root and changes the machine for the length of the test. Too slow for
# CI (the build alone takes 5-6 minutes on 2 cores): run it before a release. CI runs the reduced
# set (packaging/test.sh) instead.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

say() { printf '\033[1m== %s\033[0m\n' "$*"; }
die() { echo "bancada smoke: FAILED: $*" >&2; exit 1; }

build=1 deb=1 wheel=1
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    --wheel-only) deb=0 ;;
    --deb-only) wheel=0 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown argument '$arg' (expected --no-build, --wheel-only or --deb-only)" ;;
  esac
done

PYTHON=python3
[ -x .venv/bin/python ] && PYTHON="$ROOT/.venv/bin/python"
VERSION=$("$PYTHON" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
UV=$(command -v uv || echo "$ROOT/.tools/bin/uv")
TMP=$(mktemp -d)
# On any exit, a failed step's included: purge the .deb this script installed (only if it did) and
# remove the temporary folder (the wheel's uv tool installation lives in it).
deb_installed=0
cleanup() {
  local rc=$?
  if ((deb_installed)) && dpkg -s bancada >/dev/null 2>&1; then
    echo "bancada smoke: removing the .deb it installed (apt-get purge bancada)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -q bancada >/dev/null 2>&1 \
      || echo "bancada smoke: apt-get purge bancada failed: remove it by hand" >&2
  fi
  rm -rf "$TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p tests/artifacts

if ((build)); then
  if ((deb)); then packaging/build.sh all; else packaging/build.sh wheel; fi
fi

# A user's shell: no venv, no clone, no PYTHONPATH; HOME and the XDG folders are empty temporary ones.
clean_env() {
  local home=$1; shift
  env -i HOME="$home" COLUMNS=160 PATH="$home/bin:/usr/local/bin:/usr/bin:/bin" LANG=C.UTF-8 \
    XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" "$@"
}

# Uses the installed `bancada` at $1 from an empty folder: version, workers, a 5-request run, the window
# (started by the command in the remaining arguments: it saves $BANCADA_SMOKE_SCREENSHOT and quits).
use_installed() {
  local bancada=$1 home=$2 shot=$3
  shift 3
  local window=("$@")
  mkdir -p "$home/work"
  say "bancada --version"
  out=$(cd "$home/work" && clean_env "$home" "$bancada" --version) || die "bancada --version exited $?"
  echo "  $out"
  [[ "$out" == *"$VERSION"* ]] || die "--version says '$out', expected $VERSION"

  say "bancada workers"
  out=$(cd "$home/work" && clean_env "$home" "$bancada" workers) || die "bancada workers exited $?"
  echo "$out" | sed 's/^/  /'
  for impl in go-grpc go-rest java-grpc java-rest; do
    grep -E "$impl\b.*\byes\b" <<<"$out" >/dev/null || die "$impl is not listed as runnable"
  done

  say "bancada run quick --requests 5 (the shipped quick profile)"
  (cd "$home/work" && clean_env "$home" "$bancada" run quick --requests 5) \
    | tail -n 12 | sed 's/^/  /' || die "bancada run exited non-zero"
  [ -n "$(ls -A "$home/.local/share/bancada/runs" 2>/dev/null)" ] || die "no run file in the user's data folder"
  [ -n "$(find "$home/work/bancada-results" -name samples.csv 2>/dev/null)" ] || die "no samples.csv written"
  local run
  run=$(ls "$home/.local/share/bancada/runs/"*.sqlite | head -n 1)

  say "bancada export, analyze, report --html (the run file just written)"
  (cd "$home/work" && clean_env "$home" "$bancada" export "$run" --csv "$home/work/exported.csv") \
    | sed 's/^/  /' || die "bancada export exited non-zero"
  [ -s "$home/work/exported.csv" ] || die "bancada export wrote no CSV"
  (cd "$home/work" && clean_env "$home" "$bancada" analyze "$run" --quiet --json analysis.json) \
    || die "bancada analyze exited non-zero"
  [ -s "$home/work/analysis.json" ] || die "bancada analyze wrote no JSON"
  (cd "$home/work" && clean_env "$home" "$bancada" report "$run" --html report.html) \
    || die "bancada report exited non-zero"
  grep -q "<svg" "$home/work/report.html" || die "the HTML report has no figures"
  echo "  export, analysis.json, report.html: ok"

  say "the window under Xvfb (screenshot $shot)"
  if command -v xvfb-run >/dev/null; then
    (cd "$home/work" && clean_env "$home" BANCADA_SMOKE_SCREENSHOT="$shot" \
      timeout 300 xvfb-run -a -s "-screen 0 1366x768x24" "${window[@]}") || die "the window did not open"
  else
    (cd "$home/work" && clean_env "$home" QT_QPA_PLATFORM=offscreen BANCADA_SMOKE_SCREENSHOT="$shot" \
      timeout 300 "${window[@]}") || die "the window did not open"
  fi
  [ -s "$shot" ] || die "no screenshot at $shot"
  echo "  saved $shot"
}

if ((deb)); then
  pkg="$ROOT/dist/bancada_${VERSION}_amd64.deb"
  [ -f "$pkg" ] || die "$pkg is missing (run without --no-build)"
  [ "$(id -u)" = 0 ] || die "installing the .deb needs root (run as root, or --wheel-only)"
  if dpkg -s bancada >/dev/null 2>&1; then die "a bancada package is installed already; remove it first"; fi
  say "apt-get install ./$(basename "$pkg")"
  t0=$(date +%s.%N)
  deb_installed=1  # from here on, the trap purges it if a step fails
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$pkg" >"$TMP/apt.log" 2>&1 \
    || { tail -n 20 "$TMP/apt.log"; die "apt-get install failed"; }
  echo "  installed in $(echo "$(date +%s.%N) - $t0" | bc) s; $(du -sh /opt/bancada | cut -f1) in /opt/bancada"
  [ -x /usr/bin/bancada ] || die "/usr/bin/bancada is missing"
  [ -f /usr/share/applications/io.github.bancada_lab.Bancada.desktop ] || die "no menu entry"
  use_installed /usr/bin/bancada "$TMP/deb-home" "$ROOT/tests/artifacts/packaging-deb-window.png" /usr/bin/bancada
  say "apt-get purge bancada"
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -q bancada >"$TMP/apt.log" 2>&1 \
    || { tail -n 20 "$TMP/apt.log"; die "apt-get purge failed"; }
  [ ! -e /opt/bancada ] || die "/opt/bancada is left after purge: $(find /opt/bancada | head -5)"
  [ ! -e /usr/bin/bancada ] || die "/usr/bin/bancada is left after purge"
  [ ! -e /usr/share/applications/io.github.bancada_lab.Bancada.desktop ] || die "the menu entry is left"
  deb_installed=0
  echo "  nothing left in /opt/bancada, /usr/bin, the menu"
fi

if ((wheel)); then
  whl=$(ls "$ROOT"/dist/bancada-"$VERSION"-py3-none-manylinux*.whl 2>/dev/null | head -n 1)
  [ -n "$whl" ] || die "no wheel in dist/ (run without --no-build)"
  home="$TMP/wheel-home"
  mkdir -p "$home/bin"
  say "uv tool install $(basename "$whl") (into $home)"
  # The install itself keeps this shell's network settings (proxy, certificates); only the use is clean.
  env -u VIRTUAL_ENV -u PYTHONPATH UV_TOOL_DIR="$home/tools" UV_TOOL_BIN_DIR="$home/bin" \
    "$UV" tool install --quiet "$whl" || die "uv tool install failed"
  # The wheel's `bancada` has no screenshot switch; the bundle's entry script does it with the tool's
  # own Python, importing the installed package (not this clone: the environment is clean).
  use_installed "$home/bin/bancada" "$home" "$ROOT/tests/artifacts/packaging-wheel-smoke-window.png" \
    "$home/tools/bancada/bin/python" "$ROOT/packaging/freeze/bancada_frozen.py"
  env -u VIRTUAL_ENV -u PYTHONPATH UV_TOOL_DIR="$home/tools" UV_TOOL_BIN_DIR="$home/bin" \
    "$UV" tool uninstall bancada >/dev/null || die "uv tool uninstall failed"
  [ ! -e "$home/bin/bancada" ] || die "uv tool uninstall left $home/bin/bancada"
  [ ! -e "$home/tools/bancada" ] || die "uv tool uninstall left $home/tools/bancada"
  echo "  uninstalled; nothing left"
fi
say "smoke: ok"
