#!/usr/bin/env bash
# Build Bancada's installable packages under dist/ (see packaging/README.md).
#   packaging/build.sh                    wheel + sdist (the default)
#   packaging/build.sh bundle             + the PyInstaller one-folder bundle (tar.xz)
#   packaging/build.sh frozen             + the bundle's folder only, not packed (CI's bundle test)
#   packaging/build.sh deb                + the Debian package (all: the same)
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
    wheel) targets+=(wheel) ;;
    bundle) targets+=(wheel frozen bundle) ;;  # the bundle freezes this build's wheel
    frozen) targets+=(wheel frozen) ;;          # the folder, not packed: $BANCADA_BUILD_DIR/pyi/dist/bancada
    deb|all) targets+=(wheel frozen bundle deb) ;;  # the .deb holds this build's bundle
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown argument '$arg' (expected wheel, frozen, bundle, deb, all or --build-workers)" ;;
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

# The manual (docs/ as HTML, mkdocs.yml) in the bundle where Help > Manual (F1) finds it: <home>/build/manual
# (bancada.core.paths.MANUAL_DIR), so every package carries it and it opens without a network.
MANUAL_DIR=build/manual
build_manual() {
  "$PYTHON" -c 'import mkdocs' 2>/dev/null \
    || die "MkDocs is needed for the manual: scripts/setup.sh (uv sync --extra test) installs it into .venv"
  say "the manual (mkdocs build --strict -> $1)"
  "$PYTHON" -m mkdocs build --strict --quiet -f "$ROOT/mkdocs.yml" -d "$1" || die "the manual does not build (mkdocs.yml)"
  [ -f "$1/index.html" ] || die "mkdocs wrote no $1/index.html"
}

build_wheel() {
  say "staging the source tree with the bundle ($STAGE/src)"
  rm -rf "$STAGE/src"
  mkdir -p "$STAGE/src"
  cp pyproject.toml README.md "$STAGE/src/"
  (cd "$ROOT" && tar --exclude=__pycache__ --exclude='*.pyc' --exclude='*.egg-info' --exclude=_bundle -cf - app) \
    | tar -C "$STAGE/src" -xf -
  "$PYTHON" packaging/stage_bundle.py "$ROOT" "$STAGE/src/app/bancada" | tail -n 1
  build_manual "$STAGE/src/app/bancada/_bundle/$MANUAL_DIR"

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

MACHINE=$(uname -m)
BUNDLE_TAR="$DIST/bancada-$VERSION-linux-$MACHINE.tar.xz"
# xz -9 (a 64 MB window): the Go worker and driver, amd64 and arm64, share most of their runtime, gRPC and
# protobuf code and data; -6 (8 MB) sees none of it across files. Before LZMA2, the branch/call/jump filter of
# this machine's instruction set (BCJ: relative addresses made absolute, so the same call compresses the same
# everywhere): most of the bundle is machine code (libarrow_compute: 2.81 MB with xz -9, 2.43 MB with the filter).
# Build choices: BANCADA_XZ_LEVEL (0-9, default 9: the release's) and BANCADA_XZ_THREADS (default 0: one per
# core, as many as fit in a quarter of the memory; each takes 675 MB at -9). The threads split the input into
# 192 MB blocks compressed side by side (a little larger than one stream: 3 blocks of 64 MB windows).
XZ_LEVEL=${BANCADA_XZ_LEVEL:-9}
XZ_THREADS=${BANCADA_XZ_THREADS:-0}
[[ "$XZ_LEVEL" =~ ^[0-9]$ ]] || die "BANCADA_XZ_LEVEL must be 0-9, not '$XZ_LEVEL'"
[[ "$XZ_THREADS" =~ ^[0-9]+$ ]] || die "BANCADA_XZ_THREADS must be a number of threads (0: one per core), not '$XZ_THREADS'"
case "$MACHINE" in
  x86_64) XZ_BCJ=(--x86) ;;
  aarch64) XZ_BCJ=(--arm64) ;;  # xz >= 5.4
  *) XZ_BCJ=() ;;
esac
XZ_ARGS=(-T"$XZ_THREADS" "${XZ_BCJ[@]}" --lzma2=preset="$XZ_LEVEL")
FROZEN="$STAGE/pyi/dist/bancada"

# The bundle's jars stored rather than deflated (same entries, same order): xz then compresses the Java worker's
# classes across files (25.4 MB deflated; 64 MB stored, 11.3 MB with xz -9). A jar need not be compressed.
# Left out: netty-tcnative's libraries for macOS and Windows (8 MB; the jar is unsigned): the Java worker runs on
# Linux only (this machine or a Linux SSH host), where netty loads the linux_x86_64 or linux_aarch_64 one.
store_jars() {
  local jar
  while IFS= read -r -d '' jar; do
    "$PYTHON" - "$jar" <<'PY'
import os, re, sys, zipfile
jar = sys.argv[1]
other_os = re.compile(r"META-INF/native/.*_(osx|windows)_[^/]*$")
with zipfile.ZipFile(jar) as src, zipfile.ZipFile(jar + ".stored", "w", zipfile.ZIP_STORED) as out:
    for info in src.infolist():
        if other_os.match(info.filename):
            continue
        data = src.read(info)
        info.compress_type = zipfile.ZIP_STORED
        out.writestr(info, data)
os.replace(jar + ".stored", jar)
PY
  done < <(find "$1" -name '*.jar' -print0)
}

