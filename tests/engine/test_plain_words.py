"""The shared plain-words helpers (engine/plain_words.py): a quote is cut at a whole word with an ellipsis, and the
checker names each kind of engine word a player's first line must not carry."""

from __future__ import annotations

import pytest

from engine.plain_words import (
    ELLIPSIS,
    HEADLINE_WORDS,
    cut,
    cut_quotes,
    headline,
    joined,
    problems,
    quoted,
    sentences,
)

CARD = "If that destroyed the unit, that target opponent must discard 2 cards from their hand"


def test_a_cut_ends_at_a_whole_word_of_the_text():
    for limit in range(5, len(CARD) + 2):
        short = cut(CARD, limit)
        assert len(short) <= limit
        if short == CARD:
            assert limit >= len(CARD)
            continue
        assert short.endswith(ELLIPSIS)
        head = short[: -len(ELLIPSIS)]
        assert CARD.startswith(head)
        assert not CARD[len(head)].isalnum(), short  # the card's next character is no letter of the same word
        assert not head.endswith((" ", ","))


def test_a_quote_is_curly_and_cut_at_a_word():
    assert quoted("must discard 2 cards", 12) == "“must…”"
    assert quoted("Draw 1 card") == "“Draw 1 card”"
    assert cut("  spaced   out  ", 40) == "spaced out"


def test_a_quote_cut_inside_a_word_is_found_against_its_card_text():
    assert cut_quotes("“If that destroyed the unit, that target opponent must dis…” does not happen", [CARD])
    assert not cut_quotes("“If that destroyed the unit, that target opponent must…” does not happen", [CARD])
    assert not cut_quotes("“a paraphrase the card does not hold…” happens", [CARD])


def test_sentences_do_not_end_inside_a_quote():
    assert sentences("It says “Stop. Go.” and ends. Then this.") == ["It says “Stop. Go.” and ends.", "Then this."]


@pytest.mark.parametrize(("text", "kind"), [
    ("Lasts until the end of this phase. (King Ahaz; rules D1)", "a rule id"),
    ("Nothing acts now; Gold and Steel's action (#1) does not act now.", "a part number"),
    ("“Destroy it” does not happen: it needs part 1, which did not happen.", "a part number"),
    ("It applies in layer E, after the others.", "a layer or step letter"),
    ("The effect lasts until condition-false.", "an event key"),
    ("It fires on occurs:he attacks you.", "an event key"),
    ("It happens (taking 1 point the board state does not settle as met).", "a tally"),
    ("4 of 7 printings read alike.", "a tally"),
    ("moments: ['effect', 'Favorable Winds']", "code, not words"),
    ("It leaves play ( ) at once.", "code, not words"),
    (" ".join(["word"] * 40) + ".", "a sentence of 40 words"),
])
def test_each_kind_of_engine_word_is_named(text, kind):
    found = problems(text, rule_ids=["D1", "D9"], event_keys=["condition-false", "phase-ends"])
    assert any(p.startswith(kind) for p in found), found


def test_plain_words_pass_and_quoted_card_words_are_not_judged():
    assert problems("Lasts until the end of this phase.", rule_ids=["D1"]) == []
    # The card's own words may hold anything: a quote is the card speaking, not Arbiter.
    assert problems("“Remove 1 of 2 tokens (see D1)” happens.", rule_ids=["D1"]) == []
    # A card's name is its own too ("Lost Soul Galatians 3:13" is no event key, "B-52" no tally).
    assert problems("Lost Soul 1/2 lasts until it leaves play.", names=["Lost Soul 1/2"]) == []


def test_clauses_are_joined_into_sentences_under_the_limit():
    clauses = [" ".join(["word"] * 15) for _ in range(5)]
    text = joined(clauses)
    assert [len(s.split()) for s in sentences(text)] == [30, 30, 15]
    assert text.startswith("Word") and text.endswith("word.") and problems(text) == []
    assert joined(["a thing happens", "", "another does."]) == "A thing happens; another does."


def test_a_sentence_may_begin_with_a_quote():
    assert sentences("It is played. “Draw 1 card” happens.") == ["It is played.", "“Draw 1 card” happens."]



