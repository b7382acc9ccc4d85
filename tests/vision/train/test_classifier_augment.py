"""The classifier's training-time augmentation keeps crops usable and is reproducible."""

import pytest

torch = pytest.importorskip("torch")

from vision.train.classifier import _augment  # noqa: E402


def crops(seed: int = 0) -> "torch.Tensor":
    generator = torch.Generator().manual_seed(seed)
    return torch.randint(0, 256, (32, 3, 40, 40), generator=generator, dtype=torch.uint8)


def test_augmented_crops_keep_shape_and_pixel_range():
    out = _augment(crops(), torch.Generator().manual_seed(1))
    assert out.shape == (32, 3, 40, 40) and out.dtype == torch.float32
    assert float(out.min()) >= 0.0 and float(out.max()) <= 255.0


def test_the_same_seed_gives_the_same_batch_and_another_seed_another():
    batch = crops()
    first = _augment(batch, torch.Generator().manual_seed(7))
    again = _augment(batch, torch.Generator().manual_seed(7))
    other = _augment(batch, torch.Generator().manual_seed(8))
    assert torch.equal(first, again)
    assert not torch.equal(first, other)


def test_a_crop_is_changed_but_stays_close_to_itself():
    """A dark bar on light card stock stays a dark bar on light stock."""
    card = torch.full((16, 3, 40, 40), 230, dtype=torch.uint8)
    card[:, :, 10:30, 18:22] = 20
    out = _augment(card, torch.Generator().manual_seed(3), free_turn_share=0.0)
    assert not torch.equal(out, card.float())
    # The bar may have moved a pixel or two and be printed narrower: its darkest two columns.
    columns = out[:, :, 14:26, :].mean(dim=(1, 2))
    bar = ((columns[:, :-1] + columns[:, 1:]) / 2).amin(dim=1)
    stock = out[:, :, 2:8, 2:8].mean(dim=(1, 2, 3))
    assert bool((stock - bar > 60).all())


def _bar_angles_deg(out: "torch.Tensor") -> "torch.Tensor":
    """The direction of the dark bar in each crop (0 = vertical), from its pixel moments."""
    grey = out.mean(dim=1)
    low, high = grey.amin(dim=(1, 2)), grey.amax(dim=(1, 2))
    dark = (grey < ((low + high) / 2)[:, None, None]).float()
    ys, xs = torch.meshgrid(torch.arange(40.0), torch.arange(40.0), indexing="ij")
    mass = dark.sum(dim=(1, 2))
    cy, cx = (dark * ys).sum(dim=(1, 2)) / mass, (dark * xs).sum(dim=(1, 2)) / mass
    dy, dx = ys - cy[:, None, None], xs - cx[:, None, None]
    syy, sxx = (dark * dy * dy).sum(dim=(1, 2)), (dark * dx * dx).sum(dim=(1, 2))
    sxy = (dark * dx * dy).sum(dim=(1, 2))
    return torch.rad2deg(0.5 * torch.atan2(2 * sxy, syy - sxx))


def test_free_turns_lay_an_index_at_any_angle_and_the_rest_stay_nearly_square():
    """Cards on a real table lie at every angle; a share of the crops is turned freely."""
    card = torch.full((64, 3, 40, 40), 230, dtype=torch.uint8)
    card[:, :, 8:32, 18:22] = 20
    # No slanted faces here (reshape_share 0): a slant would tilt the bar as well.
    square = _bar_angles_deg(_augment(card, torch.Generator().manual_seed(5), 0.0, 0.25, 0.0))
    turned = _bar_angles_deg(_augment(card, torch.Generator().manual_seed(5), 1.0, 0.25, 0.0))
    assert float(square.abs().max()) < 12.0
    assert float((turned.abs() > 30).float().mean()) > 0.4


def _green_ink_on_stock() -> "torch.Tensor":
    """A four-colour deck's club: green ink (BGR 40, 120, 20) on white stock."""
    card = torch.full((64, 3, 40, 40), 235, dtype=torch.uint8)
    card[:, 0, 12:28, 12:28], card[:, 1, 12:28, 12:28], card[:, 2, 12:28, 12:28] = 40, 120, 20
    return card


def _ink_colourfulness(out: "torch.Tensor") -> "torch.Tensor":
    ink = out[:, :, 16:24, 16:24].mean(dim=(2, 3))
    return ink.amax(dim=1) - ink.amin(dim=1)


