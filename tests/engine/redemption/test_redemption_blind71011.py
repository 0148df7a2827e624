"""`arbiter ask` classes of blind round redemption-seed71011, each derived from every real card sharing the wording
(read from ../shared/data in place, never listed by name):

- S4Q: "My opponent discarded my Bethlehem Stable" (the card discarded, in the active voice) and "after it got
  discarded" are the card leaving play;
- S30Q: "played as an Artifact" puts a Curse or Covenant in the Artifact Pile, so its ART part is judged;
- S20Q: "my lone I Samuel Hero" is an identifier (a Bible book naming a kind of card), not the card Samuel;
- S26Q: "while I am blocking" is the condition of a card kept up while "you are rescuing or blocking"."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.redemption import judge
from engine.rulesets.redemption.parts import split_parts
from engine.rulesets.redemption.phrases_ask import BOOKS
from engine.rulesets.redemption.terms import card_types, read_card
from tests.engine.redemption.redemption_builder import real_cards
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("red71011"))
    return Asker(Arbiter.open(str(db)))


def _inputs(asker: Asker, text: str, name: str) -> dict | None:
    result = asker.read(text)[0]
    if result.reading is None or result.reading.inputs["card"] != name:
        return None  # the name is asked back (another card shares it): not this class
    return result.reading.inputs


def test_a_card_discarded_in_the_active_voice_left_play(asker: Asker):
    kept = [n for n, c in real_cards().items() if {"fortress", "artifact", "site"} & set(card_types(c))]
    assert len(kept) >= 300, len(kept)
    read = 0
    for name in kept[::40]:
        for text in (f"My opponent discarded my {name}. Does its ability still work?",
                     f"Does {name} still last after it got discarded?"):
            inputs = _inputs(asker, text, name)
            if inputs is None:
                continue
            read += 1
            assert inputs.get("then") == ["leaves-play"], (text, inputs)
    assert read >= len(kept[::40]), read
    # the card doing the discarding is no card leaving play
    actor = next(n for n, c in real_cards().items() if c.text.startswith("Discard") and " " not in n and "(" not in n)
    inputs = _inputs(asker, f"{actor} discarded my hero in battle. How long does it last?", actor)
    assert inputs is None or "leaves-play" not in inputs.get("then", []), inputs


def test_played_as_an_artifact_judges_the_artifact_part(asker: Asker):
    cards = [n for n, c in real_cards().items() if {"curse", "covenant"} & set(card_types(c))
             and any(p.label == "ART" for p in split_parts(c.text))]
    assert 40 <= len(cards) <= 130, len(cards)  # 85 printings this session
    read = 0
    for name in cards[::3]:
        inputs = _inputs(asker, f"{name} was played as an Artifact and then deactivated. Does it still last?", name)
        if inputs is None:
            continue
        read += 1
        assert inputs.get("played_in") == "artifact-pile" and inputs.get("then") == ["deactivated"], (name, inputs)
        verdict = judge(real_cards()[name], "artifact-pile", ["deactivated"], part=inputs.get("part"))
        assert verdict.part.label == "ART", (name, verdict.part.label)
    assert read >= len(cards[::3]) // 2, read


def test_a_bible_book_before_a_kind_of_card_is_no_card(asker: Asker):
    said = re.compile(rf"\b(?:an? |your |lone )(?:(?:I|II|1|2) )?({BOOKS}) Hero\b", re.I)
    cards = [(n, m.group(1)) for n, c in real_cards().items() if (m := said.search(c.text)) and "(" not in n
             and "[" not in n and " / " not in n]
    assert len(cards) >= 20, len(cards)
    for name, book in cards[::5]:
        result = asker.read(f"If {name} is discarded, does it still work for my lone {book} Hero?")[0]
        assert result.asked is None or result.asked.kind != "several-cards", (name, result.asked)


def test_while_rescuing_or_blocking_is_the_condition_holding(asker: Asker):
    kept = [n for n, c in real_cards().items() for r in read_card(c) for t in r.terms
            if t.rule == "D8" and not t.combat and re.search(r"\bwhile you are (?:rescuing|blocking)", t.text, re.I)]
    assert kept, "no card with the condition"
    for name in dict.fromkeys(kept):
        verb = "blocking" if "blocking" in real_cards()[name].text.lower() else "rescuing"
        inputs = _inputs(asker, f"{name} is in my territory. While I am {verb}, does it still work?", name)
        if inputs is not None:
            assert inputs.get("then") == ["condition-true"], (name, inputs)


def test_an_end_after_the_card_left_says_the_leaving_did_not_end_it():
    """S24Q (Shamgar): "Has ended: the phase ended" after the card was discarded from battle did not say the discard
    left it going; every card judged over "leaves-play, phase-ends" that ended with the phase says so."""
    from engine.rulesets.redemption.render import summary

    said = 0
    for name, card in list(real_cards().items())[::20]:
        verdict = judge(card, "battle", ["leaves-play", "phase-ends"])
        line = summary(verdict)
        if line.startswith("Has ended: the phase ended"):
            said += 1
            assert "(it kept going after " in line and "left play)" in line, (name, line)
        elif line.startswith("Has ended: "):
            assert "kept going" not in line, (name, line)  # ended by the leaving itself
    assert said >= 20, said
