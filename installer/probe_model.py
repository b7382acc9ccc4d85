"""A tiny stand-in card model that checks an inference runtime works in a built app.

    python installer/probe_model.py OUT_FOLDER     # needs the ``onnx`` package (dev setup)

It writes ``reader.json`` with a "detector" that reshapes the picture into YOLO-shaped
output (so grey pixels become boxes) and a "classifier" that averages each crop's colours
into three labels. The cards it finds are nonsense; what counts is that ``arbitro detect
--models OUT_FOLDER`` loads both graphs with the app's runtime (OpenVINO or ONNX Runtime)
and runs them end to end, with no real model at hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

INPUT_HW = (64, 64)
LABELS = ["AC", "KH", "none"]


def write_probe(folder: Path) -> None:
    import onnx
    from onnx import TensorProto, helper

    from vision.reader.crops import CROP_SIDE_PX

    folder.mkdir(parents=True, exist_ok=True)
    h, w = INPUT_HW
    shape = helper.make_tensor("shape", TensorProto.INT64, [3], [1, 6, (3 * h * w) // 6])
    detector = helper.make_graph(
        [helper.make_node("Reshape", ["images", "shape"], ["output0"])],
        "probe_detector",
        [helper.make_tensor_value_info("images", TensorProto.FLOAT, [1, 3, h, w])],
        [helper.make_tensor_value_info("output0", TensorProto.FLOAT, [1, 6, (3 * h * w) // 6])],
        [shape],
    )
    flat = helper.make_tensor("flat", TensorProto.INT64, [2], [0, 3])
    classifier = helper.make_graph(
        [
            helper.make_node("GlobalAveragePool", ["crops"], ["pooled"]),
            helper.make_node("Reshape", ["pooled", "flat"], ["logits"]),
        ],
        "probe_classifier",
        [
            helper.make_tensor_value_info(
                "crops", TensorProto.FLOAT, ["n", 3, CROP_SIDE_PX, CROP_SIDE_PX]
            )
        ],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["n", 3])],
        [flat],
    )
    for name, graph in (("probe_detector.onnx", detector), ("probe_classifier.onnx", classifier)):
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
        model.ir_version = 8  # readable by older runtimes too
        onnx.checker.check_model(model)
        onnx.save(model, folder / name)
    config = {
        "detector_onnx": "probe_detector.onnx",
        "classifier_onnx": "probe_classifier.onnx",
        "input_hw": list(INPUT_HW),
        "labels": LABELS,
        "version": "probe",
        "min_confidence": 0.0,  # nonsense cards, but every one reported
    }
    (folder / "reader.json").write_text(json.dumps(config, indent=2) + "\n")


if __name__ == "__main__":
    write_probe(Path(sys.argv[1]))
