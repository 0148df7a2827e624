"""The classes the blind round on seed 34031 found, each checked over every real card that shares the wording (the
cards are found in the imported shared data by the test's own reading of the printed words, and counted):
printed keywords are abilities the card has, counters of any kind put by an effect stay, an Inherited Effect
trigger is an ability the champion has while the card is in its lineage, what "this attack" gets ends with its
combat, an "attacking" condition ends with the combat and a "this turn" condition with the turn."""

from __future__ import annotations

import json
import re

import pytest

from bot.catalog.db import Catalog
from bot.cli import main
from engine.rulesets.grand_archive.reading import read_card
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)
from tests.engine.grand_archive.test_grand_archive_issue34 import PUT_COUNTERS, obj, text_of
from tests.engine.grand_archive.test_grand_archive_issue34 import number as count_word

_REMINDER = re.compile(r"\([^()]*\)")
# keywords an object has on the field (the glossary's keyword abilities that a card prints alone)
_KEYWORDS = {"taunt", "stealth", "intercept", "spellshroud", "true sight", "vigor", "steadfast", "hindered"}
_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


def cards(db: str) -> dict:
    with Catalog.open(db, seed_starter=False) as catalog:
        return {c.name: c for c in catalog.cards("grand-archive")}


def _paragraphs(card) -> list[str]:
    """The paragraphs `CARD#N` numbers: blank-line separated, as printed."""
    return [p.strip() for p in re.split(r"\n\s*\n", card.text) if p.strip()]


