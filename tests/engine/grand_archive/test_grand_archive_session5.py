"""The classes of the blind round on seed 38351, each checked over every real card that shares them (found in the
imported shared data by the test's own reading of the printed words, and counted):

1. "Deal 1 damage to target unit. If that unit has stealth, deal 4 damage to it instead." (Smoke Out): the
   "instead" of a one-time text is never dropped: the answer decides it from the target as the question gives it
   (its types and states as written, its counters, the abilities the scenario's effects give it; "If you control
   an Animal or Beast ally" from the objects you control), or says both outcomes.
2. "If you control an Animal or Beast ally, your champion gets +1 level until end of turn" (Shout at Your Pets):
   decided by such an object written in the question, checked only as it resolves (an object leaving later,
   `leaves:#N`, undoes nothing), where "as long as you control ..." is checked all along and goes off.

Seed 41051:
3. An object that leaves the field loses its counters (suppressed: "back as a new object"), and "Banish target ally,
   then return it to the field" makes a new object at once (Sylph's Envelopment, Displace): earlier one-shot
   effects and counters are gone; "If that ally is a phantasia, it enters the field with an additional buff counter".
4. "If one or more enlighten counters would be put on your champion, that many plus one ... instead" (Winbless
   Forecaster) adds to the counters put after it is on the field.
5. "Until end of turn, whenever an Animal enters the field under your control, put a buff counter on it" (Wildheart
   Hymn) and "whenever a unit attacks, that attack gets -2 POWER" (Conjure Downpour): what comes while the watcher
   lasts gets it (it was said to reach nothing); the counter stays after the turn.
6. "Return the killed ally ... to the field under your control rested. It becomes a Spirit" (Possessed Reaping):
   "it" is the returned object, not the card itself.
7. "Taunt (While awake, ...)": its reminder is the taunt's condition (condition-false was refused); "Floating
   Memory" is the card's ability in its graveyard, not something that happens as it resolves.

Seed 38351's judge, class left from session 4:
8. "Ranged 4 (As long as this unit is distant, ...)": distant lasts until the end of its controller's turn (the
   official reminder), so the Ranged bonus is off after that turn's end (it stayed on).
9. "Activate this card only during an opponent's turn / recollection phase / end phase": the scenario is taken to
   start on the opponent's turn (said), so "until the end of your next turn" ends after two end-of-turns, not four.
10. "As long as they're banished you may activate them" (Desperate Cavalier, Seiryuu): a permission switched by the
   cards staying banished, not ended by its source leaving (was "cannot read").
11. "This ability costs (1) less to activate for each domain you control" (22 cards): said with the ability, and
   decided by a count given (`--count "domain you control=2"`: (5) becomes (3)); it was dropped, and the count
   refused.
"""

from __future__ import annotations

import re

from bot.catalog.db import Catalog
from bot.cli import main
from engine.interface import QuestionError
from engine.plain_words import problems
from engine.rulesets.grand_archive.question import QUESTION
from engine.rulesets.grand_archive.reading import read_card
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)

_REMINDER = re.compile(r"\s*\([^()]*\s[^()]*\)")
# the test's own reading: a sentence "If <not would>, <what> instead"
_INSTEAD = re.compile(r"(?:^|[.!]\s)If ([^,.]+), ([^.]+?) instead\b")


def cards(db: str) -> dict:
    with Catalog.open(db, seed_starter=False) as catalog:
        return {c.name: c for c in catalog.cards("grand-archive")}


class _Lookup:
    def __init__(self, by_name: dict) -> None:
        self.by_name = by_name

    def __call__(self, name: str):
        if name not in self.by_name:
            raise QuestionError(f"no card {name}")
        return self.by_name[name]

    def annotations(self, card):
        return ()


def _answer(lookup: _Lookup, *moments: tuple[str, str]) -> dict:
    return QUESTION.answer({"moments": list(moments)}, lookup, "current")


