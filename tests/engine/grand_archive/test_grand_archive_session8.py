"""Session 8 classes (blind round 46151 leftovers and issue 33's Grand Archive items), each checked over every real
card that shares the printed words (found in the imported shared data by the test's own reading, and counted):

1. An attack (or action) written with no zone ("attack:polearm") is never on the field: the rules have an attack card
   activated onto the intent, then resolve. A set of "attack cards you activate" reaches one written after the effect
   started (activated under it, said aloud) and not one written before it.
2. A card with no lasting effect, one paragraph of which Arbiter cannot read (Abnegation's "As long as a card
   activation you controlled was negated this turn, ..."): the paragraphs it reads are answered (they happen at once)
   and the unread one is said to be left out, by paragraph; the card is no longer refused whole.
3. Issue 33's order trap: "--effect X --object ally" for an effect that needs a target answered "needs a target ...
   add one with --object before it" although the player named it. A target must be on the field when the effect
   resolves, so the object written right after such an effect is taken as there before it, as its target, and the
   first line says so; an object that does not fit is still refused with the reason.
"""

from __future__ import annotations

import json
import re

from bot.catalog.db import Catalog
from bot.cli import main
from engine.interface import QuestionError
from engine.rulesets.grand_archive import judge
from engine.rulesets.grand_archive.evaluate import _example, _keywords_only
from engine.rulesets.grand_archive.reading import read_card
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)


def cards(db: str) -> dict:
    with Catalog.open(db, seed_starter=False) as catalog:
        return {c.name: c for c in catalog.cards("grand-archive")}


# the test's own reading: "<Subtype> attack cards you activate ..." / "action cards you activate ..."
_ACTIVATED = re.compile(r"\b((?:[A-Z][a-z]+ )*)(attack|action) cards you activate\b")


def test_an_attack_written_without_a_zone_is_activated_not_on_the_field(db, capsys):
    """General at Arms, Hua Xiong, Alice ("... attack cards you activate enter the intent with +N POWER"): an attack
    written after the effect with no zone is reached (activated under it, said as an interpretation); written before
    it, it is not; an opponent's is not (the set is "you activate")."""
    all_cards = cards(db)
    found = []
    for name, card in sorted(all_cards.items()):
        for effect in read_card(card).effects:
            m = _ACTIVATED.search(effect.sentence)
            if m:
                found.append((name, effect.part, m.group(1).split(), m.group(2)))
    names = sorted({n for n, _, _, _ in found})
    assert {"General at Arms", "Hua Xiong, Insurgent’s Fang", "Alice, Golden Queen"} <= set(names), names
    for name, part, subtypes, kind in found:
        obj = ":".join([kind, *(s.lower() for s in subtypes)])
        after = ask(db, capsys, "--effect", f"{name}#{part}", "--object", obj)
        entry = after["objects"][0]["effects"][0]
        assert entry["applies"], (name, obj, entry)
        assert "on the field" not in after["summary"], (name, after["summary"])
        assert f"{name} applies to the" in after["summary"], (name, after["summary"])
        assert any(i["id"].startswith("activated-card:") for i in after["interpretations"]), after["interpretations"]
        before = ask(db, capsys, "--object", obj, "--effect", f"{name}#{part}")
        assert not before["objects"][0]["effects"][0]["applies"], (name, before["objects"][0])
        assert "activated before" in before["summary"], (name, before["summary"])
        theirs = ask(db, capsys, "--effect", f"{name}#{part}", "--object", f"{obj}:opponent")
        assert not theirs["objects"][0]["effects"][0]["applies"], (name, theirs["objects"][0])
    # a kind the set does not name is not reached, activated or not
    plain = ask(db, capsys, "--effect", "General at Arms", "--object", "attack")
    assert not any(e["applies"] for e in plain["objects"][0]["effects"]), plain["objects"][0]


