#!/usr/bin/env bash
# Build Arbitro for Linux as one self-contained folder: installer/dist/arbitro/
#
#   installer/build_linux.sh            # then: installer/test_linux_build.sh
#
# It makes its own build environment (installer/build/venv) with only what the app needs
# at run time (numpy, OpenCV, ONNX Runtime, OpenVINO, PySide6, sqlite-utils, Pillow) plus
# PyInstaller: no torch, no ultralytics. Then it compiles the Italian translation if the
# .qm is missing or stale and runs PyInstaller with installer/arbitro.spec, which collects
# the ONNX models and reader.json from models/, the Qt plugins, the translations and the
# demo recording (vision/assets/demo_hand.*) when present.
#
# Environment: PYTHON (default python3.11), ARBITRO_WITH_OPENVINO=0 to ship ONNX Runtime
# only (smaller, about half as fast), ARBITRO_TARBALL=1 to also pack a .tar.gz.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD="$ROOT/installer/build"
DIST="$ROOT/installer/dist"
VENV="$BUILD/venv"
PYTHON=${PYTHON:-python3.11}
export ARBITRO_WITH_OPENVINO=${ARBITRO_WITH_OPENVINO:-1}
started=$(date +%s)

say() { printf '[build %4ss] %s\n' "$(($(date +%s) - started))" "$*"; }

if [ ! -f "$ROOT/models/reader.json" ]; then
    say "WARNING: no models/reader.json: the app will run but say 'card model missing'"
fi

mkdir -p "$BUILD"
if [ ! -x "$VENV/bin/python" ]; then
    say "creating the build environment with $PYTHON"
    "$PYTHON" -m venv "$VENV"
fi
packages=(numpy opencv-python-headless onnxruntime pillow sqlite-utils PySide6-Essentials
          "pyinstaller>=6.6")
if [ "$ARBITRO_WITH_OPENVINO" = 1 ]; then packages+=(openvino); fi
say "installing ${packages[*]}"
"$VENV/bin/python" -m pip install --quiet "${packages[@]}"
# The app itself, for its version metadata; its dependencies are the ones above.
"$VENV/bin/python" -m pip install --quiet --no-deps "$ROOT"
for heavy in torch torchvision ultralytics; do
    if "$VENV/bin/python" -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('$heavy') is None)"; then
        echo "error: $heavy is in the build environment; the app must not need it" >&2
        exit 1
    fi
done

ts="$ROOT/desktop/ui/i18n/arbitro_it.ts"
qm="$ROOT/desktop/ui/i18n/arbitro_it.qm"
if [ ! -f "$qm" ] || [ "$ts" -nt "$qm" ]; then
    lrelease="$("$VENV/bin/python" -c 'import PySide6, os; print(os.path.dirname(PySide6.__file__))')/lrelease"
    if [ -x "$lrelease" ]; then
        say "compiling $(basename "$qm")"
        "$lrelease" -silent "$ts" -qm "$qm"
    else
        say "no lrelease: the app will read the .ts file itself"
    fi
fi

say "running PyInstaller"
cd "$ROOT"
"$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath "$BUILD/pyinstaller" installer/arbitro.spec

APP="$DIST/arbitro"
if find "$APP" \( -type d -name torch -o -name 'libtorch*' -o -ipath '*ultralytics*' \) | grep -q .; then
    echo "error: torch or ultralytics ended up in $APP" >&2
    exit 1
fi
if [ "${ARBITRO_TARBALL:-0}" = 1 ]; then
    tar -C "$DIST" -czf "$DIST/arbitro-linux-$(uname -m).tar.gz" arbitro
fi
elapsed=$(($(date +%s) - started))
say "done: $APP ($(du -sh "$APP" | cut -f1), $(find "$APP" -type f | wc -l) files) in ${elapsed}s"
