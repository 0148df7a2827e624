"""No stray marks in a first line (new-user trial 42300 #11, Acolyte: "… leave play in this turn's Clean-up.; assuming
(not said) that …"): an answer whose "Assuming …" clause leads is turned so the answer leads, and the sentence's own
full stop went inside with it. Checked on every real Dominion card as the front ends ask it (13 answers had it), and
on every game's sentences by the rule itself; card quotes cut in a first line end at a whole word of the card's text."""

from __future__ import annotations

import re

from engine.plain_words import headline
from tests.engine.test_headline_real import answers

STRAY = re.compile(r"[.;:,]\s?[.;:,]")  # ".;", "; .", ",.": two stops with nothing said between them
CUT = re.compile(r"“([^”]*?)…”")


def _marks(line: str) -> bool:
    return STRAY.search(re.sub(r"“[^”]*”", "“”", line).replace("...", "")) is not None


def _cut_mid_word(line: str, text: str) -> bool:
    flat = " ".join(text.split())
    for m in CUT.finditer(line):
        said = m.group(1).rstrip()
        at = flat.find(said)
        if at >= 0 and said[-1:].isalnum() and flat[at + len(said): at + len(said) + 1].isalnum():
            return True
    return False


def test_an_assumption_moved_after_the_answer_keeps_one_full_stop():
    first, more = headline("Assuming (not said) that Acolyte does not leave play by its own “You may trash this to "
                           "gain an Exploration”; Throne Room and Acolyte both leave play in this turn's Clean-up, and "
                           "nothing else of the chain stays in play after it.")
    assert first.startswith("Throne Room and Acolyte both leave play") and first.endswith("after it."), first
    assert not _marks(first) and not _marks(more), (first, more)
    short, _ = headline("Assuming (not said) that Dame Anna does not leave play by its own “If a Knight is trashed by "
                        "this, trash this”; Dame Anna leaves play in this turn's Clean-up.", limit=20)
    assert not _marks(short) and short.startswith("Dame Anna leaves play"), short


def test_every_dominion_first_line_has_no_stray_marks_and_whole_words():
    moved = checked = 0
    bad = []
    for card, data, _ in answers("dominion"):
        checked += 1
        summary = data["summary"]
        first, more = headline(summary)
        moved += summary.startswith("Assuming") and not first.startswith("Assuming")
        if _marks(first) or _marks(more) or _cut_mid_word(first, card.text):
            bad.append(f"{card.name}: {first}")
    assert checked > 800 and moved >= 10, (checked, moved)
    assert not bad, bad[:5]
