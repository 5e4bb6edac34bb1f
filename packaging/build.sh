#!/usr/bin/env bash
# Build Bancada's installable packages under dist/ (see packaging/README.md).
#   packaging/build.sh                    wheel + sdist (the default)
#   packaging/build.sh wheel bundle deb   any of: wheel, bundle, deb, all
#   packaging/build.sh --build-workers    run make -C workers first (needs Go and Maven)
#   packaging/build.sh --out DIR          write the packages to DIR instead of dist/
# Staging goes to $BANCADA_BUILD_DIR (default build/packaging).
# The workers must be built (make -C workers): the packages carry them prebuilt.
# The version is pyproject.toml's [project] version, nowhere else.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

say() { printf '\033[1m== %s\033[0m\n' "$*"; }
die() { echo "bancada packaging: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1; }

build_workers=0
DIST=dist
targets=()
while (($#)); do
  arg=$1; shift
  case "$arg" in
    --build-workers) build_workers=1 ;;
    --out) (($#)) || die "--out needs a folder"; DIST=$1; shift ;;
    wheel|bundle|deb) targets+=("$arg") ;;
    all) targets+=(wheel bundle deb) ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown argument '$arg' (expected wheel, bundle, deb, all or --build-workers)" ;;
  esac
done
((${#targets[@]})) || targets=(wheel)
want() { [[ " ${targets[*]} " == *" $1 "* ]]; }

if need uv; then UV="$(command -v uv)"; elif [ -x .tools/bin/uv ]; then UV="$ROOT/.tools/bin/uv"
else die "uv is needed (scripts/setup.sh installs it into .tools/)"; fi
PYTHON=python3
[ -x .venv/bin/python ] && PYTHON="$ROOT/.venv/bin/python"
VERSION=$("$PYTHON" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
# The wheel carries static Go binaries for both architectures (an amd64 laptop can drive an arm64
# board over SSH), so it installs on either; glibc 2.17 is PySide6's floor, not the binaries'.
WHEEL_PLATFORM=manylinux_2_17_aarch64.manylinux_2_17_x86_64  # in the order `wheel tags` writes them
mkdir -p "$DIST" "${BANCADA_BUILD_DIR:-build/packaging}"
DIST=$(cd "$DIST" && pwd)
STAGE=$(cd "${BANCADA_BUILD_DIR:-build/packaging}" && pwd)

if ((build_workers)); then
  say "workers (make -C workers)"
  make -s -C workers all
fi

build_wheel() {
  say "staging the source tree with the bundle ($STAGE/src)"
  rm -rf "$STAGE/src"
  mkdir -p "$STAGE/src"
  cp pyproject.toml README.md "$STAGE/src/"
  (cd "$ROOT" && tar --exclude=__pycache__ --exclude='*.pyc' --exclude='*.egg-info' --exclude=_bundle -cf - app) \
    | tar -C "$STAGE/src" -xf -
  "$PYTHON" packaging/stage_bundle.py "$ROOT" "$STAGE/src/app/bancada" | tail -n 1

  say "wheel and sdist (uv build: the sdist first, the wheel from it)"
  rm -f "$DIST"/bancada-"$VERSION"-*.whl "$DIST"/bancada-"$VERSION".tar.gz
  "$UV" build --quiet --out-dir "$DIST" "$STAGE/src"
  local any="$DIST/bancada-$VERSION-py3-none-any.whl"
  [ -f "$any" ] || die "uv build made no $any"
  "$UV" tool run --quiet --from 'wheel>=0.42' wheel tags --remove --platform-tag "$WHEEL_PLATFORM" "$any" >/dev/null
  WHEEL="$DIST/bancada-$VERSION-py3-none-$WHEEL_PLATFORM.whl"
  [ -f "$WHEEL" ] || die "retagging made no $WHEEL"
  # The binaries must keep their executable bit in the wheel (installers restore it from the zip).
  "$PYTHON" - "$WHEEL" <<'PY'
import stat, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bins = [i for i in z.infolist() if "/_bundle/" in i.filename and "-linux-" in i.filename]
    lost = [i.filename for i in bins if not (i.external_attr >> 16) & stat.S_IXUSR]
if not bins or lost:
    sys.exit(f"bancada packaging: binaries without their executable bit in the wheel: {lost or 'none found'}")
PY
  ls -l "$WHEEL" "$DIST/bancada-$VERSION.tar.gz" | awk '{printf "  %s  %.1f MB\n", $NF, $5/1e6}'
}

want wheel && build_wheel
if want bundle || want deb; then
  die "the PyInstaller bundle and the .deb are not built yet (packaging/README.md)"
fi
say "done: $(ls "$DIST" | tr '\n' ' ')"
