"""The two L5R questions as the generic front ends ask them: `arbiter l5r order|duration`, `/l5r order|duration`.

bot/ builds both from PARAMS; nothing about L5R lives there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from engine.cards import Card
from engine.interface import Field, Lookup, Param, Presentation, QuestionError
from engine.rulesets.l5r.abilities import Ability, Kind, read_card, read_text
from engine.rulesets.l5r.courtesy import GOING_SECOND, apply_courtesy, courtesy_condition, went_first_of
from engine.rulesets.l5r.durations import Form, Term, read_terms
from engine.rulesets.l5r.items import ITEM_KINDS, Item, no_text, parse_item
from engine.rulesets.l5r.judge import PHASES
from engine.rulesets.l5r.lifetime import (
    CONDITION,
    DEFAULT_TURN,
    ENTRY_RULE,
    EVENTS,
    LASTING,
    MADE_BY,
    MADE_DURING,
    OWN_ENTRY,
    PERIOD_OF_EVENT,
    SELF_PUT,
    Lifetime,
    awaits,
    choose,
    entry_rule,
    parse_events,
    period_point,
    walk,
)
from engine.rulesets.l5r.moment import Moment, compare, moment_subjects, parse_moment
from engine.rulesets.l5r.order import Ordering, Scenario, resolve, same_card
from engine.rulesets.l5r.parts import Part, follow_parts, sentences, standing_parts, standing_tail
from engine.rulesets.l5r.render import duration_json, order_json
from engine.rulesets.l5r.rules import VERSIONS
from engine.rulesets.l5r.self_permanent import self_permanent
from engine.trace import Interpretation

CLI = frozenset({"cli"})
DISCORD = frozenset({"discord"})
PLAYERS = ("you", "opponent")
VERSION_HELP = "current (2008 Timing page, default) or 20f (final CCG rules, Twenty Festivals)"

ORDER_HELP = f"""\
the moment: --at "after|before|when OCCURRENCE", e.g. --at "after a Personality is destroyed"
items (repeatable): --item CARD (its ability read from the text), --item "CARD#2" (its second ability), or
  --item KIND:TEXT with KIND one of {', '.join(ITEM_KINDS)};
  delayed:SOURCE:TEXT names the source; end an item with @you or @opponent for its controller (default @you)
--active you|opponent (default you); --between-turns (then --active is who takes the next turn);
--payer you|opponent for Gold produced for one payment
--passed you|opponent: that player passed the first opportunity to take a Reaction (default: nobody passed, so the
  active player's Reactions come first, then each player's in turn)
--used you|opponent: that player's listed abilities limited "once per turn/battle/..." were already used in that
  period (default: taken as not used, and said)
--compare "TIMING" "TIMING": which of two timing points comes first
examples:
  arbiter l5r order --at "before a Personality is destroyed" --item "Legion of the Fallen" --item "trait:Before he
    is destroyed, gain 1 Honor@opponent"
  arbiter l5r order --compare "before your End Phase begins" "after your Dynasty Phase ends\""""

DURATION_HELP = f"""\
the effect: CARD (its first ability with duration words; CARD#2 for its second ability) or --text "..."
--made-during {'|'.join(MADE_DURING)}: where the effect was made ("the next battle" is then never the one under way);
  it never changes a length: a text naming none lasts to the end of the turn (or while its card is in play for a
  card's own trait or a card put into play), and a one-time change has no length
--players N: how many players take turns (default 2), for "your next turn" and "your second turn from now"
--then EVENT [EVENT ...] (repeatable, in order): {', '.join(EVENTS)}
  (occurs:TEXT takes the rest of its argument: put it last, or quote it: occurs:"he assigns to attack")
example: arbiter l5r duration Haikitsu --then action-resolves "occurs:he attacks you" "occurs:an action on his card
  resolves\""""

WENT_FIRST_HELP = "Who went first this game: you or opponent (Courtesy traits do not take effect for that player)"
ORDER_PARAMS = (
    Param("at", "The moment, e.g. after a Personality is destroyed (before/when/after + occurrence)", cli_flag="--at",
          metavar="TIMING"),
    Param("item", "a card (CARD, CARD#2) or KIND:TEXT, optionally @you/@opponent (repeatable)", repeat=True,
          cli_flag="--item", metavar="ITEM", card_names=True, surfaces=CLI),
    Param("items", "Items separated by ; — a card (CARD, CARD#2) or KIND:TEXT, each optionally @you/@opponent",
          card_names=True, separators=";", max_length=1500, surfaces=DISCORD),
    Param("active", "The active player: you or opponent (default you)", cli_flag="--active", metavar="PLAYER"),
    Param("payer", "Who pays, for Gold made for one payment: you or opponent", cli_flag="--payer", metavar="PLAYER"),
    Param("passed", "Who passed the first opportunity to take a Reaction: you or opponent", cli_flag="--passed",
          metavar="PLAYER"),
    Param("by", "Whose action, card or effect made the occurrence happen: you or opponent", cli_flag="--by",
          metavar="PLAYER"),
    Param("times", "Which time this turn the occurrence happens: 1 for the first, 2 for the second ...",
          cli_flag="--times", metavar="N"),
    Param("phase", "The phase or period of the moment: straighten, events, action, attack, battle, duel, dynasty, end",
          cli_flag="--phase", metavar="PHASE"),
    Param("compare", "two timing points: which comes first", repeat=True, many=True, cli_flag="--compare",
          metavar="TIMING", surfaces=CLI),
    Param("compare_first", "Compare this timing point ...", surfaces=DISCORD),
    Param("compare_second", "... with this one (e.g. before your End Phase begins)", surfaces=DISCORD),
    Param("between_turns", "The moment is before the first turn or between turns", kind="flag",
          cli_flag="--between-turns"),
    Param("went_first", WENT_FIRST_HELP, cli_flag="--went-first", metavar="PLAYER"),
    Param("used", "Whose listed “once per turn” (battle, ...) abilities were already used in that period: you or "
          "opponent", cli_flag="--used", metavar="PLAYER"),
)

