"""Shared fixtures. Hypothesis runs a fixed, moderate number of examples so the suite stays
deterministic in CI; raise it locally with HYPOTHESIS_PROFILE=thorough."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