def _keyword_paragraphs(card) -> list[tuple[int, str, set[str]]]:
    """(paragraph number, its labels, its keywords) for each paragraph that is only printed keywords."""
    out = []
    for i, paragraph in enumerate(_paragraphs(card), start=1):
        if "\n" in paragraph:  # (a keyword line run into a trigger's, Waterfall Veiler, is not this class)
            continue
        m = re.match(r"^((?:\[[^\]]+\]\s*)*)(.*)$", paragraph.strip(), re.S)
        words = _REMINDER.sub("", m.group(2)).strip().rstrip(".")
        parts = [w.strip().lower() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", words) if w.strip()]
        if parts and all(p in _KEYWORDS for p in parts):
            out.append((i, m.group(1).strip(), set(parts)))
    return out


def test_printed_keywords_are_abilities_the_card_has(db):
    found = 0
    for card in cards(db).values():
        if re.search(r"\b(ACTION|CHAMPION)\b", card.type):
            continue
        for number, labels, keywords in _keyword_paragraphs(card):
            found += 1
            mine = [e for e in read_card(card).effects if e.part == str(number) and e.prop == "abilities"]
            assert mine, (card.name, number)
            given = {k.strip() for e in mine for k in e.change.split(",")}
            assert keywords <= given, (card.name, keywords, given)
            if labels:  # "[Class Bonus] [Level 2+] Taunt": it has it while the labels hold
                assert all(labels in e.condition for e in mine), (card.name, labels)
    assert found >= 140, found  # 154 paragraphs of 146 permanents in the data this was written against


def test_a_keyword_behind_labels_is_had_and_switched_off_with_them(db, capsys):
    out = ask(db, capsys, "--effect", "Powered Defender")
    assert out["objects"][0]["result"]["abilities"] == ["taunt"]
    assert "has taunt" in out["summary"] and "assuming [Class Bonus] [Level 2+]" in out["summary"]
    off = ask(db, capsys, "--effect", "Powered Defender", "--then", "condition-false:Powered Defender")
    assert not off["objects"][0]["result"].get("abilities")
    both = ask(db, capsys, "--effect", "Languid Toadtroll")
    assert set(both["objects"][0]["result"]["abilities"]) == {"hindered", "taunt"}


_PUT_ON_CHAMPION = re.compile(r"\bput (a|an|one|two|three) ([a-z]+) counters? on your champion(?: and [^.]*)?\.", re.I)


def test_counters_of_any_kind_put_on_your_champion_stay_through_the_turn(db, capsys):
    """"Deluge 4 — If ..., put a preparation counter on your champion": a one-time placement; the counters stay
    (official Counters, General 5) through the end of turn."""
    checked = []
    for card in cards(db).values():
        if "ACTION" not in card.type:
            continue
        paragraphs = _paragraphs(card)
        for number, paragraph in enumerate(paragraphs, start=1):
            m = _PUT_ON_CHAMPION.search(paragraph)
            waits = re.search(r"\b(whenever|when|at the)\b", paragraph, re.I)  # (a trigger: nothing says it did)
            if m is None or m.group(2).lower() in ("buff", "debuff") or waits:
                continue
            ref = f"{card.name}#{number}" if len(paragraphs) > 1 else card.name
            out = ask(db, capsys, "--object", "champion", "--effect", ref, "--then", "end-of-turn")
            champion = out["objects"][0]
            n, kind = _NUM[m.group(1).lower()], m.group(2).lower()
            assert f"{n} {kind} counter{'s' if n != 1 else ''}" in champion["result"]["counters_put"], (ref, out)
            assert "counter" in out["summary"].split(".")[0]
            checked.append(card.name)
    assert len(checked) >= 20, checked  # Conniving Plans, Accepted Contract, ... (24 in this data)


def test_inherited_effect_triggers_are_abilities_the_champion_has_while_in_its_lineage(db, capsys):
    checked = []
    for card in cards(db).values():
        m = re.search(r"^(?:\[[^\]]+\]\s*)*Inherited Effect\s*[—:-]\s*(Whenever|At the beginning)", card.text, re.M)
        if m is None or "CHAMPION" not in card.type:
            continue
        ref = next(f"{card.name}#{i}" for i, p in enumerate(_paragraphs(card), start=1) if "Inherited Effect" in p)
        out = ask(db, capsys, "--object", "champion", "--effect", ref)
        abilities = out["objects"][0]["result"].get("abilities", [])
        assert any(a.strip("“”\"").startswith(m.group(1)) for a in abilities), (card.name, out["summary"])
        gone = ask(db, capsys, "--object", "champion", "--effect", ref, "--then", f"source-leaves:{card.name}")
        assert not gone["objects"][0]["result"].get("abilities"), card.name
        checked.append(card.name)
    assert len(checked) >= 8, checked  # Rai, Archmage, Ciel, Loyal Valet, Merlin, Memorite Vassal, ... (8 here)


def test_what_this_attack_gets_ends_with_its_combat(db, capsys):
    """"this attack gets +N POWER" with no stated duration: the attack stops being one at the end of combat."""
    checked = []
    for card in cards(db).values():
        if not re.search(r"\b(?:this|that) attack gets\b", card.text) or re.search(
                r"until (?:the )?end of (?:the )?turn|as long as|next attack", card.text, re.I):
            continue
        reading = read_card(card)
        mine = [e for e in reading.effects if e.prop == "power" and ("attack" in e.affected.types
                                                                    or e.affected.self_only)]
        assert mine and all(e.form.value == "end-of-attack" for e in mine), (card.name, [e.form for e in mine])
        checked.append(card.name)
    assert len(checked) >= 10, checked  # Huaji of Abyssal Fall, Ardent Cloudstriker, ... (10 here)
    during = ask(db, capsys, "--object", "attack", "--effect", "Huaji of Abyssal Fall#2")
    assert during["objects"][0]["net"]["power"]["total"] == 3
    after = ask(db, capsys, "--object", "attack", "--effect", "Huaji of Abyssal Fall#2", "--then", "end-of-combat")
    assert not after["objects"][0]["net"] and "ended" in after["summary"]


def test_an_attacking_condition_ends_with_the_combat(db, capsys):
    checked = []
    for card in cards(db).values():
        m = re.search(r"\bas long as [^.,]*\b(attacking|retaliating)\b", card.text, re.I)
        if m is None or not re.search(r"\b(ALLY|WEAPON|CHAMPION)\b", card.type):
            continue
        effects = [e for e in read_card(card).effects if re.search(r"attacking|retaliating", e.condition)]
        if not effects:
            continue
        ref = f"{card.name}#{effects[0].part}"
        spec = effects[0].affected  # ("Other Human allies you control get ...": a Human ally is there)
        others = ("--object", "attack") if spec.attacks_of or "attack" in spec.types else () if spec.self_only \
            else ("--object", ":".join(["ally", *sorted(spec.subtypes)]))
        before = ask(db, capsys, *others, "--effect", ref)
        after = ask(db, capsys, *others, "--effect", ref, "--then", "end-of-combat")
        on = [e for o in before["objects"] for e in o["effects"] if e["applies"]]
        still = [e for o in after["objects"] for e in o["effects"] if e["applies"]]
        assert on and not still, (ref, after["summary"])
        checked.append(card.name)
    assert len(checked) >= 20, checked  # Crimson Tear, Phalanx Captain, Zander, Always Watching, ... (23 here)


def test_a_this_turn_condition_ends_with_the_turn(db, capsys):
    out = ask(db, capsys, "--effect", "Eminent Commander")
    assert out["objects"][0]["net"]["cost"]["total"] == -3
    after = ask(db, capsys, "--effect", "Eminent Commander", "--then", "end-of-turn")
    assert "does not hold" in after["summary"] and not after["objects"][0]["net"]


_AT_LEAST = re.compile(r"\b(\w+) or (more|fewer|less) ([^,.;]+)", re.I)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "twelve": 12}


