"""Colour is never the only cue (issue 35): under NO_COLOR, in both games, every suit, block, picked
or cleared card, safe or unsafe stack and card that can't be played shows a letter or a symbol."""

from __future__ import annotations

import pytest

from club_fight_tui_support import game, make_app
from clubfight.club_fight.tui.grid_view import GridView
from clubfight.combat.engine import parse_action
from clubfight.combat.tui.fight_screen import SLOT_KEYS
from clubfight.shell.widgets import CardSpread
from combat_support import make
from combat_tui_support import combat_app, fight, match_of, screen_text, settle
from support import async_test

SUITS = "♠♥♦♣"


def card_texts(spread: CardSpread) -> list[str]:
    """Each card's characters, as drawn (no colour at all)."""
    lines = str(spread.render()).splitlines()
    content = spread.content_region
    texts = []
    for region in spread.places(content.width, content.height):
        rows = lines[region.y : region.y + region.height]
        texts.append("\n".join(row[region.x : region.x + region.width] for row in rows))
    return texts


@async_test
async def test_club_fight_under_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.no_color
        table = game(app)
        for place, text in enumerate(card_texts(table.query_one(GridView)), start=1):
            card = table.position.card_at(place)
            assert card is not None and (card.symbol[-1] in text or "JK" in text), (place, text)
        text = screen_text(app)
        assert "♥ 3/3 ■■■ Run blocked" in text and "♠ 5/3 ■■■ Up/Down blocked" in text  # blocks
        assert "✗ blocked by 5 ♠" in text
        await pilot.press("x", "a", "5")
        await pilot.pause()
        grid = card_texts(table.query_one(GridView))
        assert "✕" in grid[4] and not any("✕" in text for text in grid[:4] + grid[5:])  # to be cleared
        assert "▲" in card_texts(table.query_one("#hand", CardSpread))[1]  # the club chosen


@async_test
async def test_combat_club_under_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    r = make("3S 4S JS / 7C KD 2H / 7H 6H 5D", red_hand="8H 10D QH KH", black_hand="3S", black_deck="5S 8S 6S")
    app = combat_app(match_of(r))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.no_color
        screen = fight(app)
        slots = screen.model.slots()
        await pilot.press(SLOT_KEYS[slots.index(parse_action("8H@4").cards[0])])  # type: ignore[union-attr]
        await pilot.pause()
        for row in range(3):
            for col in range(3):
                place = screen.place_at(row, col)
                (text,) = card_texts(screen.query_one(f"#c-cell-{row}-{col}", CardSpread))
                top = screen.model.round.stack(place)
                assert not top or any(suit in text for suit in SUITS), (place, text)
                if place in screen.model.targets():
                    assert ("unsafe" if not screen.model.targets()[place] else "safe") in text, (place, text)
        playable = screen.model.playable()
        assert any(card not in playable for card in slots)  # the 10♦ fits no stack
        for index, card in enumerate(slots):
            (text,) = card_texts(screen.query_one(f"#c-slot-{index}", CardSpread))
            assert card is not None and card.symbol[-1] in text
            if card in screen.model.picked:
                assert "•1" in text
            elif card not in playable:
                assert "✗" in text, (card, text)  # can't be played now: not by a dimmed face alone
        assert "unsafe" in screen_text(app)
