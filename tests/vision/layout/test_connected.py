"""Connected groups: items linked directly or through others are one group."""

from vision.layout.connected import connected_groups


def test_links_through_a_third_item_join_and_unlinked_items_stay_apart():
    links = {(0, 2), (2, 4), (1, 3)}
    groups = connected_groups(6, lambda i, j: (i, j) in links)
    assert groups == [[0, 2, 4], [1, 3], [5]]


def test_each_pair_is_asked_once_in_order():
    asked = []
    connected_groups(4, lambda i, j: asked.append((i, j)) or False)
    assert asked == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
