"""The classes of the blind review of seed 35021, each over every real card that shares the wording (answers are
derived from the rules and the cards' own words here, never copied from a judged answer)."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.lifetime import ENTRY_RULE
from engine.rulesets.l5r.parts import sentences
from engine.rulesets.l5r.text import plain
from tests.engine.l5r.l5r_real import duration, order, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
CARDS = real_cards() if HAVE else ()


def _printed(card) -> str:
    return plain(card.extra.get("html") or card.text)


# Class 7: a card whose only text is a keyword's reminder ("(A Conqueror's unit doesn't bow after battle.)",
# "(Draw a card after your Expendable card is destroyed.)") answers about that keyword's rule.
REMINDER_ONLY = [c for c in CARDS if re.fullmatch(r"(?:\([^()]*\)\s*)+", _printed(c))]


def test_the_reminder_only_class():
    assert len(REMINDER_ONLY) >= 55 and {"Bayushi Aibako", "Forge Hammer"} <= {c.name for c in REMINDER_ONLY}


@pytest.mark.parametrize("card", REMINDER_ONLY, ids=[c.name for c in REMINDER_ONLY])
def test_a_reminder_only_card_reads_as_its_keywords_rule(card):
    abilities = read_card(card)
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", re.sub(r"[()]", " ", _printed(card)).strip()) if s.strip()]
    assert len(abilities) == len(sentences) and all(a.reminder for a in abilities)
    assert all(a.kind is not Kind.UNREAD for a in abilities), [a.text for a in abilities]
    answer = duration(card=card.name, then=["turn-ends"])  # answers; never "has no ability text"
    assert answer["summary"].startswith(card.name)


EXPENDABLE = [c for c in REMINDER_ONLY if "after your Expendable card" in c.text
              and not re.search(r"\.\s+\w", _printed(c).strip("() "))]


@pytest.mark.parametrize("card", EXPENDABLE, ids=[c.name for c in EXPENDABLE])
def test_expendable_draws_as_a_rulebook_effect_before_reactions(card):
    # its reminder restates the keyword's rule: a triggered rulebook effect, step C (blind 81021 #13)
    verb = "dies" if "card dies" in card.text else "is destroyed"
    answer = order(at=f"after your Expendable card {verb}", active="opponent",
                   item=[card.name, f"reaction:After an Item {verb}, gain 1 Honor@opponent"])
    assert [(e["card"], e["step"]) for e in answer["order"]] == [(card.name, "C"), (None, "F")]


# Class 6: "his unit doesn't bow" (Conqueror) stops only that part of what happens after the battle, never the
# occurrence with everything else that answers it (the Timing page: what comes first can change what follows).
CONQUEROR = [c for c in CARDS if "A Conqueror's unit doesn't bow after battle" in c.text]


def test_the_conqueror_class():
    assert len(CONQUEROR) == 16


BATTLE_END = ["rulebook:Bow each unit in the battle", "delayed:Kitsu Miro:After the battle ends, remove him from "
              "the game", "reaction:After the battle resolves, gain 1 Honor@opponent"]


@pytest.mark.parametrize("card", CONQUEROR, ids=[c.name for c in CONQUEROR])
def test_a_conqueror_stops_only_its_units_bowing(card):
    reminder = re.search(r"A Conqueror's unit doesn't bow after battle", card.text).group(0)
    answer = order(at="after the battle resolves", active="you", phase="battle",
                   item=[f"negate:{card.name}'s Conqueror: {reminder}.", *BATTLE_END])
    assert [e["step"] for e in answer["order"]] == ["A", "C", "D", "F"] and not answer["skipped"]
    assert "stops only" in answer["order"][0]["why"]
    if card in REMINDER_ONLY:
        named = order(at="after the battle resolves", active="you", phase="battle", item=[card.name, *BATTLE_END])
        assert [e["step"] for e in named["order"]] == ["A", "C", "D", "F"] and not named["skipped"]


def test_a_negation_of_the_occurrence_itself_still_stops_everything():
    answer = order(at="before a Personality moves home", active="you", phase="battle",
                   item=["negate:Personalities at this battlefield can not move home@opponent",
                         "trait:Before he moves home, gain 1 Honor", "reaction:Before a Personality moves home, bow "
                         "him@opponent"])
    assert len(answer["order"]) == 1 and len(answer["skipped"]) == 2


# First lines name a card's ability by its kind, never by its number.
def test_no_ability_number_in_an_order_first_line():
    answer = order(at="after you discard the Imperial Favor", active="opponent",
                   item=["Mempo of the Amethyst Champion",
                         "trait:After a player discards the Imperial Favor, gain 1 Honor@opponent"])
    assert "Mempo of the Amethyst Champion's Reaction (yours)" in answer["summary"]
    assert not re.search(r"#\d", answer["summary"]) and "#4" in answer["explanation"]


# Class 3: Gold for one payment from a Reaction, a trait or a Stronghold's rulebook production keeps the paying
# player's free order, even against steps A-F (the Timing page's Gold exception names exactly "a gold-producing
# Reaction before the rulebook-granted Stronghold gold production").
GOLD_REACTIONS = [f"{c.name}#{a.index}" for c in CARDS for a in read_card(c)
                  if a.kind is Kind.REACTION and a.timing == "when" and re.search(r"\bpay", a.occurrence, re.I)
                  and re.search(r"\bproduces?\b[^.]*\bGold\b", a.rules_text, re.I)]
STRONGHOLDS = [c.name for c in CARDS if c.type == "Stronghold"]
PAYMENT = "when you pay the Gold cost of an action"


def test_the_gold_classes():
    assert len(GOLD_REACTIONS) >= 13 and "Seppun Washi#1" in GOLD_REACTIONS
    assert len(STRONGHOLDS) >= 60


@pytest.mark.parametrize("item", GOLD_REACTIONS, ids=GOLD_REACTIONS)
def test_a_gold_reaction_goes_where_the_payer_puts_it(item):
    others = ["rulebook:Stronghold produces its Gold", "reaction:When you pay a cost, produce 2 Gold"]
    for listed in ([item, *others], [*others, item]):
        answer = order(at=PAYMENT, item=listed, payer="you", active="opponent")
        assert [(e["step"], e["chosen_by"]) for e in answer["order"]] == [("gold", "paying player")] * 3
        assert [e["item"].split(" #")[0] for e in answer["order"]] == [
            i.split("#")[0] if ":" not in i.split("#")[0] else e["item"]
            for i, e in zip(listed, answer["order"], strict=True)]


@pytest.mark.parametrize("name", STRONGHOLDS, ids=STRONGHOLDS)
def test_a_strongholds_rulebook_gold_is_in_the_payers_order(name):
    card = next(c for c in CARDS if c.name == name)
    listed = ["reaction:When paying a Gold cost, produce 2 Gold", name]
    answer = order(at=PAYMENT, item=listed, payer="you", active="opponent")
    assert [(e["card"], e["step"], e["chosen_by"]) for e in answer["order"]] == [
        (None, "gold", "paying player"), (name, "gold", "paying player")]
    if not any(a.kind is Kind.GOLD for a in read_card(card)):
        assert f"Produce {card.extra.get('production') or 'its'} Gold" in answer["order"][1]["text"]


# Class 4: Gold produced ("Bow: Produce 6 Gold which may only pay for one action") pays for that one payment and is
# spent in it (the Timing page: Gold is produced at a payment's when-point, for that payment); it never lasts while
# its card is in play, nor to the end of the turn.
ONLY_PAY = [f"{c.name}#{a.index}" for c in CARDS for a in read_card(c)
            if re.search(r"\b(?:which|that) (?:may|can) only (?:be used to )?pay for\b", a.rules_text)
            and re.search(r"\b(?-i:[Pp])roduce \d", a.rules_text) and not a.delayed_terms]
GOLD_ABILITIES = [f"{c.name}#{a.index}" for c in CARDS for a in read_card(c)
                  if a.kind is Kind.GOLD and re.search(r"\b(?-i:[Pp])roduce\b", a.rules_text)
                  and not a.delayed_terms]


def test_the_produced_gold_classes():
    assert len(ONLY_PAY) >= 15 and "Bushi Dojo#1" in ONLY_PAY
    assert len(GOLD_ABILITIES) >= 200


@pytest.mark.parametrize("item", ONLY_PAY, ids=ONLY_PAY)
def test_gold_that_may_only_pay_for_something_is_spent_in_that_payment(item):
    answer = duration(card=item, then=["payment-made", "turn-ends"])
    assert answer["effect"]["kind"] == "paying"
    assert [p["persists"] for p in answer["timeline"]] == [False, False]
    assert "only" in answer["summary"] and "nothing of it lasts" in answer["summary"]


@pytest.mark.parametrize("item", GOLD_ABILITIES, ids=GOLD_ABILITIES)
def test_produced_gold_lasts_for_its_payment_only(item):
    answer = duration(card=item, then=["action-resolves", "turn-ends"])
    assert answer["effect"]["kind"] == "paying" and not answer["persists"]
    assert any(n["id"] == "gold-payment" for n in answer["interpretations"])


# Class 5: a delayed effect waiting for "another player's action ..." does not fire on your own action (nor "you
# ..." on your opponent's): `duration --then occurs:` reads whose action, card or player it is as `order --by` does.
def _delayed(card, ability):
    try:
        answer = duration(card=f"{card.name}#{ability.index}", then=["action-resolves"])
    except Exception:
        return None
    return answer if answer["effect"]["kind"] in ("next-time", "each-time", "delayed", "delay") else None


def _swapped(event: str) -> str | None:
    """The awaited event with its player turned round: "another player's action" -> "your own action", "you ..." ->
    "your opponent ...", "your Ninja action" -> "your opponent's Ninja action"."""
    for pattern, other in ((r"\banother player's\b", "your own"), (r"\banother player\b", "you"),
                           (r"^you\b", "your opponent"), (r"\bfrom your\b", "from your opponent's"),
                           (r"^your\b", "your opponent's")):
        if re.search(pattern, event):
            return re.sub(pattern, other, event, count=1)
    return None


ACTOR_DELAYED = []
for _card in CARDS:
    for _ability in read_card(_card) if HAVE else ():
        if not _ability.delayed_terms:
            continue
        _answer = _delayed(_card, _ability)
        for _event in (_answer or {}).get("fires_on", []):
            if _event.startswith("occurs:") and _swapped(_event[7:]) and re.search(
                    r"\b(?:another player|you|your)\b", _event):
                ACTOR_DELAYED.append((f"{_card.name}#{_ability.index}", _event[7:]))
                break


def test_the_actor_delayed_class():
    assert len(ACTOR_DELAYED) >= 15 and ("Asahina Michiru#1", "another player's action destroys the "
                                         "Personality") in ACTOR_DELAYED


@pytest.mark.parametrize(("item", "event"), ACTOR_DELAYED, ids=[i for i, _ in ACTOR_DELAYED])
def test_a_delayed_effect_waits_for_the_player_its_words_name(item, event):
    other = duration(card=item, then=["action-resolves", f"occurs:{_swapped(event)}"])
    assert other["timeline"][-1]["state"] == "waiting" and "not what it waits for" in other["timeline"][-1]["why"]
    # an ability followed part by part (`parts`) lists each part's own words and state in its first line
    assert "has not happened yet" in other["summary"] or (len(other.get("parts", ())) > 1
                                                           and "still waiting" in other["summary"])
    same = duration(card=item, then=["action-resolves", f"occurs:{event}"])
    assert same["timeline"][-1]["state"] == "fired"


def test_michiru_does_not_save_him_from_your_own_action():
    answer = duration(card="Asahina Michiru", then=["action-resolves", "occurs:your own action destroys the "
                                                    "Personality", "turn-ends"])
    assert [p["state"] for p in answer["timeline"]] == ["waiting", "waiting", "expired"]
    assert answer["summary"].endswith("never fired, so “negate that destruction and move him home” did not happen.")


# Class 8: the first line of a delayed effect's answer says what it does to which card, not only "it has fired".
DELAYED = [(f"{c.name}#{a.index}", a) for c in CARDS for a in read_card(c) if a.delayed_terms
           and _delayed(c, a) is not None]


def test_the_delayed_class():
    assert len(DELAYED) >= 200


@pytest.mark.parametrize(("item", "ability"), DELAYED, ids=[i for i, _ in DELAYED])
def test_a_delayed_effects_first_line_says_what_it_does(item, ability):
    waiting = duration(card=item, then=["action-resolves"])
    does = waiting["does"]
    assert does and stems_of(does) <= stems_of(re.sub(r"[()]", " ", ability.text)) | {"the", "it", "creat"}
    if len(waiting.get("parts", ())) > 1:  # followed part by part: each part's own words lead its clause
        assert all(f"“{p['short']}”" in waiting["summary"] for p in waiting["parts"])
    else:  # whole, or cut at a word ("…") when the whole quote would make the sentence too long
        shown = re.findall(r"“([^”]*)”", waiting["summary"])
        assert any(q == does or (q.endswith("…") and does.startswith(q[:-1].rstrip())) for q in shown)
    event = waiting["fires_on"][0]
    fired = duration(card=item, then=["action-resolves", event if event.startswith("occurs:") else "turn-ends"])
    assert "delayed effect has fired" not in fired["summary"] and not re.search(r"#\d", fired["summary"])


def stems_of(words: str) -> set[str]:
    return {w.lower()[:5] for w in re.findall(r"[A-Za-z]+", words)}


def test_a_created_personality_is_named_when_it_is_removed():
    answer = duration(card="Kitsu Miro", then=["action-resolves", "battle-ends"])
    assert answer["summary"] == ("Kitsu Miro after the battle ends: “Remove him from the game (him: the Personality it "
                                 "created)” happens now, once; its delayed effect is used up.")


# Class 1: an "if" condition in a continuous trait ("... have -1 strength if another player is Mantis Clan") is a
# condition of the trait (the Timing page, "when" case 3: a conditional continuous effect works only while it holds).
# (a card's own entry rule with an "if" is checked once as it enters: test_l5r_blind_46121_left.py)
IF_TRAITS = [(f"{c.name}#{a.index}", a) for c in CARDS for a in read_card(c)
             if any(t.form.value == "while" and re.match(r"(?:only )?if\b", t.words, re.I) for t in a.terms)
             and not (ENTRY_RULE.match(a.rules_text or a.text)
                      and all(ENTRY_RULE.match(s) for s in sentences(a.rules_text or a.text)))]


def test_the_if_trait_class():
    assert len(IF_TRAITS) >= 66  # 15 entry rules left it for kind "entry"
    assert {"Isawa Fujigawa#1", "The Arcane Cloak of the Chameleons#2"} <= {i for i, _ in IF_TRAITS}


@pytest.mark.parametrize(("item", "ability"), IF_TRAITS, ids=[i for i, _ in IF_TRAITS])
def test_an_if_condition_switches_a_continuous_trait(item, ability):
    condition = next(t for t in ability.terms if t.form.value == "while")
    assert condition.words in ability.rules_text
    answer = duration(card=item, then=["condition-false", "condition-true", "leaves-play"])
    assert [(p["persists"], p["effective"]) for p in answer["timeline"]] == [(True, False), (True, True),
                                                                             (False, False)]
    assert f"“{condition.words}”" in answer["explanation"]
    assert any(n["id"] == "while-start" for n in answer["interpretations"])  # taken to hold aloud until told


def test_an_if_condition_is_said_aloud_in_an_order():
    answer = order(at="before a Ranged Attack targets Fujigawa", active="you",
                   item=["Isawa Fujigawa#1", "reaction:Before a Ranged Attack resolves, draw a card@opponent"])
    assert "assuming “if another player is Mantis Clan” holds" in answer["summary"]


# Class 2: Courtesy ("Courtesy traits do not take effect if you went first"): who went first is an input of both
# questions; when nobody says, the trait is taken to be in effect, aloud.
COURTESY = [f"{c.name}#{a.index}" for c in CARDS for a in read_card(c) if a.rules_text.startswith("Courtesy:")]


def test_the_courtesy_class():
    assert len(COURTESY) >= 20 and "Isawa Fujigawa#2" in COURTESY


@pytest.mark.parametrize("item", COURTESY, ids=COURTESY)
def test_a_courtesy_trait_does_not_take_effect_for_the_player_who_went_first(item):
    off = duration(card=item, then=["turn-ends"], went_first="you")
    assert not any(p["effective"] for p in off["timeline"])
    assert "you went first, so it does not take effect this game" in off["summary"]
    said = duration(card=item, then=["occurs:you went first", "turn-ends"])
    assert not any(p["effective"] for p in said["timeline"])
    on = duration(card=item, then=["turn-ends"], went_first="opponent")
    unsaid = duration(card=item, then=["turn-ends"])
    assert on["timeline"][-1]["effective"] == unsaid["timeline"][-1]["effective"]
    assert any(n["id"] == "courtesy" for n in unsaid["interpretations"])
    assert not any(n["id"] == "courtesy" for n in on["interpretations"])


def test_a_courtesy_trait_in_an_order_answers_to_who_went_first():
    items = ["Slave Pits", "reaction:When a Holding produces Gold, gain 1 Honor@opponent"]
    at = "when this Holding produces Gold"
    assert [e["card"] for e in order(at=at, item=items, went_first="opponent")["order"]] == ["Slave Pits", None]
    first = order(at=at, item=items, went_first="you")
    assert [e["card"] for e in first["order"]] == [None] and first["skipped"][0]["card"] == "Slave Pits"
    assert "did not go first" in order(at=at, item=items)["summary"]


# A one-time change's first line says what its effects leave behind, never what its cost did ("Open: Bow your
# performing Samurai: ... Turn the Personality face-down" leaves a face-down Personality, not a bowed Samurai).
COST_BOWS = [f"{c.name}#{a.index}" for c in CARDS for a in read_card(c)
             if a.kind is Kind.ACTION and re.match(r"^[^:]+:\s*Bow (?:your|this|one of your)\b[^:.]*:", a.rules_text)
             and not re.search(r"\bbow", a.rules_text.split(":", 2)[2], re.I)]


def test_the_cost_bows_class():
    assert len(COST_BOWS) >= 20 and "Know Their Minds#1" in COST_BOWS


@pytest.mark.parametrize("item", COST_BOWS, ids=COST_BOWS)
def test_a_one_time_changes_first_line_is_about_its_effect_not_its_cost(item):
    answer = duration(card=item, then=["action-resolves", "turn-ends"])
    assert "what it bows stays bowed" not in answer["summary"]


def test_a_face_down_personality_stays_face_down():
    answer = duration(card="Know Their Minds", then=["action-resolves", "turn-ends"])
    assert "what it turns face-down stays face-down" in answer["summary"]


# The "if" of a card's cost rule ("Enters play for 1 less Gold if you are a Lion Clan player") is said aloud.
COST_IF = [f"{c.name}#{a.index}" for c in CARDS for a in read_card(c)
           if re.match(r"^(?:\w+ )?[Ee]nters play for \d+ less Gold if\b", a.rules_text) and not a.header]


@pytest.mark.parametrize("item", COST_IF, ids=COST_IF)
def test_a_cost_rules_if_is_said_aloud(item):
    answer = duration(card=item)
    words = re.search(r"\bif [^,.;:()]+", item and next(
        a.rules_text for c in CARDS for a in read_card(c) if f"{c.name}#{a.index}" == item)).group(0)
    assert any(f"only “{words}”" in n["text"] for n in answer["interpretations"]), answer["interpretations"]


def test_the_cost_if_class():
    assert len(COST_IF) >= 15