DURATION_PARAMS = (
    Param("card", "The card (CARD#2 for its second ability)", metavar="CARD", card_names=True),
    Param("text", "Or the effect's own words", cli_flag="--text", metavar="TEXT", max_length=1000),
    Param("made_during", "Where the effect was made: battle, duel, action, phase or turn", cli_flag="--made-during",
          metavar="WHERE"),
    Param("then", "Events in order, e.g. action-resolves occurs:\"he attacks\" turn-ends", repeat=True, many=True,
          cli_flag="--then", metavar="EVENT"),
    Param("players", "How many players take turns (for \"your next turn\"; default 2)", cli_flag="--players",
          metavar="N"),
    Param("went_first", WENT_FIRST_HELP, cli_flag="--went-first", metavar="PLAYER"),
)


def _player(value: Any, what: str) -> tuple[str, bool]:
    if value is None or value == "":
        return "you", False
    word = str(value).strip().lower()
    if word in ("me", "you"):
        return "you", True
    if word in ("opponent", "opp", "them"):
        return "opponent", True
    raise QuestionError(f"{what} is one of: {', '.join(PLAYERS)}.")


_IMPERATIVE = re.compile(r"^(?:give|bow|destroy|gain|lose|draw|move|straighten|negate|target|choose|put|create|"
                         r"discard|dishonor|rehonor|search|return|remove|attach|take|reduce|increase|raise|lower|"
                         r"produce|pay|play|bring|send|shuffle|look|show|reveal|name)\b", re.I)


def is_standing(ability: Ability) -> bool:
    """A continuous trait printed on a card (no designator, not an imperative effect): it works while the card is in
    play (LD8), not for a turn."""
    body = re.sub(r"^[^:]{0,40}:\s*", "", ability.text) if ability.header else ability.text
    return (ability.kind in (Kind.CONTINUOUS, Kind.NEGATE, Kind.CONDITIONAL) and not ability.header
            and (not _IMPERATIVE.match(body.strip()) or bool(_STANDING_IMPERATIVE.match(body.strip())))
            # "Each of the action's Ranged Attacks has +1 strength": it names an action under way, so an action,
            # Reaction or Interrupt makes it; no card's standing text says so
            and not re.search(r"\bthe action's\b", body))


# A printed line with no designator or trigger that opens with a verb is still the card's standing rule when it
# modifies occurrences as they come ("Negate Fear effects targeting this Follower", "Reduce all Honor losses from your
# cards by 1", "Increase your Honor gain from Proclaiming Junsuke ...", "Destroy Nojima if he is ever in an army ..."):
# no action makes it, so it is in force while its card is in play.
_STANDING_IMPERATIVE = re.compile(r"^(?:negate|reduce|increase)\b(?![^.]*\bto (?:0|zero)\b)|^destroy\b[^.]*\bif\b[^.]*"
                                  r"\bever\b", re.I)


# Cards whose printed lines work while the card is in play (an Event's or a Strategy's text is played, not in play).
_IN_PLAY_TYPES = frozenset({"Personality", "Follower", "Item", "Holding", "Stronghold", "Sensei", "Region", "Spell"})
# A Strategy or Event is played, never put into play, unless its own ability puts it there ("Put this Terrain into
# play", "Limited: Put this card into play").
_NEVER_IN_PLAY = frozenset({"Strategy", "Event"})
_PUTS_ITSELF = re.compile(r"\bput this (?:card|Terrain|Strategy|Event|Region)\b[^.]*\binto play\b", re.I)
_DESIGNATOR = re.compile(r"^[A-Z][\w' ,/-]{0,40}:\s")


def is_terrain(card: Card) -> bool:
    """A Terrain card (its keyword, or its own "Put this Terrain into play")."""
    keywords = {k.strip() for k in str(card.extra.get("keywords") or "").split(";")}
    return "Terrain" in keywords or bool(re.search(r"\bput this Terrain into play\b", card.text or "", re.I))


TERRAIN_LENGTH = Term(Form.BATTLE, "a Terrain is in play for one battle")