def test_a_count_given_decides_an_n_or_more_condition_or_requirement(db, capsys):
    """"Deluge 4 — If there are four or more water element cards in your graveyard, put ..." with `--count "water
    element cards in your graveyard=3"`: the requirement is not met, so nothing is put (was refused: "no effect
    counts it"); with 4 it is. The same for "as long as you have N or more ..." conditions."""
    checked = []
    for card in cards(db).values():
        for effect in read_card(card).effects:
            m = _AT_LEAST.search(f"{effect.requires}; {effect.condition}")
            n = (int(m.group(1)) if m.group(1).isdigit() else _NUMBERS.get(m.group(1).lower())) if m else None
            if n is None or effect.per:
                continue
            what, more = m.group(3).strip(), m.group(2).lower() == "more"
            ref = f"{card.name}#{effect.part}"
            results = {}
            for given in (n, n - 1 if more else n + 1):
                code = main(["grand-archive", "--db", db, "--json", "--effect", ref, "--count", f"{what}={given}"])
                out = json.loads(capsys.readouterr().out)
                if code != 0:  # (it needs a target or an object the bare question does not give)
                    break
                mine = [e for e in out["effects"] if e["part"] == effect.part and e["change"] == effect.change
                        and e["set"] == effect.affected.text]
                results[given] = {e["status"] for e in mine}
            if len(results) < 2:
                continue
            assert results[n] == {"active"}, (ref, what, results)
            assert results[n - 1 if more else n + 1] == {"off"}, (ref, what, results)
            checked.append(card.name)
            break
    assert len(checked) >= 45, checked  # Conniving Plans, Plage aux Homards, Tidal Lock, ... (54 of 59 cards here)


