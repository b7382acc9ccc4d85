#!/usr/bin/env bash
# Install Arbitro with its training and development extras into a virtual environment,
# then run every check CI runs: lint, types, import layering, the test suite, and the
# app's offscreen smoke mode. VENV chooses the environment (default .venv).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${VENV:-.venv}"
export YOLO_OFFLINE=1 QT_QPA_PLATFORM=offscreen PYTHONDONTWRITEBYTECODE=1
export YOLO_CONFIG_DIR="${YOLO_CONFIG_DIR:-$(mktemp -d)}"

[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet -e '.[train,dev]'

echo "== ruff"
"$venv/bin/ruff" check .
echo "== mypy (strict for engine/)"
"$venv/bin/mypy" engine
echo "== import layering"
"$venv/bin/lint-imports"
echo "== tests"
"$venv/bin/python" -m pytest -q -p no:cacheprovider
echo "== app smoke mode: the demo hand end to end, offscreen"
smoke_db="$(mktemp -d)/smoke.sqlite"
"$venv/bin/arbitro" --source demo --db "$smoke_db" --quit-after-hand
echo "smoke mode saved a hand in $smoke_db"