# The delayed discard of the card that put itself into play ("Put this Event into play. Discard it after ...").
_DISCARDS_SELF = re.compile(r"\.\s+Discard (?:it|this (?:card|Event|Strategy|Kata))\s+(?:after|before)\b", re.I)
_PUTS_SELF = re.compile(r"\bput this (?:card|Terrain) into play\b", re.I)


def terrain_entry(life: Lifetime, words: str) -> Lifetime:
    """A Terrain's "Put this card into play there": in play for that battle (Glossary B), as "Put this Terrain into
    play" is read."""
    term = Term(Form.BATTLE, words)
    out = Lifetime("battle", term, term, None, "battle-ends", ())
    out.trace = life.trace
    out.trace.interpret(Interpretation(
        "terrain", "LD7", "A Terrain is in play for the battle it is put into play in (Glossary B, \"Battlefield\": "
        "\"Terrains in play for a battle\"); it is taken to be discarded when that battle ends, and what its own lines "
        "do ends with it."))
    return out


def terrain_line(life: Lifetime) -> Lifetime:
    """A Terrain's standing line works while the Terrain is in play, and a Terrain is in play for the battle it was
    put into play in: the line ends when that battle ends (or when the Terrain leaves play sooner)."""
    if life.kind == "while":
        life.bound, life.ends_on = TERRAIN_LENGTH, "battle-ends"
        out = life
    else:
        out = Lifetime("battle", TERRAIN_LENGTH, TERRAIN_LENGTH, None, "battle-ends", ())
        out.standing = True
        out.trace = life.trace
    out.trace.interpret(Interpretation(
        "terrain-line", "LD7", "A Terrain is in play for the battle it is put into play in (Glossary B, "
        "\"Battlefield\": \"Terrains in play for a battle\"), and its lines work only while it is in play: this one "
        "ends when that battle ends, as the Terrain is taken to be discarded then."))
    return out


def _unread_trait(card: Card | None, ability: Ability) -> bool:
    """A line no reader knows ("Ninja Shapeshifter's Followers must be Ninja", "Nikaru uses his Force as his duel
    stat") on a card that stays in play, naming no length and no designator: a printed trait of the card (LD8)."""
    return (ability.kind is Kind.UNREAD and card is not None and card.type in _IN_PLAY_TYPES and not ability.terms
            and not _DESIGNATOR.match(ability.text) and bool(re.search(r"[A-Za-z]{3}", ability.text)))


# An Interrupt's opening "after ..."/"before ..." words ("Fire Interrupt: After the action resolves, if it was Fire
# ..., give ...", "Interrupt: After you Recruit Seiken, Recruit ..."): no trigger (an Interrupt is taken in its action's
# Interrupt step) but the interrupted action's effects, which that part waits for as a delayed effect (LF2).
_INTERRUPT_AFTER = re.compile(r"^(?:(?:If|Unless)\b[^,:]*,\s*)?((after|before)\s+([^,:;.]+))", re.I)
_WAITING = (Form.NEXT_TIME, Form.EACH_TIME, Form.DELAYED_POINT, Form.DELAY)


def _interrupt_after(ability: Ability, notes: list[Interpretation]) -> Ability:
    if ability.kind is not Kind.INTERRUPT or any(t.form in _WAITING for t in ability.terms):
        return ability
    found = _INTERRUPT_AFTER.search(re.sub(r"^[^:]{0,60}:\s*", "", ability.rules_text or ability.text))
    if found is None:
        return ability
    term = Term(Form.DELAYED_POINT, found.group(1), Form.TURN, (found.group(3).strip(),))
    notes.append(Interpretation("interrupt-after", None, f"“{found.group(1)}”: an Interrupt is taken while the "
                                "action it interrupts is under way, before that action's effects; this part waits for "
                                "them, as a delayed effect (Comprehensive Rules for L5R: Twenty Festivals, "
                                "\"Interrupt actions\"). Give that occurrence as occurs:... to see it fire."))
    return replace(ability, terms=(term, *ability.terms))


# A bare keyword line with its cost ("Discipline 1 Gold", its reminder in brackets): the keyword's rule, no effect.
_KEYWORD_LINE = re.compile(r"^(?:[A-Z]\w+)(?: (?:\d+|X) Gold)?\.?\s*(?:\([^)]*\)\s*)?\.?$")


_OWN_ABILITY_RULE = re.compile(r"^(?:[A-Z]\w+: )?(?:(?:This|These) (?:abilit(?:y|ies)|actions?|(?:card|Strategy|"
                               r"Spell|Event)'s (?:\w+ )?abilit(?:y|ies))\b|You may only play one\b|You may include\b)")


# An attachment's rule for how it attaches, alone on its line ("Equips to Kakita Daitsu for 1 less Gold.", "Can only
# attach to a Samurai.", "Will not attach to a Water Personality."): how the card is played, not what a duration
# question about the card asks (blind 71021 #10, Taketori).
_ATTACH_RULE = re.compile(r"^(?:Equips to\b|(?:Can|May) only attach to\b|Will not attach to\b)[^.]*\.?$")