# NumPy's and SciPy's wheels each graft the same libgfortran and libquadmath (same name, same bytes) into their
# *.libs/: SciPy's copies become relative symbolic links to NumPy's (the loader follows them; 4 MB less).
link_duplicates() {
  local lib twin
  for lib in "$1"/scipy.libs/*; do
    twin="$1/numpy.libs/$(basename "$lib")"
    if [ -f "$twin" ] && [ ! -L "$lib" ] && cmp -s "$lib" "$twin"; then
      ln -sf "../numpy.libs/$(basename "$lib")" "$lib"
    fi
  done
}

build_frozen() {
  local wheel="$WHEEL"
  say "PyInstaller's build environment ($STAGE/freeze: the wheel + PyInstaller from PyPI)"
  "$UV" venv --quiet --allow-existing --python "$PYTHON" "$STAGE/freeze"
  "$UV" pip install --quiet --python "$STAGE/freeze/bin/python" --reinstall-package bancada "$wheel" 'pyinstaller>=6.10,<7'
  say "one-folder bundle (PyInstaller; BANCADA_TRIM=${BANCADA_TRIM:-1})"
  rm -rf "$STAGE/pyi/dist"
  # without PYTHONPATH: a clone's app/ on it would be frozen instead of the wheel's bancada (and its _bundle/)
  # PYZ (the Python modules inside the executable) stored, not zlib-compressed: the archive and the .deb compress
  # it far better with xz across modules (31 MB zlib-compressed; about 12 MB less in the packed bundle)
  env -u PYTHONPATH BANCADA_TRIM="${BANCADA_TRIM:-1}" PYINSTALLER_ZLIB_COMPRESSION_LEVEL="${PYINSTALLER_ZLIB_COMPRESSION_LEVEL:-0}" \
    "$STAGE/freeze/bin/pyinstaller" --noconfirm --log-level WARN \
    --distpath "$STAGE/pyi/dist" --workpath "$STAGE/pyi/work" packaging/freeze/bancada.spec
  if [ "${BANCADA_TRIM:-1}" != 0 ]; then
    # symbol tables and debug information out of the shared libraries (libpython alone carries 17 MB of debug
    # information, libarrow 9.7 MB of symbol table): packaging/strip_libraries.py says what it leaves alone
    "$PYTHON" packaging/strip_libraries.py "$FROZEN/_internal"
    store_jars "$FROZEN/_internal/bancada/_bundle"
    link_duplicates "$FROZEN/_internal"
  fi
  local said
  said=$(env -u BANCADA_HOME "$FROZEN/bancada" --version) || die "the bundle does not start: $FROZEN/bancada --version"
  [ "$said" = "bancada $VERSION" ] || die "the bundle says '$said', not 'bancada $VERSION'"
  [ -f "$FROZEN/_internal/bancada/_bundle/workers/python/worker.toml" ] \
    || die "the bundle has no workers ($FROZEN/_internal/bancada/_bundle): PyInstaller froze another bancada"
  printf '  %s  %.1f MB\n' "$FROZEN" "$(du -sb "$FROZEN" | cut -f1)e-6"
}

build_bundle() {
  say "the packed bundle (xz ${XZ_ARGS[*]})"
  rm -f "$BUNDLE_TAR"
  rm -f "${BUNDLE_TAR%.xz}.gz"  # the former gzip archive of this version, if any
  tar -C "$(dirname "$FROZEN")" --owner=0 --group=0 --numeric-owner --sort=name -cf - bancada \
    | xz "${XZ_ARGS[@]}" >"$BUNDLE_TAR"
  printf '  %s  %.1f MB (%.1f MB unpacked)\n' "$BUNDLE_TAR" "$(stat -c %s "$BUNDLE_TAR")e-6" \
    "$(du -sb "$FROZEN" | cut -f1)e-6"
}

# Depends of the .deb: a Java runtime for the java-* workers (the Go workers and the native driver
# are static); the C library at the newest symbol version the bundle uses; and the libraries
# PyInstaller leaves to the system on purpose (OpenGL/EGL, which belong to the graphics driver, and
# libxcb). Nothing else: Python, Qt and the rest are inside /opt/bancada. Recommends (installed by apt
# by default, not required): the python3 with venv and the Node.js with npm the python-* and node-*
# workers build their environments with, and the PostgreSQL a seed 001 run starts privately.
deb_depends() {
  local glibc
  glibc=$(find "$FROZEN" -path '*/_bundle' -prune -o -type f \( -name '*.so*' -o -name bancada \) -print0 \
    | xargs -0 grep -aoh 'GLIBC_2\.[0-9]*' | sort -t. -k2 -n -u | tail -n 1 | sed 's/GLIBC_//')
  echo "libc6 (>= $glibc), libgl1, libegl1, libxcb1, default-jre-headless (>= 2:1.17) | java17-runtime-headless"
}

