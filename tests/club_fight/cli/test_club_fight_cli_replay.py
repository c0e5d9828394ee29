"""``clubfight replay``: a Club Fight record printed move by move or opened in the app, and bad
records refused with exit status 2."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

from clubfight.cli import main
from clubfight.club_fight.engine import DealCode, Move, Position
from clubfight.club_fight.game import Start, format_record
from clubfight.club_fight.tui.launch import ClubFightReplay


def a_game(code: str = "easy-7", turns: int = 13) -> tuple[Start, list[Move], list[Position]]:
    start = Start.from_deal(DealCode.parse(code))
    positions = [start.opening()]
    moves: list[Move] = []
    while not positions[-1].is_over and len(moves) < turns:
        move = min(positions[-1].legal_moves(), key=lambda m: (-len(m.cleared), m.sort_key()))
        moves.append(move)
        positions.append(positions[-1].play(move))
    return start, moves, positions


def test_replay_text_prints_each_move_and_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start, moves, positions = a_game()
    path = tmp_path / "game.txt"
    path.write_text(format_record(start, moves))
    assert main(["replay", "--text", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Game record: easy-7 (easy), variants: none\n")
    for number, (move, position) in enumerate(zip(moves, positions[1:], strict=True), start=1):
        assert f"Move {number}: {move}\n{position}\n" in out
    assert out.rstrip().splitlines()[-1].startswith("Result: ")


def test_replay_opens_the_app_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    start, moves, positions = a_game(turns=3)
    path = tmp_path / "game.txt"
    path.write_text(format_record(start, moves))
    calls: list[object] = []
    fake = types.ModuleType("clubfight.cli.app")
    fake.run_app = lambda launch: calls.append(launch) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "clubfight.cli.app", fake)
    assert main(["replay", str(path)]) == 0
    assert calls == [ClubFightReplay(tuple(positions), tuple(moves))]


def test_a_bad_record_exits_2_naming_the_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start, moves, _ = a_game(turns=3)
    lines = format_record(start, moves).splitlines()
    lines[5] = "KC line row9"
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines))
    assert main(["replay", "--text", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"clubfight: error: {path}:6: ") and captured.err.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "words"),
    [(None, "can't read"), (b"\xff\xfe\x00garbage", "not text"), (b"hello\n", ":1: not a game record")],
)
def test_unreadable_records_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, words: str
) -> None:
    path = tmp_path / "record.txt"
    if content is not None:
        path.write_bytes(content)
    assert main(["replay", "--text", str(path)]) == 2
    assert words in capsys.readouterr().err


def test_replay_exit_status_end_to_end(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("clubfight record 1\ndeal: easy-7\nvariants: none\n6C fly\n")
    result = subprocess.run(
        [sys.executable, "-m", "clubfight", "replay", "--text", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert result.stderr.startswith(f"clubfight: error: {path}:4: ") and "Traceback" not in result.stderr