def test_an_instead_of_a_one_time_text_is_said_with_its_requirement(db):
    """Every real card printing "If ..., ... instead" (not "would": a replacement) that no lasting effect is read
    from: asked about the whole card (with an ally there when it needs a target), the first line says the
    alternative's words with its requirement, or decides it; the rule cited includes GA16; plain words kept."""
    by_name = cards(db)
    lookup = _Lookup(by_name)
    found = []
    for card in by_name.values():
        text = " ".join(_REMINDER.sub("", card.text or "").split())
        alternatives = [m for m in _INSTEAD.finditer(text) if "would" not in m.group(0)]
        if not alternatives:
            continue
        read = " ".join(e.sentence.lower() for e in read_card(card).effects if e.instead)
        if all(m.group(2).lower() in read for m in alternatives):
            continue  # read as a lasting "instead" effect (Castling Boon): the lasting answer decides it
        if any(p.unread for p in read_card(card).paragraphs):
            continue  # "cannot read" (honest), checked elsewhere
        try:
            out = _answer(lookup, ("effect", card.name))
        except QuestionError:  # it needs a target: an opponent's ally, written before it
            out = _answer(lookup, ("object", "ally:opponent"), ("effect", f"{card.name} -> #1"))
        first = out["summary"]
        said = [a for o in out["one_time"] for a in o["instead"]]
        for m in alternatives:
            if m.group(2).lower() in read:
                continue
            alt = next((a for a in said if a["does"] == m.group(2)), None)
            assert alt is not None, (card.name, m.group(0), said, first)
            assert alt["if"] == m.group(1), (card.name, alt)
            shown = alt["does"][:30].lower()
            assert shown in first.lower(), (card.name, first)
            if alt["met"] is None:
                assert f"if {m.group(1).lower()}" in first.lower() and "does not say" in first, (card.name, first)
        assert "GA16" in out["rules"] and not problems(first), (card.name, first)
        found.append(card.name)
    # 22 in the data this was written against (Smoke Out, Frost Shard, Gilded Pyre, Voltaic Sphere, Manaflare
    # Barrage, Topsy Decree, Ma Chao, ...)
    assert len(found) >= 18, found


def test_the_target_as_written_decides_the_instead(db, capsys):
    """The judge's Smoke Out on Lurking Assailant (stealth while awake) deals 4, decided by the stealth the scenario
    gives it; each requirement is decided by what the question writes, over every real card of its kind."""
    by_name = cards(db)
    kinds = {"is rested": [], "is an ally": [], "has stealth": [], "has a buff counter on it": []}
    for card in by_name.values():
        for m in _INSTEAD.finditer(" ".join((card.text or "").split())):
            for words, names in kinds.items():
                if m.group(1).endswith(words) and m.group(1).startswith("that unit"):
                    names.append(card.name)
    assert all(kinds.values()), kinds
    written = {"is rested": "ally:rested:opponent", "is an ally": "ally:opponent",
               "has a buff counter on it": "ally:opponent[buff=1]"}
    for words, names in kinds.items():
        for name in names:
            if words == "has stealth":
                out = ask(db, capsys, "--effect", "Lurking Assailant@opponent", "--effect", name)
            else:
                out = ask(db, capsys, "--object", written[words], "--effect", f"{name} -> #1")
            alt = next(a for o in out["one_time"] for a in o["instead"] if a["if"].endswith(words))
            assert alt["met"] is True and "instead" in out["summary"], (name, out["summary"])
            if words != "has stealth":  # written without it: taken not to be, and said
                plain = ask(db, capsys, "--object", "ally:opponent" if words != "is an ally" else "champion:opponent",
                            "--effect", f"{name} -> #1")
                alt = next(a for o in plain["one_time"] for a in o["instead"] if a["if"].endswith(words))
                assert alt["met"] is False and "does not do" in plain["summary"], (name, plain["summary"])
    smoke = ask(db, capsys, "--effect", "Lurking Assailant@opponent", "--effect", "Smoke Out")
    assert "has stealth, so it does “deal 4 damage to it” instead" in smoke["summary"]
    assert any(n["id"].startswith("only-unit-target") for n in smoke["interpretations"])
    off = ask(db, capsys, "--effect", "Lurking Assailant@opponent", "--then", "condition-false:Lurking Assailant#1",
              "--effect", "Smoke Out")
    assert "does not have stealth" in off["summary"]
    code = main(["grand-archive", "--db", db, "--json", "--object", "ally:beast", "--effect",
                 "Ma Chao, Lupine Huntress"])
    out = __import__("json").loads(capsys.readouterr().out)
    assert code == 0 and "you control a beast ally as it triggers" in out["summary"].lower()


# the test's own reading: "If you control a Chessman Rook ally", "as long as you control an Animal or Beast ally"
_CONTROL = re.compile(r"\b(If|as long as) you control (?:an? )((?:[A-Z][\w'-]* )*?(?:or [A-Z][\w'-]* )?)"
                      r"(ally|item|weapon)\b")


