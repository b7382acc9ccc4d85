#!/usr/bin/env bash
# Build Arbitro for macOS: Arbitro.app with PyInstaller, then a .dmg with hdiutil.
# NOT TRIED: written on Linux, never run on a Mac. See installer/README.md.
#
#   installer/build_macos.sh
#
# Needs: Python 3.11 from python.org (universal2) or Homebrew, Xcode command line tools
# (hdiutil, codesign). Produces installer/dist/Arbitro.app and
# installer/dist/Arbitro-<version>-<arch>.dmg. The app is signed ad hoc ("-"); for other
# Macs set CODESIGN_IDENTITY to a Developer ID and notarize the .dmg with notarytool.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD="$ROOT/installer/build"
DIST="$ROOT/installer/dist"
VENV="$BUILD/venv"
PYTHON=${PYTHON:-python3.11}
export ARBITRO_WITH_OPENVINO=${ARBITRO_WITH_OPENVINO:-1}
started=$(date +%s)

[ -f "$ROOT/models/reader.json" ] || echo "warning: no models/reader.json: 'card model missing'"
mkdir -p "$BUILD"
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
packages=(numpy opencv-python-headless onnxruntime pillow sqlite-utils PySide6-Essentials
          "pyinstaller>=6.6")
[ "$ARBITRO_WITH_OPENVINO" = 1 ] && packages+=(openvino)
"$VENV/bin/python" -m pip install --quiet "${packages[@]}"
"$VENV/bin/python" -m pip install --quiet --no-deps "$ROOT"

pyside=$("$VENV/bin/python" -c 'import PySide6, os; print(os.path.dirname(PySide6.__file__))')
i18n="$ROOT/desktop/ui/i18n"
if [ -x "$pyside/Qt/libexec/lrelease" ]; then lrelease="$pyside/Qt/libexec/lrelease"; else lrelease="$pyside/lrelease"; fi
[ -x "$lrelease" ] && "$lrelease" -silent "$i18n/arbitro_it.ts" -qm "$i18n/arbitro_it.qm"

cd "$ROOT"
"$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath "$BUILD/pyinstaller" installer/arbitro.spec
APP="$DIST/Arbitro.app"

# The smoke test on the bundle's own executable, before packing.
QT_QPA_PLATFORM=offscreen "$APP/Contents/MacOS/arbitro" \
    --source demo --db "$(mktemp -d)/smoke.sqlite" --quit-after-hand

codesign --force --deep --sign "${CODESIGN_IDENTITY:--}" "$APP"

version=$("$VENV/bin/python" -c "from importlib.metadata import version; print(version('arbitro'))")
stage="$BUILD/dmg"
rm -rf "$stage" && mkdir -p "$stage"
cp -R "$APP" "$stage/"
ln -s /Applications "$stage/Applications"
dmg="$DIST/Arbitro-$version-$(uname -m).dmg"
rm -f "$dmg"
hdiutil create -volname "Arbitro $version" -srcfolder "$stage" -fs HFS+ -format UDZO "$dmg"
echo "built $dmg ($(du -sh "$APP" | cut -f1) app) in $(($(date +%s) - started))s"
