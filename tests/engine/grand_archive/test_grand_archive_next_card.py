"""Blind round 53051, class 1: "the next card you activate this turn" / "the next time ... would enter the field this
turn" never reached the later card the scenario named ("No effect of the scenario could reach the action you control",
Spellward Scepter; Diablerie with two regalia entering). The effect waits for one card (or the objects entering
together, "one or more"): the first one of its set written after it is reached, a second is not, one written before it
is not, and with none named the answer says it waits. Every real card printing either wording is found in the imported
data by the test's own reading and asked with objects of the kind its words name."""

from __future__ import annotations

import re

from bot.cli import main
from engine.rulesets.grand_archive.cardinfo import paragraphs_of
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)
from tests.engine.grand_archive.test_grand_archive_session8 import cards

# the test's own reading of the two wordings
_NEXT_ACTIVATED = re.compile(r"\bnext ((?:[\w-]+ )*?)card you activate\b", re.I)
_NEXT_ENTERS = re.compile(r"\bthe next time (?:one or more |an? )((?:[\w-]+ )+?)(?:with [\w ]+ )?would enter the field",
                          re.I)
_TYPES = {"ally": "ally", "allies": "ally", "action": "action", "attack": "attack", "item": "item", "items": "item",
          "weapon": "weapon", "regalia": "regalia"}


def _kind(words: str) -> str:
    """The object a player writes for the words ("Slime ally" -> ally:slime, "arcane element Spell" ->
    action:spell:arcane, "" -> card): the type named, else an action (a Spell, a Reaction) when a subtype is named."""
    ws = words.split()
    element = ""
    if "element" in ws:
        at = ws.index("element")
        element, ws = ws[at - 1], ws[: at - 1] + ws[at + 1:]
    types = [_TYPES[w.lower()] for w in ws if w.lower() in _TYPES]
    subtypes = [w.lower() for w in ws if w.lower() not in _TYPES and w.lower() != "or"]
    head = types[0] if types else ("action" if subtypes else "card")
    return ":".join([head, *subtypes[:1], *([element] if element else [])])


def _found(db: str) -> list[tuple[str, int, str, str]]:
    """(card, paragraph, object kind, wording) for every real card printing either wording."""
    out = []
    for card in sorted(cards(db).values(), key=lambda c: c.name):
        for k, para in enumerate(paragraphs_of(card), 1):
            act, enter = _NEXT_ACTIVATED.search(para), _NEXT_ENTERS.search(para)
            if act:
                out.append((card.name, k, _kind(act.group(1)), "activate"))
            elif enter:
                out.append((card.name, k, _kind(enter.group(1)), "enter"))
            else:
                continue
            break
    return out


def _reached(answer: dict) -> list[bool]:
    """Per object asked, whether an effect of the card applies to it."""
    return [any(e["applies"] for e in o["effects"]) for o in answer["objects"] if o["entered"] > 1]


def test_the_next_card_is_reached_and_only_it(db, capsys):
    found = _found(db)
    assert len(found) >= 34, found  # 31 "next ... card you activate" + 4 "the next time ... would enter" (2026 data)
    for name, k, kind, _ in found:
        two = ask(db, capsys, "--effect", f"{name}#{k}", "--object", f"{kind}; {kind}")
        applies = [any(e["applies"] and e["card"].startswith(name) for e in o["effects"])
                   for o in two["objects"] if o["description"] != name]
        assert applies == [True, False], (name, kind, two["summary"])
        first = two["summary"].split(". ")[0]
        assert "applies to" in first or " reaches " in first, (name, two["summary"])
        assert "only the next one is reached" in two["summary"], (name, two["summary"])
        before = ask(db, capsys, "--object", kind, "--effect", f"{name}#{k}")
        assert not any(e["applies"] and e["card"].startswith(name) for o in before["objects"]
                       if o["description"] != name for e in o["effects"]), (name, before["summary"])


def test_the_next_card_not_named_is_said_as_waiting(db, capsys):
    for name, k, _, _ in _found(db):
        alone = ask(db, capsys, "--effect", f"{name}#{k}")
        if alone["one_time"] and not alone["effects"]:
            continue
        assert f"{name} waits for the next" in alone["summary"], (name, alone["summary"])


def test_an_ally_taken_as_activated_is_said_and_field_keeps_it_on_the_field(db, capsys):
    """An ally written with no zone after "the next ally card you activate" is that card, said as an interpretation;
    written @field it is an ally that came onto the field another way, which the effect does not reach."""
    allies = [(n, k, kind) for n, k, kind, how in _found(db) if how == "activate" and kind.startswith("ally")]
    assert len(allies) >= 8, allies
    for name, k, kind in allies:
        said = ask(db, capsys, "--effect", f"{name}#{k}", "--object", kind)
        assert any(i["id"].startswith("activated-next:") for i in said["interpretations"]), (name, said)
        field = ask(db, capsys, "--effect", f"{name}#{k}", "--object", f"{kind}@field")
        assert not any(e["applies"] and e["card"].startswith(name) for o in field["objects"]
                       if o["description"] != name for e in o["effects"]), (name, field["summary"])


def test_one_or_more_entering_together_are_all_reached(db, capsys):
    together = [(n, k, kind) for n, k, kind, how in _found(db) if how == "enter"
                and "one or more" in paragraphs_of(cards(db)[n])[k - 1]]
    assert len(together) >= 3, together
    for name, k, kind in together:
        answer = ask(db, capsys, "--effect", f"{name}#{k}", "--object", f"{kind} & {kind}; {kind}")
        applies = [any(e["applies"] for e in o["effects"]) for o in answer["objects"]]
        assert applies == [True, True, False], (name, answer["summary"])


def test_text_answer_names_the_first_and_the_second(db, capsys):
    code = main(["grand-archive", "--db", db, "--effect", "Spellward Scepter#2", "--object", "action; action"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[0].startswith("Spellward Scepter applies to the action you control (#1)"), out
