"""The whole training run: datasets -> detector -> classifier -> ONNX export -> reader.json.

Every stage can run alone, and every stage starts from what ``models/`` already holds, so a
later session continues where this one stopped.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from vision.reader.labels import CLASSIFIER_LABELS

DETECTOR_PT = "index_detector.pt"
DETECTOR_ONNX = "index_detector.onnx"
CLASSIFIER_PT = "card_classifier.pt"
CLASSIFIER_ONNX = "card_classifier.onnx"
CLASSIFIER_INT8_ONNX = "card_classifier.int8.onnx"
# A 1280x720 frame scaled by 0.75 keeps 10-30 px indices at 8-22 px, which the detector's
# stride-8 head still sees, for a third of the full-size cost.
DEFAULT_INPUT_HW = (544, 960)


@dataclass(frozen=True)
class TrainPlan:
    train_dirs: tuple[Path, ...]
    val_dirs: tuple[Path, ...]
    models_dir: Path
    work_dir: Path
    stages: tuple[str, ...]
    detector_epochs: int
    classifier_epochs: int
    imgsz: int
    batch: int
    seed: int
    fresh: bool
    input_hw: tuple[int, int] = DEFAULT_INPUT_HW
    detector_hours: float | None = None
    classifier_samples: int | None = None
    classifier_lr: float = 3e-3
    reuse_crops: bool = False
    classifier_widen: int = 1
    classifier_faces: bool = False
    detector_device: str = "cpu"
    detector_workers: int = 2


def run_plan(plan: TrainPlan) -> None:
    from vision.train.classifier import export_classifier_onnx, train_classifier
    from vision.train.datasets import build_crop_dataset, build_detector_dataset
    from vision.train.detector import DetectorTraining, export_detector_onnx, train_detector
    from vision.train.quantize import calibration_frames, quantize_classifier

    models, work = plan.models_dir, plan.work_dir
    log: dict[str, object] = {}
    if "detector" in plan.stages:
        started = time.monotonic()
        data_yaml = build_detector_dataset(
            list(plan.train_dirs), list(plan.val_dirs), work / "detector_data"
        )
        train_detector(
            DetectorTraining(
                data_yaml=data_yaml,
                weights_out=models / DETECTOR_PT,
                runs_dir=work / "runs",
                epochs=plan.detector_epochs,
                imgsz=plan.imgsz,
                batch=plan.batch,
                seed=plan.seed,
                fresh=plan.fresh,
                hours=plan.detector_hours,
                device=plan.detector_device,
                workers=plan.detector_workers,
            )
        )
        log["detector_seconds"] = round(time.monotonic() - started)
    if "classifier" in plan.stages:
        started = time.monotonic()
        train_npz, val_npz = work / "crops_train.npz", work / "crops_val.npz"
        if not (plan.reuse_crops and train_npz.exists() and val_npz.exists()):
            counts = build_crop_dataset(list(plan.train_dirs), train_npz, seed=plan.seed)
            build_crop_dataset(list(plan.val_dirs), val_npz, seed=plan.seed + 1, copies_per_index=1)
            print(f"classifier crops: {counts[0]} index, {counts[1]} not-index", flush=True)
        run = train_classifier(
            train_npz,
            val_npz,
            models / CLASSIFIER_PT,
            epochs=plan.classifier_epochs,
            seed=plan.seed,
            resume=not plan.fresh,
            samples_per_epoch=plan.classifier_samples,
            lr=plan.classifier_lr,
            widen_factor=plan.classifier_widen,
            other_faces=plan.classifier_faces,
        )
        log["classifier"] = run.__dict__
        log["classifier_seconds"] = round(time.monotonic() - started)
    if "export" in plan.stages:
        export_detector_onnx(models / DETECTOR_PT, models / DETECTOR_ONNX, plan.input_hw)
        export_classifier_onnx(models / CLASSIFIER_PT, models / CLASSIFIER_ONNX)
        (models / CLASSIFIER_ONNX).with_suffix(".json").unlink(missing_ok=True)
        write_reader_config(models, plan.input_hw, CLASSIFIER_ONNX)  # quantize reads it
        quantize_classifier(
            models, models / CLASSIFIER_ONNX, models / CLASSIFIER_INT8_ONNX, calibration_frames()
        )
        write_reader_config(models, plan.input_hw, CLASSIFIER_INT8_ONNX)
    work.mkdir(parents=True, exist_ok=True)  # an export-only run has written nothing there
    (work / "train_log.json").write_text(json.dumps(log, indent=2, default=str))
    print(json.dumps(log, default=str), flush=True)


def write_reader_config(
    models_dir: Path, input_hw: tuple[int, int], classifier_onnx: str = CLASSIFIER_INT8_ONNX
) -> Path:
    path = models_dir / "reader.json"
    previous = json.loads(path.read_text()) if path.exists() else {}
    config = {
        "detector_onnx": DETECTOR_ONNX,
        "classifier_onnx": classifier_onnx,
        "input_hw": list(input_hw),
        "labels": list(CLASSIFIER_LABELS),
        "min_detector_score": previous.get("min_detector_score", 0.2),
        "nms_iou": previous.get("nms_iou", 0.5),
        "min_confidence": previous.get("min_confidence", 0.25),
        "version": time.strftime("%Y.%m.%d-%H%M", time.gmtime()),
    }
    # Chosen by measurement with the thresholds above, so they travel together.
    for chosen in ("tracking_min_confidence", "second_look_below"):
        if previous.get(chosen) is not None:
            config[chosen] = previous[chosen]
    path.write_text(json.dumps(config, indent=2) + "\n")
    return path
