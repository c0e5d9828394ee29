"""Names a package exports but loads on first use (PEP 562), so that start-up pays only for what the
first frame draws (benchmarks/startup.py)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, homes: Mapping[str, str], namespace: dict[str, Any]) -> Callable[[str], object]:
    """The package's module ``__getattr__``: a name of ``homes`` (name -> module) is imported from its
    module when first asked for and kept in ``namespace``, so the next use is a plain lookup."""

    def __getattr__(name: str) -> object:
        module = homes.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    return __getattr__
