"""The layout is the architecture: the engine and the AI never load a UI library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

FORBIDDEN = ("textual", "rich")


@pytest.mark.parametrize(
    "module",
    [
        "clubfight.engine",
        "clubfight.ai",
        "clubfight.cli",
        "clubfight.storage",
        "clubfight.game.records",
        "clubfight.game.daily",
        "clubfight.game.session",
    ],
)
def test_import_hygiene(module: str) -> None:
    pytest.importorskip(module)
    code = (
        f"import sys, {module}\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"{module} loaded {result.stdout.strip()}"


ENGINE_DIR = Path(__file__).resolve().parents[1] / "src" / "clubfight" / "engine"
ENGINE_MAY_NOT_IMPORT = {"random", "os", "io", "pathlib", "time", "datetime", "textual", "rich", "secrets"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_engine_is_pure() -> None:
    """The engine owns its shuffle (D1), does no I/O and reads no clock: it can't import those modules."""
    sources = sorted(ENGINE_DIR.glob("*.py"))
    assert sources, "engine sources not found"
    for source in sources:
        bad = imported_roots(source) & ENGINE_MAY_NOT_IMPORT
        assert not bad, f"{source.name} imports {sorted(bad)}"


PURE_PACKAGES = ("clubfight.engine", "clubfight.ai", "clubfight.storage")
"""Packages whose every module stays free of UI libraries, including modules their __init__ doesn't
import (clubfight.ai.bench, say), which test_import_hygiene alone would never load."""


def test_every_module_of_the_pure_packages_is_ui_free() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"for package_name in {PURE_PACKAGES!r}:\n"
        "    package = importlib.import_module(package_name)\n"
        "    for info in pkgutil.iter_modules(package.__path__, package_name + '.'):\n"
        "        importlib.import_module(info.name)\n"
        f"        if any(m.split('.')[0] in {FORBIDDEN!r} for m in sys.modules):\n"
        "            print(info.name)\n"
        "            raise SystemExit(0)\n"
        "    print('checked', package_name)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split("\n")[: len(PURE_PACKAGES)] == [f"checked {name}" for name in PURE_PACKAGES], (
        f"{result.stdout.strip()} loads a UI library"
    )
