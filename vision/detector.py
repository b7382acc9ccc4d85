"""The card reader the app uses: index detector + card classifier, both ONNX, no torch.

>>> reader = load_reader()                      # doctest: +SKIP
>>> reader.detect(image_bgr)[0]                 # doctest: +SKIP
CardDetection(card='QH', confidence=0.97, box_xyxy=(412.0, 96.5, 431.0, 127.0))
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np

from vision.reader.backend import ImageBackend, InferenceBackend, open_backend, open_image_backend
from vision.reader.crops import CROP_SIDE_PX, cut_crops
from vision.reader.geometry import RawBoxes, decode_yolo, fit_into, nms
from vision.reader.labels import DETECTOR_LABELS
from vision.reader.ranks import RankTable
from vision.reader.tiles import concatenate, tiles_of
from vision.types import BoxXYXY, CardDetection

_Backend = TypeVar("_Backend", ImageBackend, InferenceBackend)

DEFAULT_MODELS_DIR = Path(__file__).resolve().parent.parent / "models"
READER_CONFIG = "reader.json"


class ModelMissingError(RuntimeError):
    """The model files are absent or unreadable; the message says which and what to do."""


@dataclass(frozen=True)
class ReaderConfig:
    detector_onnx: str
    classifier_onnx: str
    input_hw: tuple[int, int]
    labels: tuple[str, ...]
    min_detector_score: float = 0.2
    nms_iou: float = 0.5
    min_confidence: float = 0.25
    version: str = "unversioned"
    # Frames of a video or a camera: the hand's memory confirms a card only when several
    # frames read it, so one frame's doubtful reading costs less there than in a still.
    # None: the same threshold as a still.
    tracking_min_confidence: float | None = None
    # Stills (``detect``): a crop whose best class the classifier gives less than this is
    # read again from a crop cut a little off centre (``SECOND_LOOK_SHIFTS``), and the
    # readings averaged; ``min_confidence`` was chosen with it. None: one look.
    # Frames for the hand's memory always get one look: it already weighs each card over
    # many frames, and the second look measured no better there (``SECOND_LOOK_SHIFTS``).
    second_look_below: float | None = None

    @property
    def tracking_threshold(self) -> float:
        if self.tracking_min_confidence is None:
            return self.min_confidence
        return self.tracking_min_confidence

    @staticmethod
    def load(path: Path) -> ReaderConfig:
        data = json.loads(path.read_text())
        if not isinstance(data, dict):
            raise ValueError("it holds no JSON object")
        tracking = data.get("tracking_min_confidence")
        second_look = data.get("second_look_below")
        return ReaderConfig(
            detector_onnx=data["detector_onnx"],
            classifier_onnx=data["classifier_onnx"],
            input_hw=(int(data["input_hw"][0]), int(data["input_hw"][1])),
            labels=tuple(data["labels"]),
            min_detector_score=float(data.get("min_detector_score", 0.2)),
            nms_iou=float(data.get("nms_iou", 0.5)),
            min_confidence=float(data.get("min_confidence", 0.25)),
            version=str(data.get("version", "unversioned")),
            tracking_min_confidence=None if tracking is None else float(tracking),
            second_look_below=None if second_look is None else float(second_look),
        )


@dataclass(frozen=True)
class Reading:
    """Everything one frame gave: the card indices and the face-down card backs."""

    detections: tuple[CardDetection, ...]
    backs_xyxy: tuple[BoxXYXY, ...]


@dataclass(frozen=True)
class Located:
    """The detector's boxes for one frame, before the classifier reads them."""

    index_boxes_xyxy: np.ndarray  # (N, 4) float32
    index_scores: np.ndarray  # (N,)
    backs_xyxy: np.ndarray  # (M, 4)


# Where the second look cuts its crops: the box's centre moved by these fractions of its
# longer side (down and right). A detector's box is never pixel exact, and an index read
# alike from two cuts is read surer. On val720 (second look below 0.75, a fifth of the crops
# read again) misreads at a threshold of 0.35 fell from 3.70% to 2.91% of predictions,
# recall 0.915 -> 0.916; cut both down-right and up-left, 2.80% and 0.914, at twice the
# work. On the 108 validation and fresh hand videos (both cuts) it read 436 melds exact,
# less laid beyond, against 435 with one look and 345 cards wrong against 331, so the
# memory's frames keep one look.
SECOND_LOOK_SHIFTS = ((0.06, 0.06),)


# OpenVINO prepares the classifier afresh for each batch size it has not run yet (3-5 ms
# here, more than reading 40 crops), and the count of index boxes changes from frame to
# frame. Batches are padded with blank crops to a multiple of this, so a few sizes recur:
# the same readings, 2-3 ms a 1280x720 frame less (measured over 20 rendered tables).
CROP_BATCH_STEP = 8

