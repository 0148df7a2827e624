"""Blind round 38031: each class checked over every real card of both editions sharing it (card lists built from the
data by tests/engine/ashes/real.py):
- "Do X to do Y" where X needs a unit of yours with an alteration, or "another <Name> you control": X is checked
  against the named units, and Y does not happen without it (Shattering Fist, Shimmer Wing, Polarity Mage, ...);
- a target's state ("target wounded unit", "target exhausted unit", "with 1 or more wound tokens"): a unit named
  without its tokens has none and is unexhausted, said;
- Golden Veil: "a target card" aimed at a unit of theirs, and "that target unit" its trigger named, are units
  targeted;
- "..., but only to take a pass action" is a limit of the instruction, never a part of its own;
- a part with several targets ("up to 3 target units", "an equal number of target units") acts on each one named;
- an instruction written before its moment ("... at the end of each round", "... at the beginning of your turn")
  waits for it (Endurance, Imbued Vigor), never a constant ability;
- a conjuration placed by a part triggers its own "When this unit comes into play" ability (False Demon)."""

from __future__ import annotations

import re
from functools import cache

from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.resolve import ENTERS
from engine.rulesets.ashes.targets import SEVERAL, WITH_TOKENS
from tests.engine.ashes.real import ask, every_ability, every_part, part, printings


# --- "Do X to do Y": X needs a unit the board may not have ------------------------------------------------------------
@cache
def x_needs() -> tuple[tuple[str, str, str, int, str, str, int], ...]:
    """(card, edition, ability, part n, need words, the needed name or "") of every unit need naming "another <Name>"
    or a unit with an alteration."""
    out = []
    for r, p in every_part():
        for n in p.needs:
            if n.kind == "unit" and p.new_target is None and (
                    (n.name and n.words.lower().startswith("another")) or "with an alteration" in n.words):
                out.append((r.name, r.edition, r.ask, p.n, n.words, n.name or "", p.focus))
    return tuple(dict.fromkeys(out))


def test_x_of_do_x_to_do_y_is_checked_against_the_named_units():
    assert {"Shattering Fist", "Shimmer Wing", "Ember Heart"} <= {c for c, *_ in x_needs()}, x_needs()
    for card, edition, ability, n, words, name, focus in x_needs():
        unit = name or "Hammer Knight"
        ex = "/exhausted" if "exhausted" in words.split(" with ")[0] else ""
        a = ask(card, edition, ability=ability, unit=f"{unit}@mine{ex}", focus=str(focus))   # named plain: no
        #                                                                                         alteration on it
        got = part(a, n)
        if name:   # "another Shimmer Wing": the card itself is not the other one; one named is
            alone = part(ask(card, edition, ability=ability, units="none", focus=str(focus)), n)
            assert alone["outcome"] == "skipped" and f"no other {name}" in alone["why"], (card, alone)
            assert got["outcome"] != "skipped" or "no other" not in got["why"], (card, got)
            continue
        assert got["outcome"] == "skipped" and "with an alteration attached" in got["why"], (card, got)
        later = [p for p in a["parts"] if p["n"] > n and p["text"] and
                 re.match(r"^(?:if you do|then)\b", p["text"], re.I)]
        assert all(p["outcome"] != "resolves" for p in later), (card, later)
        carried = ask(card, edition, ability=ability, unit=f"{unit}@mine/alteration=Crystal Shield{ex}",
                      focus=str(focus))
        assert "with an alteration attached" not in part(carried, n)["why"], (card, part(carried, n))


def test_shattering_fist_without_an_alteration_does_nothing():
    a = ask("Shattering Fist", "reborn", unit=["Iron Worker@mine", "Hammer Knight@theirs"],
            target="2=Hammer Knight@theirs")
    assert [p["outcome"] for p in a["parts"]] == ["skipped", "skipped"]
    assert "does not happen" in a["summary"].split(";")[0]


# --- a target's state -------------------------------------------------------------------------------------------------
@cache
def state_targets() -> tuple[tuple[str, str, str, int, str, int, int], ...]:
    out = []
    for r, p in every_part():
        spec = p.new_target
        m = WITH_TOKENS.search(re.split(r"\s(?:equal to)\b", spec.words)[0]) if spec and spec.kind == "unit" else None
        if m and r.ability.kind != "passive" and not re.search(r"\bor alteration", spec.words):
            out.append((r.name, r.edition, r.ask, p.n, m.group(0).lower(), p.mode, p.focus))
    return tuple(out)


def test_a_named_unit_without_its_tokens_is_no_wounded_or_exhausted_target():
    assert len(state_targets()) >= 12 and {"Ocean's Eye", "False Demon", "To Shadows", "Fester"} <= {
        c for c, *_ in state_targets()}
    for card, edition, ability, n, state, mode, focus in state_targets():
        wants = "unexhausted" if state == "unexhausted" else "none"
        side = "mine" if card in ("Gravity Training", "Red Flower") else "theirs"
        extra = {"mode": str(mode)} if mode else {}
        a = ask(card, edition, ability=ability, unit=f"Hammer Knight@{side}", target=f"{n}=Hammer Knight@{side}",
                focus=str(focus), **extra)
        got = part(a, n)
        if wants == "unexhausted":   # a unit named plain is unexhausted: it qualifies
            assert "is not “" not in got["why"], (card, got)
        else:
            assert got["outcome"] == "skipped", (card, got)
            assert any(i["id"].startswith(("AS-I-wounds-", "AS-I-unexhausted-")) for i in a["interpretations"]) \
                or "Hammer Knight" in got["why"], (card, got)


