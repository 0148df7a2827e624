"""`arbiter ask` on Dominion sentences the blind judges wrote (round 41041), as classes over every real card that
shares the wording, asked through the real command line on a temp database holding all five games:

- a card that sets another aside to play it later (Ghost, Royal Galley, Contract, Delay, Summon, Patient...) and the
  card it set aside: "My Ghost set aside a Smithy", "Smithy is Patient" read `Ghost > Smithy`, `Patient > Smithy`,
  never "X and Y" asked back nor the set-aside words dropped;
- a Throne variant played by a Throne Room, "which plays Smithy twice and then Caravan twice": both plays are the
  inner card's (`Throne Room > King's Court > Smithy + Caravan`);
- a failed condition said in words ("but it set nothing aside", "revealed no Action card") is `X > nothing` for
  every card whose answer it changes;
- a card giving an extra turn, and "another" of it played on that turn: `extra-turn X`.

Each reading is checked word for word (nothing left unused) and its answer is the direct command's own."""

from __future__ import annotations

import json
import re

import pytest

from bot.cli import main
from engine.rulesets.dominion.behaviour import At, How
from engine.rulesets.dominion.phrases_ask import NEVER_PLAYED, SPLIT_PILES, _plays_later, _types
from engine.rulesets.dominion.starter import load_starter
from tests.engine.dominion.test_dominion_issue34 import _cards, ask
from tests.shared_paths import require_shared

IMPORTS = (("dominion", "dominion"), ("ashes", "ashes"), ("grand-archive", "grand_archive"), ("l5r", "l5r"))


@pytest.fixture(scope="module")
def full_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("ask-dominion") / "cards.db")
    assert main(["cards", "import", str(require_shared("redemption", "carddata.txt")), "--db", path]) == 0
    for game, folder in IMPORTS:
        assert main([f"{game}-import", str(require_shared(folder)), "--db", path]) == 0
    return path


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    capsys.readouterr()
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def read_and_answer(capsys: pytest.CaptureFixture[str], db: str, text: str, chain: list[str]) -> None:
    """The sentence reads as exactly `chain`, every word used, and answers as `arbiter dominion CHAIN` does."""
    code, data = _json(capsys, "ask", text, "--db", db)
    assert code == 0 and data["read_as"] is not None, data.get("asked")
    assert data["read_as"]["game"] == "dominion"
    assert data["read_as"]["inputs"]["chain"] == chain
    assert data["unused"] == []
    code, direct = _json(capsys, "dominion", *chain, "--db", db)
    assert code == 0
    assert data["answer"]["ruling_id"] == direct["ruling_id"]


def _cards_sorted() -> list:
    return sorted(_cards().values(), key=lambda c: c.name)


def setters() -> list[str]:
    """Cards that set a card aside to play it later (not the Ways: "using Way of the Turtle" is read apart)."""
    return [c.name for c in _cards_sorted() if _plays_later(c) and "Way" not in _types(c)]


def thrones() -> list[tuple[str, int]]:
    """Action cards that play one card several times now (Throne variants), with how many times."""
    out = []
    for c in _cards_sorted():
        plays = load_starter().behaviour(c).plays
        if plays is not None and plays.how is How.EXTRA and plays.at is At.NOW and len(plays.times) > 1 \
                and "Action" in _types(c):
            out.append((c.name, len(plays.times)))
    return out


def failing() -> list[str]:
    """Cards played whose answer changes when they played or set aside nothing (`X > nothing`)."""
    out = []
    for c in _cards_sorted():
        if _types(c) & NEVER_PLAYED:
            continue
        try:
            if ask(f"{c.name} > nothing")["summary"] != ask(c.name)["summary"]:
                out.append(c.name)
        except Exception:  # "> nothing" is not a scenario of this card
            continue
    return out


def extra_turns() -> list[str]:
    return [c.name for c in _cards_sorted() if re.search(r"\btake an extra turn\b", c.text, re.I)]


def test_the_classes_are_the_real_cards():
    assert {"Ghost", "Royal Galley", "Contract", "Delay", "Farmhands", "Patient", "Summon", "Hasty"} <= set(setters())
    assert len(setters()) >= 12
    assert {("Throne Room", 2), ("King's Court", 3), ("Crown", 2), ("Procession", 2), ("Disciple", 2)} <= set(thrones())
    assert {"Ghost", "Haven", "Royal Galley", "Contract", "Gear", "Archive"} <= set(failing()) and len(failing()) >= 14
    assert {"Voyage", "Outpost", "Mission", "Seize the Day", "Journey"} <= set(extra_turns())


