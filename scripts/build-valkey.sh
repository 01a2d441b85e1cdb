#!/usr/bin/env bash
# Build Valkey (what ElastiCache runs) from Debian's source package, for `npm run test:valkey`.
#
# Debian's stable release has no Valkey, and this project never downloads a server binary: it takes
# the source package from a newer suite (sid by default: Valkey 9.x; VALKEY_SUITE=trixie gives 8.1),
# through apt (the suite's signed index checks every file's hash), and builds valkey-server and
# valkey-cli with the bundled jemalloc (as ElastiCache's nodes allocate) and TLS.
#
# Prints the directory holding the binaries (last line). Already built: prints it at once.
# Where: ${MSK_ONCE_CACHE:-$HOME/.cache/msk-once}/valkey/bin. Needs apt (root) the first time, gcc,
# make, libssl-dev and pkg-config; 5 to 15 minutes on 2 cores (13 on a loaded machine here).
set -euo pipefail

cache="${MSK_ONCE_CACHE:-$HOME/.cache/msk-once}/valkey"
bin="$cache/bin"
if [ -x "$bin/valkey-server" ] && [ -x "$bin/valkey-cli" ]; then
  echo "$bin"
  exit 0
fi

suite="${VALKEY_SUITE:-sid}"
sources=/etc/apt/sources.list.d/msk-once-valkey-src.sources
if [ ! -f "$sources" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "build-valkey: adding Debian's $suite source index needs root (apt); run as root once, or put valkey-server and valkey-cli in $bin" >&2
    exit 1
  fi
  cat >"$sources" <<EOF
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
fi
need=()
for pkg in dpkg-dev gcc make pkg-config libssl-dev; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ "$(id -u)" = 0 ]; then
  apt-get update -qq
  [ "${#need[@]}" -eq 0 ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
elif [ "${#need[@]}" -gt 0 ]; then
  echo "build-valkey: missing packages ${need[*]} (apt-get install them as root)" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
# --download-only, then dpkg-source: the files apt fetched match the signed index's hashes.
apt-get source --download-only "valkey/$suite" >/dev/null 2>&1 || apt-get source --download-only "valkey/$suite"
dpkg-source -x ./valkey_*.dsc src >/dev/null
version="$(sed -n 's/^Version: //p' ./valkey_*.dsc | head -1)"
echo "build-valkey: building Valkey $version (Debian $suite source package) in $work" >&2
cd src
# Debian's own build uses the system jemalloc; the bundled one (deps/jemalloc) is what upstream and
# ElastiCache allocate with, and needs no extra package.
nice -n 10 make -C src -j"$(nproc)" BUILD_TLS=yes USE_SYSTEMD=no valkey-server valkey-cli >"$work/build.log" 2>&1 ||
  {
    tail -40 "$work/build.log" >&2
    exit 1
  }
mkdir -p "$bin"
cp src/valkey-server src/valkey-cli "$bin/"
echo "$version (Debian $suite source package, built $(date -u +%F) with BUILD_TLS=yes, bundled jemalloc)" >"$cache/VERSION"
"$bin/valkey-server" --version >&2
echo "$bin"
