"""Widening the classifier keeps what it reads, so training a wider one starts from it."""

import pytest

torch = pytest.importorskip("torch")

from vision.train.classifier_net import (  # noqa: E402
    IndexClassifier,
    load_classifier,
    widened,
    width_of,
)


def trained_like(seed: int = 0) -> IndexClassifier:
    """A small classifier with random weights and batch-norm statistics, in eval mode."""
    torch.manual_seed(seed)
    model = IndexClassifier(width=8)
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, torch.nn.BatchNorm2d):
                module.running_mean.uniform_(-0.5, 0.5)
                module.running_var.uniform_(0.5, 2.0)
                module.weight.uniform_(0.5, 1.5)
                module.bias.uniform_(-0.2, 0.2)
    return model.eval()


def crops() -> "torch.Tensor":
    return torch.rand(16, 3, 40, 40, generator=torch.Generator().manual_seed(1)) * 255


def test_a_widened_classifier_gives_the_same_logits():
    small = trained_like()
    wide = widened(small, 2, noise=0.0).eval()
    assert width_of(wide.state_dict()) == 16
    assert sum(p.numel() for p in wide.parameters()) > 3 * sum(
        p.numel() for p in small.parameters()
    )
    with torch.no_grad():
        torch.testing.assert_close(wide(crops()), small(crops()), atol=1e-4, rtol=1e-4)


def test_noise_moves_the_copies_apart_but_keeps_the_readings():
    small = trained_like()
    wide = widened(small, 3, noise=0.01, seed=4).eval()
    first = wide.features[0][0].weight
    assert not torch.equal(first[0], first[1])  # the copies of channel 0 now differ
    with torch.no_grad():
        assert torch.equal(wide(crops()).argmax(1), small(crops()).argmax(1))


def test_weights_load_at_the_width_they_were_saved_at():
    wide = widened(trained_like(), 2, noise=0.0)
    loaded = load_classifier(wide.state_dict()).eval()
    assert width_of(loaded.state_dict()) == 16
    with torch.no_grad():
        torch.testing.assert_close(loaded(crops()), wide.eval()(crops()))


# The classifier is exported with torch's TorchScript exporter (dynamo=False), which torch
# now warns about.
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_training_widens_the_saved_classifier_and_export_keeps_its_width(tmp_path):
    import numpy as np

    from vision.reader.labels import CLASSIFIER_LABELS
    from vision.train.classifier import export_classifier_onnx, train_classifier

    rng = np.random.default_rng(0)
    for name in ("train", "val"):
        np.savez(
            tmp_path / f"{name}.npz",
            crops=rng.integers(0, 256, (64, 40, 40, 3), dtype=np.uint8),
            labels=rng.integers(0, len(CLASSIFIER_LABELS), 64),
        )
    weights = tmp_path / "card_classifier.pt"
    torch.save({"state_dict": IndexClassifier(width=8).state_dict()}, weights)
    train_classifier(
        tmp_path / "train.npz", tmp_path / "val.npz", weights, epochs=1, widen_factor=2
    )
    saved = torch.load(weights, weights_only=True)["state_dict"]
    assert width_of(saved) == 16
    onnx_path = export_classifier_onnx(weights, tmp_path / "card_classifier.onnx")
    ort = pytest.importorskip("onnxruntime")
    session = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    logits = session.run(None, {"crops": np.zeros((3, 3, 40, 40), np.float32)})[0]
    assert logits.shape == (3, len(CLASSIFIER_LABELS))