def test_you_control_is_decided_by_the_objects_written_and_checked_as_the_rules_say(db, capsys):
    """"If you control an Animal or Beast ally, your champion gets +1 level until end of turn" (Shout at Your Pets,
    Piper's Lullaby, Castling Boon, Stolid Vanguard, ...) is a requirement checked as the effect resolves (the
    official one-shot rule: a resolved effect works on what was there then); "as long as you control ..." (Deep Sea
    Beastbonder, ...) is checked all along (“as long as”, updated at state-based checks). With such an object of
    yours written before the effect, the question decides it (no longer "assuming"); `leaves:#N` makes it leave:
    the requirement's effect stays, the condition's goes off. Every real card printing either is asked."""
    found = {"If": [], "as long as": []}
    for card in cards(db).values():
        text = " ".join(_REMINDER.sub("", card.text or "").split())
        for m in _CONTROL.finditer(text):
            words = m.group(2).split()
            if not words:
                continue
            read = [e for e in read_card(card).effects
                    if m.group(0).lower().removeprefix("if ").removeprefix("as long as ") in
                    (e.requires + " " + e.condition).lower()]
            if not read or any(p.unread for p in read_card(card).paragraphs):
                continue
            written = f"{m.group(3).lower()}:{words[-1].lower()}"
            code = main(["grand-archive", "--db", db, "--json", "--object", "champion", "--object", written,
                         "--effect", card.name])
            out = __import__("json").loads(capsys.readouterr().out)
            said = m.group(0).split(" you control ", 1)[1]
            if code != 0 or not any(said in e["text"] for e in out["effects"]):
                continue  # it needs another target first, or that part is asked apart (CARD#N): not this question
            notes = [n["id"] for n in out["interpretations"]]
            assert any(n.startswith("by-control:") and card.name in n for n in notes), (card.name, written, notes)
            assert "assuming you control" not in out["summary"].lower() or "[" in out["summary"], (card.name,
                                                                                                  out["summary"])
            found[m.group(1)].append(card.name)
    assert len(found["If"]) >= 6 and len(found["as long as"]) >= 3, found  # 8 "If" cards when written
    once = ask(db, capsys, "--object", "champion", "--object", "ally:animal", "--effect", "Shout at Your Pets",
               "--then", "leaves:#2")
    assert once["objects"][0]["effects"][0]["status"] == "active" and "level +1" in once["summary"]
    assert any(n["id"].startswith("requirement-once:") for n in once["interpretations"])
    held = ask(db, capsys, "--object", "champion", "--object", "ally:beast", "--effect", "Deep Sea Beastbonder",
               "--then", "leaves:#2")
    assert held["objects"][0]["effects"][0]["status"] == "off" and "does not reach" in held["summary"]
    rook = ask(db, capsys, "--object", "ally:chessman:rook", "--effect", "Castling Boon")
    assert "life +3" in rook["summary"] and "assuming" not in rook["summary"]
    none = ask(db, capsys, "--object", "ally:pawn", "--effect", "Castling Boon")
    assert "life +1" in none["summary"]  # no rook written: the first effect, the alternative said as assumed


_SUPPRESS = re.compile(r"\bSuppress (?:up to (?:one|two|three) )?target", re.I)
_RETURN = re.compile(r"\bBanish (?:up to one )?target [^.]*?,? (?:then|and) return (?:it|that \w+) to the field")


def test_an_object_that_leaves_the_field_loses_its_counters_and_comes_back_new(db, capsys):
    """Every real card that suppresses a target (an ally written with 2 buff counters is the target): the answer
    keeps no counter on it, and says the counters went with it; every "Banish target ..., then return it to the
    field" card makes the target a new object at once (an earlier +1 POWER no longer reaches it)."""
    suppressing, returning = [], []
    for card in cards(db).values():
        text = " ".join((card.text or "").split())
        if _SUPPRESS.search(text):
            suppressing.append(card.name)
        if _RETURN.search(text):
            returning.append(card.name)
    assert len(suppressing) >= 15 and len(returning) >= 2, (suppressing, returning)
    checked = 0
    for name in suppressing:
        code = main(["grand-archive", "--db", db, "--json", "--object", "ally:opponent[buff=2]", "--effect",
                     f"{name} -> #1"])
        out = __import__("json").loads(capsys.readouterr().out)
        if code != 0 or not any(e["change"].startswith("suppressed") for o in out["objects"] for e in o["effects"]):
            continue  # a suppress this card does only under a choice or a cost not asked here
        ally = out["objects"][0]
        assert ally["counters"] == {} and "buff counter" not in out["summary"], (name, out["summary"])
        assert any(n["id"].startswith("counters-gone:") for n in out["interpretations"]), name
        checked += 1
    assert checked >= 10, checked
    for name in returning:
        out = ask(db, capsys, "--object", "ally:phantasia:beast[buff=1]", "--effect",
                  f"Beastbond Paws -> #1; {name} -> #1")
        paws = next(e for e in out["objects"][0]["effects"] if e["card"].startswith("Beastbond Paws"))
        assert paws["applies"] is False and "new object" in paws["why"], (name, paws)
        assert any(n["id"].startswith("renewed:") for n in out["interpretations"]), name
    sylph = ask(db, capsys, "--object", "ally:phantasia", "--effect", "Sylph's Envelopment -> #1")
    assert sylph["objects"][0]["counters"] == {"buff": 1}
    plain = ask(db, capsys, "--object", "ally", "--effect", "Sylph's Envelopment -> #1")
    assert plain["objects"][0]["counters"] == {}