def test_a_card_with_one_unread_paragraph_answers_the_others(db, capsys):
    """Every real card with no continuous effect read, a paragraph Arbiter cannot read and another that does
    something (Abnegation, Companion Fatestone, Scry the Stars, ...): answered (exit 0) with the readable paragraphs
    happening at once, the summary saying which paragraph was left out; that paragraph asked alone is still refused
    with the reason (never called "no effect")."""
    found = []
    for name, card in sorted(cards(db).items()):
        reading = read_card(card)
        if any(p.effects for p in reading.paragraphs):
            continue
        unread = [p for p in reading.paragraphs if p.unread]
        readable = [p for p in reading.paragraphs if not p.unread and not _keywords_only(p.text)]
        if unread and readable:
            found.append((name, unread[0].label, [p.label for p in readable]))
    assert len(found) >= 5 and "Abnegation" in {n for n, _, _ in found}, found
    for name, label, readable in found:
        out = ask(db, capsys, "--effect", name, "--object", "champion")
        assert out["one_time"] and set(out["one_time"][0]["paragraphs"]) <= set(readable), (name, out["one_time"])
        assert "not read, so not in this answer" in out["summary"].lower() and f"({name}, paragraph {label})" in \
            out["summary"], (name, out["summary"])
        assert any(i["id"].startswith(f"unread:{name}#{label}") for i in out["interpretations"]), name
        code = main(["grand-archive", "--db", db, "--json", "--effect", f"{name}#{label}"])
        refused = json.loads(capsys.readouterr().out)
        assert code == 2 and "cannot read the continuous effect" in refused["error"], (name, refused)


def _judged(lookup, pairs) -> dict | str:
    try:
        return judge(pairs, lookup=lookup)
    except QuestionError as refused:
        return str(refused)


def test_an_object_written_right_after_a_targeted_effect_is_its_target(db, capsys):
    """Every real card with a paragraph whose effect needs one target (275 or so: Lucenia's Reign, Beastbond Claws,
    Suzaku's Command, ...): "--effect CARD#N --object WHAT" answers as "--object WHAT --effect CARD#N" does for that
    object, and says the object was taken to be there first; a kind that cannot be its target is still refused."""
    by_name = cards(db)

    def lookup(name: str):
        return by_name[name]

    found = []
    for name, card in sorted(by_name.items()):
        for p in read_card(card).paragraphs:
            targeted = [e for e in p.effects if e.affected.target and not e.mode]
            if targeted:
                found.append((name, p.label, _example(targeted[0].affected)))
                break
    assert len(found) >= 200, len(found)
    assert {"Lucenia's Reign", "Beastbond Claws", "Suzaku's Command"} <= {n for n, _, _ in found}
    compared = 0
    for name, label, example in found:
        before = _judged(lookup, [("object", example), ("effect", f"{name}#{label}")])
        if isinstance(before, str):
            continue  # (it needs more than that one object: a second target, a count)
        after = _judged(lookup, [("effect", f"{name}#{label}"), ("object", example)])
        assert not isinstance(after, str), (name, label, example, after)
        moved = any(i["id"].startswith("target-written-after:") for i in after["interpretations"])
        # (nothing moved when something written before fits already: the card's own source, the attack an "On
        # Attack: this attack ..." is making)
        assert moved == ("taken to have been on the field before" in after["summary"]), (name, after["summary"])
        if not moved:
            continue
        mine = [o for o in after["objects"] if o["object"] == example]
        theirs = [o for o in before["objects"] if o["object"] == example]
        assert [(e["card"], e["applies"]) for e in mine[0]["effects"]] == \
            [(e["card"], e["applies"]) for e in theirs[0]["effects"]], (name, label, example)
        compared += 1
    assert compared >= 150, compared
    claws = _judged(lookup, [("effect", "Beastbond Claws"), ("object", "ally:human")])
    assert isinstance(claws, str) and "needs a target" in claws, claws