def test_oceans_eye_has_no_wounded_target_when_the_unit_named_has_no_wounds():
    a = ask("Ocean's Eye", "reborn", unit="Iron Worker@theirs")
    assert part(a, 1)["outcome"] == "skipped"
    b = ask("Ocean's Eye", "reborn", unit="Iron Worker@theirs/wounds=1")
    assert part(b, 1)["outcome"] == "resolves" and "Iron Worker" in part(b, 1)["target"]


# --- Golden Veil against a unit targeted ------------------------------------------------------------------------------
@cache
def card_targets() -> tuple[tuple[str, str, str, int], ...]:
    return tuple((r.name, r.edition, r.ask, p.n) for r, p in every_part() if r.edition == "reborn" and p.new_target
                 and p.new_target.kind == "card" and re.search(r"\btarget card\b", p.new_target.words, re.I))


@cache
def fixed_targets() -> tuple[tuple[str, str, str, int], ...]:
    return tuple((r.name, r.edition, r.ask, p.n) for r, p in every_part() if p.targets and p.new_target is None
                 and p.depends_on is None and re.search(r"\bthat target (?:\w+ )?unit\b", p.text, re.I))


def test_golden_veil_cancels_a_target_card_aimed_at_their_unit():
    assert {"Koji Wolfcub"} <= {c for c, *_ in card_targets()} and len(card_targets()) >= 2
    for card, edition, ability, n in card_targets():
        a = ask(card, edition, ability=ability, unit="Iron Worker@theirs", target=f"{n}=Iron Worker@theirs",
                cancel_with="Golden Veil")
        if not a["usable"]["value"]:
            continue
        assert a["cancel"]["applies"], (card, a["cancel"])


def test_golden_veil_cancels_that_target_unit_its_trigger_named():
    assert {"Ash Spirit", "Ice Trap"} <= {c for c, *_ in fixed_targets()} and len(fixed_targets()) >= 5
    for card, edition, ability, n in fixed_targets():
        a = ask(card, edition, ability=ability, unit="Iron Worker@theirs", target=f"{n}=Iron Worker@theirs",
                cancel_with="Golden Veil")
        if not a["usable"]["value"] or edition == "1e":
            continue
        assert a["cancel"]["applies"], (card, a["cancel"])
        plain = ask(card, edition, ability=ability, unit="Iron Worker@theirs", target=f"{n}=Iron Worker@theirs")
        assert part(plain, n)["target"] == "Iron Worker (theirs)", (card, part(plain, n))


# --- "but only to" ----------------------------------------------------------------------------------------------------
def test_but_only_to_is_a_limit_never_a_part():
    found = [(r, p) for r, p in every_part() if re.search(r"\bbut only\b", p.text, re.I)]
    assert found
    for r, _ in found:
        assert not any(re.match(r"^take a pass action", x.text, re.I) for x in r.ability.parts), r.name
    a = ask("Tolliver I", "1e")
    assert len(a["parts"]) == 1 and "but only to take a pass action" in a["summary"]


# --- several targets --------------------------------------------------------------------------------------------------
@cache
def several() -> tuple[tuple[str, str, str, int, str, int], ...]:
    out = []
    for r, p in every_part():
        if p.new_target and p.new_target.kind == "unit" and SEVERAL.search(p.text) and r.ability.kind != "passive" \
                and not re.search(r"\b(?:choose|gain|add)\b", p.text, re.I):
            side = p.new_target.side if p.new_target.side != "any" else "theirs"
            out.append((r.name, r.edition, r.ask, p.n, side, p.mode))
    return tuple(out)


def test_a_part_with_several_targets_acts_on_each_one_named():
    assert {"Spear Master", "Crimson Bomber"} <= {c for c, *_ in several()}
    for card, edition, ability, n, side, mode in several():
        units = [f"Hammer Knight@{side}", f"Iron Worker@{side}"]
        extra = {"mode": str(mode)} if mode else {}
        a = ask(card, edition, ability=ability, unit=units, target=[f"{n}={u}" for u in units], x="2", **extra)
        got = part(a, n)
        if got["outcome"] != "resolves":
            continue
        assert "Hammer Knight" in got["target"] and "Iron Worker" in got["target"], (card, got)


# --- an instruction written before its moment -------------------------------------------------------------------------
@cache
def timed_after() -> tuple[tuple[str, str, str], ...]:
    return tuple((r.name, r.edition, r.ask) for r in every_ability() if r.ability.trigger and re.match(
        r"^at the (?:end of each (?:round|turn)|(?:beginning|start) of your (?:next )?turn)$",
        r.ability.trigger.words))