def first_to_judge(abilities: tuple[Ability, ...]) -> Ability:
    """The ability a duration question judges when none is named: the card's own printed ability with duration
    words, else its first printed ability (a keyword's reminder ability, or a bare keyword line such as "Discipline 1
    Gold (...)", only when there is nothing else)."""
    # a card's rule for its own entering play ("Enters play paying 1 less Gold") is judged only when nothing else is,
    # nor an attachment's rule for how it attaches ("Equips to Kakita Daitsu for 1 less Gold")
    # nor a rule for playing the card's own ability ("This ability's Gold cost is 0 if ...", "This Strategy's
    # ability is Battle/Engage if ...", "You may only play one copy of ... per duel"): that ability is what is asked
    printed = [a for a in abilities if not a.reminder and not _KEYWORD_LINE.match(a.text)
               and not OWN_ENTRY.match(a.rules_text) and not _OWN_ABILITY_RULE.match(a.text)
               and not _ATTACH_RULE.match(a.rules_text or a.text)] \
        or [a for a in abilities if not a.reminder and not _KEYWORD_LINE.match(a.text)] \
        or [a for a in abilities if not a.reminder] or list(abilities)
    return next((a for a in printed if a.terms), printed[0])


def _made_in(ability: Ability, made_during: str | None) -> str | None:
    """The period an effect is made in: as asked, or as its designator implies (a Battle or Engage action is taken
    during a battle, a Focus Effect during a duel)."""
    if made_during:
        return made_during
    words = set(re.split(r"[\s,/]+", ability.header))
    if ability.kind is Kind.FOCUS:
        return "duel"
    if words & {"Battle", "Engage"} and not words & {"Open", "Limited", "Dynasty"}:
        return "battle"
    return None


def _times(value: Any) -> int | None:
    if value is None or value == "":
        return None
    try:
        times = int(str(value).strip())
    except ValueError:
        times = 0
    if not 1 <= times <= 20:
        raise QuestionError("--times is which time this turn it happens: a whole number from 1 (the first) to 20.")
    return times


def _phase(value: Any) -> str | None:
    if value is None or value == "":
        return None
    word = str(value).strip().lower().removesuffix(" phase")
    word = {"event": "events", "combat": "battle", "engage": "battle", "combat segment": "battle"}.get(word, word)
    if word not in PHASES:
        raise QuestionError(f"--phase is one of: {', '.join(PHASES)}.")
    return word


def _subjects(moment: Moment, lookup: Lookup) -> dict[str, tuple[str, str]]:
    """The cards the moment names ("after Akodo Kano is destroyed"), with their type and keywords, when the catalog
    knows them exactly (a trigger's kind and keyword conditions are checked against them)."""
    found: dict[str, tuple[str, str]] = {}
    for name in moment_subjects(moment):
        try:
            card = lookup(name)
        except Exception:  # an unknown name only means there is nothing to check it against
            continue
        if same_card(card.name.split(" •")[0], name):
            found[name] = (card.type, card.extra.get("keywords", ""))
    return found


def _players(value: Any) -> int:
    if value is None or value == "":
        return 2
    try:
        players = int(str(value).strip())
    except ValueError:
        players = 0
    if not 2 <= players <= 8:
        raise QuestionError("The number of players is a whole number from 2 to 8.")
    return players


def _values(value: Any) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else [v for v in value if v is not None]


def _check_version(version: str) -> None:
    if version not in VERSIONS:
        raise QuestionError(f"Unknown ruleset {version!r}; valid: {', '.join(VERSIONS)}.")


def _footer(answer: Mapping[str, Any]) -> str:
    rs = answer["ruleset"]
    return f"L5R ruleset {rs['name']} {rs['version']} · Ruling {answer['ruling_id']}"


def _note_fields(answer: Mapping[str, Any]) -> list[Field]:
    fields = []
    for entry in answer.get("card_notes", []):
        text = "\n".join([f"Erratum: {e}" for e in entry["erratum"]] + [f"Note: {n}" for n in entry["notes"]])
        fields.append(Field(name=f"{entry['card']} (Oracle)", lead="erratum and notes", rules=(), text=text))
    return fields


def _order_words(ordering: Ordering) -> tuple[list[tuple[str, str]], list[str]]:
    return [(p.item.label, p.step) for p in ordering.placed], [i.label for i, _, _ in ordering.skipped]


def _other_version(scenario: Scenario, items: list[Item], ordering: Ordering) -> dict[str, Any]:
    """The same question under the other ruleset version: whether its order differs, and how, in one sentence."""
    name = next(v for v in VERSIONS if v != scenario.version)
    other = resolve(replace(scenario, version=name), items)
    mine_order, mine_skipped = _order_words(ordering)
    their_order, their_skipped = _order_words(other)
    same = [label for label, _ in mine_order] == [label for label, _ in their_order] and mine_skipped == their_skipped
    summary = "First " + ", then ".join(label for label, _ in their_order) + "." if their_order else \
        "nothing listed acts."
    def where(step: str) -> str:
        return "the Interrupt step" if step == "I" else f"step {step}" if len(step) == 1 else step

    steps = ", ".join(f"{label} at {where(step)}" for label, step in their_order)
    why = ("Its steps: " + steps + ".") if their_order else ""
    if same and [s for _, s in mine_order] != [s for _, s in their_order]:
        why = "The order is the same; the steps are named differently there: " + steps + "."
    return {"ruleset": name, "label": VERSIONS[name].label, "same": same, "summary": summary, "why": why}


