"""Redemption classes left after the blind rounds of session 3 (seed 35141) and the new-user trial 35300, each
checked over every real card that shares the wording (read from ../shared/data in place):

- a delayed action at the end of the battle ("After battle, discard this card", "discard Egyptian Archer at end of
  battle", "If blocking, draw 3 and discard this card after battle"), when it is all that lasts of an ability, has
  happened once the battle ends: the ability has ended then, not at the end of the phase (Defining Duration: only a
  component that lasts longer than an instant needs an upper bound; the wait is bounded by the phase, D1/D4)."""

from __future__ import annotations

import re

from engine.rulesets.redemption import judge
from engine.rulesets.redemption import phrases as P
from engine.rulesets.redemption.render import summary
from engine.rulesets.redemption.terms import read_card
from tests.engine.redemption.redemption_builder import real_cards


def _battle_end_parts() -> dict[tuple[str, str], str]:
    """(card, part) -> the words its delayed action waits for, over every real card (read, not listed: naming them
    here would take them out of the blind draws)."""
    return {(name, r.part.label): r.battle_end for name, c in real_cards().items() for r in read_card(c)
            if r.battle_end}


def test_the_battle_end_class_is_every_part_whose_only_lasting_words_wait_for_the_battle_end():
    found = _battle_end_parts()
    assert 25 <= len(found) <= 40  # 30 parts of 30 cards in the data of this session
    # every one has the words; "until end of battle" (a stated time) is never one of them
    for (name, _), words in found.items():
        assert P.BATTLE_END.search(words) and not re.search(r"until (?:the )?end of battle", words, re.I), name
    # a part that also lasts by other words (protect, place on a Hero, Cannot be prevented) is not in the class
    texts = {name: c.text for name, c in real_cards().items()}
    assert not any("Cannot be" in texts[name] for name, _ in found)


def test_each_delayed_action_has_happened_once_the_battle_ends():
    for name, label in sorted(_battle_end_parts()):
        card = real_cards()[name]
        before = judge(card, "battle", [], part=label or None)
        assert before.part.lasting and before.persists, name  # it waits for the battle's end, within the phase
        after = judge(card, "battle", ["battle-ends"], part=label or None)
        assert after.persists is False, (name, summary(after))
        assert summary(after).startswith("Has ended: the battle ended"), (name, summary(after))
        assert "battle-end-action" in {n.id for n in after.trace.interpretations}, name
        # removing the card before the battle ends does not do it: the action still waits (D1 default)
        assert judge(card, "battle", ["leaves-battle"], part=label or None).persists is True, name


def test_an_ability_with_more_than_the_delayed_action_keeps_lasting_after_the_battle():
    # "Protect Joab from underdeck. After battle, you may discard ...": the protection lasts to the end of the phase
    for name in ("Joab (CoW)", "Uzzah, the Stricken (Roots)", "Callous Conspirators (GoC)"):
        after = judge(real_cards()[name], "battle", ["battle-ends"])
        assert after.persists is True, name
        assert judge(real_cards()[name], "battle", ["battle-ends", "phase-ends"]).persists is False, name


# --- a Lost Soul's ability lasts until it leaves where it was put, in battle too -------------------------------
def _lost_souls_with_words() -> list[str]:
    from engine.rulesets.redemption.terms import inherent_type

    return sorted(name for name, c in real_cards().items()
                  if (inherent_type(c, "", "land-of-bondage") or ("", ""))[0] == "Lost Soul"
                  and len(c.text.split()) >= 3)


def test_a_lost_soul_in_battle_lasts_until_it_leaves_battle():
    # Defining Duration: "If the card is a ... Lost Soul, the special ability persists until the card leaves where
    # it was played" (blind round 35141: a Lost Soul asked in battle fell back to the end of the phase)
    souls = _lost_souls_with_words()
    assert len(souls) >= 150  # 158 Lost Souls with an ability in the data of this session
    for name in souls:
        card = real_cards()[name]
        verdict = judge(card, "battle", ["battle-ends", "phase-ends"])
        if not verdict.part.lasting:
            continue
        assert any(s.term.rule == "D7" for s in verdict.part.terms), name
        if not any(s.term.rule == "D3" for s in verdict.part.terms):  # (a result it made keeps its own bound)
            assert judge(card, "battle", ["leaves-battle"]).persists is False, name


# --- blind round redemption-seed38011 ---------------------------------------------------------------------------
def _cannot_be_if() -> list[tuple[str, str, str]]:
    """(card, part, the "if" clause) of every real part whose "Cannot be ..." holds only if something is so."""
    found = []
    for name, c in real_cards().items():
        for r in read_card(c):
            m = re.search(r"\b(?:if|while|unless)\b[^.]*", r.cannot_be or "", re.I)
            if m:
                found.append((name, r.part.label, m.group(0)))
    return found


def test_a_cannot_be_condition_can_be_named_and_is_checked_once():
    # "Cannot be negated if Coliseum is in play" (Coliseum Lion): `condition-false:Coliseum` was refused ("no
    # condition 'coliseum'"); it is answered: the condition is checked as the ability is used (RG4), taken as met
    found = _cannot_be_if()
    assert len(found) >= 200  # 252 parts in the data of this session
    for name, label, clause in found[::10]:
        words = [w for w in re.findall(r"[A-Za-z]{4,}", clause) if w.lower() not in {"used", "this", "that"}]
        if not words:
            continue
        word = words[-1]
        verdict = judge(real_cards()[name], "battle", [f"condition-false:{word}"], part=label or None)
        steps = [s.decision for s in verdict.trace.steps if s.rule == "RG4"] + \
            [s.decision for s in verdict.trace.steps if s.rule == "D8"]
        assert steps, (name, word)


def test_a_quoted_until_keeps_where_the_target_is_removed_from():
    # "Decrease remains until that Hero is removed from play" (Job's Three Friends) was quoted "until that Hero is
    # removed": removed from battle would read otherwise
    texts = [t.text for r in read_card(real_cards()["Job's Three Friends"]) for t in r.terms if t.rule == "D3"]
    assert texts == ["until that Hero is removed from play"]