@pytest.mark.parametrize(("card", "written"), PUT_COUNTERS)
def test_a_counter_put_where_the_opposite_one_is_says_they_remove_each_other(db, capsys, card, written):
    """"Put a buff counter on target Specter ally" on an ally with a debuff counter: each removes one of the other
    (official Counters, Buff 4 / Debuff 4), said in the first line (every card putting buff or debuff counters)."""
    name = card.split("#")[0]
    sentence = re.search(r"put (a|an|one|two|three) (buff|debuff) counters? on [^.]*", text_of(db, name), re.I)
    n, kind = count_word(sentence.group(1)), sentence.group(2).lower()
    opposite = "debuff" if kind == "buff" else "buff"
    named = f"{card} -> #1" if re.search(r"target|\ban? \w+", sentence.group(0)) and "each" not in \
        sentence.group(0) else card
    marked = f"{written}[{opposite}=1]"
    out = ask(db, capsys, "--object", marked, "--effect", named)
    target = obj(out, marked)
    assert target["result"]["counters_removed"] == 1, out["summary"]
    assert target["net"].get("power", {"total": 0})["total"] == (n - 1) * (1 if kind == "buff" else -1)
    assert "1 buff and 1 debuff counter remove each other" in out["summary"]


_TO_LINEAGE = re.compile(r"\bput ((?:(?!\bput )[^.])+?) on the bottom of (target|your|the hit) champion(?:'s|’s) "
                         r"lineage", re.I)


def test_a_card_put_into_a_lineage_stays_there_and_gives_only_its_inherited_effect(db, capsys):
    """"Put Maledictum Vitae on the bottom of target champion's lineage": a one-time move, after which the card stays
    in that lineage (a level up keeps it); a card without an Inherited Effect gives the champion nothing (was
    refused: "creates no continuous effect")."""
    checked = []
    for card in cards(db).values():
        paragraphs = _paragraphs(card)
        for number, paragraph in enumerate(paragraphs, start=1):
            m = _TO_LINEAGE.search(paragraph)
            if m is None or re.search(r"\b(whenever|when)\b", paragraph[: m.start()], re.I):
                continue  # (a trigger waiting for something: asked about, "On Enter:" or "REST:" has happened)
            written = "champion:opponent" if m.group(2).lower() in ("target", "the hit") else "champion"
            code = main(["grand-archive", "--db", db, "--json", "--object", written, "--effect",
                         f"{card.name}#{number} -> #1" if m.group(2).lower() == "target" else f"{card.name}#{number}"])
            out = json.loads(capsys.readouterr().out)
            if code != 0:
                continue
            champion = obj(out, written)
            what = re.sub(r" from your (?:graveyard|hand|memory)$", "", m.group(1))
            itself = what in (card.name, "this card", "it") or card.name.startswith(what)
            moved = card.name if itself else what
            assert champion["result"].get("lineage_put") == [f"{moved} put on the bottom of its lineage"], \
                (card.name, out["summary"])
            says_none = itself and "Inherited Effect" not in card.text  # other cards' own are not known here
            assert ("no Inherited Effect" in out["summary"]) is says_none, out["summary"]
            checked.append(card.name)
    assert len(checked) >= 15, checked  # Maledictum Vitae, Creeping Torment, Violet Haze, ... (19, 18 cards)


def test_a_level_up_into_a_card_not_named_keeps_the_lineage(db, capsys):
    """"My champion levels up" without naming the new card (level-up:champion): what is in the lineage stays, an
    Inherited Effect included (GA9); was refused ("champion" matches several cards)."""
    out = ask(db, capsys, "--object", "champion", "--effect", "Maledictum Vitae -> #1", "--then", "level-up:champion")
    assert obj(out, "champion")["result"]["lineage_put"] == ["Maledictum Vitae put on the bottom of its lineage"]
    rai = ask(db, capsys, "--object", "champion", "--effect", "Rai, Archmage#2", "--then", "level-up:champion")
    assert obj(rai, "champion")["result"]["abilities"], rai["summary"]


_ON_NAMED = re.compile(r"\b[Pp]ut (a|an|one|two|three) ([a-z]+) counters? on your ((?:[A-Z][\w']*)(?: [A-Z][\w']*)*)"
                       r"[.,]")


