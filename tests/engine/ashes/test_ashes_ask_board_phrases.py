"""`arbiter ask` on Ashes board phrases (issue 31, blind round 42031 ask path), as classes over every real card that
shares them, asked through the real command line on a temp database holding all five games:

- tokens said as a count are the board: "my Phoenixborn has 6 status tokens" (`phoenixborn@mine/status=6`), "5
  wounds" (never the card Lick Wounds), "X has 2 wound tokens on it", "if it already has an exhaustion token on it"
  (the card used is exhausted);
- "all my Gilders are already in play" / "all conjurations are in play": none left in the conjuration pile;
- "my battlefield is full with a Biter and a Frost Talon. I play X": X is the card used, the others are units of mine;
- "X is destroyed" is X leaving play: a first-edition "When this unit leaves play" trigger reads it."""

from __future__ import annotations

import re
from functools import cache

import pytest

from tests.engine.ashes.real import every_ability, printings
from tests.engine.ashes.test_ashes_ask_sentences import FIRST, REBORN, _json, asked, full_db, same_as_direct
from tests.engine.ashes.test_ashes_two_targets import fights

__all__ = ["full_db"]  # the module's fixture: a temp database holding all five games


@cache
def phoenixborn_token_readers() -> list[tuple[str, str, str]]:
    """(card, edition, kind) for every ability that reads or moves status/wound tokens on "your Phoenixborn"."""
    out = set()
    for r in every_ability():
        for m in re.finditer(r"\b(status|wound) tokens? (?:on|from) your phoenixborn", r.ability.text or "", re.I):
            out.add((r.name, r.edition, "wounds" if m.group(1).lower() == "wound" else "status"))
    return sorted(out)


@cache
def unit_token_counters() -> list[tuple[str, str, str, str]]:
    """(unit, edition, kind, ability as asked) for every unit ability counting its own status/wound tokens ("for each
    wound token on this unit", "If it had 2 or more status tokens on it")."""
    out = set()
    for r in every_ability():
        if r.printing.type not in ("Ally", "Conjuration"):
            continue
        m = re.search(r"\b(status|wound) tokens? on (?:this unit|it)\b", r.ability.text or "", re.I)
        if m is not None and r.ask != "play":
            out.add((r.name, r.edition, "wounds" if m.group(1).lower() == "wound" else "status", r.ask))
    return sorted(out)


@cache
def exhaust_cost_spells() -> list[tuple[str, str]]:
    """(card, edition) for every ready spell whose ability is paid by exhausting it (Reborn prints [[exhaust]])."""
    out = set()
    for card, edition, p in printings():
        if p.type == "Ready Spell" and edition == "reborn" and "[[exhaust]]" in (p.text or ""):
            out.add((card.name, edition))
    return sorted(out)


@cache
def summoners() -> list[tuple[str, str, str]]:
    """(card, edition, conjuration) for every card whose printing places a conjuration that is a card."""
    names = {c.name.casefold(): c.name for c, _, _ in printings()}
    out = {}
    for card, edition, p in printings():
        for conj in p.conjurations:
            if conj.casefold() in names and not names[conj.casefold()].startswith("The "):
                out.setdefault((card.name, names[conj.casefold()]), edition)
    return sorted((card, edition, conj) for (card, conj), edition in out.items())


@cache
def leaves_play_triggers() -> list[tuple[str, str, str]]:
    """(card, edition, ability) for every unit ability triggered when this unit leaves play, its card having no
    other ability for a unit destroyed or leaving play (first edition prints them)."""
    out = set()
    for r in every_ability():
        trigger = (r.ability.trigger.words if r.ability.trigger is not None else "").lower()
        if r.printing.type not in ("Ally", "Conjuration") \
                or not re.search(r"\bthis unit (?:\w+ )*?leaves play", trigger):
            continue
        rivals = [a for a in r.abilities if a is not r.ability and a.trigger is not None
                  and re.search(r"destroyed|leaves play", a.trigger.words, re.I)]
        if not rivals:
            out.add((r.name, r.edition, r.ask))
    return sorted(out)


def _two_allies(card: str) -> tuple[str, str]:
    """Two real allies the card's text does not name (the board beside it)."""
    texts = " ".join(p.text or str(p.abilities) for c, _, p in printings() if c.name == card).casefold()
    allies = sorted({c.name for c, _, p in printings() if p.type == "Ally" and len(c.name.split()) == 2
                     and c.name != card and c.name.casefold() not in texts
                     and c.name.split()[1].casefold() not in texts})
    return allies[0], allies[1]


def test_the_classes_are_the_real_cards():
    assert ("Concentration", "reborn", "status") in phoenixborn_token_readers()
    assert len(phoenixborn_token_readers()) >= 10
    assert ("Dread Wraith", "reborn", "wounds", "Rage 1") in unit_token_counters()
    assert len(unit_token_counters()) >= 10
    assert ("Summon Gilder", "reborn") in exhaust_cost_spells() and len(exhaust_cost_spells()) >= 80
    assert ("Ptera Herder", "reborn", "Ptera Hatchling") in summoners() and len(summoners()) >= 100
    assert ("Soul Augur", "1e", "Fateful Arrival") in leaves_play_triggers() and len(leaves_play_triggers()) >= 5


def _asked(capsys: pytest.CaptureFixture[str], db: str, text: str) -> dict | None:
    """The reading, or None when a card's name is also another game's and the sentence is asked back (the shared
    reader's class, ask-shared's lane: listed in /work/notes/ask-requests.md) — asked back, never answered."""
    code, data = _json(capsys, "ask", text, "--db", db)
    if data["read_as"] is None and data["asked"]["kind"] in ("several-games", "wrong-game"):
        assert code == 1
        return None
    return asked(capsys, db, text)


