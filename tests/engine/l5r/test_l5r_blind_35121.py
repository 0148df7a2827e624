"""The classes of the blind review of seed 35121 and the new-user trial 35300, each over every real card that shares
them (answers derived from the rules and the cards' own words, never copied from a judged answer)."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import read_card
from engine.rulesets.l5r.durations import AFTER_LATER
from engine.rulesets.l5r.lifetime import LASTING, OWN_ENTRY
from engine.rulesets.l5r.question import _OWN_ABILITY_RULE
from engine.rulesets.l5r.text import plain
from tests.engine.l5r.l5r_real import duration, order, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
CARDS = real_cards() if HAVE else ()
ABILITIES = [(f"{c.name}#{a.index}", a) for c in CARDS for a in read_card(c)]


# Class 2: where an effect was made (--made-during battle) never changes how long it lasts. An effect naming no length
# lasts to the end of the turn (LD8), made in a battle or not, and a one-time change (a Ranged Attack, a Fear, a move)
# has no length at all.
BATTLE = [item for item, a in ABILITIES if a.text.startswith("Battle:")]


def test_the_battle_class():
    assert len(BATTLE) >= 900


@pytest.mark.parametrize("item", BATTLE[::7], ids=BATTLE[::7])
def test_where_a_battle_effect_was_made_never_changes_its_length(item):
    plain = duration(card=item, then=["action-resolves", "battle-ends", "turn-ends"])
    made = duration(card=item, made_during="battle", then=["action-resolves", "battle-ends", "turn-ends"])
    assert made["effect"]["kind"] == plain["effect"]["kind"]
    assert [(p["persists"], p["state"]) for p in made["timeline"]] == \
        [(p["persists"], p["state"]) for p in plain["timeline"]]
    if made["effect"]["kind"] == "default-turn":
        assert made["timeline"][1]["persists"] and not made["timeline"][2]["persists"]
        assert "does not shorten it" in duration(card=item, made_during="battle",
                                                 then=["action-resolves", "battle-ends"])["summary"]
    if made["effect"]["kind"] == "instant":
        assert made["summary"].startswith(f"{item.split('#')[0]}: a one-time change")


def test_a_ranged_attack_made_in_a_battle_is_a_one_time_destruction():
    answer = duration(card="Pearl of Rage#2", made_during="battle", then=["action-resolves", "battle-ends"])
    assert answer["effect"]["kind"] == "instant"
    assert "what its Ranged Attack destroys stays destroyed" in answer["summary"]


# Class 3: a granted additional action comes once the granting action has ended and the Reactions to that end have
# passed (LD5): it is taken then or not at all, so by a later period's end nothing of it is left; a granted phase or
# battle comes within the turn, and nothing granted outlives the turn.
GRANTS = [(item, a) for item, a in ABILITIES if any(t.form.value == "additional" for t in a.terms)]
GRANTED_ACTIONS = [item for item, a in GRANTS
                   if duration(card=item)["effect"]["kind"] == "additional"
                   and re.search(r"\badditional (?:[\w-]+ )*?actions?\b", a.text, re.I)]


def test_the_additional_action_class():
    assert len(GRANTS) >= 130 and len(GRANTED_ACTIONS) >= 50


@pytest.mark.parametrize("item", GRANTED_ACTIONS, ids=GRANTED_ACTIONS)
def test_a_granted_action_is_not_usable_after_the_turn_or_battle_ends(item):
    for period in ("turn-ends", "battle-ends"):
        answer = duration(card=item, then=["action-resolves", period])
        assert answer["timeline"][0]["persists"] and not answer["timeline"][1]["persists"]
        assert answer["timeline"][1]["rule"] == "LD5"
        assert "taken then or not at all" in answer["summary"]
    fresh = duration(card=item, then=["action-resolves"])
    # said of the whole ability, or of its granting part when another sentence has a length of its own
    assert re.search(r"comes once the (?:action or trait that grants it|granting action) has ended", fresh["summary"])


# First lines (35121 S9, S10, S28; new user 25, 28, 32): an ability with a lasting effect beside one-time ones says
# which effect lasts or has ended, and what the one-time ones left behind, never only "the effect has ended".
def _lasting_effects(item: str) -> bool:
    answer = duration(card=item, then=["action-resolves", "turn-ends"])
    return answer["effect"]["kind"] == "default-turn" and "parts" not in answer


DEFAULT_TURN = [item for item, a in ABILITIES if a.kind.value in ("action", "reaction", "interrupt")
                and LASTING.search(a.text) and _lasting_effects(item)] if HAVE else []


def test_the_default_turn_class():
    assert len(DEFAULT_TURN) >= 300


@pytest.mark.parametrize("item", DEFAULT_TURN[::3], ids=DEFAULT_TURN[::3])
def test_a_first_line_says_which_effect_lasted(item):
    ended = duration(card=item, then=["action-resolves", "turn-ends"])["summary"]
    going = duration(card=item, then=["action-resolves", "battle-ends"])["summary"]
    if "the effect has ended" not in ended:
        assert re.search(r"“[^”]+” (?:has|have) ended \((?:it|they) lasted until the end of the turn\)", ended)
        assert re.search(r"“[^”]+” (?:is|are) still in effect, until the end of the turn", going)


def test_bonds_of_service_says_its_bonus_ended_and_its_bow_stays():
    line = duration(card="Bonds of Service", then=["action-resolves", "battle-ends", "turn-ends"])["summary"]
    assert "“Give him +2F if he is opposed” has ended (it lasted until the end of the turn)" in line
    assert "what it bows stays bowed" in line and "what it straightens stays straightened" in line


# Class 1: an effect written before "after the other card enters play", "after the target assigns", "after he
# assigns", "after it is revealed" (Profits: "if you did, put a Wealth token on this card after the other card enters
# play") is a delayed effect waiting for that later occurrence (LD4), not a one-time change as the ability resolves.
AFTER_LATER_ITEMS = [(item, t) for item, a in ABILITIES for t in a.terms
                     if t.form.value == "delayed" and AFTER_LATER.fullmatch(t.words)
                     and duration(card=item)["effect"]["kind"] == "delayed"] if HAVE else []


def test_the_after_a_later_occurrence_class():
    names = {item.split("#")[0] for item, _ in AFTER_LATER_ITEMS}
    assert {"Profits", "Sinful Dreams", "Secluded Outpost", "Officer's Lodge", "Retribution"} <= names


@pytest.mark.parametrize(("item", "term"), AFTER_LATER_ITEMS, ids=[i for i, _ in AFTER_LATER_ITEMS])
def test_an_effect_written_before_a_later_occurrence_waits_for_it(item, term):
    occurrence = term.events[0]
    waiting = duration(card=item, then=["action-resolves"])
    assert waiting["state"] == "waiting"
    assert re.search(r"has not happened yet|is still waiting to fire", waiting["summary"])
    fired = duration(card=item, then=["action-resolves", f"occurs:{occurrence}"])
    assert fired["state"] == "fired" and fired["timeline"][-1]["rule"] == "LD4"
    assert re.search(r"happens now, once|has fired", fired["summary"]) and waiting["does"][:30] in fired["summary"]
    # the turn ends and the occurrence was never given: it never fired, and that is said as taken
    never = duration(card=item, then=["action-resolves", "turn-ends"])
    assert never["state"] == "expired" and "never fired" in never["summary"]
    assert any(n["id"] == "occurrence-not-given" for n in never["interpretations"])


def test_profits_puts_its_wealth_token_after_the_other_card_enters_play():
    answer = duration(card="Profits", then=["occurs:you produce Gold to pay for a card",
                                            "occurs:the other card enters play", "turn-ends"])
    assert [p["state"] for p in answer["timeline"]] == ["waiting", "fired", "fired"]
    assert answer["summary"].startswith("Profits after the turn ends: “if you did, put a Wealth token on this card” "
                                        "already happened, once (after the other card enters play)")
    # "if you did": the choice its "may" offered, taken to hold aloud, never matched against an occurrence
    assert any(n["id"] == "delayed-if" for n in answer["interpretations"])


def test_a_continuous_traits_later_occurrence_is_no_delayed_effect_made_once():
    # Honored Sensei: "This Holding has +1GP, but only when it pays for ...; gain 1 Honor after he enters play"
    assert duration(card="Honored Sensei", then=["turn-ends"])["effect"]["kind"] == "in-play"


# New user 25, 26: "still in effect, while its card is in play" dropped the trait's own "while"/"if" condition, and
# was said of a Strategy, which is played, never put into play (its printed lines are rules of the card itself).
def _standing_while(item: str) -> bool:
    answer = duration(card=item, then=["turn-ends"])
    return answer["effect"]["kind"] == "while" and answer["ends_on"] == "leaves-play" \
        and "never_in_play" not in answer["effect"]


STANDING_WHILE = [item for item, a in ABILITIES if any(t.form.value == "while" for t in a.terms)
                  and _standing_while(item)] if HAVE else []
_PLAYED = {c.name for c in CARDS if c.type in ("Strategy", "Event")}
NEVER_IN_PLAY = [item for item, a in ABILITIES if item.split("#")[0] in _PLAYED
                 and "never_in_play" in duration(card=item, then=["turn-ends"])["effect"]] if HAVE else []


def test_the_standing_condition_and_never_in_play_classes():
    # (16 entry rules with an "if" left this class for kind "entry": tests/engine/l5r/test_l5r_blind_46121_left.py)
    assert len(STANDING_WHILE) >= 224 and len(NEVER_IN_PLAY) >= 50
    assert {"Way of the Scorpion#1", "Without Your Weapons#1"} <= set(NEVER_IN_PLAY)
    assert not {"Blanketed Forest#1", "The Bite of Winter#1"} & set(NEVER_IN_PLAY)  # they put themselves into play


@pytest.mark.parametrize("item", STANDING_WHILE[::2], ids=STANDING_WHILE[::2])
def test_a_standing_traits_condition_is_said_in_its_first_line(item):
    answer = duration(card=item, then=["turn-ends"])
    if answer.get("condition_event"):
        # the turn's end itself ends a battle's or a duel's condition (blind 53021 class 1): said, not taken
        assert "switched off, as “" in answer["summary"] and "taken to hold" not in answer["summary"]
        return
    assert "in effect while “" in answer["summary"] and "only while its card is in play" in answer["summary"]
    assert "(taken to hold" in answer["summary"]
    given = duration(card=item, then=["condition-true", "turn-ends"])["summary"]
    assert "in effect while “" in given and "taken to hold" not in given
    off = duration(card=item, then=["condition-false"])
    assert not off["effective"] and "switched off" in off["summary"]


@pytest.mark.parametrize("item", NEVER_IN_PLAY, ids=NEVER_IN_PLAY)
def test_a_strategys_printed_line_is_never_said_to_be_in_play(item):
    line = duration(card=item, then=["turn-ends"])["summary"]
    assert "a rule of the card itself, wherever the card is" in line and "while its card is in play" not in line


EVEN_WHILE = [item for item, a in ABILITIES if re.search(r"\beven while\b", a.text, re.I)]


@pytest.mark.parametrize("item", EVEN_WHILE, ids=EVEN_WHILE)
def test_even_while_is_no_condition(item):
    # "contributes Force even while bowed": what the effect allows, never a condition that switches it
    ability = dict(ABILITIES)[item]
    assert not any(t.form.value == "while" and t.condition.lower() == "bowed" for t in ability.terms)


# Blind 38021 class 7: a card's Focus Value only read ("gain Honor equal to its Focus Value", "a Force bonus equal to
# the card's Focus Value") is no change to a duel's totals: it gives no duel length (a Focus Value changed does).
FOCUS_READ = [item for item, a in ABILITIES if re.search(r"\bequal to\b[^.]*\bFocus Value\b", a.text)
              and not re.search(r"[+-]\d+\s?(?:FV|Focus Value)|\b(?:raise|increase|lower|reduce|set)s?\s+(?:this "
                                r"card's|its|the card's|their|his|her)\s+Focus Value", a.text, re.I)]


def test_the_focus_value_read_class():
    assert len(FOCUS_READ) >= 30 and "Susumu Takada#1" in FOCUS_READ


@pytest.mark.parametrize("item", FOCUS_READ, ids=FOCUS_READ)
def test_a_focus_value_only_read_gives_no_duel_length(item):
    answer = duration(card=item, then=["action-resolves", "duel-ends", "turn-ends"])
    assert answer["effect"]["kind"] != "duel" and answer["ends_on"] != "duel-ends"


@pytest.mark.parametrize("item", ["Rend the Soul#1", "Duel to First Blood#1", "The Last Strike#1"])
def test_a_focus_value_changed_lasts_for_the_duel(item):
    assert duration(card=item, then=["duel-ends"])["effect"]["kind"] == "duel"


# Blind 38021 class 6: "move ... to this battle" (the Cavalry reminder) names a place, not a length: the move is a
# one-time change.
TO_THIS_BATTLE = [item for item, a in ABILITIES if re.search(r"\bto this battle\b", a.text)]


@pytest.mark.parametrize("item", TO_THIS_BATTLE, ids=TO_THIS_BATTLE)
def test_to_this_battle_is_a_place_not_a_length(item):
    answer = duration(card=item, then=["action-resolves", "battle-ends", "turn-ends"])
    assert answer["effect"]["kind"] == "instant" and "what it moves stays where it moved" in answer["summary"]


# Blind 38021 class 8: a card's rule for playing its own ability ("This ability's Gold cost is 0 if ...", "This
# Strategy's ability is Battle/Engage if ...", "You may only play one copy of ... per duel") is never the ability a
# plain card name judges: that ability is.
OWN_RULE_CARDS = sorted({item.split("#")[0] for item, a in ABILITIES if _OWN_ABILITY_RULE.match(a.text)
                         and len(read_card(next(c for c in CARDS if c.name == item.split("#")[0]))) > 1}) \
    if HAVE else []


def test_the_own_ability_rule_class():
    assert len(OWN_RULE_CARDS) >= 25 and "Versatile Army" in OWN_RULE_CARDS


@pytest.mark.parametrize("name", OWN_RULE_CARDS, ids=OWN_RULE_CARDS)
def test_a_plain_name_never_judges_the_rule_for_playing_its_own_ability(name):
    answer = duration(card=name)
    abilities = read_card(next(c for c in CARDS if c.name == name))
    if any(not _OWN_ABILITY_RULE.match(a.text) and not a.reminder for a in abilities):
        assert not _OWN_ABILITY_RULE.match(answer["effect"]["text"])


# Blind 38021 class 1: a keyword's reminder that is a trigger ("(Draw a card after your Expendable card is
# destroyed.)") on a card with other printed text is an ability of the card too, after its printed ones (their numbers
# stay), and a plain card name at that moment picks it; "your Expendable card is destroyed" says whose card it is, never
# whose action, so battle resolution's destruction (the rules' own) is it.
def _printed_lines(card) -> list[str]:
    html = card.extra.get("html") or card.text
    return [plain(raw).strip() for raw in (re.split(r"<br\s*/?>", html) if "<" in html else html.split("\n"))]


EXPENDABLE_MORE = [c.name for c in CARDS if any(re.fullmatch(r"\(Draw a card after your Expendable card (?:is "
                                                             r"destroyed|dies)\.\)", line)
                                                for line in _printed_lines(c))
                   and not all(re.fullmatch(r"(?:\([^()]*\)\s*)*", line) for line in _printed_lines(c))]


def test_the_expendable_with_other_text_class():
    assert len(EXPENDABLE_MORE) >= 20 and {"Asp Skirmisher", "Asahina Umehiko"} <= set(EXPENDABLE_MORE)


@pytest.mark.parametrize("name", EXPENDABLE_MORE, ids=EXPENDABLE_MORE)
def test_an_expendable_draw_on_a_card_with_other_text_acts_at_its_destruction(name):
    card = next(c for c in CARDS if c.name == name)
    abilities = read_card(card)
    expendable = next(a for a in abilities if "Expendable card" in a.text)
    assert expendable.reminder and expendable.kind.value == "trait"
    first = next(i for i, a in enumerate(abilities) if a.reminder)
    assert all(a.reminder for a in abilities[first:])  # after the printed ones, whose numbers stay
    verb = "dies" if "card dies" in expendable.text else "is destroyed"
    answer = order(at=f"after {name} {verb}", active="opponent", phase="battle",
                   item=[name, f"reaction:After a card {verb}, gain 1 Honor@opponent"])
    # the Expendable draw is a rulebook effect, step C (blind 81021 #13)
    assert [(e["card"], e["step"]) for e in answer["order"]] == [(name, "C"), (None, "F")]
    both = order(at="after Personalities and Followers are destroyed in battle resolution", active="opponent",
                 phase="battle", item=[name, "Asp Skirmisher" if name != "Asp Skirmisher" else "Asahina Umehiko"])
    if verb == "is destroyed":
        assert len(both["order"]) == 2 and all(e["step"] == "C" for e in both["order"])
        assert "may choose another order" in both["summary"]


# Blind 38021 class 5: a Stronghold's "(When going second, you get +2PS ...)" is a line of the card, in force all game
# while the Stronghold is in play, and only for the player who did not go first (as a Courtesy trait); "have Courtesy"
# in a condition is checked against who went first.
GOING_SECOND = [c.name for c in CARDS if any(re.fullmatch(r"\(When going second\b.*\)", line)
                                             for line in _printed_lines(c))]


def test_the_going_second_class():
    assert len(GOING_SECOND) >= 8 and "The Grand Halls of the Lion" in GOING_SECOND


@pytest.mark.parametrize("name", GOING_SECOND, ids=GOING_SECOND)
def test_when_going_second_applies_only_to_the_player_who_went_second(name):
    card = next(c for c in CARDS if c.name == name)
    line = next(a for a in read_card(card) if a.text.startswith("(When going second"))
    item = f"{name}#{line.index}"
    off = duration(card=item, went_first="you", then=["turn-ends"])
    assert off["effect"]["courtesy"] == "off" and not off["effective"]
    assert "you went first, so it does not take effect this game" in off["summary"]
    on = duration(card=item, went_first="opponent", then=["turn-ends", "turn-ends"])
    assert on["effect"]["kind"] == "in-play" and on["persists"] and on["effective"]
    unsaid = duration(card=item, then=["turn-ends"])
    assert "assuming you did not go first" in unsaid["summary"]
    text = duration(text=line.text, went_first="you", then=["turn-ends"])
    assert not text["effective"]


def test_have_courtesy_is_checked_against_who_went_first():
    assert "so you have Courtesy" in duration(card="Kuni Hokinsha", went_first="opponent",
                                               then=["turn-ends"])["summary"]
    rest = duration(card="Kuni Hokinsha", went_first="you", then=["turn-ends"])["summary"]
    assert "no Courtesy" in rest and "taken to hold by its other words" in rest
    alone = duration(text="He has +1C if you have Courtesy.", went_first="you")
    assert "you have no Courtesy: it does not work" in alone["summary"]


# Blind 38021 class 3: "Until Tsujiken leaves play, after each time ..." fires each time, across turns, and its card
# leaving play ends it (the only real card with this shape).
def test_an_each_time_effect_until_its_card_leaves_play_ends_with_it():
    bows = "occurs:its controller bows it"
    answer = duration(card="Yasuki Tsujiken", then=["action-resolves", bows, "turn-ends", bows, "leaves-play", bows])
    assert [p["state"] for p in answer["timeline"]] == ["waiting", "fired", "fired", "fired", "expired", "expired"]
    assert answer["timeline"][4]["rule"] == "LD7"


# Blind 38021 class 4: "Put this Terrain into play": a Terrain is in play for the battle (Glossary B, "Terrains in play
# for a battle"), taken aloud to be discarded when that battle ends.
TERRAINS = [item for item, a in ABILITIES if re.search(r"\bput this Terrain into play\b", a.text, re.I)]


def test_the_terrain_class():
    assert len(TERRAINS) >= 40 and "A Moving Battle#2" in TERRAINS


@pytest.mark.parametrize("item", TERRAINS, ids=TERRAINS)
def test_a_terrain_put_into_play_is_there_for_the_battle(item):
    answer = duration(card=item, then=["action-resolves", "battle-ends"])
    assert answer["effect"]["kind"] == "battle" and [p["persists"] for p in answer["timeline"]] == [True, False]
    assert "the Terrain was discarded as the battle ended" in answer["summary"] or \
        "“Put this Terrain into play” has ended" in answer["summary"]  # said part by part beside a grant
    assert any(n["id"] == "terrain" for n in answer["interpretations"])


# Brief: a card's rule for its own entry ("Toshi enters play for 1 less Gold if you are a Scorpion Clan player",
# "This Holding enters play paying 1 less Gold") changes only that one payment, its "if" said as taken to hold; it is
# no standing cost rule in force while the card is in play.
OWN_ENTRY_LINES = [item for item, a in ABILITIES if OWN_ENTRY.match(a.text)
                   and any(t.form.value == "paying" for t in a.terms)
                   and duration(card=item)["effect"]["kind"] == "paying"] if HAVE else []


def test_the_own_entry_class():
    assert len(OWN_ENTRY_LINES) >= 30 and "Hiruma Toshi#1" in OWN_ENTRY_LINES


@pytest.mark.parametrize("item", OWN_ENTRY_LINES, ids=OWN_ENTRY_LINES)
def test_an_own_entry_cost_changes_only_that_payment(item):
    answer = duration(card=item, then=["turn-ends"])
    assert "changes only the payment that brings it into play" in answer["summary"]
    assert "while its card is in play" not in answer["summary"]
    if re.search(r"\bif\b", dict(ABILITIES)[item].text):
        assert "(taken to hold)" in answer["summary"]


# Brief: Aramasu's Legacy "Create an additional Attack Phase ... After it ends, ..." waits for the granted phase's end.
def test_after_it_ends_waits_for_the_granted_phase():
    answer = duration(card="Aramasu's Legacy", then=["action-resolves", "occurs:the additional Attack Phase ends"])
    delayed = next(p for p in answer["parts"] if p["kind"] == "delayed")
    assert delayed["lead"] == "After it ends" and delayed["state"] == "fired"
    assert "until after your next turn begins" in answer["summary"]


# Blind 38021 class 2: a triggered trait written in the same paragraph as a continuous line ("You may target ... with
# the rulebook Favor ... After you destroy an enemy card during battle, gain 1 Honor") is a triggered trait at its
# moment (step E, the active player ordering it with other traits), never a step-A modification.
EMBEDDED = [(item, m) for item, a in ABILITIES if a.kind.value in ("continuous", "negate", "conditional")
            and not a.reminder for m in re.finditer(r"(?<=[.!]\s)(?:After|Before) ([^.:,]+)[,:]", a.text)]


def test_the_embedded_trait_class():
    assert len(EMBEDDED) >= 4


@pytest.mark.parametrize(("item", "found"), EMBEDDED, ids=[i for i, _ in EMBEDDED])
def test_a_trigger_inside_a_continuous_paragraph_is_a_triggered_trait(item, found):
    timing = found.group(0).split()[0].lower()
    answer = order(at=f"{timing} {found.group(1)}", active="opponent",
                   item=[item, f"trait:{timing.capitalize()} a card is destroyed, gain 1 Honor@opponent"])
    mine = next(e for e in answer["order"] if e["card"] == item.split("#")[0])
    assert mine["step"] == "E" and mine["kind"] == "trait"
    assert "may choose another order" in answer["summary"]