build_deb() {
  need dpkg-deb || die "dpkg-deb is needed for the .deb (Debian package dpkg)"
  local arch root deb app=io.github.bancada_lab.Bancada
  arch=$(dpkg --print-architecture)
  root="$STAGE/deb/bancada_${VERSION}_$arch"
  deb="$DIST/bancada_${VERSION}_$arch.deb"
  say "Debian package ($deb; xz ${XZ_ARGS[*]})"
  rm -rf "$root"
  mkdir -p "$root/DEBIAN" "$root/opt" "$root/usr/bin" "$root/usr/share/applications" "$root/usr/share/metainfo" \
    "$root/usr/share/icons/hicolor/scalable/apps" "$root/usr/share/doc/bancada"
  cp -a "$FROZEN" "$root/opt/bancada"
  ln -s /opt/bancada/bancada "$root/usr/bin/bancada"
  [ -f "$FROZEN/_internal/bancada/_bundle/$MANUAL_DIR/index.html" ] || die "the bundle has no manual ($MANUAL_DIR)"
  ln -s "/opt/bancada/_internal/bancada/_bundle/$MANUAL_DIR" "$root/usr/share/doc/bancada/manual"  # the HTML manual
  install -m 644 packaging/linux/$app.desktop "$root/usr/share/applications/$app.desktop"
  install -m 644 packaging/linux/$app.svg "$root/usr/share/icons/hicolor/scalable/apps/$app.svg"
  sed -e "s/@VERSION@/$VERSION/" -e "s/@DATE@/$(date -u +%F)/" packaging/linux/$app.metainfo.xml.in \
    > "$root/usr/share/metainfo/$app.metainfo.xml"
  chmod 644 "$root/usr/share/metainfo/$app.metainfo.xml"
  # the man page bancada(1) and the bash and zsh completions, written from the parsers (scripts/gen_reference.py)
  "$PYTHON" scripts/gen_reference.py --deb-root "$root" >/dev/null \
    || die "the man page and the completions could not be written (scripts/gen_reference.py; needs the test extra)"
  printf 'Bancada %s, MIT license (pyproject.toml).\nThe bundled Python, Qt (LGPLv3) and libraries keep their own licenses,\nfound with their files under /opt/bancada/_internal.\n' "$VERSION" \
    > "$root/usr/share/doc/bancada/copyright"
  cat > "$root/DEBIAN/control" <<CONTROL
Package: bancada
Version: $VERSION
Architecture: $arch
Maintainer: Bancada developers <bancada@bancada-lab.invalid>
Installed-Size: $(du -sk "$root" | cut -f1)
Depends: $(deb_depends)
Recommends: python3 (>= 3.11), python3-venv, nodejs (>= 20), npm, postgresql
Section: science
Priority: optional
Homepage: https://github.com/bancada-lab/bancada
Description: workbench for API-performance experiments
 Bancada starts real service implementations (Go, Java, Python and Node.js,
 over gRPC, REST/JSON, JSON-RPC and GraphQL) on this computer or over SSH,
 measures requests with the payload,
 repetitions and protocol chosen, and shows live boxplots and the statistics
 of an empirical study (Shapiro-Wilk, Wilcoxon rank-sum, Kruskal-Wallis,
 2^k r factorial allocation of variation). Python, Qt and the prebuilt
 workers are bundled under /opt/bancada.
CONTROL
  rm -f "$deb"
  # dpkg-deb builds it uncompressed, then its data.tar is compressed as the bundle's archive (dpkg-deb offers no
  # BCJ filter; dpkg and apt read any .xz with liblzma) and the members are put back in their order (deb(5)).
  local members="$STAGE/deb/members"
  rm -rf "$members" && mkdir -p "$members"
  dpkg-deb --root-owner-group -Znone --build "$root" "$members/bancada.deb" >/dev/null
  (cd "$members" && ar x bancada.deb && rm bancada.deb)
  [ -f "$members/debian-binary" ] && [ -f "$members/control.tar" ] && [ -f "$members/data.tar" ] \
    || die "dpkg-deb -Znone wrote members other than debian-binary, control.tar, data.tar: $(ls "$members")"
  xz -T"$XZ_THREADS" --lzma2=preset="$XZ_LEVEL" "$members/control.tar"
  xz "${XZ_ARGS[@]}" "$members/data.tar"
  (cd "$members" && ar rcD "$deb" debian-binary control.tar.xz data.tar.xz)
  dpkg-deb --info "$deb" >/dev/null || die "dpkg-deb cannot read the repacked $deb"
  printf '  %s  %.1f MB\n' "$deb" "$(stat -c %s "$deb")e-6"
}

want wheel && build_wheel
want frozen && build_frozen
want bundle && build_bundle
want deb && build_deb
say "done: $(ls "$DIST" | tr '\n' ' ')"