def test_counters_put_on_your_named_object_are_put_there(db, capsys):
    """"Then put a sheen counter on your Fractured Memories" (Molten Echo), "... a haunt counter on your
    Phantasmagoria": put on the object of that name, where what counts them finds them (was refused)."""
    checked = []
    for card in cards(db).values():
        for number, paragraph in enumerate(_paragraphs(card), start=1):
            m = _ON_NAMED.search(paragraph)
            if m is None or re.search(r"\b(whenever|when|at the beginning)\b", paragraph[: m.start()], re.I):
                continue
            named, n, kind = m.group(3), count_word(m.group(1)), m.group(2)
            code = main(["grand-archive", "--db", db, "--json", "--object", named, "--effect",
                         f"{card.name}#{number}"])
            out = json.loads(capsys.readouterr().out)
            if code != 0:  # (the paragraph also needs a target the question does not give: Rosewinged Hollow)
                continue
            put = obj(out, named)["result"].get("counters_put")
            assert put == [f"{n} {kind} counter{'s' if n != 1 else ''}"], (card.name, out["summary"])
            checked.append(card.name)
    assert len(checked) >= 6, checked  # Molten Echo, Drown in Sorrow, Quiet Refraction, ... (7 here)


_SUPPRESS = re.compile(r"(?:^|[.:]\s*)(?:As a Spell, )?Suppress (?:up to \w+ |another |two )?target ([^.(]+)", re.I)


def test_a_suppressed_object_leaves_the_field_until_the_next_end_phase(db, capsys):
    """"Suppress target ally" (the glossary: banish it and return it to the field under its owner's control at the
    beginning of the next end phase): it leaves now, so what another effect gave it ends, and it comes back as a new
    object (was refused: "creates no continuous effect")."""
    checked = []
    for card in cards(db).values():
        for number, paragraph in enumerate(_paragraphs(card), start=1):
            m = _SUPPRESS.search(paragraph)
            if m is None or re.search(r"\b(whenever|when|if)\b", paragraph[: m.start()], re.I):
                continue
            kind = next((w for w in ("ally", "item", "weapon", "regalia") if w in m.group(1).lower()), "")
            if not kind:
                continue  # ("target unit": asked the same way as an ally)
            written = ("ally" if kind in ("ally", "regalia") else kind) + (
                ":opponent" if re.search(r"you don't control|an opponent controls", m.group(1)) else "")
            if "attacking" in m.group(1):
                continue  # (an attacking ally: asked with its attack, not here)
            ref = f"{card.name}#{number} -> #1"
            code = main(["grand-archive", "--db", db, "--json", "--object", written, "--effect", "Inspiring Call",
                         "--effect", ref])
            out = json.loads(capsys.readouterr().out)
            if code != 0:
                continue  # (a second target the question does not give: Squallsnare)
            target = obj(out, written)
            assert target["result"].get("suppressed"), (card.name, out["summary"])
            if kind == "ally":  # Inspiring Call's +1 POWER for allies you control ended as it left
                assert "what Inspiring Call gave it ends" in out["summary"] or written.endswith("opponent")
            after = ask(db, capsys, "--object", written, "--effect", ref, "--then", "end-of-turn")
            assert "came back to the field" in after["summary"], after["summary"]
            checked.append(card.name)
    assert len(checked) >= 8, checked  # Rearing Rebound, Zephyr, Baby Green Slime, ... (9 of 25 mentioning it)


def test_gaining_a_mastery_is_one_time_and_a_later_it_is_that_mastery(db, capsys):
    """"You gain the Phantasmagoria mastery. Then put two haunt counters on it." (Alice, Distorted Queen): the
    counters go on the mastery, not on the champion; "You gain the ... mastery" (4 real cards) is no lasting
    change that Arbiter cannot read (Merlin, Memorite Vassal was refused for it)."""
    masteries = [c.name for c in cards(db).values() if re.search(r"You gain the [\w' ]+ mastery", c.text)]
    assert len(masteries) >= 4, masteries
    out = ask(db, capsys, "--object", "champion", "--object", "Phantasmagoria", "--effect", "Alice, Distorted Queen")
    assert obj(out, "Phantasmagoria")["result"]["counters_put"] == ["2 haunt counters"]
    assert not obj(out, "champion")["result"].get("counters_put")
    for name in masteries:
        code = main(["grand-archive", "--db", db, "--json", "--object", "champion", "--effect", name])
        said = json.loads(capsys.readouterr().out)
        assert code == 0 or "cannot read" not in said["error"], said


