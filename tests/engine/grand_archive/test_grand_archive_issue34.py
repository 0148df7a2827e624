"""Issue 34, Grand Archive: the classes fresh blind judges found, each checked over every real card that shares the
wording (listed here), through `arbiter grand-archive --json` on the imported shared data. Expected numbers are
derived from each card's own words by the rule (a step per N counted, one buff counter = +1 POWER and +1 LIFE), never
copied from an answer."""

from __future__ import annotations

import re

import pytest

from bot.catalog.db import Catalog
from bot.cli import main
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10}


def text_of(db: str, name: str) -> str:
    with Catalog.open(db, seed_starter=False) as catalog:
        [card] = [c for c in catalog.cards("grand-archive") if c.name == name][:1]
        return card.text


def number(word: str) -> int:
    return _WORDS[word.lower()] if word.lower() in _WORDS else int(word)


def obj(answer: dict, name: str) -> dict:
    return next(o for o in answer["objects"] if o["object"] == name)


def refused(db: str, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(["grand-archive", "--db", db, "--json", *args])
    out = capsys.readouterr().out
    assert code == 2, out
    return out


# --- "for every N X": one step per N counted ------------------------------------------------------------------
# (card as asked, the object asked about, what is counted, the number changed, objects before, objects after)
FOR_EVERY = [
    ("Shuang Ji of Sacrifice", "Shuang Ji of Sacrifice", "damage counters on your champion", "power", (), ()),
    ("Bloodbond Bladesworn#1", "Bloodbond Bladesworn", "damage counters on your champion", "power", (), ()),
    ("Galatine, Sword of Sunlight#2", "Galatine, Sword of Sunlight", "durability counters on it", "power", (), ()),
    ("Crystal of Argus", "champion", "enlighten counters on them", "level", ("champion",), ()),
    ("Spirit Blade: Terminus#2", "Spirit Blade: Terminus", "sheen counters on your Fractured Memories", "power", (),
     ()),
    ("Enrage#2", "attack", "damage counters on them", "power", (), ("attack",)),
    ("Crystallized Anthem#2", "ally:memorite", "sheen counters on your Fractured Memories", "power",
     ("ally:memorite",), ()),
    ("Vanitas, Dominus Rex#2", "Vanitas, Dominus Rex", "damage your champion has dealt to other champions this turn",
     "cost", (), ()),
]


@pytest.mark.parametrize(("card", "target", "counted", "stat", "before", "after"), FOR_EVERY)
@pytest.mark.parametrize("how_many", [1, 12])
def test_for_every_n_counts_one_step_per_n(db, capsys, card, target, counted, stat, before, after, how_many):
    name = card.split("#")[0]
    sentence = re.search(r"[^.]*for every (\w+) [^.]*", text_of(db, name), re.I)
    assert sentence is not None
    n = number(sentence.group(1))
    step = re.search(r"(?:([+-]\d+) ?(?:POWER|LEVEL))|costs? (\d+) less", sentence.group(0), re.I)
    assert step is not None
    amount = int(step.group(1)) if step.group(1) else -int(step.group(2))
    args = [*(x for o in before for x in ("--object", o)), "--effect", card, "--count", f"{counted}={how_many}",
            *(x for o in after for x in ("--object", o))]
    if name == "Crystallized Anthem":  # "At the beginning of your next recollection phase, ...": then it starts
        args += ["--then", "end-of-turn", "--then", "end-of-turn"]
    out = ask(db, capsys, *args)
    reached = obj(out, target) if target in [o["object"] for o in out["objects"]] else next(
        o for o in out["objects"] if o["object"].startswith(name))
    [change] = [c for c in reached["net"][stat]["changes"] if c["card"].startswith(name)]
    assert change["amount"] == amount * (how_many // n), (card, how_many, n)
    assert (change["every"], change["of"]) == (n, how_many)


def test_counters_written_on_the_card_itself_or_on_the_champion_are_counted(db, capsys):
    # "[Class Bonus] Galatine gets +1 POWER for every three durability counters on it"
    for order in (("--object", "Galatine, Sword of Sunlight[durability=7]", "--effect", "Galatine, Sword of Sunlight"),
                  ("--effect", "Galatine, Sword of Sunlight", "--object", "Galatine, Sword of Sunlight[durability=7]")):
        out = ask(db, capsys, *order)
        galatine = obj(out, "Galatine, Sword of Sunlight[durability=7]")
        assert len(out["objects"]) == 1 and galatine["net"]["power"]["total"] == 7 // 3
        assert "not given" not in out["summary"]
    # "For every five damage counters on your champion, Shuang Ji of Sacrifice gets +1 POWER"
    out = ask(db, capsys, "--object", "champion[damage=14]", "--effect", "Shuang Ji of Sacrifice#1")
    assert obj(out, "Shuang Ji of Sacrifice")["net"]["power"]["total"] == 14 // 5
    # an uncounted step is assumed aloud in the first line
    assumed = ask(db, capsys, "--effect", "Galatine, Sword of Sunlight#2")
    assert "there are 3 durability counters on it (not given)" in assumed["summary"]


def test_damage_a_card_deals_first_is_on_the_champion_when_it_counts(db, capsys):
    # Enrage: "Deal 4 unpreventable damage to your champion. Then, their next attack this turn gets +1 POWER for
    # every four damage counters on them." 9 written + 4 dealt = 13: three steps
    out = ask(db, capsys, "--object", "champion[damage=9]", "--effect", "Enrage#2", "--object", "attack")
    assert obj(out, "attack")["net"]["power"]["total"] == (9 + 4) // 4
    assert any(n["id"].startswith("damage-first") for n in out["interpretations"])


# --- "this turn" closing a clause in the past is no duration ----------------------------------------------------
@pytest.mark.parametrize("card", ["Art of War#2", "Ominous Shadow#3", "Vanitas, Dominus Rex#2"])
def test_this_turn_inside_a_past_clause_is_not_the_duration(db, capsys, card):
    # "allies that entered the field this turn", "units your champion has dealt combat damage to this turn",
    # "for every 3 damage your champion has dealt to other champions this turn": standing abilities
    out = ask(db, capsys, "--effect", card, "--then", "end-of-turn")
    mine = [e for e in out["effects"] if e["text"] and "this turn" in e["text"]]
    assert mine and all(e["duration"]["form"] != "end-of-turn" and e["status"] == "active" for e in mine)
    assert all("this turn" in e["change"] or e["layer"] != "-" for e in mine)


def test_for_this_turn_after_a_rule_is_not_left_dangling(db, capsys):
    out = ask(db, capsys, "--effect", "Grim Foreboding#2")  # "You gain agility 3 for this turn."
    # said as a player says it (issue 33): "Grim Foreboding applies: you gain agility 3", never "…, in effect"
    assert "agility 3 for," not in out["summary"] and ", in effect" not in out["summary"]
    assert "applies: you gain agility 3" in out["summary"]


# --- losing all abilities removes a rule-for-players ability (layer D) ------------------------------------------
RULES_OF_PLAYERS = ["Tricastles of Lucenia#1", "Serpentine Judicator", "Obstinate Cragback#2", "Art of War#2",
                    "Tithe Proclamation#2", "Mana Limiter", "Lost Providence#2", "Prismatic Sanctuary#2",
                    "Triskit, Guidance Angel#2", "Sovereign Sanctuary", "Orbiting Cosmos", "Infernal Vessel"]


@pytest.mark.parametrize("card", RULES_OF_PLAYERS)
def test_a_rule_for_players_stops_when_its_object_loses_all_abilities(db, capsys, card):
    name = card.split("#")[0]
    before = ask(db, capsys, "--effect", card)
    rules = [e for e in before["effects"] if e["layer"] == "-"]
    assert rules and all(e["status"] == "active" for e in rules)
    after = ask(db, capsys, "--effect", card, "--then", f"loses-abilities:{name}")
    rules = [e for e in after["effects"] if e["layer"] == "-"]
    assert rules and all(e["status"] == "off" and "lost all its abilities" in e["status_why"] for e in rules)
    assert "off (" in after["summary"] and any(n["id"].startswith("rule-lost") for n in after["interpretations"])


def test_a_layer_c_effect_still_applies_after_the_loss(db, capsys):  # the seed's Nullifying Lantern, unchanged
    out = ask(db, capsys, "--effect", "Nullifying Lantern", "--object", "card@graveyard",
              "--then", "loses-abilities:Nullifying Lantern")
    assert obj(out, "card@graveyard")["result"]["element"] == "norm element"


# --- an object given as a kind that does not say its type -------------------------------------------------------
@pytest.mark.parametrize(("card", "stat"), [("Grim Foreboding#2", "power"), ("Evanescent Winds#1", "life")])
def test_a_token_without_a_type_meets_phantasia_allies_aloud_and_never_a_players_rule(db, capsys, card, stat):
    # "Phantasia allies you control get +1 POWER until end of turn. You gain agility 3 for this turn."
    out = ask(db, capsys, "--object", "token:shadow", "--effect", card)
    token = obj(out, "token:shadow")
    assert [e["layer"] for e in token["effects"] if e["applies"]] == ["E"]
    assert token["net"][stat]["total"] > 0 and "assuming it is a phantasia ally" in out["summary"]
    typed = ask(db, capsys, "--object", "phantasia:ally", "--effect", card)
    assert "assuming it is" not in typed["summary"] and obj(typed, "phantasia:ally")["net"][stat]["total"] > 0


@pytest.mark.parametrize(("card", "unit", "word"), [
    ("Suzaku's Command", "ally:beast", "shenju"),   # "... If that ally is a Shenju, that attack gets an additional +2"
    ("Combat Training", "ally:warrior", "unique"),  # "If that ally is unique, their next attack ... +3 POWER instead"
    ("Galvanizing Gale", "ally", None),             # "Target ally's next attack this turn gets +3 POWER."
    ("Take Aim#1", "ally", None),                   # "Target unit's next attack this turn gets +2 POWER."
])
def test_target_allys_next_attack_targets_the_ally_and_reaches_its_next_attack(db, capsys, card, unit, word):
    name = card.split("#")[0]
    text = text_of(db, name)
    first = int(re.search(r"next attack this turn (?:gains \w+ and )?gets \+(\d+) POWER", text).group(1))
    out = ask(db, capsys, "--object", unit, "--effect", card, "--object", "attack")
    assert obj(out, "attack")["net"]["power"]["total"] == first
    assert not obj(out, unit)["net"]  # the ally itself is never changed
    if word is None:
        return
    assert f"is not {'a ' if word != 'unique' else ''}{word}" in out["summary"].lower()  # assumed aloud
    being = ask(db, capsys, "--object", f"{unit}:{word}", "--effect", card, "--object", "attack")
    extra = re.search(r"(?:additional|gets) \+(\d+) POWER(?: instead)?", text.split(".", 1)[1])
    total = obj(being, "attack")["net"]["power"]["total"]
    assert total == (int(extra.group(1)) if "instead" in text else first + int(extra.group(1)))
    assert "assuming" not in being["summary"]  # the target as written decided it


def test_a_next_attack_target_must_fit_its_words(db, capsys):
    assert "--object ally:beast" in refused(db, capsys, "--effect", "Suzaku's Command", "--object", "attack")
    refused(db, capsys, "--object", "ally:warrior", "--effect", "Suzaku's Command -> #1", "--object", "attack")


# --- counters a card puts on an object --------------------------------------------------------------------------
# (card as asked, the object written before it): "Put two buff counters on target ally", "on each ally you control",
# "on an ally you control" (chosen, not targeted), "put ... on it instead"
PUT_COUNTERS = [
    ("Fortifying Aroma#2", "ally"), ("Byakko's Command", "ally:beast"), ("Feed Nourishment#1", "ally:animal"),
    ("Intwined Bangle", "ally"), ("Light the Hunt#1", "ally:beast"), ("Mercurial Heart#2", "ally:automaton"),
    ("Training Session#1", "ally"), ("Grave Gateau#2", "ally:specter"), ("Invigorating Concoction#3", "ally"),
    ("Devouring Malice#2", "ally:opponent"), ("Suffocating Miasma#2", "ally:opponent"),
    ("Sun Quan, Sealbearer#1", "ally"), ("Brisk Windtrotter#1", "ally"), ("Reconstructive Surgery#1",
                                                                           "ally:automaton"),
    ("Soothing Disillusion#1", "ally:beast"), ("Winbless Gatekeeper#2", "ally:guardian"),
    ("Shining Marchador#1", "ally"), ("Maiden of Shrouded Fog#2", "phantasia:ally"), ("Meadowbloom Dryad#2", "ally"),
    ("Raised Slash", "ally:suited"), ("Strengthen the Bonds#1", "ally:fatebound"), ("Spirited Falconer#2",
                                                                                      "ally:animal"),
    ("Clash of Fates#2", "item:fatestone"), ("Sighing Crownwing#3", "ally:animal"), ("Attune with the Winds#1", "ally"),
    ("Bolster Ranks#2", "ally"), ("Glow Forth#2", "ally"), ("Oath of the Sakura#1", "ally"),
    ("Five of Hearts#2", "ally:suited"), ("Bedivere, Woodland Overseer#2", "ally:animal"),
    ("Verdant Scepter#2", "ally:slime"), ("Anthem of Vitality#2", "ally:beast"), ("Windspire Crest", "ally"),
    ("Andronika, Eternal Herald#3", "ally:automaton"), ("Wildheart Lyre#2", "ally:beast"),
    ("Hunt, Weiss King#2", "ally:chessman:knight"),
]


@pytest.mark.parametrize(("card", "written"), PUT_COUNTERS)
def test_counters_put_on_an_object_change_its_power_and_life(db, capsys, card, written):
    name = card.split("#")[0]
    sentence = re.search(r"put (a|an|one|two|three) (buff|debuff) counters? on [^.]*",
                         text_of(db, name), re.I)
    assert sentence is not None
    n = number(sentence.group(1)) * (1 if sentence.group(2).lower() == "buff" else -1)
    named = f"{card} -> #1" if re.search(r"target|\ban? \w+", sentence.group(0)) and "each" not in \
        sentence.group(0) else card  # a permanent's own trigger could also choose itself: the object is named
    out = ask(db, capsys, "--object", written, "--effect", named)
    target = obj(out, written)
    assert f"{abs(n)} {sentence.group(2).lower()} counter" in out["summary"]
    if written.startswith("item"):  # official Counters, Buff 2: no power or life is made for an item (session 10)
        assert "power" not in target["net"] and "life" not in target["net"], out["summary"]
        return
    assert target["net"]["power"]["total"] == target["net"]["life"]["total"] == n, out["summary"]


def test_counters_put_add_to_those_written_and_cancel_as_counters_do(db, capsys):
    out = ask(db, capsys, "--object", "ally[debuff=1]", "--effect", "Fortifying Aroma#2")  # two buff counters
    assert obj(out, "ally[debuff=1]")["net"]["power"]["total"] == 2 - 1
    after = ask(db, capsys, "--object", "ally", "--effect", "Fortifying Aroma#2", "--object", "ally:human",
                "--then", "end-of-turn")
    assert obj(after, "ally")["net"]["power"]["total"] == 2  # counters stay after the turn ends
    assert not obj(after, "ally:human")["net"]  # only its target gets them


@pytest.mark.parametrize(("card", "being", "other", "kind"), [
    ("Young Beastbonder", "ally:beast", "ally", "buff"),    # "... If that ally is a Beast, put two ... on it instead."
    ("Reprogram", "ally:automaton", "ally", "debuff"),      # "If that ally is an Automaton, put two debuff ... instead"
])
def test_counters_instead_replace_what_the_target_gets_when_it_is_that_kind(db, capsys, card, being, other, kind):
    text = text_of(db, card)
    instead = number(re.search(r"put (\w+) \w+ counters on it instead", text).group(1))
    sign = 1 if kind == "buff" else -1
    out = ask(db, capsys, "--object", being, "--effect", card)
    assert obj(out, being)["net"]["life"]["total"] == sign * instead
    plain = ask(db, capsys, "--object", other, "--effect", card)
    assert obj(plain, other)["net"]["power"]["total"] == sign * 1
    assert "is not a" in plain["summary"]


def test_for_every_n_and_x_set_how_many_counters_are_put(db, capsys):
    # Wrathful Slime: "For every five damage counters on your champion, put a buff counter on Wrathful Slime."
    out = ask(db, capsys, "--object", "champion[damage=12]", "--effect", "Wrathful Slime#2")
    assert obj(out, "Wrathful Slime")["net"]["power"]["total"] == 12 // 5
    # Wildgrowth Elixir: "Sacrifice Wildgrowth Elixir: Put X buff counters on target ally, where X is the amount of
    # age counters on Wildgrowth Elixir." (the sacrificed Elixir counts as it last was)
    out = ask(db, capsys, "--object", "Wildgrowth Elixir[age=3]", "--object", "ally",
              "--effect", "Wildgrowth Elixir#3 -> ally")
    assert obj(out, "ally")["net"]["life"]["total"] == 3


def test_choose_one_takes_one_mode_aloud_and_the_target_decides_it(db, capsys):
    # Hunt, Weiss King: "Choose one— • ... draw a card. • Put a buff counter on a Chessman Knight ally. • Change the
    # target of an attack to a Chessman Rook ally you control. If you do, that ally gets +2 LIFE until end of turn."
    knight = ask(db, capsys, "--object", "ally:chessman:knight", "--effect", "Hunt, Weiss King#2")
    assert obj(knight, "ally:chessman:knight")["net"]["power"]["total"] == 1 and "mode" in knight["summary"]
    rook = ask(db, capsys, "--object", "ally:chessman:rook", "--effect", "Hunt, Weiss King -> #1")
    assert obj(rook, "ally:chessman:rook")["net"] == {"life": obj(rook, "ally:chessman:rook")["net"]["life"]}
    # Noire: "Depending on the total reserve cost ...— • 6— Put a buff counter ... • 10— two ... • 21— four": one case
    noire = ask(db, capsys, "--effect", "Noire, Ace of Spades#2")
    assert obj(noire, "Noire, Ace of Spades")["net"]["power"]["total"] == 1 and "“6” case" in noire["summary"]
    ten = ask(db, capsys, "--effect", "Noire, Ace of Spades#2", "--then", "condition-true:Noire, Ace of Spades#2.2")
    assert obj(ten, "Noire, Ace of Spades")["net"]["power"]["total"] == 2


# --- a bare element word before a type --------------------------------------------------------------------------
def test_a_bare_element_word_is_that_element(db, capsys):
    # Gearstride Academy: "Wind allies you control have “On Enter: If this ally is imbued, it gets +1 POWER ...”"
    wind = ask(db, capsys, "--effect", "Gearstride Academy#2", "--object", "ally:wind")
    assert obj(wind, "ally:wind")["effects"][0]["applies"] and "assuming" not in wind["summary"]
    assert obj(wind, "ally:wind")["effects"][0]["duration"]["form"] == "while-on-field"  # the quote's is its own
    fire = ask(db, capsys, "--effect", "Gearstride Academy#2", "--object", "ally:fire")
    assert not obj(fire, "ally:fire")["effects"][0]["applies"] and "fire element" in fire["summary"]
    unsaid = ask(db, capsys, "--effect", "Gearstride Academy#2", "--object", "ally")
    assert "wind element" in unsaid["summary"]  # assumed aloud
    cards = ask(db, capsys, "--effect", "Gearstride Academy#1", "--object", "ally:wind@hand")  # "Wind ally cards you
    assert obj(cards, "ally:wind@hand")["result"]["abilities"] == ["imbue 2"]                 # activate have imbue 2"


# --- "no continuous effect" said apart from "could not read" -----------------------------------------------------
def test_none_and_unread_are_told_apart(db, capsys):
    none = ask(db, capsys, "--effect", "Spirit of Fire")["summary"]  # "On Enter: Draw seven cards."
    assert "happens at once" in none and "no effect of it lasts" in none and "cannot read" not in none
    unread = refused(db, capsys, "--effect", "Ashen Riffle")  # "For as long as those cards remain banished, ..."
    assert "cannot read the continuous effect" in unread and "remain banished" in unread


def test_a_delayed_trigger_waits_and_fixes_its_set_when_it_resolves(db, capsys):
    # Crystallized Anthem: "At the beginning of your next recollection phase, Memorite objects you control get +1POWER
    # for every six sheen counters on your Fractured Memories until end of turn."
    args = ["--effect", "Crystallized Anthem#2", "--count", "sheen counters on your Fractured Memories=6"]
    now = ask(db, capsys, "--object", "ally:memorite", *args)
    assert obj(now, "ally:memorite")["effects"][0]["status"] == "not-started"
    later = ask(db, capsys, *args, "--then", "end-of-turn", "--object", "ally:memorite", "--then", "end-of-turn")
    assert obj(later, "ally:memorite")["net"]["power"]["total"] == 1
    over = ask(db, capsys, *args, "--then", "end-of-turn", "--object", "ally:memorite", "--then", "end-of-turn",
               "--then", "end-of-turn")
    assert obj(over, "ally:memorite")["effects"][0]["status"] == "ended"
