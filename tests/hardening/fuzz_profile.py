"""How many generated cases each fuzz test runs: ``HYPOTHESIS_PROFILE=ci`` (the default, a
few hundred in all, fast) or ``HYPOTHESIS_PROFILE=full`` (over 10,000 in all).

Settings are handed to each test rather than loaded as the global profile, so the
engine's own property tests keep theirs when the suites run together.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILE_ENV = "HYPOTHESIS_PROFILE"
CI_SHARE = 20  # the ci profile runs a twentieth of the full count (at least 10)


def profile_name() -> str:
    name = os.environ.get(PROFILE_ENV, "ci")
    if name not in ("ci", "full"):
        raise ValueError(f"{PROFILE_ENV} must be 'ci' or 'full', got {name!r}")
    return name


def fuzz_settings(full_examples: int) -> settings:
    """``full_examples`` cases under the full profile, a twentieth of them under ci.

    A generous per-case deadline turns a hang into a failure without flaking on a busy
    machine; no example database, so a run leaves nothing behind in the tree.
    """
    examples = full_examples if profile_name() == "full" else max(10, full_examples // CI_SHARE)
    return settings(
        max_examples=examples,
        deadline=10_000,
        database=None,
        derandomize=profile_name() == "ci",  # the default run is reproducible
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