class OrderQuestion:
    command = "order"
    # Worked examples (engine.interface.examples_of): inputs as the front ends pass them.
    examples = ({"at": "before a Personality is destroyed",
                 "item": ["Legion of the Fallen", "trait:Before he is destroyed, gain 1 Honor@opponent"]},
                # the seed's worked cases: after-end before before-begin (L3); two delayed effects of one source
                # (L6 D); two Personalities destroyed at once, the active player picks (L6, L9)
                {"compare": ["before your End Phase begins", "after your Dynasty Phase ends"]},
                {"at": "after he assigns",
                 "item": ["delayed:Akodo Kano:After he assigns, dishonor him and his controller loses 2 Honor"] * 2},
                {"at": "before a Personality is destroyed", "active": "opponent",
                 "item": ["reaction:Before Akodo Kano is destroyed, gain 1 Honor",
                          "trait:Before Bayushi Kachiko is destroyed, lose 1 Honor@opponent"]})
    description = "In what order things triggered at one moment resolve (steps A-F), and who decides"
    cli_description = ("Order the effects, traits and Reactions that answer one moment (L5R Timing steps A-F), or "
                       "compare two timing points.")
    group_description = "Legend of the Five Rings CCG: timing order and how long effects last"
    epilog = ORDER_HELP
    version_help = VERSION_HELP
    params = ORDER_PARAMS
    # Command-line options without a Discord option of their name, as Discord says them (engine/interface.py).
    discord_words: ClassVar[dict[str, str]] = {"--item": "`items`", "--compare": "`compare_first` and `compare_second`"}

    def answer(self, inputs: Mapping[str, Any], lookup: Lookup, version: str) -> dict[str, Any]:
        _check_version(version)
        specs = _values(inputs.get("item"))
        for chunk in _values(inputs.get("items")):
            specs += [s.strip() for s in chunk.split(";") if s.strip()]
        timings = _values(inputs.get("compare"))
        if inputs.get("compare_first") or inputs.get("compare_second"):
            timings = [t for t in (inputs.get("compare_first"), inputs.get("compare_second")) if t]
            if len(timings) != 2:
                raise QuestionError("To compare, give both compare_first and compare_second.")
        if timings and len(timings) != 2:
            raise QuestionError("--compare takes exactly two timing points, e.g. --compare \"after your Dynasty "
                                "Phase ends\" \"before your End Phase begins\".")
        at = inputs.get("at")
        if specs and not at:
            raise QuestionError("Items need a moment: add --at \"after|before|when OCCURRENCE\".")
        if not at and not timings:
            raise QuestionError("Give the moment with --at \"after|before|when OCCURRENCE\" and the items with "
                                "--item, or two timing points with --compare.")
        comparison = compare(timings[0], timings[1]) if timings else None
        active, given = _player(inputs.get("active"), "--active")
        payer, _ = _player(inputs.get("payer") or active, "--payer")
        cards: list[Card] = []
        items: list[Item] = []
        scenario, ordering, other = None, None, None
        if at:
            moment, notes = parse_moment(at)
            # CARD#2 and CARD in one request: the bare one is another of the card's abilities, whichever comes
            # first, so the numbered items are read first (the answer keeps the order typed).
            named: dict[str, set[int]] = {}
            numbered = [bool(re.search(r"#\d+\s*(?:@\w+\s*)?$", spec)) for spec in specs]
            parsed: dict[int, Item] = {}
            for want in (True, False):
                for n, spec in enumerate(specs):
                    if numbered[n] == want:
                        parsed[n] = parse_item(spec, lookup, moment, named=named)
            items = [parsed[n] for n in range(len(specs))]
            if not items:
                raise QuestionError("List what answers this moment with --item (a card, CARD#2, or KIND:TEXT "
                                    f"with a kind of: {', '.join(ITEM_KINDS)}).")
            cards = [i.card for i in items if i.card is not None]
            passed = (_player(inputs.get("passed"), "Who passed")[0],) if inputs.get("passed") else ()
            by = _player(inputs.get("by"), "--by")[0] if inputs.get("by") else None
            went_first = _player(inputs.get("went_first"), "--went-first")[0] if inputs.get("went_first") else None
            used = _player(inputs.get("used"), "--used")[0] if inputs.get("used") else None
            scenario = Scenario(moment, active, bool(inputs.get("between_turns")), payer, given, passed, by,
                                _times(inputs.get("times")), _phase(inputs.get("phase")),
                                _subjects(moment, lookup), version, went_first, used)
            ordering = resolve(scenario, items)
            for note in notes:
                ordering.trace.interpret(note)
            other = _other_version(scenario, items, ordering)
        if ordering is None:
            ordering = Ordering()
        for note in comparison.notes if comparison else ():
            ordering.trace.interpret(note)
        # A card item by the card it named (typed, picked from a menu or by a nickname: the same question, the
        # same id); a KIND:TEXT item by its words.
        keyed = [i.spec if i.card is None else f"card:{i.label}@{i.controller}" for i in items] or specs
        key = {"at": at, "items": keyed, "active": active, "between": bool(inputs.get("between_turns")),
               "payer": payer, "compare": timings, "cards": [c.name for c in cards]}
        if inputs.get("passed"):  # only then: the same question keeps the same ruling id
            key["passed"] = scenario.passed if scenario else ()
        for extra in ("by", "times", "phase", "went_first", "used"):  # likewise: added later, keyed only when given
            if inputs.get(extra) and scenario is not None:
                key[extra] = getattr(scenario, extra)
        return order_json(scenario, ordering, comparison, cards, key, version, other)  # type: ignore[arg-type]

    def present(self, answer: Mapping[str, Any]) -> Presentation:
        fields = [Field(name=f"{e['position']}. {e['item']}"[:256], lead=f"step {e['step']} · {e['controller']} · "
                        f"placed by {e['chosen_by']}", rules=tuple(e["rules"]), text=e["why"])
                  for e in answer["order"][:15]]
        fields += [Field(name=f"Not now: {s['item']}"[:256], lead="does not act at this moment",
                         rules=tuple(s["rules"]), text=s["why"]) for s in answer["skipped"][:5]]
        if "compare" in answer:
            c = answer["compare"]
            fields.append(Field(name="Which comes first", lead=f"{c['first']} → {c['second']}",
                                rules=tuple(c["rules"]), text=c["why"]))
        fields += _note_fields(answer)
        moment = answer["moment"]
        title = f"L5R order: {moment['timing']} {moment['occurrence']}" if moment else "L5R: which timing comes first"
        return Presentation(title=title[:256], summary=answer["summary"],
                            fields=tuple(fields), footer=_footer(answer))


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def _fits_events(abilities: tuple[Ability, ...], default: Ability, events: list[str]) -> tuple[Ability, str] | None:
    """Another ability than the default, with the occurrence it waits for, when the occurrences given
    (occurs:...) are what its effect waits for and not what the default's does; None otherwise."""
    happened = [e[7:] for e in events if e.startswith("occurs:")]
    if not happened or any(awaits(h, default.terms) for h in happened):
        return None
    scored = []
    for ability in abilities:
        if ability is default or ability.reminder:
            continue
        met = [w for h in happened if (w := awaits(h, ability.terms)) is not None]
        if met:
            scored.append((len(met), -ability.index, ability, met[0]))
    if not scored:
        return None
    _, _, ability, which = max(scored, key=lambda s: s[:2])
    return ability, which


