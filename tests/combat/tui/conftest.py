"""Every test here gets its own data folder with the default settings (app_home_support), in place
of the bare one of tests/conftest.py."""

from __future__ import annotations

from app_home_support import home

__all__ = ["home"]
