"""The online package's layout: the game side is pure, and nothing loads websockets until a server,
client or bot starts (start-up time: tests/test_architecture.py)."""

from __future__ import annotations

import ast

import pytest

from support import ROOT, modules_loaded

ONLINE = ROOT / "src" / "clubfight" / "combat" / "online"
PURE = ("codes", "options", "protocol", "notes", "table", "views", "snapshot", "limits", "seat_view")
NETWORK = ("store", "server", "client", "bot", "launcher")
NOT_PURE = {"asyncio", "websockets", "os", "time", "secrets", "random", "socket", "threading", "subprocess", "pathlib"}


def imports(module: str) -> set[str]:
    tree = ast.parse((ONLINE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level and node.module:
            found.add("." + node.module)
    return found


@pytest.mark.parametrize("module", PURE)
def test_the_game_side_is_pure(module: str) -> None:
    found = imports(module)
    assert not found & NOT_PURE, f"{module} imports {sorted(found & NOT_PURE)}"
    assert not {f".{m}" for m in NETWORK} & found, f"{module} imports a network module"


def test_every_module_is_named_here() -> None:
    assert {p.stem for p in ONLINE.glob("*.py")} == {"__init__", *PURE, *NETWORK}


def test_importing_the_package_or_starting_the_app_loads_no_websockets() -> None:
    assert modules_loaded(("websockets",), "clubfight.combat.online") == ""
    # The command line's parser holds Combat Club's commands, but loads none of its play or online code.
    lazy = ("websockets", "clubfight.combat.online", "clubfight.combat.engine", "clubfight.combat.ai")
    assert modules_loaded(lazy, "clubfight.cli.main") == ""
