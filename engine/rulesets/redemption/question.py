"""Redemption's question declared through engine/interface.py: how long a card's special ability lasts.

The answer is the documented `arbiter duration --json` object (render.verdict_json); `present` is how a chat
card shows it: the player's answer first, the card's ability text, then the judge's reasons as fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Annotation, Card, printing_label
from engine.interface import Field, Lookup, Param, Presentation, QuestionError
from engine.rulesets.redemption import Verdict, judge
from engine.rulesets.redemption.halves import part_of_half
from engine.rulesets.redemption.render import ruling_id, summary, verdict_json
from engine.rulesets.redemption.rules import VERSIONS
from engine.rulesets.redemption.scenario import (
    EVENT_HELP,
    EVENTS,
    MAX_PLAYERS,
    TURNS,
    ZONES,
    ScenarioError,
    check_event,
    parse_events,
)


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def timeline(answer: Mapping[str, Any]) -> str:
    """Where it was played, each event in order, and the state at the end, on one line."""
    steps = [f"played in {answer['scenario']['played_in']}"] + [
        f"{i}. {event}" for i, event in enumerate(answer["scenario"]["events"], start=1)]
    state = "persists" if answer["persists"] else "ended"
    if answer["persists"] and not answer["effective"]:
        state = "persists (switched off)"
    if not answer.get("lasting", True):
        state = "instant"
    return " → ".join(steps) + f" ⇒ {state}"


def tone(answer: Mapping[str, Any]) -> str:
    """The chat card's colour: an instant effect, one that lasts and works, one switched off, one ended."""
    if not answer.get("lasting", True):
        return "info"
    if answer["persists"]:
        return "lasts" if answer["effective"] else "off"
    return "ended"


def judged_text(answer: Mapping[str, Any]) -> str:
    """The ability text the ruling is about: the judged part's, else the card's."""
    label = answer["scenario"].get("part") or ""
    for part in answer.get("parts", ()):
        if part.get("part") == label and part.get("text"):
            return str(part["text"])
    return str(answer["card"].get("text") or "")