# A still's detector pass: the whole frame, then a 2x2 grid of tiles each 0.6 of its width
# and height, the boxes of all five merged by NMS (``vision.reader.tiles``). A table
# photographed from far off shows indices the one pass misses. Chosen on the `val23` stills
# through the model against a 3x3 grid of 0.45 (readable melds exact as the referee reads
# them: 678 with one pass, 695 with 2x2, 685 with 3x3), then checked on `val14`: 376 -> 428
# of 907. Five passes cost about four more detector runs a still; video frames keep one.
STILL_TILE_GRID = 2
STILL_TILE_SHARE = 0.6


def padded_crop_batch(crops: np.ndarray) -> np.ndarray:
    """Crops (N, H, W, 3) as the classifier's float32 NCHW batch, padded with blank crops to
    a multiple of ``CROP_BATCH_STEP``."""
    count = len(crops)
    size = -(-count // CROP_BATCH_STEP) * CROP_BATCH_STEP
    batch = np.zeros((size, 3, CROP_SIDE_PX, CROP_SIDE_PX), np.float32)
    batch[:count] = crops.transpose(0, 3, 1, 2)
    return batch


def softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=1, keepdims=True)


class CardReader:
    """Finds every corner index in a frame and reads it as a card. One per thread."""

    def __init__(
        self, config: ReaderConfig, detector: ImageBackend, classifier: InferenceBackend
    ) -> None:
        self.config = config
        self._detector = detector
        self._classifier = classifier
        self.backend_name = detector.name
        self._ranks = RankTable(tuple(config.labels))

    def locate(self, image_bgr: np.ndarray, tiled: bool = False) -> Located:
        """Stage one: the detector's index and back boxes, in frame pixels. ``tiled``: the
        frame is seen whole and in overlapping tiles (``STILL_TILE_GRID``), for a still."""
        parts = [self._boxes_in(image_bgr)]
        if tiled:
            height, width = image_bgr.shape[:2]
            for tile in tiles_of((width, height), STILL_TILE_GRID, STILL_TILE_SHARE):
                parts.append(tile.to_frame(self._boxes_in(tile.cut(image_bgr)), (width, height)))
        raw = nms(concatenate(parts), self.config.nms_iou)
        is_back = raw.class_ids == DETECTOR_LABELS.index("back")
        return Located(raw.boxes_xyxy[~is_back], raw.scores[~is_back], raw.boxes_xyxy[is_back])

    def _boxes_in(self, image_bgr: np.ndarray) -> RawBoxes:
        """The detector's boxes above its floor in one image, in that image's pixels."""
        canvas, fit = fit_into(image_bgr, self.config.input_hw)
        raw = decode_yolo(self._detector(canvas), self.config.min_detector_score)
        return RawBoxes(fit.to_frame(raw.boxes_xyxy), raw.scores, raw.class_ids)

    def classify(self, image_bgr: np.ndarray, index_boxes_xyxy: np.ndarray) -> np.ndarray:
        """Stage two: the classifier's probabilities (N, labels) for each index box."""
        return self._probabilities(cut_crops(image_bgr, index_boxes_xyxy))

    def look_again(
        self,
        image_bgr: np.ndarray,
        index_boxes_xyxy: np.ndarray,
        probabilities: np.ndarray,
        index_scores: np.ndarray,
        threshold: float,
    ) -> np.ndarray:
        """The second look (``ReaderConfig.second_look_below``): each unsure box is read
        again from crops cut off centre (``SECOND_LOOK_SHIFTS``), and its readings averaged.
        A box whose detector score could not reach ``threshold`` for any card whatever the
        new looks say is left as it is: its reading cannot be reported either way."""
        below = self.config.second_look_below
        if below is None or not len(probabilities):
            return probabilities
        looks = len(SECOND_LOOK_SHIFTS)
        best = probabilities.max(axis=1)
        reachable = index_scores * (best + looks) / (looks + 1) >= threshold
        again = (best < below) & reachable
        if not again.any():
            return probabilities
        boxes = index_boxes_xyxy[again]
        shifted = np.concatenate(
            [cut_crops(image_bgr, boxes, shift) for shift in SECOND_LOOK_SHIFTS]
        )
        new_looks = np.split(self._probabilities(shifted), looks)
        averaged = probabilities.copy()
        averaged[again] = np.mean([probabilities[again], *new_looks], axis=0)
        return averaged

    def _probabilities(self, crops: np.ndarray) -> np.ndarray:
        return softmax(self._classifier(padded_crop_batch(crops))[: len(crops)])

    def read(
        self,
        image_bgr: np.ndarray,
        min_confidence: float | None = None,
        open_suits: bool = False,
        second_look: bool = True,
        tiled: bool = False,
        far_rivals: bool = False,
    ) -> Reading:
        """The frame's card readings at ``min_confidence`` (default: the still threshold).
        With ``open_suits``, an index whose rank is sure and suit is not comes back too,
        suit-open (``CardDetection.suit_open``), for the layout to settle from its meld.
        ``second_look``: unsure crops are read again (``ReaderConfig.second_look_below``).
        ``tiled``: the detector sees the frame in tiles too (``locate``). ``far_rivals``: a
        plain reading names its far rivals too (``vision.reader.ranks.FAR_RIVAL_RATIO``)."""
        threshold = self.config.min_confidence if min_confidence is None else min_confidence
        located = self.locate(image_bgr, tiled)
        backs = tuple(tuple(float(v) for v in box) for box in located.backs_xyxy)
        # confidence = detector score x classifier probability <= detector score, so an index
        # scored under the threshold can never be reported: not worth classifying.
        worth_reading = located.index_scores >= threshold
        index_boxes = located.index_boxes_xyxy[worth_reading]
        index_scores = located.index_scores[worth_reading]
        detections: list[CardDetection] = []
        if len(index_boxes):
            probabilities = self.classify(image_bgr, index_boxes)
            if second_look:
                # A suit-open reading sums a rank's suits, which the bound on one card's
                # probability in look_again does not cover: then every unsure box is looked at.
                reach = 0.0 if open_suits else threshold
                probabilities = self.look_again(
                    image_bgr, index_boxes, probabilities, index_scores, reach
                )
            for box, det_score, probs in zip(index_boxes, index_scores, probabilities, strict=True):
                reading = self._ranks.read(
                    probs, float(det_score), threshold, open_suits, far_rivals
                )
                if reading is None:
                    continue
                rank_confidence = reading.rank_confidence
                if rank_confidence is not None:
                    rank_confidence = round(rank_confidence, 4)
                detections.append(
                    CardDetection(
                        card=reading.card,
                        confidence=round(reading.confidence, 4),
                        box_xyxy=tuple(round(float(v), 1) for v in box),  # type: ignore[arg-type]
                        rank_confidence=rank_confidence,
                        other_suits=reading.other_suits,
                        rivals=reading.rivals,
                        far_rivals=reading.far_rivals,
                    )
                )
        detections.sort(key=lambda d: (d.box_xyxy[1], d.box_xyxy[0]))
        return Reading(tuple(detections), backs)

    def read_for_memory(self, image_bgr: np.ndarray) -> Reading:
        """One frame of a video or a camera, for the hand's memory: read at the tracking
        threshold (``ReaderConfig.tracking_min_confidence``), suit-open readings included,
        each crop looked at once."""
        return self.read(
            image_bgr, self.config.tracking_threshold, open_suits=True, second_look=False
        )

    def read_still(self, image_bgr: np.ndarray) -> Reading:
        """A photograph of the whole table, for the layout (``arbitro read IMAGE``): read
        at the tracking threshold with suit-open readings, as a video frame is, and each
        unsure crop looked at twice, since a still has no other frame to make up for a
        misread. Chosen on the `val14` and `val23` stills by the referee's melds (pooled,
        readable melds exact: 1,002 of 1,831 against 925 for the still threshold without
        suit-open readings, 993 for a video frame's reading). The detector sees it whole and
        in tiles (``STILL_TILE_GRID``): a photo is read once, so its time is spent on it.
        For the same reason each plain reading names its far rivals (``FAR_RIVAL_RATIO``):
        a video frame's do not, since the memory weighs each card over many frames."""
        return self.read(
            image_bgr,
            self.config.tracking_threshold,
            open_suits=True,
            second_look=True,
            tiled=True,
            far_rivals=True,
        )

    def detect(
        self, image_bgr: np.ndarray, min_confidence: float | None = None
    ) -> list[CardDetection]:
        return list(self.read(image_bgr, min_confidence).detections)