def test_too_long_is_the_limit_problems_enforces():
    from engine.plain_words import MAX_WORDS, problems, too_long
    under = " ".join(["word"] * (MAX_WORDS - 1)) + "."
    over = " ".join(["word"] * MAX_WORDS) + "."
    assert not too_long(under) and not problems(under)
    assert too_long(over) and problems(over)
    # a quote's own full stop does not end the sentence: the words inside it count
    assert too_long("It says “" + " ".join(["word"] * 20) + ". " + " ".join(["word"] * 20) + "” now.")


REINFORCE = ("Reinforce: “Look at the top 5 cards of your draw pile” happens; “You may reveal an ally or alteration "
             "spell” happens if you choose to; “Place it into your hand” happens if you choose to. “Shuffle your draw "
             "pile” happens. Assumed: the draw pile holds the cards it needs.")


def _said(text: str) -> list[str]:
    return [w.strip(".,;:()").casefold() for w in text.split() if w.strip(".,;:()")]


def test_a_short_answer_is_one_line_whole():
    short = "Three Woes: still going; lasts while it stays where it was placed. Assumed: nothing else changes it."
    assert headline(short) == (short, "")


def test_a_long_answer_leads_with_as_many_clauses_of_its_first_sentence_as_fit():
    first, more = headline(REINFORCE)
    assert first == ("Reinforce: “Look at the top 5 cards of your draw pile” happens; “You may reveal an ally or "
                     "alteration spell” happens if you choose to.")
    assert more.startswith("“Place it into your hand” happens if you choose to. “Shuffle")
    assert _said(f"{first} {more}") == _said(REINFORCE)
    assert len(first.split()) < HEADLINE_WORDS


@pytest.mark.parametrize(("text", "first", "then"), [
    # a first clause too long by itself: said without its ", assuming …", its closing aside, or after its ": "
    ("Trivariate Dream reaches the attack you control: power +3 (no card is named, so its printed values are "
     "unknown), assuming [Class Bonus] holds and there are exactly three Aethercharge cards in the attacker's intent.",
     "Trivariate Dream reaches the attack you control: power +3 (no card is named, so its printed values are "
     "unknown).", "Assuming [Class Bonus] holds and there are exactly three Aethercharge cards in the attacker's "
                  "intent."),
    ("Only Fields of Mercy's trait (yours) acts at this moment (assuming the battle it fought in the dark, far away "
     "from every province of the two players, was won, as nothing says otherwise).",
     "Only Fields of Mercy's trait (yours) acts at this moment.",
     "Assuming the battle it fought in the dark, far away from every province of the two players, was won, as "
     "nothing says otherwise."),
    ("Angelic Rescue cannot be played: its trigger needs a unit of yours in play when an opponent would use a "
     "spell, ability or dice power on it, and there is none.",
     "Angelic Rescue cannot be played.", "Its trigger needs a unit of yours in play when an opponent would use a "
     "spell, ability or dice power on it, and there is none."),
    ("Devious Welcome happens at once as it resolves (“Each player draws a card”), and “if the turn player did not "
     "activate a card with…” waits for the beginning of the next end phase, then happens once.",
     "Devious Welcome happens at once as it resolves (“Each player draws a card”).",
     "And “if the turn player did not activate a card with…” waits for the beginning of the next end phase, then "
     "happens once."),
])
def test_a_long_first_clause_is_said_as_two_sentences(text, first, then):
    assert headline(text) == (first, then)


def test_a_clause_or_quote_is_never_split_inside():
    quote = "“" + "; ".join(["Deal 1 damage"] * 12) + "”"
    text = f"It says {quote} and more: nothing else."
    first, _ = headline(text)
    assert quote not in first and len(first.split()) < 30  # the quote is cut so that the first line fits
    kept = first.split("“")[1].split("…”")[0]
    assert quote.strip("“”").startswith(kept + " ") and len(kept.split()) >= 6  # after a whole word, not too soon


def test_a_cut_quote_says_as_much_as_the_first_line_has_room_for():
    # Emberoot Lizard (trial 38300 #34): a 6-word cut, "If it has 1 or more…", hid what happens; the budget keeps
    # the effect, and the cut never ends on a small joining word ("for the…")
    text = ("Emberoot Lizard's Ignite, when this unit is declared as an attacker: “If it has 1 or more status tokens "
            "on it, add 1 to its attack value for the remainder of the turn” happens. “If you do, you may deal 1 "
            "damage to another target unit” does not happen: no unit to target.")
    first, more = headline(text)
    assert first == ("Emberoot Lizard's Ignite, when this unit is declared as an attacker: “If it has 1 or more status "
                     "tokens on it, add 1 to its attack value…” happens.")
    assert more.startswith("“If you do")


