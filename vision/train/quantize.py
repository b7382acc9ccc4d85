"""Post-training int8 quantization of the card classifier with NNCF.

The int8 graph stays ONNX (QuantizeLinear/DequantizeLinear pairs), so both runtimes read it
as they read the float one; OpenVINO runs it with int8 kernels. Calibration crops are cut
where the detector fires on tables rendered in the training styles (never the held-out
style, never the real photographs), so the classifier is calibrated on what it is shown.

The detector stays in float, by measurement (models/MODEL_CARD.md): quantized as ONNX it
lost most of its cards under OpenVINO, and quantized natively it kept them but ran only a
few per cent faster, because OpenVINO already runs the float graph in bfloat16 on CPUs
that have it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

# Its own seed, apart from every training, validation and held-out set.
CALIBRATION_SEED = 8000


@dataclass(frozen=True)
class QuantizeSettings:
    calibration_frames: int = 60
    classifier_crops: int = 3000
    seed: int = 0


def _input_name(model: object) -> str:
    return model.graph.input[0].name  # type: ignore[attr-defined,no-any-return]


def _quantize(
    onnx_in: Path,
    onnx_out: Path,
    samples: Sequence[np.ndarray],
) -> Path:
    import nncf
    import onnx

    model = onnx.load(str(onnx_in))
    name = _input_name(model)
    dataset = nncf.Dataset(list(samples), lambda sample: {name: sample})
    quantized = nncf.quantize(
        model,
        dataset,
        subset_size=len(samples),
        # Mixed: symmetric weights, asymmetric activations (SiLU outputs are not centred).
        preset=nncf.QuantizationPreset.MIXED,
    )
    onnx_out.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(quantized, str(onnx_out))
    return onnx_out


def calibration_crops(
    frames: Sequence[np.ndarray], models_dir: Path, count: int, seed: int
) -> list[np.ndarray]:
    """Crops where the float reader's detector fires, in batches of 32 (the classifier's
    batch axis is dynamic)."""
    from vision.detector import load_reader
    from vision.reader.crops import cut_crops

    reader = load_reader(models_dir)
    crops: list[np.ndarray] = []
    for image in frames:
        boxes = reader.locate(image).index_boxes_xyxy
        if len(boxes):
            crops.extend(cut_crops(image, boxes))
    if not crops:
        raise ValueError("the detector found no index on the calibration frames")
    order = np.random.default_rng(seed).permutation(len(crops))[:count]
    chosen = np.stack([crops[i] for i in order]).transpose(0, 3, 1, 2).astype(np.float32)
    return [np.ascontiguousarray(chosen[i : i + 32]) for i in range(0, len(chosen), 32)]


def quantize_classifier(
    models_dir: Path,
    float_onnx: Path,
    int8_onnx: Path,
    frames: Sequence[np.ndarray],
    settings: QuantizeSettings = QuantizeSettings(),
) -> Path:
    """Write ``int8_onnx`` from ``float_onnx``, calibrated on crops cut from ``frames``."""
    crops = calibration_crops(frames, models_dir, settings.classifier_crops, settings.seed)
    return _quantize(float_onnx, int8_onnx, crops)


def calibration_frames(settings: QuantizeSettings = QuantizeSettings()) -> list[np.ndarray]:
    """Whole tables at 1280x720 in the training styles, from the quantization's own seed."""
    from vision.synth.dataset import SynthConfig, render_sample
    from vision.synth.styles import default_training_styles

    config = SynthConfig(
        seed=CALIBRATION_SEED + settings.seed,
        size_wh=(1280, 720),
        styles=default_training_styles(),
        framing="auto",
    )
    return [render_sample(config, i).image_bgr for i in range(settings.calibration_frames)]