class DurationQuestion:
    command = "duration"
    description = "How long a Redemption card's ability lasts, and which rule decides it"
    group_description = "Redemption CCG: how long a special ability lasts (Defining Duration, D1-D9)"
    epilog = ("Events, in order: " + "; ".join(f"{e} ({EVENT_HELP[e]})" for e in EVENTS) + ".")
    version_help = "current (the nine bullets) or previous (the ruling they replaced)"
    params = (
        Param("card", "The card (typos and nicknames are fine; pick a suggestion for an exact printing)",
              required=True, card_names=True, metavar="CARD"),
        Param("played_in", "Where the card was played", cli_flag="--played-in", metavar="ZONE"),
        Param("then", "Events that happen next, in order, separated by spaces (e.g. phase-ends leaves-play)",
              repeat=True, many=True, cli_flag="--then", metavar="EVENT"),
        Param("part", "Ability part to judge, as printed (STAR, GE, A, D, ...) or its long name; default: the one "
                      "that applies where it was played", cli_flag="--part", surfaces=frozenset({"cli"})),
        Param("turn", "Whose turn it was when the card was played: mine or theirs (default: mine)",
              cli_flag="--turn", metavar="mine|theirs"),
        Param("players", "How many players, 2 to 8 (default: 2)", cli_flag="--players", metavar="N"),
    )
    max_players = MAX_PLAYERS
    examples = ({"card": "Adino, the Eznite", "played_in": "battle", "then": ["phase-ends"]},)
    # The scenario vocabulary (engine.interface.EventScenario): /duration's choices and "Then:" buttons.
    zones = ZONES
    events = EVENTS
    event_help = EVENT_HELP

    def parse_events(self, texts: Sequence[str]) -> tuple[str, ...]:
        return parse_events(list(texts))

    def event_ok(self, event: str) -> bool:
        """An event of the vocabulary, or a condition event naming one condition ("condition-false:2")."""
        try:
            check_event(event)
        except ScenarioError:
            return False
        return True

    def next_events(self, answer: Mapping[str, Any]) -> list[str]:
        """What ends a running term of the judged part, flips its condition (D8), or makes a targeting the
        ability waits for."""
        if not answer["persists"]:
            return []
        part = answer["scenario"].get("part") or ""
        wanted: set[str] = set()
        for term in answer["terms"]:
            if term["part"] != part or term["status"] == "ended":
                continue
            if term["rule"] == "D8":
                wanted.add("condition-true" if term["status"] == "off" else "condition-false")
            wanted.update(term["ends_on"])
            wanted.update(term.get("starts_on", []))
        for trigger in answer.get("waits_for", []):  # a trigger not yet happened ("After battle": battle-ends)
            if trigger["started_by_event"] is None:
                wanted.update(trigger["starts_on"])
        return [e for e in EVENTS if e in wanted]

    def answer(self, inputs: Mapping[str, Any], lookup: Lookup, version: str) -> dict[str, Any]:
        if version not in VERSIONS:
            raise QuestionError(f"Unknown ruleset {version!r}; valid: {', '.join(VERSIONS)}.")
        zone = (inputs.get("played_in") or "").strip().lower() or None
        if zone is not None and zone not in ZONES:
            raise QuestionError(f"Unknown zone {zone!r}; valid zones: {', '.join(ZONES)}.")
        events = parse_events(_texts(inputs.get("then")))
        try:
            for event in events:
                check_event(event)
            turn, players = _table(inputs)
        except ScenarioError as exc:
            raise QuestionError(str(exc)) from exc
        card = lookup(str(inputs["card"]))
        try:
            verdict = judge(card, zone, events, annotations=lookup.annotations(card), ruleset=version,
                            part=inputs.get("part") or None, turn=turn, players=players)
        except (ScenarioError, ValueError) as exc:  # an unknown part or condition: one sentence
            raise QuestionError(str(exc)) from exc
        return verdict_json(verdict)

    # The verdict path bot.service takes for the `duration` shortcut (engine.interface.TracedQuestion): judge,
    # let the front end note a server's own annotations and aliases in the trace, then render.
    def judge(self, card: Card, *, played_in: str | None, events: Sequence[str], annotations: Sequence[Annotation],
              version: str, part: str | None, extra: Mapping[str, Any] | None = None) -> Verdict:
        """`extra`: whose turn the card was played on ("turn") and how many play ("players"), when given."""
        turn, players = _table(extra or {})
        return judge(card, played_in, events, annotations=annotations, ruleset=version, part=part, turn=turn,
                     players=players)

    def part_named(self, card: Card, typed: str) -> str | None:
        """The part a name typed as one half of a two-sided card's name names ("Extortion": the EE part of
        "Restitution / Extortion"), for a question asked without --part; None otherwise."""
        return part_of_half(card, typed)

    def render(self, verdict: Verdict, match: Mapping[str, Any]) -> dict[str, Any]:
        return verdict_json(verdict, dict(match))

    def answer_key(self, verdict: Verdict) -> tuple[object, ...]:
        """What a player is told, without the card's own words: two printings with equal keys answer the question
        alike (started, working, lasting, and until what: the bounding rule and the events that end it)."""
        part = verdict.part
        bound = part.upper_bound
        return (part.lasting, part.started, part.persists, part.effective, bool(part.only_cannot_be),
                bound.rule if bound else None, bound.ends_on if bound else (), bool(part.switched_off),
                bool(part.closed))

    def verdict_id(self, verdict: Verdict) -> str:
        return ruling_id(verdict)

    def verdict_summary(self, verdict: Verdict) -> str:
        return summary(verdict)

    def verdict(self, answer: Mapping[str, Any]) -> str:
        """The decisive outcome compared when a stored ruling is asked again: the first line."""
        return str(answer["explanation"]).split("\n", 1)[0]

    def present(self, answer: Mapping[str, Any]) -> Presentation:
        card = answer["card"]
        part = answer["scenario"].get("part") or ""
        fields = [Field("Verdict", f"persists {_yes(answer['persists'])} · effective {_yes(answer['effective'])}",
                        (), timeline(answer))] if answer.get("lasting", True) else []
        bound = answer["upper_bound"]
        if bound.get("rule"):
            fields.append(Field("Upper bound", str(bound["rule"]), (), str(bound["why"])))
        for term in [t for t in answer["terms"] if t["part"] == part][:10]:
            fields.append(Field(f"{term['rule']} “{term['text']}”"[:200], str(term["status"]), (str(term["rule"]),),
                                f"from the card's {term['source']}"))
        rs = answer["ruleset"]
        return Presentation(
            title=printing_label(card["name"], card["set"]) + (f" · {part} part" if part else ""),
            summary=answer["summary"], fields=tuple(fields),
            footer=f"Redemption ruleset {rs['name']} {rs['version']} · Ruling {answer['ruling_id']}",
            card_text=judged_text(answer), tone=tone(answer))


def _table(inputs: Mapping[str, Any]) -> tuple[str | None, int | None]:
    """Whose turn and how many players, as given ("theirs", "3" or 3), or None when not given. Raises
    ScenarioError for anything else (one sentence)."""
    turn = str(inputs.get("turn") or "").strip().lower() or None
    if turn is not None and turn not in TURNS:
        raise ScenarioError(f"Unknown turn {turn!r}; valid: {', '.join(TURNS)} (whose turn the card was played on).")
    raw = inputs.get("players")
    if raw is None or str(raw).strip() == "":
        return turn, None
    try:
        players = int(str(raw).strip())
    except ValueError:
        raise ScenarioError(f"The number of players must be a whole number from 2 to {MAX_PLAYERS}.") from None
    return turn, players


def _texts(value: Any) -> Sequence[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else [str(v) for v in value]


QUESTION = DurationQuestion()
