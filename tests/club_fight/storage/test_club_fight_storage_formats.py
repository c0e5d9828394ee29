"""Files written before ``Variant`` replaced the all_clear booleans still load, and are written the same.

The texts below are byte for byte what the previous release wrote (save, stats and a game record of
an All Clear game), so the variant's stable name ``all-clear`` is pinned in every format.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from clubfight.club_fight.engine import DealCode, Level, Variant
from clubfight.club_fight.game import SavedGame, Start, format_record, parse_record
from clubfight.club_fight.storage.saves import load_game, save_game
from clubfight.club_fight.storage.stats import load_stats, record_game

OLD_SAVE = """{
 "format": "save",
 "version": 1,
 "start": {
  "deal": "easy-14"
 },
 "level": "easy",
 "variants": [
  "all-clear"
 ],
 "moves": [
  "8C 9C 10C allclear",
  "AC 2C 3C allclear"
 ],
 "hints": 1,
 "undos": 2,
 "daily": "2026-11-30",
 "id": "abc123"
}
"""

OLD_STATS = """{
 "format": "stats",
 "version": 1,
 "games": [
  {
   "played_on": "2026-11-30",
   "deal": "easy-14",
   "level": "easy",
   "variants": [
    "all-clear"
   ],
   "won": false,
   "score": 22,
   "turns": 2,
   "hints": 1,
   "undos": 0,
   "daily": null,
   "abandoned": false,
   "id": "abc123"
  },
  {
   "played_on": "2026-11-29",
   "deal": "hard-5",
   "level": "hard",
   "variants": [],
   "won": false,
   "score": 7,
   "turns": 13,
   "hints": 0,
   "undos": 0,
   "daily": null,
   "abandoned": false,
   "id": "def456"
  }
 ]
}
"""

OLD_RECORD = """clubfight record 1
deal: easy-14
variants: all-clear
result: unfinished with 22 cards left
8C 9C 10C allclear
AC 2C 3C allclear
"""


def test_an_old_save_loads_and_is_written_back_the_same(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(OLD_SAVE, encoding="utf-8")
    loaded = load_game(path)
    assert loaded.warning is None and loaded.value is not None
    game = loaded.value
    assert game.saved.start == Start.from_deal(DealCode.parse("easy-14"), variant=Variant.ALL_CLEAR)
    assert Variant.ALL_CLEAR in game.position.variant and game.position.turns_played == 2
    assert game.summary == "easy-14 (easy, all-clear), turn 3, score 22"
    save_game(
        SavedGame.of(game.saved.start, game.moves, hints=1, undos=2, daily=date(2026, 11, 30), game_id="abc123"), path
    )
    assert path.read_text(encoding="utf-8") == OLD_SAVE


def test_old_statistics_load_and_are_written_back_the_same(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_text(OLD_STATS, encoding="utf-8")
    loaded = load_stats(path)
    assert loaded.warning is None
    first, second = loaded.value
    assert (first.variant, second.variant) == (Variant.ALL_CLEAR, Variant.NONE)
    assert (first.level, second.level) == (Level.EASY, Level.HARD)
    rewritten = tmp_path / "again.json"
    for game in loaded.value:
        record_game(game, rewritten)
    assert rewritten.read_text(encoding="utf-8") == OLD_STATS


def test_an_old_record_replays_and_is_written_back_the_same() -> None:
    record = parse_record(OLD_RECORD)
    assert record.start.variant is Variant.ALL_CLEAR
    assert format_record(record.start, record.moves) == OLD_RECORD
