"""`arbiter ask` on Ashes, blind round 71031 (ask path), as classes over every real card sharing them, asked through
the real command line on a temp database holding all five games:

- "my unit that has 1 exhaustion token on it" is that unit's token, never the card used being exhausted ("it" was
  found inside "unit");
- "if it is already exhausted": the card used is exhausted;
- "I attach X to my own unit. Can my opponent cancel it with Golden Veil?": the asker uses X, so "my unit" is the
  asker's (it was read from the cancel holder's side)."""

from __future__ import annotations

from functools import cache

import pytest

from tests.engine.ashes.real import printings
from tests.engine.ashes.test_ashes_ask_board_phrases import exhaust_cost_spells
from tests.engine.ashes.test_ashes_ask_sentences import REBORN, _json, full_db

__all__ = ["full_db"]  # the module's fixture: a temp database holding all five games


@cache
def alterations() -> list[str]:
    """Reborn alteration spells played onto a unit (every 4th is asked: the class is large)."""
    return sorted({c.name for c, e, p in printings() if e == "reborn" and p.type == "Alteration Spell"
                   and p.placement == "Unit"})


def _read(capsys: pytest.CaptureFixture[str], db: str, text: str) -> dict | None:
    code, data = _json(capsys, "ask", text, "--db", db)
    if data["read_as"] is None:   # another game's card name, or an unread board word: asked back, never answered
        assert code == 1, data["asked"]
        assert data["asked"]["kind"] in ("several-games", "wrong-game", "which-card", "missing-input"), data["asked"]
        return None
    return data["read_as"]["inputs"]


def test_the_classes_are_the_real_cards():
    assert len(alterations()) >= 20 and len(exhaust_cost_spells()) >= 40


@pytest.mark.parametrize("card", alterations()[::4])
def test_a_units_token_is_not_the_card_used(full_db: str, capsys: pytest.CaptureFixture[str], card: str) -> None:
    inputs = _read(capsys, full_db, f"{REBORN}I attach {card} to my unit that has 1 exhaustion token on it. "
                                    "What happens?")
    if inputs is not None:
        assert inputs["card"] == card and not inputs.get("exhausted"), inputs


@pytest.mark.parametrize(("card", "edition"), exhaust_cost_spells()[::6])
def test_already_exhausted(full_db: str, capsys: pytest.CaptureFixture[str], card: str, edition: str) -> None:
    inputs = _read(capsys, full_db, f"{REBORN}Can I use {card} if it is already exhausted?")
    if inputs is not None:
        assert inputs["card"] == card and inputs.get("exhausted") is True, inputs


@pytest.mark.parametrize("card", alterations()[1::4])
def test_my_own_unit_when_i_attach_it(full_db: str, capsys: pytest.CaptureFixture[str], card: str) -> None:
    inputs = _read(capsys, full_db, f"{REBORN}I attach {card} to my own unit. Can my opponent cancel it with "
                                    "Golden Veil?")
    if inputs is not None:
        assert inputs["card"] == card and inputs.get("cancel_with") == "Golden Veil"
        assert inputs.get("units") == "mine", inputs
