#!/usr/bin/env bash
# The Debian package as a user gets it: built from this build folder with CPack, its contents and
# control fields checked, unpacked into a staging root (dpkg -x) and the installed programs run
# from there; the desktop entry and AppStream metainfo validated; lintian errors fail the test
# (when lintian is installed, as ./test.sh does).
# Usage: test_deb.sh BUILD_DIR VERSION APP_ID
set -euo pipefail
build=$1 version=$2 id=$3
pkg=xqzero-studio
tmp=$(mktemp -d "${TMPDIR:-/tmp}/xq-deb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $* ($SECONDS s)"; }

# cpack only installs what the build made (it builds nothing) into its own staging folder
# under $tmp, so it neither rebuilds nor races with tests running beside it.
step "cpack -G DEB"
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/out" >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log"; fail "cpack -G DEB"; }
grep -i "warning" "$tmp/cpack.log" || true
deb="$tmp/out/${pkg}_${version}_$(dpkg --print-architecture).deb"
[ -f "$deb" ] || { ls -l "$tmp/out"; fail "no $deb"; }
ls -l "$deb"

step "contents (dpkg-deb -c)"
dpkg-deb -c "$deb" | awk '{print $6}' >"$tmp/contents"
expected=(./usr/bin/xqstudio ./usr/bin/xqzero
  "./usr/share/applications/$id.desktop" "./usr/share/metainfo/$id.metainfo.xml"
  "./usr/share/icons/hicolor/scalable/apps/$id.svg"
  ./usr/share/man/man1/xqzero.1.gz ./usr/share/man/man1/xqstudio.1.gz
  "./usr/share/doc/$pkg/copyright" "./usr/share/doc/$pkg/changelog.gz"
  ./usr/share/xqzero/games/wukong-masters.pgn)
for s in 16 22 24 32 48 64 128 256; do expected+=("./usr/share/icons/hicolor/${s}x${s}/apps/$id.png"); done
for f in "${expected[@]}"; do grep -qxF "$f" "$tmp/contents" || fail "the package lacks $f"; done
if grep -vE '^\./(usr/.*)?$' "$tmp/contents"; then fail "files outside /usr (above)"; fi
echo "all ${#expected[@]} expected files present, nothing outside /usr"

step "control fields (dpkg-deb -f)"
dpkg-deb -f "$deb" Package Version Architecture Depends Recommends Suggests
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version is not the project version $version"
depends=$(dpkg-deb -f "$deb" Depends)
for d in libqt6core6 libqt6gui6 libqt6widgets6 libqt6svg6 libqcustomplot2.1-qt6 'libtorch[0-9.]*' \
         libsqlite3-0 fonts-wqy-microhei libc6 libstdc\\+\\+6; do
  grep -qE "(^|, )$d( |,|$)" <<<"$depends" || fail "Depends lacks $d"
done
grep -qx "fairy-stockfish" <<<"$(dpkg-deb -f "$deb" Suggests)" || fail "Suggests is not fairy-stockfish"
recommends=$(dpkg-deb -f "$deb" Recommends)
for r in qt6-translations-l10n libopenblas0-pthread; do
  grep -qE "(^|, )$r( |,|$)" <<<"$recommends" || fail "Recommends lacks $r"
done

step "unpack (dpkg -x) and run the installed programs"
root="$tmp/root"
dpkg -x "$deb" "$root"
for b in xqzero xqstudio; do
  if readelf -d "$root/usr/bin/$b" | grep -E 'RPATH|RUNPATH'; then fail "$b keeps an RPATH (above)"; fi
done
# A home of its own: the studio reads settings and may create its database there.
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share"
export XDG_RUNTIME_DIR="$tmp/runtime"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
out=$("$root/usr/bin/xqzero" --version)
echo "$out"
[ "$out" = "xqzero $version" ] || fail "xqzero --version said '$out'"
out=$("$root/usr/bin/xqzero" perft 3)
echo "$out"
grep -qE '^nodes 79666 ' <<<"$out" || fail "xqzero perft 3 did not count 79666 nodes"
# No display at all for --help/--version.
out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$root/usr/bin/xqstudio" --version)
echo "$out"
[ "$out" = "XQZero Studio $version" ] || fail "xqstudio --version said '$out'"
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$root/usr/bin/xqstudio" --help | grep -q -- '--screenshot <FILE>' ||
  fail "xqstudio --help lacks --screenshot"
QT_QPA_PLATFORM=offscreen "$root/usr/bin/xqstudio" --screenshot "$tmp/p.png" --page play
[ -z "${XQ_KEEP_SCREENSHOT:-}" ] || cp "$tmp/p.png" "$XQ_KEEP_SCREENSHOT"  # to look at it
[ "$(head -c 8 "$tmp/p.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "the screenshot is not a PNG"
size=$(stat -c %s "$tmp/p.png")
echo "screenshot: $size bytes"
[ "$size" -gt 20000 ] || fail "the screenshot is only $size bytes"
zcat "$root/usr/share/man/man1/xqzero.1.gz" | grep -q '^\.SH' || fail "xqzero.1.gz has no sections"
zcat "$root/usr/share/man/man1/xqzero.1.gz" | grep -qF 'perft' || fail "xqzero.1.gz does not list perft"

# A checker that is not installed is skipped locally; under CI=true (.ci/run) it fails the
# test: ./test.sh installs them all (scripts/common.sh).
missing_tool() {
  if [ "${CI:-}" = true ]; then fail "$1 is not installed (CI=true: every check must run; ./test.sh installs it)"; fi
  echo "$1 not installed: skipped (./test.sh installs it)"
}

step "desktop entry and AppStream metainfo"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$root/usr/share/applications/$id.desktop" || fail "desktop-file-validate"
else
  missing_tool desktop-file-validate
fi
grep -qx "Icon=$id" "$root/usr/share/applications/$id.desktop" || fail "the desktop entry's Icon is not $id"
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$root/usr/share/metainfo/$id.metainfo.xml" || fail "appstreamcli validate"
  # The installed tree as a whole: the launchable's desktop entry and the icons are found.
  appstreamcli validate-tree --no-net "$root" >"$tmp/tree.log" 2>&1 || { cat "$tmp/tree.log"; fail "appstreamcli validate-tree"; }
  grep -qF "<release version=\"$version\"" "$root/usr/share/metainfo/$id.metainfo.xml" ||
    fail "the metainfo's release is not $version"
else
  missing_tool appstreamcli
fi

step "lintian"
if command -v lintian >/dev/null; then
  # --fail-on error: warnings and info are printed, only errors fail.
  lintian --fail-on error --display-info "$deb" || fail "lintian reported errors (above)"
  echo "lintian: no errors"
else
  missing_tool lintian
fi
step "done"
