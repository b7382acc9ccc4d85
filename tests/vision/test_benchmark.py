"""The benchmark's timing loop: every route sees every frame, each after a pause."""

import numpy as np

from vision.benchmark import time_in_turn


def test_each_route_reads_every_frame_after_a_pause() -> None:
    frames = [np.full((2, 2, 3), i, dtype=np.uint8) for i in range(3)]
    calls: list[tuple[str, int | float]] = []

    def route(name: str):
        return lambda frame: calls.append((name, int(frame[0, 0, 0])))

    times = time_in_turn(
        frames,
        (route("shipped"), route("plain")),
        settle_s=0.05,
        sleep=lambda s: calls.append(("pause", s)),
    )
    assert calls == [
        step
        for i in range(3)
        for step in (("pause", 0.05), ("shipped", i), ("pause", 0.05), ("plain", i))
    ]
    assert [len(route_ms) for route_ms in times] == [3, 3]
    assert all(ms >= 0 for route_ms in times for ms in route_ms)