_MORE = re.compile(r"If one or more (\w+) counters would be put on ([\w' ]+?), that many plus (\w+) \1 counters")


def test_that_many_plus_one_counters_instead(db, capsys):
    """Every real card replacing counters put by more (Winbless Forecaster): with it on the field first, one counter
    put becomes two; put before it arrived, one stays one."""
    found = [c.name for c in cards(db).values() if _MORE.search(" ".join((c.text or "").split()))]
    assert found, found
    for name in found:
        kind = _MORE.search(" ".join((cards(db)[name].text or "").split())).group(1)
        putting = [c.name for c in cards(db).values() if re.search(
            rf"^Put an? {kind} counter on your champion\.", c.text or "")]
        assert putting, kind
        first = ask(db, capsys, "--effect", f"{name}; {putting[0]}", "--object", "champion")
        assert f"2 {kind} counters put on it" in first["summary"], first["summary"]
        later = ask(db, capsys, "--effect", f"{putting[0]}; {name}", "--object", "champion")
        assert f"1 {kind} counter put on it" in later["summary"], later["summary"]


_WATCH = re.compile(r"Until end of turn, whenever (?:an? )?([\w ]+?) (enters the field under your control, put an? "
                    r"(\w+) counter on it|attacks, that attack gets ([+-]\d+) POWER)")


def test_a_watcher_until_end_of_turn_reaches_what_comes_while_it_lasts(db, capsys):
    """Every real card with such a watcher: an object of that kind written after it gets the counter (kept after
    end-of-turn) or the attack's change; one written before it, or after end-of-turn, gets nothing."""
    found = []
    for card in cards(db).values():
        m = _WATCH.search(" ".join((card.text or "").split()))
        if m is None:
            continue
        found.append(card.name)
        if m.group(3):  # a counter on what enters
            written = f"ally:{m.group(1).split()[-1].lower()}"
            out = ask(db, capsys, "--effect", card.name, "--object", written, "--then", "end-of-turn")
            assert out["objects"][0]["result"]["counters_on_entering"] == {card.name: f"1 {m.group(3)} counter"}
            assert f"put 1 {m.group(3)} counter on" in out["summary"] and "stays" in out["summary"], out["summary"]
            before = ask(db, capsys, "--object", written, "--effect", card.name)
            assert "counters_on_entering" not in before["objects"][0]["result"]
        else:
            out = ask(db, capsys, "--effect", card.name, "--object", "attack:opponent")
            assert out["objects"][0]["net"]["power"]["total"] == int(m.group(4)), out["objects"][0]["net"]
            after = ask(db, capsys, "--effect", card.name, "--then", "end-of-turn", "--object", "attack:opponent")
            assert "power" not in after["objects"][0]["net"]
    assert len(found) >= 2, found  # Wildheart Hymn, Conjure Downpour


_BACK = re.compile(r"\b(?:Return|Put) (.+?) (?:from [^.]+ )?(?:to|onto) the field[^.]*\. (?:It|They) "
                   r"(?:becomes?|gets?|gains?) ")