def test_drained_crops_keep_their_shape_but_lose_the_colour_that_would_tell_the_suit():
    """Green clubs must be read by their shape, or a black club of the same shape reads as
    a spade: drained crops keep little of the ink's colour, the others keep it (the light's
    own tint, up to 12% per channel, is left on both)."""
    card = _green_ink_on_stock()
    drained = _augment(card, torch.Generator().manual_seed(4), 0.0, desaturate_share=1.0)
    coloured = _augment(card, torch.Generator().manual_seed(4), 0.0, desaturate_share=0.0)
    assert float(_ink_colourfulness(coloured).median()) > 60
    assert float(_ink_colourfulness(drained).median()) < 25
    stock = drained[:, :, 2:8, 2:8].mean(dim=(1, 2, 3))
    ink = drained[:, :, 16:24, 16:24].mean(dim=(1, 2, 3))
    assert bool((stock - ink > 50).all())


def _dark_mask(out: "torch.Tensor") -> "torch.Tensor":
    grey = out.mean(dim=1)
    low, high = grey.amin(dim=(1, 2)), grey.amax(dim=(1, 2))
    return (grey < ((low + high) / 2)[:, None, None]).float()


def _width_over_height(out: "torch.Tensor") -> "torch.Tensor":
    """How wide the dark block is against its height, from its second moments."""
    dark = _dark_mask(out)
    ys, xs = torch.meshgrid(torch.arange(40.0), torch.arange(40.0), indexing="ij")
    mass = dark.sum(dim=(1, 2))
    cy, cx = (dark * ys).sum(dim=(1, 2)) / mass, (dark * xs).sum(dim=(1, 2)) / mass
    syy = (dark * (ys - cy[:, None, None]) ** 2).sum(dim=(1, 2))
    sxx = (dark * (xs - cx[:, None, None]) ** 2).sum(dim=(1, 2))
    return (sxx / syy).sqrt()


def _square_block() -> "torch.Tensor":
    card = torch.full((64, 3, 40, 40), 230, dtype=torch.uint8)
    card[:, :, 13:27, 13:27] = 20
    return card


def test_reshaped_crops_print_the_index_wider_or_narrower_and_the_others_keep_its_proportions():
    """Decks letter their indices in faces of many widths (a condensed face among them)."""
    card = _square_block()
    kept = _width_over_height(_augment(card, torch.Generator().manual_seed(6), 0.0, 0.0, 0.0))
    reshaped = _width_over_height(_augment(card, torch.Generator().manual_seed(6), 0.0, 0.0, 1.0))
    assert float((kept - 1).abs().median()) < 0.03 and float((kept - 1).abs().max()) < 0.1
    assert float((reshaped < 0.9).float().mean()) > 0.2
    assert float((reshaped > 1.08).float().mean()) > 0.2


def test_reweighted_crops_print_the_ink_bolder_or_lighter():
    """Faces differ in weight: half the reweighted crops gain ink, the other half lose it."""
    card = _square_block()
    plain = _augment(card, torch.Generator().manual_seed(9), 0.0, 0.0, 0.0, weight_share=0.0)
    weighted = _augment(card, torch.Generator().manual_seed(9), 0.0, 0.0, 0.0, weight_share=1.0)
    ratio = _dark_mask(weighted).sum(dim=(1, 2)) / _dark_mask(plain).sum(dim=(1, 2))
    assert float((ratio > 1.08).float().mean()) > 0.3
    assert float((ratio < 0.92).float().mean()) > 0.3


def test_crops_keep_their_proportions_and_weight_unless_other_faces_are_asked_for():
    """The shipped recipe (run R12's) prints no crop in another face; the shares are opt-in."""
    card = _square_block()
    default = _width_over_height(_augment(card, torch.Generator().manual_seed(2), 0.0, 0.0))
    assert float((default - 1).abs().max()) < 0.1


@pytest.mark.parametrize("other_faces", [False, True])
def test_training_asks_for_other_faces_only_when_told(tmp_path, monkeypatch, other_faces):
    import numpy as np

    import vision.train.classifier as classifier

    crops_npz = tmp_path / "crops.npz"
    rng = np.random.default_rng(0)
    np.savez(
        crops_npz,
        crops=rng.integers(0, 256, (8, 40, 40, 3), dtype=np.uint8),
        labels=np.arange(8, dtype=np.int64),
    )
    asked: list[dict] = []
    real = classifier._augment

    def recording(batch, generator, **shares):
        asked.append(shares)
        return real(batch, generator, **shares)

    monkeypatch.setattr(classifier, "_augment", recording)
    classifier.train_classifier(
        crops_npz, crops_npz, tmp_path / "c.pt", epochs=1, resume=False, other_faces=other_faces
    )
    assert asked
    shares = asked[0]
    assert shares.get("reshape_share", 0.0) == (classifier.RESHAPE_SHARE if other_faces else 0.0)
    assert shares.get("weight_share", 0.0) == (classifier.WEIGHT_SHARE if other_faces else 0.0)