def test_an_object_no_effect_reaches_is_told_which_set_the_effects_cover(db, capsys):
    # Spirit Blade: Ghost Strike: "your champion's attacks get +1 POWER": an ally's attack is not one of them
    out = ask(db, capsys, "--effect", "Spirit Blade: Ghost Strike", "--object", "ally")
    assert out["summary"].startswith("No effect of the scenario could reach the ally you control: Spirit Blade: "
                                     "Ghost Strike covers “your champion's attacks”"), out["summary"]


def test_an_effect_of_a_waiting_trigger_says_it_assumed_the_trigger(db, capsys):
    """"Whenever another Animal and/or Beast ally enters ..., put a buff counter on Wildgrowth Feline": answered as
    if it triggered, and the first line says so (it said "1 buff counter put on it" as a plain fact)."""
    checked = []
    for card in cards(db).values():
        for number, paragraph in enumerate(_paragraphs(card), start=1):
            body = re.sub(r"^(?:\[[^\]]+\]\s*)*", "", paragraph)
            if not re.match(r"(Whenever|At the beginning of|At the end of)\b", body):
                continue
            code = main(["grand-archive", "--db", db, "--json", "--effect", f"{card.name}#{number}"])
            out = json.loads(capsys.readouterr().out)
            if code != 0 or not any(e["applies"] for o in out["objects"] for e in o["effects"]):
                continue  # (it needs a target or an object; or nothing was reached to answer about)
            assert "its trigger (“" in out["summary"], (card.name, out["summary"])
            checked.append(card.name)
    assert len(checked) >= 50, checked  # Wildgrowth Feline, Windwalker Boots, ... (62 paragraphs here)


def test_an_x_taken_for_an_amount_is_said(db, capsys):
    # Lamentation's Toll: "+X power, where X is the highest power stat among your omens"
    out = ask(db, capsys, "--effect", "Lamentation's Toll")
    assert "X is 1 (the highest power stat among your omens, not given)" in out["summary"], out["summary"]
    # Wildgrowth Elixir: "Put X buff counters on target ally, where X is the amount of age counters on ..."
    out = ask(db, capsys, "--object", "ally", "--effect", "Wildgrowth Elixir#3 -> ally")
    assert "X is 1 (" in out["summary"] and "not given" in out["summary"], out["summary"]


def test_your_choice_of_two_stat_changes_is_one_of_them_taken_aloud(db, capsys):
    """"Allies you control get your choice of +1 POWER or +1 LIFE until end of turn" gave both (+1/+1): one is
    taken aloud, condition-true:CARD#P.2 picks the other (every real card with such a choice)."""
    found = [(c.name, n) for c in cards(db).values() for n, p in enumerate(_paragraphs(c), start=1)
             if re.search(r"gets? your choice of [+-]\d+ ?(?:POWER|LIFE)", p, re.I)]
    assert {name for name, _ in found} >= {"Aqueous Enchanting", "Flute of Taming"}, found
    for name, n in found:
        ref = f"{name}#{n}" + (" -> #1" if "Target" in _paragraphs(cards(db)[name])[n - 1] else "")
        written = "ally:beast" if "Beast" in _paragraphs(cards(db)[name])[n - 1] else "ally"
        out = ask(db, capsys, "--object", written, "--effect", ref)
        net = obj(out, written)["net"]
        assert set(net) == {"power"} and "is chosen" in out["summary"], out["summary"]
        other = ask(db, capsys, "--object", written, "--effect", ref, "--then", f"condition-true:{name}#{n}.2")
        assert set(obj(other, written)["net"]) == {"life"}, other["summary"]
