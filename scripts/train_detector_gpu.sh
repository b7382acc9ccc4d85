#!/usr/bin/env bash
# Train the index detector on a machine with a CUDA GPU, inside a fixed time budget:
# render fresh 640x640 training chunks until RENDER_S has passed, then continue the shipped
# detector (models/index_detector.pt) on them until TOTAL_S, and leave the new weights,
# Ultralytics' per-epoch results and its settings in OUT_DIR. The shipped models/ folder is
# never written: measure the weights (models/MODEL_CARD.md, "How a model is chosen") before
# copying them in and exporting them with `arbitro train --stages export`.
#
# Usage: scripts/train_detector_gpu.sh OUT_DIR [TOTAL_S] [RENDER_S]
# Environment: PY (python with torch, ultralytics, numpy, opencv; default python3),
# DEVICE (default 0), WORKERS (default: cores less one), BATCH (default 64),
# SEED (first chunk's render seed, default 41000), CHUNK (renders a chunk, default 1200).
# Run detector GPU1 (models/MODEL_CARD.md) came from: scripts/train_detector_gpu.sh OUT 540 200
# on one H200 with 16 cores: eight chunks (9,600 renders) in 208 s, then 19 epochs in 289 s.
set -uo pipefail
cd "$(dirname "$0")/.."
out_dir="${1:?usage: scripts/train_detector_gpu.sh OUT_DIR [TOTAL_S] [RENDER_S]}"
total_s="${2:-540}"
render_s="${3:-200}"
py="${PY:-python3}"
device="${DEVICE:-0}"
workers="${WORKERS:-$(( $(nproc) - 1 ))}"
batch="${BATCH:-64}"
first_seed="${SEED:-41000}"
chunk="${CHUNK:-1200}"
started=$(date +%s)
elapsed() { echo $(( $(date +%s) - started )); }

export PYTHONUNBUFFERED=1 YOLO_OFFLINE=1 MPLBACKEND=Agg
export YOLO_CONFIG_DIR="${YOLO_CONFIG_DIR:-$(mktemp -d)}"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT  # the renders: about 1 GB
mkdir -p "$out_dir" "$scratch/models"
cp models/index_detector.pt "$scratch/models/"

synth() {  # synth OUT SEED COUNT OPTIONS...: the progress bar's lines are left out
    local folder="$1" seed="$2" count="$3"
    shift 3
    "$py" -m desktop.cli synth --out "$folder" --seed "$seed" --count "$count" --size 640x640 \
        --square-views 0.5 --min-visible 0.5 --workers "$workers" "$@" 2>&1 | tail -n 1
}

# Ultralytics' fitness set: val14's recipe (models/MODEL_CARD.md, Data).
synth "$scratch/val14" 21500 200
chunks=()
for i in $(seq 0 19); do
    [ ${#chunks[@]} -gt 0 ] && [ "$(elapsed)" -ge "$render_s" ] && break
    # run Q's options and flat-topped 3s: the recipe of train24 (Data).
    synth "$scratch/chunk$i" $((first_seed + i)) "$chunk" --joker-share 1.0 --flat-three 0.5
    chunks+=("$scratch/chunk$i")
done
# What is left, less time for caching the images, the last validation and the copy.
hours=$("$py" -c "print(round(max($total_s - $(elapsed) - 75, 30) / 3600, 4))")
echo "rendered ${#chunks[@]} chunks in $(elapsed) s; training for $hours h"
"$py" -m desktop.cli train --data "${chunks[@]}" --val "$scratch/val14" \
    --work "$scratch/work" --models "$scratch/models" --stages detector \
    --detector-hours "$hours" --imgsz 480 --batch "$batch" --seed 41 \
    --detector-device "$device" --detector-workers "$workers" 2>&1 \
    | grep -v "it/s\]\|s/it\]" | tail -n 40
cp "$scratch/models/index_detector.pt" "$scratch/work/runs/detector/results.csv" \
    "$scratch/work/runs/detector/args.yaml" "$out_dir/"
echo "done in $(elapsed) s: $out_dir"