@pytest.mark.parametrize("card", setters())
def test_a_card_set_aside_by_another_is_that_cards_play(full_db: str, capsys: pytest.CaptureFixture[str],
                                                       card: str) -> None:
    kinds = _types(next(c for c in _cards().values() if c.name == card))
    if "Trait" in kinds:
        text = f"Dominion: Smithy is {card}. I set it aside to play it at the start of my next turn. When does " \
               "Smithy leave play?"
    elif kinds & {"Event", "Project"}:
        text = f"Dominion: I bought {card} and set aside a Smithy with it. When does the Smithy leave play?"
    else:
        text = f"Dominion: My {card} set aside a Smithy. When do {card} and Smithy leave play?"
    read_and_answer(capsys, full_db, text, [f"{card} > Smithy"])


@pytest.mark.parametrize(("card", "times"), thrones())
def test_plays_of_a_throne_played_by_a_throne_are_the_inner_ones(full_db: str, capsys: pytest.CaptureFixture[str],
                                                                card: str, times: int) -> None:
    said = {2: "twice", 3: "three times"}[times]
    text = f"Dominion: I play Throne Room on a {card}, which plays Smithy {said} and then Caravan {said}. When do " \
           "they leave play?"
    read_and_answer(capsys, full_db, text, [f"Throne Room > {card} > Smithy + Caravan"])


@pytest.mark.parametrize("card", failing())
def test_a_failed_condition_said_in_words_is_x_nothing(full_db: str, capsys: pytest.CaptureFixture[str],
                                                      card: str) -> None:
    text = next(c for c in _cards().values() if c.name == card).text.lower()
    verb = ("set nothing aside" if "set aside" in text or "set it aside" in text else
            "revealed no Action card" if "reveal" in text else "gained nothing" if "gain" in text else
            "trashed nothing" if "trash" in text else "played nothing")
    read_and_answer(capsys, full_db, f"Dominion: I played {card} but it {verb}. When does {card} leave play?",
                    [f"{card} > nothing"])


@pytest.mark.parametrize("card", extra_turns())
def test_a_card_played_on_an_extra_turn(full_db: str, capsys: pytest.CaptureFixture[str], card: str) -> None:
    read_and_answer(capsys, full_db, f"Dominion: During my extra turn from {card} I play a Caravan. When does the "
                                     "Caravan leave play?", ["extra-turn", "Caravan"])
    if "Action" in _types(next(c for c in _cards().values() if c.name == card)):
        read_and_answer(capsys, full_db, f"Dominion: During my extra turn from {card} I play another {card}. When "
                                         f"is that {card} discarded?", ["extra-turn", card])


def test_the_judged_sentences_read_as_said(full_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The round's own sentences, one per class (their chains are the direct forms the judge used)."""
    read_and_answer(capsys, full_db, "My Throne Room is Patient. I set it aside, and at the start of my next turn I "
                    "play it on a Caravan. When do the Throne Room and the Caravan leave play?",
                    ["Patient > Throne Room > Caravan"])
    read_and_answer(capsys, full_db, "I played Exorcist and then a Ghost that revealed no Action card. When does the "
                    "Ghost leave play?", ["Exorcist", "Ghost > nothing"])


def split_piles() -> dict[str, list[str]]:
    """Kinds that name a pile card of their own (Knights, Castles, Loot, Ruins...) -> the cards of that kind."""
    cards = _cards_sorted()
    names = {c.name for c in cards}
    out: dict[str, list[str]] = {}
    for c in cards:
        for kind in _types(c):
            if c.name in (kind, kind + "s") or (kind not in names and kind + "s" not in names):
                continue
            out.setdefault(kind, []).append(c.name)
    return {k: v for k, v in out.items() if len(v) >= 2}


def test_the_split_piles_are_the_real_ones():
    assert set(split_piles()) == SPLIT_PILES


@pytest.mark.parametrize(("kind", "card"), [(k, c) for k, cs in sorted(split_piles().items()) for c in cs][::3])
def test_a_split_piles_card_said_is_that_card(full_db: str, capsys: pytest.CaptureFixture[str], kind: str,
                                             card: str) -> None:
    """"the Loot I gained and played was Jewels": one card, Jewels (not the Loot and Jewels, nor asked back)."""
    text = f"Dominion: I played a {kind}; the {kind} I played was {card}. When does it leave play?"
    code, data = _json(capsys, "ask", text, "--db", full_db)
    if data["read_as"] is None:  # the kind's word is another game's card (Redemption's Wizard): asked, not answered
        assert code == 1 and data["asked"]["kind"] in ("several-games", "wrong-game")
        return
    read_and_answer(capsys, full_db, text, [card])