def _said(edition: str) -> str:
    return REBORN if edition == "reborn" else FIRST


@pytest.mark.parametrize(("card", "edition", "kind"), phoenixborn_token_readers()[::2])
def test_tokens_on_my_phoenixborn(full_db: str, capsys: pytest.CaptureFixture[str], card: str, edition: str,
                                  kind: str) -> None:
    word = "status tokens" if kind == "status" else "wounds"
    data = _asked(capsys, full_db, f"{_said(edition)}My Phoenixborn has 4 {word}. I use {card}. What happens?")
    if data is None:
        return
    inputs = data["read_as"]["inputs"]
    assert inputs["card"] == card and f"phoenixborn@mine/{kind}=4" in inputs["unit"]
    assert not any("Lick Wounds" in str(v) for v in inputs.values())
    data = asked(capsys, full_db, f"{_said(edition)}There are 2 {word} on my opponent's Phoenixborn and I use "
                                  f"{card}.")
    assert f"phoenixborn@theirs/{kind}=2" in data["read_as"]["inputs"]["unit"]
    same_as_direct(capsys, full_db, data)


@pytest.mark.parametrize(("card", "edition", "kind", "ability"), unit_token_counters()[::2])
def test_tokens_on_the_unit_used(full_db: str, capsys: pytest.CaptureFixture[str], card: str, edition: str, kind: str,
                                 ability: str) -> None:
    word = "status tokens" if kind == "status" else "wound tokens"
    data = asked(capsys, full_db, f"{_said(edition)}My {card} has 2 {word} on it. What happens?")
    inputs = data["read_as"]["inputs"]
    assert inputs["card"] == card and f"{card}@mine/{kind}=2" in inputs["unit"]


@pytest.mark.parametrize(("card", "edition"), exhaust_cost_spells()[::6])
def test_an_exhaustion_token_on_the_card_used(full_db: str, capsys: pytest.CaptureFixture[str], card: str,
                                              edition: str) -> None:
    data = asked(capsys, full_db, f"{REBORN}Can I use {card} if it already has an exhaustion token on it?")
    assert data["read_as"]["inputs"]["card"] == card and data["read_as"]["inputs"]["exhausted"] is True
    assert data["unused"] == []
    assert data["answer"]["usable"]["value"] is False and "cannot be used" in data["answer"]["summary"]


@pytest.mark.parametrize(("card", "edition", "conjuration"), summoners()[1::6])
def test_all_copies_in_play_leave_none(full_db: str, capsys: pytest.CaptureFixture[str], card: str, edition: str,
                                       conjuration: str) -> None:
    said = "" if edition == "reborn" else FIRST  # (a name shared with another game: ask-shared's, not this class)
    data = _asked(capsys, full_db, f"{said}I use {card} but all my {conjuration}s are already in play.")
    if data is None:
        return
    inputs = data["read_as"]["inputs"]
    assert inputs["card"] == card and inputs["conjurations_left"] == "0"
    assert data["unused"] == []


@pytest.mark.parametrize(("card", "edition", "conjuration"), summoners()[4::6])
def test_a_full_battlefield_with_units_named(full_db: str, capsys: pytest.CaptureFixture[str], card: str,
                                             edition: str, conjuration: str) -> None:
    a, b = _two_allies(card)
    data = asked(capsys, full_db, f"{_said(edition)}My battlefield is full with a {a} and a {b}. I play {card}. "
                                  "What happens?")
    inputs = data["read_as"]["inputs"]
    assert inputs["card"] == card and inputs["battlefield_full"] is True
    assert inputs["unit"] == [f"{a}@mine", f"{b}@mine"]


@pytest.mark.parametrize(("card", "edition", "ability"), leaves_play_triggers())
def test_destroyed_is_leaving_play(full_db: str, capsys: pytest.CaptureFixture[str], card: str, edition: str,
                                   ability: str) -> None:
    data = asked(capsys, full_db, f"{_said(edition)}My {card} is destroyed. What happens?")
    assert data["read_as"]["inputs"]["card"] == card and data["read_as"]["inputs"]["ability"] == ability


def test_a_unit_named_with_no_side_is_asked_back(full_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _json(capsys, "ask", "Biter is destroyed while Jessa Na Ni is my Phoenixborn.", "--db", full_db)
    assert code == 1 and data["read_as"] is None and "Whose is Biter" in data["asked"]["why"]


@pytest.mark.parametrize(("card", "edition", "ability", "n"), fights())
def test_the_same_unit_named_on_both_sides(full_db: str, capsys: pytest.CaptureFixture[str], card: str, edition: str,
                                           ability: str, n: int) -> None:
    """"on my Iron Worker and my opponent's Iron Worker": two units in play, one each side (a part choosing a unit
    of each side: Seeds of Aggression, Devlin Longbow's Trial by Fire)."""
    ally = _two_allies(card)[0]
    said = f"'s {ability}" if ability != "play" else ""
    data = asked(capsys, full_db, f"{_said(edition)}I use {card}{said} on my {ally} and my opponent's {ally}.")
    inputs = data["read_as"]["inputs"]
    assert inputs["card"] == card and f"{ally}@mine" in inputs["unit"] and f"{ally}@theirs" in inputs["unit"]
    assert data["answer"]["parts"][n - 1]["target"] == f"{ally} (yours) and {ally} (theirs)"