def test_it_after_returning_an_object_to_the_field_is_that_object(db):
    """Every real card returning (or putting) an object onto the field and then saying "It becomes/gets ...": "it" is
    the card itself back as a new object when the card names itself; otherwise the returned object (a target the
    question names)."""
    checked = []
    for card in cards(db).values():
        m = _BACK.search(" ".join(_REMINDER.sub("", card.text or "").split()))
        if m is None:
            continue
        reading = read_card(card)
        after = [e for e in reading.effects if m.group(0).split(". ")[-1].strip() in e.sentence or
                 e.sentence.startswith(("It ", "They "))]
        if not after:
            continue
        itself = any(m.group(1).startswith(n) for n in {card.name, card.name.split(",")[0]})
        for effect in after:  # the card returning itself: "it" is the card back as a new object (session 6)
            assert effect.affected.self_only is False, (card.name, m.group(1), effect.affected)
            assert (effect.affected.made == "returned") is itself, (card.name, m.group(1), effect.affected)
        checked.append(card.name)
    assert "Possessed Reaping" in checked and len(checked) >= 4, checked


def test_taunt_while_awake_and_floating_memory(db, capsys):
    """Every real permanent printing "Taunt (While awake, ...)" alone as a paragraph: asked about, it has taunt
    assuming it is awake, and condition-false switches it off. Every real card whose only paragraph besides keywords
    is "[Class Bonus] Floating Memory": that paragraph asked says it works in the graveyard."""
    awake = [c.name for c in cards(db).values() if re.search(r"^(?:\[[^\]]+\]\s*)*Taunt \(While awake,", c.text or "",
                                                             re.M)]
    assert len(awake) >= 10, awake
    for name in awake:
        out = ask(db, capsys, "--effect", name)
        assert "it's awake" in out["summary"] or "taunt" not in out["summary"], out["summary"]
        if "taunt" in out["summary"]:
            off = ask(db, capsys, "--effect", name, "--then", f"condition-false:{name}")
            taunt = [e for e in off["effects"] if e["change"] == "taunt"]
            assert taunt and all(e["status"] == "off" for e in taunt), (name, taunt)
    floating = 0
    for card in cards(db).values():
        paragraphs = [p.strip() for p in (card.text or "").split("\n\n") if p.strip()]
        for n, p in enumerate(paragraphs, start=1):
            if re.fullmatch(r"(?:\[[^\]]+\]\s*)*Floating Memory(?: \([^()]*\))?", p) and len(paragraphs) > 1:
                code = main(["grand-archive", "--db", db, "--json", "--effect", f"{card.name}#{n}"])
                out = __import__("json").loads(capsys.readouterr().out)
                if code != 0 or not out.get("one_time"):
                    continue  # a card with lasting effects elsewhere: asked as its paragraph of those
                assert out["summary"].startswith(f"In your graveyard {card.name} has Floating Memory"), out["summary"]
                floating += 1
    assert floating >= 50, floating


_RANGED = re.compile(r"\bRanged (\d+) \(As long as this unit is distant")


def test_ranged_goes_off_when_its_controllers_turn_ends(db, capsys):
    """Every real card printing Ranged with its "as long as this unit is distant" reminder: asked alone it is on
    (distant assumed, said); after end-of-turn (your turn: yours) it is off; an opponent's stays on until theirs."""
    found = []
    for card in cards(db).values():
        m = _RANGED.search(card.text or "")
        if m is None:
            continue
        code = main(["grand-archive", "--db", db, "--json", "--effect", card.name, "--then", "end-of-turn"])
        out = __import__("json").loads(capsys.readouterr().out)
        assert code == 0, (card.name, out)
        ranged = [e for e in out["effects"] if "distant" in e["duration"]["words"].lower()
                  and f"+{m.group(1)}" in e["change"].replace(" ", "")]
        assert ranged and all(e["status"] == "off" for e in ranged), (card.name, ranged)
        assert any(n["id"].startswith("distant-ends:") for n in out["interpretations"])
        theirs = ask(db, capsys, "--effect", f"{card.name}@opponent", "--then", "end-of-turn")
        assert all(e["status"] != "off" or "distant" not in e["status_why"] for e in theirs["effects"]), card.name
        found.append(card.name)
    assert len(found) >= 30, found  # 38 in the data this was written against


_OPPONENTS = re.compile(r"Activate this (card|ability) only during an opponent's ([\w ]+?)[.,]")