def test_an_instruction_written_before_its_moment_waits_for_it():
    assert {"Enhanced Strength", "Imbued Vigor"} <= {c for c, *_ in timed_after()}
    for card, edition, ability in timed_after():
        a = ask(card, edition, ability=ability)
        assert a["ability"]["kind"] == "reaction" and a["usable"]["value"], (card, a["summary"])
        assert "constant ability" not in a["summary"]
    e = ask("Enhanced Strength", "reborn", ability="Endurance", unit="Iron Worker@mine/exhaustion=2")
    assert "removes 2 exhaustion tokens" in e["summary"]


# --- a placed conjuration's own "comes into play" ---------------------------------------------------------------------
@cache
def arrivals() -> tuple[tuple[str, str, str, int, str, int], ...]:
    entering = {(c.name, e) for c, e, p in printings() if p.type == "Conjuration"
                and any(a.kind != "play" and a.trigger is not None and ENTERS.match(a.text) for a in read_abilities(p))}
    return tuple((r.name, r.edition, r.ask, p.n, p.places, p.focus) for r, p in every_part()
                 if p.places and (p.places, r.edition) in entering and any(n.kind == "room" for n in p.needs))


def test_a_conjuration_placed_triggers_its_own_comes_into_play_ability():
    assert len({c[4] for c in arrivals()}) >= 10, arrivals()
    for card, edition, ability, n, placed, focus in arrivals():
        a = ask(card, edition, ability=ability, units="both", focus=str(focus))
        if part(a, n)["outcome"] != "resolves":
            continue
        assert any(x["card"] == placed and x["part"] == n for x in a["board_reactions"]), (card, a["summary"])
        assert f"{placed} (yours)'s" in a["summary"] or placed in a["summary"]
    full = ask("Summon False Demon", "reborn", battlefield_full=True)
    assert not full["board_reactions"]


# --- a Focus line that changes an instruction before it (blind round 35131) -------------------------------------------
@cache
def focus_changes() -> tuple[tuple[str, str, str, int, int, str], ...]:
    """(card, edition, ability, part n, focus, kind) of every Focus line that changes an earlier instruction: "you
    may choose not to attach ...", "... instead", "change/reduce the activation cost of this ..."."""
    out = []
    for r, p in every_part():
        if not p.focus:
            continue
        kind = ("not" if re.match(r"^you may choose not to\b", p.text, re.I) else
                "cost" if re.match(r"^(?:you may )?(?:change|reduce) the activat\w* cost of this\b", p.text, re.I) else
                "instead" if re.search(r"\binstead\b", p.text, re.I) else "")
        if kind:
            out.append((r.name, r.edition, r.ask, p.n, p.focus, kind))
    return tuple(out)


def test_a_focus_line_that_changes_an_earlier_instruction_changes_it():
    found = focus_changes()
    assert {"Extend Animation", "Full Moon", "Snake Bite", "Summon Ghostly Mount", "Small Sacrifice",
            "Summon Iron Rhino", "Frost Bite"} <= {c for c, *_ in found}, found
    for card, edition, ability, n, focus, kind in found:
        a = ask(card, edition, ability=ability, focus=str(focus), units="both")
        got = part(a, n)
        if got["outcome"] != "resolves":
            continue
        earlier = [p for p in a["parts"] if p["n"] < n]
        if kind == "cost":
            assert "applies to its cost (paid before the effect)" in a["summary"], (card, a["summary"])
        elif kind == "instead":
            assert any(p["why"].startswith("replaced: the Focus") for p in earlier), (card, earlier)
        else:
            assert any(any(x.startswith("without the ") for x in p["result"]) for p in earlier), (card, earlier)
            declined = ask(card, edition, ability=ability, focus=str(focus), units="both", decline=str(n))
            assert not any(any(x.startswith("without the ") for x in p["result"]) for p in declined["parts"])


def test_extend_animation_focused_places_the_unit_without_unnatural_when_the_player_chooses():
    a = ask("Extend Animation", "1e", focus="2", unit="Gilder@theirs")
    base = part(a, 2)
    assert base["outcome"] == "resolves" and base["result"][0].startswith("without the Unnatural")


# --- "Change 2 dice in your active pool" with fewer left after the cost (issue 31) ------------------------------------
def test_a_part_counting_dice_in_your_active_pool_takes_those_left_after_the_cost():
    from engine.rulesets.ashes.checks import _ACTIVE_COUNT
    from engine.rulesets.ashes.resolve import magic_count
    found = [(r, p, int(m.group("n"))) for r, p in every_part()
             if (m := _ACTIVE_COUNT.search(p.text)) and int(m.group("n")) >= 2 and not p.focus
             and r.ability.kind != "passive"]
    assert len(found) >= 10
    checked = 0
    for r, p, _n in found:
        a = ask(r.name, r.edition, ability=r.ask, dice=str(magic_count(r.ability) + 1), units="both")
        got = part(a, p.n)
        if got["outcome"] != "resolves":
            continue
        checked += 1
        assert any(x.startswith("only 1 die is left in your active pool after its cost") for x in got["result"]), \
            (r.name, got)
    assert checked >= 8
