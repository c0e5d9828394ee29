"""The Combat Club engine is pure: no I/O, no clock, no ``random``, no UI, and from the rest of the
project only the shared shuffle (U1/U4)."""

from __future__ import annotations

import ast

from support import ROOT, absolute_imports, ui_libraries_loaded

ENGINE_DIR = ROOT / "src" / "clubfight" / "combat" / "engine"
FORBIDDEN = {"random", "os", "io", "pathlib", "time", "datetime", "textual", "rich", "secrets", "sys"}


def test_combat_engine_imports_nothing_impure() -> None:
    sources = sorted(ENGINE_DIR.glob("*.py"))
    assert len(sources) >= 8
    for source in sources:
        for name in absolute_imports(source):
            assert name.split(".")[0] not in FORBIDDEN, f"{source.name} imports {name}"
            if name.startswith("clubfight"):
                assert name == "clubfight.common.shuffle", f"{source.name} imports {name}"


def test_combat_engine_loads_no_ui_library() -> None:
    assert ui_libraries_loaded("clubfight.combat.engine") == ""


GAME_DIR = ENGINE_DIR.parent / "game"


def test_combat_game_is_pure_too() -> None:
    """Match and records: no I/O, no clock, no ``random``; from the project only the engines."""
    sources = sorted(GAME_DIR.glob("*.py"))
    assert len(sources) >= 3
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module == "datetime":
                # A calendar date is a value (a result's day); the clock (now, today) is not.
                assert [alias.name for alias in node.names] == ["date"], f"{source.name} reads the clock"
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.ImportFrom) and node.module:
                assert node.level == 1 or node.module.startswith("engine"), f"{source.name} imports {node.module}"
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{source.name} imports {name}"
                if name.startswith("clubfight"):
                    allowed = ("clubfight.common.records", "clubfight.combat.engine")
                    assert name in allowed, f"{source.name} imports {name}"