def load_reader(
    models_dir: Path | None = None, backend: str = "auto", threads: int | None = None
) -> CardReader:
    """Load the shipped reader from ``models_dir`` (default: the repo's ``models/``)."""
    folder = Path(models_dir) if models_dir else DEFAULT_MODELS_DIR
    config_path = folder / READER_CONFIG
    if not config_path.exists():
        raise ModelMissingError(
            f"no card model in {folder} ({READER_CONFIG} is missing); reinstall Arbitro or "
            "run 'arbitro train' to make one"
        )
    try:
        config = ReaderConfig.load(config_path)
    except (ValueError, KeyError, TypeError) as error:
        raise ModelMissingError(f"the card model's {config_path} is unreadable: {error}") from error
    detector = _open_model(folder / config.detector_onnx, open_image_backend, backend, threads)
    classifier = _open_model(folder / config.classifier_onnx, open_backend, backend, threads)
    return CardReader(config, detector, classifier)


def _open_model(
    path: Path, opener: Callable[..., _Backend], backend: str, threads: int | None
) -> _Backend:
    if not path.exists():
        raise ModelMissingError(f"the card model file {path} is missing")
    try:
        return opener(path, backend, threads)
    except Exception as error:  # the runtimes raise their own types for a corrupt file
        reason = " ".join(str(error).split())[:200]  # one line, however they format it
        raise ModelMissingError(f"the card model file {path} is corrupt: {reason}") from error