def _effect_source(inputs: Mapping[str, Any], lookup: Lookup,
                   events: list[str] | None = None) -> tuple[Card | None, Ability, list[Interpretation]]:
    name, text = (inputs.get("card") or "").strip(), (inputs.get("text") or "").strip()
    if bool(name) == bool(text):
        raise QuestionError("Name a card (CARD, or CARD#2 for its second ability) or give --text \"...\", not both.")
    notes: list[Interpretation] = []
    if text:
        abilities = read_text(text)
        if not abilities:
            raise QuestionError("--text is empty.")
        chosen = first_to_judge(abilities)
        opening = next((t for t in read_terms(chosen.read_from or chosen.text) if t.form is Form.DELAYED_POINT
                        and t.start in (0, 1)), None)
        if not chosen.header and chosen.kind is Kind.TRAIT and opening is not None and opening not in chosen.terms:
            # "Before this turn ends, if ..., gain 2 Honor" given alone: the part of an ability that makes it, a
            # delayed effect (a printed trait is asked by its card's name)
            chosen = replace(chosen, kind=Kind.ACTION, terms=(opening, *chosen.terms))
            notes.append(Interpretation("text-delayed", "LD4", f"“{opening.words}” opening words given alone is taken "
                                        "as a delayed effect an ability made; for a card's printed trait, name the "
                                        "card."))
        return None, chosen, notes
    index = None
    numbered = re.search(r"#(\d+)\s*$", name)
    if numbered:
        index, name = int(numbered.group(1)), name[:numbered.start()].strip()
    card = lookup(name)
    abilities = read_card(card)
    if not abilities:
        raise no_text(card, lookup)
    if index is not None:
        if not 1 <= index <= len(abilities):
            raise QuestionError(f"{card.name} has {len(abilities)} abilit{'y' if len(abilities) == 1 else 'ies'}; "
                                f"#{index} is not one of #1-#{len(abilities)}.")
        chosen = abilities[index - 1]
    else:
        chosen = first_to_judge(abilities)
        why = "the first with duration words, or the first"
        fit = _fits_events(abilities, chosen, events or [])
        if fit is not None:
            # the occurrences asked about are what another ability's effect waits for (Tsujiken Sensei: its first
            # ability is a standing trait, its second waits for "it bows"): that ability is the one asked about
            chosen, why = fit[0], f"its effect waits for “{fit[1]}”, which you gave as happening"
        if len(abilities) > 1:
            others = "; ".join(f"#{a.index} “{_short(a.text)}”" for a in abilities if a.index != chosen.index)
            notes.append(Interpretation("ability-choice", None, f"{card.name} has {len(abilities)} abilities; this "
                                        f"answer judges #{chosen.index} “{_short(chosen.text)}” ({why}); ask for "
                                        f"another with {card.name}#N: {others}."))
    for note in lookup.annotations(card) if hasattr(lookup, "annotations") else ():
        if note.rule == "duration" and note.part in ("", "*", str(chosen.index)):
            form = Form(note.value)
            read = ", ".join(t.form.value for t in chosen.terms) or "no duration words"
            if form not in {t.form for t in chosen.terms}:
                notes.append(Interpretation(f"annotation-duration-{chosen.index}", None,
                                            f"A moderator annotated {card.name} #{chosen.index} as lasting "
                                            f"“{form.value}”; its text reads: {read}. The annotation wins."
                                            + (f" Note: {note.note}" if note.note else "")))
            kept = [t for t in chosen.terms if t.form is Form.WHILE and form is not Form.WHILE]
            chosen = replace(chosen, terms=(Term(form, note.text or f"annotated: {form.value}"), *kept))
    return card, chosen, notes


