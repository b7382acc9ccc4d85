"""The crop cut at inference is the crop the classifier was trained on."""

import numpy as np
import pytest

from vision.reader.crops import CROP_SIDE_PX, cut_crops, square_around


def test_square_is_centred_on_the_box_and_wider_than_its_long_side():
    square = square_around((10, 20, 30, 60), factor=1.5)
    assert square.tolist() == pytest.approx([-10, 10, 50, 70])


def test_crop_holds_the_marked_box_at_its_centre():
    image = np.zeros((200, 300, 3), np.uint8)
    image[90:110, 140:160] = (0, 0, 255)  # a red patch (BGR)
    crop = cut_crops(image, np.array([[140, 90, 160, 110]], np.float32))[0]
    assert crop.shape == (CROP_SIDE_PX, CROP_SIDE_PX, 3)
    centre = crop[CROP_SIDE_PX // 2, CROP_SIDE_PX // 2]
    assert centre.tolist() == [255, 0, 0]  # crops are RGB
    assert crop[0, 0].tolist() == [0, 0, 0]  # the border around the box is outside the patch


def test_a_box_at_the_image_edge_is_padded_black_not_shifted():
    image = np.full((50, 50, 3), 200, np.uint8)
    crop = cut_crops(image, np.array([[0, 0, 20, 20]], np.float32))[0]
    assert crop[0, 0].tolist() == [0, 0, 0]
    assert crop[CROP_SIDE_PX // 2, CROP_SIDE_PX // 2].tolist() == [200, 200, 200]


def test_no_boxes_gives_an_empty_batch():
    assert cut_crops(np.zeros((10, 10, 3), np.uint8), np.zeros((0, 4))).shape[0] == 0


def test_a_shifted_square_moves_by_the_box_longer_side_and_keeps_its_size():
    # box 20 wide, 40 high: a shift of 0.1 moves the centre by 4 px each way
    square = square_around((10, 20, 30, 60), factor=1.5, shift=(0.1, -0.1))
    assert square.tolist() == pytest.approx([-6, 6, 54, 66])


def test_a_shifted_crop_sees_the_patch_off_centre():
    image = np.zeros((200, 300, 3), np.uint8)
    image[90:110, 140:160] = (0, 0, 255)
    centred = cut_crops(image, np.array([[140, 90, 160, 110]], np.float32))[0]
    # moved down-right by half the box: the patch now lies towards the crop's top-left
    moved = cut_crops(image, np.array([[140, 90, 160, 110]], np.float32), shift=(0.5, 0.5))[0]
    assert centred[CROP_SIDE_PX - 3, CROP_SIDE_PX - 3].tolist() == [0, 0, 0]
    assert moved[8, 8].tolist() == [255, 0, 0]
    assert moved[CROP_SIDE_PX - 3, CROP_SIDE_PX - 3].tolist() == [0, 0, 0]
    assert moved[CROP_SIDE_PX // 2 + 8, CROP_SIDE_PX // 2 + 8].tolist() == [0, 0, 0]
