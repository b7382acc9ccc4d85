#!/usr/bin/env bash
# Check a built Linux app folder the way a fresh machine would see it: the folder is copied
# to a new place, run with an empty environment (no Python, no venv, no repository on
# the path), offscreen, with a new home folder.
#
#   installer/test_linux_build.sh [APP_FOLDER]     # default installer/dist/arbitro
#
# Checks: the smoke mode plays the demo hand and saves it (exit 0, one hand and one
# snapshot in the database); the rules command answers; a picture that is not one is a
# one-line error with exit 2; a corrupt database is set aside; the bundled inference
# runtime runs a model (PROBE_MODELS=folder made by installer/probe_model.py, and
# PROBE_IMAGE=a photo for the shipped model when there is one); no torch inside.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SOURCE_APP=${1:-"$ROOT/installer/dist/arbitro"}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp -a "$SOURCE_APP" "$WORK/app"  # a new place: nothing may point back at the build
APP="$WORK/app/arbitro"
mkdir -p "$WORK/home"
failures=0

run() {  # run the app with an empty environment, from the work folder
    (cd "$WORK" && env -i PATH=/usr/bin:/bin HOME="$WORK/home" LANG=C.UTF-8 \
        QT_QPA_PLATFORM=offscreen "$APP" "$@")
}
check() {  # check NAME CONDITION...
    local name=$1; shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
hands_in() { sqlite3 "$1" 'SELECT COUNT(*) FROM hands' 2>/dev/null || echo "?"; }

# 1. the smoke mode: the demo hand to its end, saved, exit 0
start=$(date +%s.%N)
set +e
out=$(run --source demo --db "$WORK/x.sqlite" --quit-after-hand 2>"$WORK/smoke.err")
code=$?
set -e
seconds=$(echo "$(date +%s.%N) - $start" | bc)
echo "smoke mode: exit $code in ${seconds}s: $out"
check "smoke mode exits 0" test "$code" = 0
check "smoke mode reports the saved hand" grep -q "hand 1 saved as snapshot 1" <<<"$out"
check "the database holds the hand" test "$(hands_in "$WORK/x.sqlite")" = 1
check "the smoke mode says which model it used" grep -Eq "\((model|model missing)" <<<"$out"

# 2. the rules command line answers JSON
rules=$(run rules check KH KS KD 2>&1 || true)
check "arbitro rules check answers" grep -q '"legal": true' <<<"$rules"

# 3. a file that is not a picture: one line, exit 2 (or 2 because the model is missing)
printf 'not a picture' >"$WORK/photo.jpg"
set +e
run detect "$WORK/photo.jpg" >"$WORK/detect.out" 2>"$WORK/detect.err"
code=$?
set -e
check "arbitro detect on a non-picture exits 2" test "$code" = 2
check "... without a traceback" bash -c "! grep -q Traceback '$WORK/detect.err'"

# 4. a corrupt database is set aside with a backup
printf 'garbage%.0s' {1..300} >"$WORK/bad.sqlite"
set +e
run --source demo --db "$WORK/bad.sqlite" --quit-after-hand >/dev/null 2>"$WORK/bad.err"
set -e
check "a corrupt database is moved aside" bash -c "ls '$WORK'/bad.sqlite.corrupt-* >/dev/null"
check "... and named on stderr" grep -q "moved to" "$WORK/bad.err"

# 5. the inference runtime inside the folder loads and runs a model: a stand-in
#    (PROBE_MODELS, made by installer/probe_model.py) and the shipped one when present
if [ -n "${PROBE_MODELS:-}" ]; then
    probe=$(run detect --json --models "$PROBE_MODELS" "$PROBE_MODELS/table.png" 2>"$WORK/probe.err" || true)
    check "the bundled runtime runs the probe model" grep -q '"detections": \[{' <<<"$probe"
fi
if [ -f "$WORK/app/_internal/models/reader.json" ] && [ -n "${PROBE_IMAGE:-}" ]; then
    shipped=$(run detect --json "$PROBE_IMAGE" 2>"$WORK/shipped.err" || true)
    echo "shipped model on $PROBE_IMAGE: $(head -c 300 <<<"$shipped")"
    check "the shipped model loads in the folder" grep -q '"detections"' <<<"$shipped"
fi
if grep -q "model missing" <<<"$out" && [ -f "$WORK/app/_internal/models/reader.json" ]; then
    check "the shipped model is used by the smoke mode" false
fi

# 6. no torch in the folder
check "no torch or ultralytics inside" bash -c "! find '$WORK/app' \( -type d -name torch -o -name 'libtorch*' -o -ipath '*ultralytics*' \) | grep -q ."

echo "app folder: $(du -sh "$SOURCE_APP" | cut -f1)"
if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed; stderr of the smoke run:" >&2
    cat "$WORK/smoke.err" >&2
    exit 1
fi
echo "all checks passed"