def test_an_assumption_said_first_follows_the_answer_it_qualifies():
    text = ("Assuming (not said) that Overlord is played as a Duration card (the Action it plays is a Duration card, "
            "so it stays out); Overlord leaves play in the Clean-up of your turn after next.")
    assert headline(text) == (
        "Overlord leaves play in the Clean-up of your turn after next.",
        "Assuming (not said) that Overlord is played as a Duration card (the Action it plays is a Duration card, so "
        "it stays out).")

    text = ("Assuming (not said) that Landing Party is still waiting, since it is not said on which turn the first "
            "card you play on a turn is a Treasure. Landing Party never leaves play: it stays for the rest of the "
            "game.")
    assert headline(text) == ("Landing Party never leaves play: it stays for the rest of the game.",
                              text.split(". Landing")[0] + ".")


def test_long_card_quotes_are_cut_at_a_word_when_that_makes_the_first_line_fit():
    text = ("Earth's Protection: its delayed effect is still waiting; “Negate his next bowing or movement from other "
            "players' cards' effects if he is Earth” has not happened yet (it waits until the end of the turn at "
            "most).")
    assert headline(text) == (
        "Earth's Protection: its delayed effect is still waiting; “Negate his next bowing or movement…” has not "
        "happened yet (it waits until the end of the turn at most).", "")
    assert headline(REINFORCE)[0].startswith("Reinforce: “Look at the top 5 cards of your draw pile” happens;")


def test_a_first_line_never_stops_at_who_and_when():
    # 222 L5R first lines read "X after he attacks you." and 27 Ashes ones "Bone Crow's Feast 1, when this unit is
    # declared as an attacker.": the split after the first ": " left only who and when
    text = ("Anonymous Monk after he attacks you: in effect while “you control one or more Rings” holds (taken to "
            "hold, as nothing given says otherwise), and only while its card is in play. More follows here.")
    first, more = headline(text)
    assert first.startswith("Anonymous Monk after he attacks you: in effect while “you control one or more Rings”")
    assert more.startswith("And only while its card is in play.")
    text = ("Bone Crow's Feast 1, when this unit is declared as an attacker: “Add 1 to its attack value for the "
            "remainder of the turn if it is targeting a unit with 1 or more wound tokens on it” happens. More.")
    first, more = headline(text)
    assert first.startswith("Bone Crow's Feast 1, when this unit is declared as an attacker: “Add 1 to its attack")
    assert first.endswith("…” happens.") and more == "More."
    text = ("Aquifer Seneschal reaches Aquifer Seneschal: 1 buff counter put on it, power +1 and life +1 (the card "
            "data has no printed value), has hindered (it enters the field rested) and taunt. This assumes [Class "
            "Bonus] holds.")
    first, more = headline(text)  # no quote to cut: its asides follow it
    assert first == ("Aquifer Seneschal reaches Aquifer Seneschal: 1 buff counter put on it, power +1 and life +1, "
                     "has hindered and taunt.")
    assert more.startswith("(the card data has no printed value; it enters the field rested).")


def test_a_full_stop_inside_an_aside_or_a_straight_quote_ends_no_sentence():
    # blind round grand-archive-seed41051 S10: the first line stopped inside '(“On Sacrifice: Rest target unit. The…)'
    text = ('Potion Infusion: Frostbite does not reach the potion item you control ("On Sacrifice: Rest target unit. '
            'The…): the effect has ended (the end phase\'s clean-up ended it). No effect of the scenario could reach '
            'the potion item you control: Potion Infusion: Frostbite covers “target Potion”.')
    first, more = headline(text)
    assert first.endswith("the effect has ended (the end phase's clean-up ended it).") and more.startswith("No effect")
    assert sentences('It says "Draw a card. Then discard." and (it ends. Later) stops. Next.') == [
        'It says "Draw a card. Then discard." and (it ends. Later) stops.', "Next."]