class DurationQuestion:
    command = "duration"
    examples = ({"card": "Haikitsu", "then": ["action-resolves", "occurs:he attacks you"]},
                # the seed's worked cases: a while bonus switching at the when-point of bowing (L4); "next time
                # ... or ..." firing on the first event only (L11)
                {"text": "This card has +2F while bowed.", "then": ["condition-true"]},
                {"text": "After the next time this turn he assigns to attack or moves to an attacking army, "
                         "dishonor him.",
                 "then": ["occurs:he assigns to attack", "occurs:he moves to an attacking army"]})
    description = "How long an L5R effect lasts, and whether it still works after each event"
    cli_description = "How long an L5R effect lasts (this turn, this battle, next time, permanent, paying, while ...)."
    group_description = OrderQuestion.group_description
    epilog = DURATION_HELP
    version_help = VERSION_HELP
    params = DURATION_PARAMS

    def answer(self, inputs: Mapping[str, Any], lookup: Lookup, version: str) -> dict[str, Any]:
        _check_version(version)
        made = inputs.get("made_during")
        if made is not None and str(made).strip().lower() not in MADE_DURING:
            raise QuestionError(f"--made-during is one of: {', '.join(MADE_DURING)}.")
        made_during = str(made).strip().lower() if made else None
        events = parse_events(_values(inputs.get("then")))
        card, ability, notes = _effect_source(inputs, lookup, events)
        ability = _interrupt_after(ability, notes)
        players = _players(inputs.get("players"))
        # reminder and colour text in italics state no effect of their own: judged on the rules text
        # a Stronghold's "(When going second, you get +1PS ...)" is a rule of the game for that player, in force all
        # game while the Stronghold is in play
        standing = is_standing(ability) or _unread_trait(card, ability) or bool(GOING_SECOND.match(ability.text))
        if ability.kind is Kind.UNREAD:
            notes.append(Interpretation("unread-line", "LD8", (
                f"No designator, trigger or wording I know marks this line; on a {card.type} it is read as a "
                "printed trait of the card, in force while the card is in play.") if standing and card else (
                "No designator, trigger or wording I know marks this line; its length is read from its own words "
                "alone.")))
        text = ability.rules_text or ability.text
        tail = standing_tail(text, card.name if card else "") \
            if ability.kind is Kind.TRAIT and not ability.header and not standing else []
        if tail:
            # "After you Equip this Item, gain 1 Honor .... This Personality has +1PH.": the trigger's effect is
            # followed alone; the card's continuous trait after it is a part of its own (in force while in play)
            text = " ".join(s for s in sentences(text) if s not in tail)
            ability = replace(ability, terms=tuple(t for t in ability.terms if t.words.lower() in text.lower()))
        life_text = text
        life = choose(ability.terms, life_text, made_during, standing=standing, made_by=ability.kind.value)
        terrain = standing and life.kind in ("in-play", "while") and life.ends_on == "leaves-play" \
            and card is not None and is_terrain(card)
        if terrain:
            life = terrain_line(life)
        elif life.kind == "in-play" and card is not None and is_terrain(card) and _PUTS_SELF.search(text):
            life = terrain_entry(life, _PUTS_SELF.search(text).group(0))  # type: ignore[union-attr]
        elif life.kind == "while" and standing and card is not None and ENTRY_RULE.match(text) \
                and all(ENTRY_RULE.match(s) for s in sentences(text)):
            life = entry_rule(life, sentences(text)[0].rstrip("."))  # checked as it enters play, never switched
        elif life.kind == "in-play" and not standing and (own := SELF_PUT.search(text)) is not None:
            life.self_put = own.group(0)  # "Put this Kata into play": its leaving play ends it
        elif life.kind == "delayed" and not standing and (own := SELF_PUT.search(text)) is not None \
                and _DISCARDS_SELF.search(text):
            life.self_put = own.group(0)  # "... Discard it after your next turn begins": its own discard waits
        if not standing and life.main is not None and life.main.form is Form.GAME:
            life.self_on = self_permanent(text, card)  # "This card permanently copies ...": on its own card
        made_in = _made_in(ability, made_during)
        point = period_point(life.main) if life.kind in ("delayed", "delay") else None
        if point is not None and point[1]:
            period = PERIOD_OF_EVENT[point[0]]
            if made_in == period and not made_during:
                life.trace.interpret(Interpretation(
                    "next-period", "LD3", f"Made by a {ability.header.split(',')[0]} ability, it is made during a "
                    f"{period}: “the next {period}” is a later one, never the {period} under way."))
            elif made_in != period:
                life.trace.interpret(Interpretation(
                    "next-period", "LD3", f"Taken as made outside any {period}, so the first {period} to end is "
                    f"“the next {period}”; if it was made during a {period}, say --made-during {period} (then the "
                    f"{period} under way does not count)."))
        made_by_ability = ability.kind.value in MADE_BY and not standing
        walk(life, events, made_during, players, made_in, made_by_ability=made_by_ability)
        # each sentence with its own delayed point (or a length made before them) is followed on its own
        parts = [] if standing else follow_parts(
            life_text, life, events, made_during, players, made_in, ability.kind.value, made_by_ability)
        if tail:
            parts = (parts or [Part(life_text, life.main or DEFAULT_TURN, life, True)]) + standing_parts(
                tail, events, made_during, players, made_in)
        followed = {p.lead.words.lower() for p in parts}
        others = [t for t in ability.terms if t is not life.main and t is not life.condition and t is not life.bound
                  and t.words.lower() not in followed]
        if life.main is not None and life.kind in ("next-time", "delayed", "each-time"):
            before = ability.text[:max(0, ability.text.lower().find(life.main.words.lower()))]
            for part in parts:  # a part followed on its own is no unstated length
                before = before.replace(part.words, " ") if not part.followed else before
            lasting = LASTING.search(CONDITION.sub("", before.split(":", 1)[-1]))
            if lasting:
                life.trace.interpret(Interpretation(
                    "unstated-part", None, f"Besides “{life.main.words}”, this ability has an effect that lasts "
                    f"(“{lasting.group(0)}”) and names no length; this answer follows only the delayed effect. Ask "
                    "about that part by giving its own words."))
        if others and life.main is not None:
            # One ability can hold several lengths (Wedge: a delayed doubling, then "Destroy him after the battle
            # ends"); the answer follows one and says which others it did not follow.
            said = ", ".join(f"“{t.words}” ({t.form.value}, {t.rule})" for t in others)
            life.trace.interpret(Interpretation("other-terms", None, f"This ability also says {said}; this answer "
                                                f"follows “{life.main.words}”. Ask about another part by giving "
                                                "its own words."))
        for note in notes:
            life.trace.interpret(note)
        went_first = _player(inputs.get("went_first"), "--went-first")[0] if inputs.get("went_first") else None
        courtesy = apply_courtesy(life, ability.text, went_first_of(went_first, events))
        have_courtesy = courtesy_condition(life, went_first_of(went_first, events))
        effect = {"card": card.name if card else None, "text": ability.text, "kind": life.kind,
                  "ability": ability.index, "ability_kind": ability.kind.value,
                  "durations": [t.as_json() for t in ability.terms]}
        if life.self_put:
            effect["self_put"] = life.self_put
        if terrain and life.kind == "battle":
            effect["terrain"] = True  # a Terrain's own line: in play for one battle
        if card is not None and standing and card.type in _NEVER_IN_PLAY and not _PUTS_ITSELF.search(card.text):
            effect["never_in_play"] = card.type  # its printed lines are rules of the card wherever it is
        key = {"card": card.name if card else None, "ability": ability.index, "text": ability.text,
               "made_during": made_during, "events": events}
        if courtesy:
            effect["courtesy"] = courtesy
        if have_courtesy:
            effect["courtesy_condition"] = have_courtesy
        if went_first:  # keyed only when given: the same question keeps its ruling id
            key["went_first"] = went_first
        return duration_json(life, effect, made_during, events, [card] if card else [], key, version, parts)

    def present(self, answer: Mapping[str, Any]) -> Presentation:
        fields = [Field(name=f"{i}. {p['event']}"[:256],
                        lead=f"persists {'yes' if p['persists'] else 'no'} · effective "
                             f"{'yes' if p['effective'] else 'no'}" + (f" · {p['state']}" if p["state"] else ""),
                        rules=(p["rule"],) if p["rule"] else (), text=p["why"])
                  for i, p in enumerate(answer["timeline"][:15], start=1)]
        effect = answer["effect"]
        fields.insert(0, Field(name="Effect", lead=effect["kind"], rules=(), text=effect["text"]))
        fields += _note_fields(answer)
        return Presentation(title=f"L5R duration: {effect['card'] or 'text'}"[:256], summary=answer["summary"],
                            fields=tuple(fields), footer=_footer(answer))


QUESTIONS = (OrderQuestion(), DurationQuestion())
