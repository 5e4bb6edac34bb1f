#!/bin/sh
# Puts cpp-httplib's single header (header-only httplib.h, with Debian's patches) into
# cpp/.deps/include, from Debian's source package of the distribution this computer runs.
# Debian's libcpp-httplib-dev ships the header split for its shared library (the code is in
# libcpp-httplib.so, with no static archive), so a static worker needs the whole header. The
# source package comes through apt with this computer's own package sources turned into source
# entries, in a private state folder (the system's apt configuration is not changed).
# Usage: sh cpp/fetch-httplib.sh  (from workers/; make -C workers cpp runs it)
set -e
here=$(cd "$(dirname "$0")" && pwd)
deps="$here/.deps"
[ -f "$deps/include/httplib.h" ] && exit 0
command -v apt-get >/dev/null && command -v dpkg-source >/dev/null || {
  echo "cpp worker: needs apt-get and dpkg-source (Debian's apt, dpkg-dev) to fetch cpp-httplib's source" >&2; exit 1; }
state="$deps/apt"
rm -rf "$state" && mkdir -p "$state/lists/partial" "$state/sources.list.d" "$deps/src"
# deb lines and deb822 stanzas of this computer's sources, as source entries
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -f "$f" ] && sed -n 's/^deb \(.*\)/deb-src \1/p' "$f"
done > "$state/sources.list"
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] && sed 's/^Types: deb$/Types: deb-src/' "$f" > "$state/sources.list.d/$(basename "$f")"
done
apt_opts="-q -o Dir::Etc::SourceList=$state/sources.list -o Dir::Etc::SourceParts=$state/sources.list.d \
 -o Dir::State::Lists=$state/lists -o Dir::Cache=$state/cache -o APT::Sandbox::User=root"
# shellcheck disable=SC2086
apt-get $apt_opts update >"$state/update.log" 2>&1 || {
  echo "cpp worker: apt-get update of the source entries failed:" >&2; tail -n 5 "$state/update.log" >&2; exit 1; }
# shellcheck disable=SC2086
(cd "$deps/src" && apt-get $apt_opts source cpp-httplib >"$state/source.log" 2>&1) || {
  echo "cpp worker: apt-get source cpp-httplib failed:" >&2; tail -n 5 "$state/source.log" >&2; exit 1; }
header=$(ls "$deps"/src/cpp-httplib-*/httplib.h | head -n 1)
mkdir -p "$deps/include" && cp "$header" "$deps/include/httplib.h.tmp" && mv "$deps/include/httplib.h.tmp" "$deps/include/httplib.h"
rm -rf "$state"
echo "cpp worker: $(grep -m1 'CPPHTTPLIB_VERSION' "$deps/include/httplib.h") from $(basename "$(dirname "$header")")"