def test_a_card_used_only_on_an_opponents_turn_starts_the_scenario_there(db, capsys):
    """Every real card (or ability) usable only during an opponent's turn or phase: asked about (with the target it
    needs written first), the answer says the scenario starts on the opponent's turn; a "your next turn" duration
    of it counts from there."""
    found = []
    for card in cards(db).values():
        m = _OPPONENTS.search(" ".join((card.text or "").split()))
        if m is None:
            continue
        out, kinds = None, [()]
        needs = re.search(r"\b[Tt]arget (?:([A-Z]\w+) )?(weapon|ally|item|unit)\b", card.text or "")
        if needs:  # the target it needs, written first as the test reads it ("Target Guardian weapon you control")
            kind = needs.group(2) + (f":{needs.group(1).lower()}" if needs.group(1) else "")
            kinds += [("--object", kind), ("--object", kind + ":opponent")]
        for first in kinds:
            target = [" -> #1"] if first else [""]
            code = main(["grand-archive", "--db", db, "--json", *first, "--effect", card.name + target[0],
                         "--then", "end-of-turn"])
            out = __import__("json").loads(capsys.readouterr().out)
            if code == 0:
                break
        if code != 0 and "cannot read" in out.get("error", ""):
            continue  # an honest refusal (checked by the coverage tests), no turn to say
        assert code == 0, (card.name, out)
        assert any(n["id"] == f"opponents-turn:{card.name}" for n in out["interpretations"]), card.name
        assert not any(n["id"] == "first-turn" for n in out["interpretations"]), card.name
        found.append(card.name)
        if "until the end of your next turn" in (card.text or ""):
            two = ask(db, capsys, *first, "--effect", card.name + target[0], "--then", "end-of-turn; end-of-turn")
            lasting = [e for e in two["effects"] if "next turn" in e["duration"]["words"]]
            assert lasting and all(e["status"] == "ended" for e in lasting), (card.name, lasting)
    assert len(found) >= 10, found  # 14 in the data this was written against


_BANISHED = re.compile(r"As long as (?:they're|it's) banished,? you may activate (?:them|it)")


def test_a_permission_as_long_as_the_cards_stay_banished(db, capsys):
    """Every real card printing it: read (no "cannot read"), the permission survives its source leaving, and
    condition-false (the cards left banishment) switches it off."""
    found = [c.name for c in cards(db).values() if _BANISHED.search(" ".join((c.text or "").split()))]
    assert len(found) >= 2, found
    for name in found:
        out = ask(db, capsys, "--effect", name, "--then", f"source-leaves:{name}")
        allowed = [e for e in out["effects"] if e["duration"]["words"].lower().startswith("as long as")
                   and "banished" in e["duration"]["words"]]
        assert allowed and all(e["status"] == "active" for e in allowed), (name, out["effects"])
        off = ask(db, capsys, "--effect", name, "--then", f"condition-false:{name}")
        assert all(e["status"] == "off" for e in off["effects"] if "banished" in e["duration"]["words"]), name


_OWN_COST = re.compile(r"^(?:\[[^\]]+\]\s*)*(?:[A-Z][\w' ]{2,30}? — )?\((\d+)\)[^.]*?:.*?This ability costs "
                       r"\((\d+)\) less to activate for each ([^.]+)\.", re.M | re.S)


def _targeted(db: str, capsys, name: str) -> tuple[str, ...]:
    """The object a card's effect needs as its target, written before it (none when it needs none)."""
    from bot.cli import main
    code = main(["grand-archive", "--db", db, "--json", "--effect", name])
    capsys.readouterr()
    return () if code == 0 else ("--object", "ally")


def test_an_abilitys_own_cost_reduction_is_said_and_counted(db, capsys):
    """Every real card printing "This ability costs (N) less to activate ...": asked about, the first line says what
    activating it costs; for "for each X" with X given as a count, the cost is worked out from the printed one."""
    found = []
    for card in cards(db).values():
        text = card.text or ""
        if "This ability costs (" not in text:
            continue
        first = _targeted(db, capsys, card.name)  # ("prevent the next 2 damage ... to target unit": its target)
        out = ask(db, capsys, *first, "--effect", card.name + (" -> #1" if first else ""))
        assert "activating" in out["summary"].lower() and "less (" in out["summary"], (card.name, out["summary"])
        for paragraph in (p for p in text.split("\n\n") if "This ability costs (" in p):
            m = _OWN_COST.search(paragraph.strip())
            if m is None:
                continue
            printed, less, what = int(m.group(1)), int(m.group(2)), m.group(3)
            counted = ask(db, capsys, *first, "--effect", card.name + (" -> #1" if first else ""), "--count",
                          f"{what}=2")
            assert f"costs ({max(0, printed - 2 * less)})" in counted["summary"], (card.name, counted["summary"])
        found.append(card.name)
    assert len(found) >= 18, found  # 22 in the data this was written against
