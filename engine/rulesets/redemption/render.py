"""Words and JSON for a Redemption verdict, rendered from the verdict's data and trace only."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import replace
from typing import Any

from engine.names import base_name
from engine.plain_words import cut, quoted
from engine.rulesets.redemption.evaluate import PartVerdict, TermState, UpperBound, Verdict
from engine.trace import Step, render_steps

# The trigger an ability waits for is quoted whole up to this many characters: the first line's own rule
# (engine.plain_words.headline) cuts it to fit when the line runs long, keeping whole words (issue 33: cut at 60
# characters it hid what the card waits for, "If Hero(s) in battle returns to territory without making a…")
QUOTE = 110

_ZONE_WORDS = {"battle": "battle", "territory": "territory", "artifact-pile": "the Artifact Pile",
               "field-of-battle": "the field of battle", "land-of-bondage": "the Land of Bondage",
               "set-aside": "the set-aside area"}
_TIME_WORDS = {"phase": "the end of this phase", "battle": "the end of this battle", "turn": "the end of the turn",
               "round": "the end of the round", "next-turn": "the end of the next turn",
               "your-next-turn": "the end of your next turn", "their-next-turn": "the end of their next turn",
               "current-next-turn": "the end of the current player's next turn",
               "game": "the end of the game"}
_EVENT_WORDS = {"phase-ends": "the phase ended", "turn-ends": "the turn ended", "round-ends": "the round ended",
                "battle-ends": "the battle ended", "leaves-play": "{card} left play",
                "leaves-battle": "{card} left battle", "leaves-territory": "{card} left territory",
                "deactivated": "{card} was deactivated", "result-changed": "its target was no longer affected",
                "reset": "{card} reset to face value", "condition-false": "its condition stopped holding",
                "condition-true": "its condition started holding",
                # only a one-use "prevent the next ..." ends on these: that next card came and it acted on it
                "triggered": "the next card it waited for came, and it is used up",
                "targeted": "the next card it waited for came, and it is used up"}


def ruling_id(verdict: Verdict) -> str:
    """The same question under the same ruleset version, on the same card data, always gets the same id."""
    # The card's words and every term (so a moderator's annotation) are part of the question: if they
    # change, the ruling may change, and so does its id.
    card = verdict.card
    terms = [[t.term.rule, t.term.text, t.term.source, t.term.length] for p in verdict.parts for t in p.terms]
    key = json.dumps([verdict.ruleset.game, verdict.ruleset.version, list(card.key), card.type, card.card_class,
                      card.brigade, card.identifier, card.text, verdict.part.label, verdict.scenario.played_in,
                      list(verdict.scenario.events), terms]
                     # Whose turn and how many players are part of the question only when it says them, so the
                     # ids of questions asked before these inputs existed stay the same.
                     + ([verdict.scenario.turn, verdict.scenario.players]
                        if (verdict.scenario.turn, verdict.scenario.players) != (None, None) else []))
    return "R-" + hashlib.sha256(key.encode()).hexdigest()[:10].upper()


def short_name(verdict: Verdict) -> str:
    """How a player calls the card in a sentence: "Adino" for "Adino, the Eznite (II)"."""
    return base_name(verdict.card.name).split(", ")[0].split(" / ")[0] or verdict.card.name


def _time(length: str) -> str:
    if length in _TIME_WORDS:
        return _TIME_WORDS[length]
    if length.startswith("next-") and length.endswith("-phase"):
        return f"the end of the next {length[5:-6]} phase"
    unit, _, count = length.partition(":")
    if unit in ("turns", "rounds"):
        return f"{count} {unit}" if count != "1" else f"one {unit[:-1]}"
    return "the end of this phase"


def _end(bound: UpperBound, verdict: Verdict) -> tuple[str, str]:
    """('until', words) for a time, ('when', words) for an event, of what ends the upper bound."""
    card, zone = short_name(verdict), _ZONE_WORDS.get(verdict.scenario.played_in, verdict.scenario.played_in)
    match bound.rule:
        case "D1":
            return "until", "the end of this phase"
        case "D2":
            return "when", f"{card} resets to face value" + _timed_result(verdict)
        case "D3":
            timed = next((s for s in verdict.part.terms if s.term.rule == "D4" and s.term.ends_result
                          and not s.superseded), None)
            if timed is not None and timed.term.length.startswith("turns:"):
                return _turn_count(timed)
            if timed is not None:  # the stated time measures the result: it says how long
                return ("for" if ":" in timed.term.length else "until"), _time(timed.term.length)
            kind, words = _result_words(bound.text, card)
            leaves = f" or {card} leaves play" if "leaves-play" in bound.ends_on and kind != "while" else ""
            return kind, words + leaves + _timed_result(verdict)
        case "D4":
            state = next((s for s in verdict.part.terms if s.term.rule == "D4" and s.term.text == bound.text), None)
            if state is not None and state.term.length.startswith("turns:"):
                return _turn_count(state)
            length = state.term.length if state is not None else "phase"
            return ("for" if ":" in length else "until"), _time(length)
        case "D6":
            return "when", f"{card} leaves territory"
        case "D5" | "D7":
            words = f"{card} leaves {zone}" if verdict.scenario.played_in in _ZONE_WORDS else f"{card} leaves play"
            return "when", words + (" or is deactivated" if "deactivated" in bound.ends_on else "")
        case _:
            return "until", "the end of this phase"


def _result_words(text: str, card: str) -> tuple[str, str]:
    """What ends a D3 bound, in the card's terms: a placement lasts while the card stays placed, a card set aside
    while it stays aside, "until discarded" as the card says it; any other result while its target is affected."""
    words = " ".join(text.split())
    if re.match(r"place\b", words, re.I) or re.search(r"\bplace (?:it |this card )?(?:in|on)\b", words, re.I):
        return "while", f"{card} stays where it was placed"
    if re.search(r"\baside\b", words, re.I):
        return "while", "what it set aside stays aside"
    if re.match(r"(?:while|until|as long as)\b", words, re.I):
        return "as", quoted(words, 60)
    words = re.sub(r"\s+instead\b.*$", "", words, flags=re.I)  # "paralyze ... instead: each Upkeep": the result
    return "when", f"its target is no longer under {quoted(words, 60)}"


def _turn_count(state: TermState) -> tuple[str, str]:
    """How a count of turns (RG3) ends, from where the count stands: N turns counted in upkeep, then (set-aside cards)
    your preparation phase."""
    words = _time(state.term.length)
    if not state.armed:
        back = "; the set-aside cards come back in your preparation phase" if state.returns else ""
        return "for", f"{words} (counted in upkeep{back})"
    if not state.returns:
        return "in", f"this turn's upkeep (the count of {words} is over then)"
    if state.turn_seat == 0:
        return "in", "your preparation phase this turn (the set-aside cards come back then)"
    return "in", "your next preparation phase (the set-aside cards come back then)"


def _timed_result(verdict: Verdict) -> str:
    """A stated time that measures the result itself (a copy "until end of turn", "set aside for 2 turns") ends
    the bound too, so the plain words name it beside the bound."""
    for s in verdict.part.terms:
        if s.term.rule == "D4" and s.term.ends_result and s.status == "holds":
            length = s.term.length
            return f", or {'after' if ':' in length else 'at'} {_time(length)}"
    return ""


def plain(verdict: Verdict) -> str:
    """How long, as a player would say it; an ability still waiting for its trigger says so first."""
    text = _plain(verdict)
    part = verdict.part
    if verdict.scenario.events and "the current player's next turn" in text:
        # once turns have passed, "the current player" is someone else: say whose turn it was
        whose = "your" if verdict.scenario.whose_turn == "mine" else "their"
        text = text.replace("the current player's next turn",
                            f"{whose} next turn (the card's “current player” is the one whose turn it was played on)")
    if part.only_cannot_be:  # its effects are instant; what lasts is its "Cannot be negated/prevented" (RG1)
        words = part.only_cannot_be
        text += (f" (its effects happened at once; only its “{words}” lasted)" if not part.persists else
                 f" (its effects happen at once; only its “{words}” lasts)")
    if part.instead_assumed:  # an "If ..., ... instead" branch the scenario did not settle: both, the judged first
        cond = re.sub(r"^(?:if|unless)\s+", "", part.instead_assumed, flags=re.I)
        said = f"{'Unless' if part.instead_assumed.lower().startswith('unless') else 'If'} “{cond}” (taken so)"
        text = f"{said}: {text[:1].lower()}{text[1:]}"
        if part.instead_else is not None:
            other = _plain(replace(verdict, part=part.instead_else))
            text += f"; if not, {other[:1].lower()}{other[1:]}"
    if part.on_return and part.returned_by is None and part.persists:
        # what ends first is the set-aside, not the ability: what it does on return follows it
        if text.startswith(("Lasts ", "Ends ")):
            text = f"The set-aside {text[0].lower()}{text[1:]}"
        else:
            text = text.replace("; ends ", "; the set-aside ends ", 1)
        text += f"; then what it does “{part.on_return}” lasts {_on_return_time(part)}"
    elif part.on_return and part.returned_by is not None and part.persists and not text.startswith("Lasts"):
        text += f" (what it does “{part.on_return}” began as the set-aside cards came back)"
    waiting = [w for w in part.waits_for if w.started_by is None]
    if not waiting or not part.persists:
        return text
    words = " or ".join(quoted(w.words, QUOTE) for w in waiting)
    if not part.waits_whole:  # the answer first: only a part waits (blind 71011 S4Q opened with an unrelated trigger)
        return f"{text}; part of it waits for {words}"
    return f"Active, waiting for {words}: {text[:1].lower()}{text[1:]}"


_LEFT = {"leaves-play": "{card} left play", "leaves-battle": "{card} left battle",
         "leaves-territory": "{card} left territory"}


def _on_return_time(part: PartVerdict) -> str:
    """How long what a card does on return lasts, said before the cards come back: its own terms, or the D1
    default."""
    own = [s.term for s in part.terms if s.status == "waiting" and not s.starts_on]
    if not own:
        return "to the end of the phase it begins in (your preparation phase)"
    term = own[0]
    if term.rule == "D4":
        return ("for " if ":" in term.length else "until ") + _time(term.length)
    return quoted(" ".join(term.text.split()), 60)


def _plain(verdict: Verdict) -> str:
    """How long, as a player would say it: "Lasts until the end of this phase", "Ends when Adino leaves
    battle", "Still going; ends at the end of the turn", "Has ended: the phase ended"."""
    part = verdict.part
    if not part.lasting:
        return "Happens at once: nothing lasts, so no duration applies"
    bound = part.upper_bound
    if bound is None:
        return "Lasts until the end of this phase"
    kind, words = _end(bound, verdict)
    events = verdict.scenario.events
    if not part.persists:
        ended = part.ended_by or next((s.ended_by for s in part.terms if s.term.rule == bound.rule and s.ended_by),
                                      None)
        event = events[ended - 1] if ended and ended <= len(events) else (events[-1] if events else "")
        what = _EVENT_WORDS.get(event, event).format(card=short_name(verdict))
        counted = next((s for s in part.terms if s.term.length.startswith("turns:") and s.ended_by == ended), None)
        if part.on_return and part.returned_by is not None:  # what it did on return lasted past the set-aside
            return (f"Has ended: {what} (what it does “{part.on_return}” began as the set-aside cards came back"
                    f"{', and ended with that turn' if event in ('turn-ends', 'round-ends') else ''})")
        if counted is not None and ended:  # a count of turns (RG3) is over in an upkeep, not at a phase's end
            what = ("the set-aside cards came back in your preparation phase" if counted.returns else
                    f"the count of {_time(counted.term.length)} was over in the upkeep")
        # "Shamgar was discarded from battle; does his negate keep going until the phase ends?" (blind 71011 S24Q): a
        # leaving that came before the end changed nothing, and a player reading only "Has ended" cannot tell
        left = [e for e in events[: ended - 1] if e in _LEFT] if ended else []
        kept = f" (it kept going after {_LEFT[left[0]].format(card=short_name(verdict))})" if left else ""
        return f"Has ended: {what}{kept}" if what else "Has ended"
    off = "" if part.effective else f" (switched off for now: {_failing(part)})"
    if events:
        state = "Still going" if part.effective else f"Still going, but switched off for now ({_failing(part)})"
        if part.effective:  # a sentence switched off, or whose window is over, while the rest keeps working
            for said, scopes in (("switched off for now", part.switched_off), ("over", part.closed)):
                if scopes:
                    state += f" ({said}: " + ", ".join(f"“{_clip(x)}”" for x in dict.fromkeys(scopes)) + ")"
        if kind in ("while", "as"):
            return f"{state}; lasts {'while ' if kind == 'while' else ''}{words}"
        ends = {"until": f"at {words}", "for": f"after {words}", "when": f"when {words}", "in": f"in {words}"}[kind]
        return f"{state}; ends {ends}"
    if kind in ("when", "in"):
        return f"Ends {kind} {words}" + off
    lasts = {"until": "Lasts until", "for": "Lasts for", "while": "Lasts while", "as": "Lasts"}[kind]
    return f"{lasts} {words}" + off


def _failing(part: PartVerdict) -> str:
    """Which condition switches the whole ability off, in the card's words."""
    off = [s.term for s in part.terms if s.term.rule == "D8" and not s.term.scope and s.status == "off"]
    if not off:
        return "its condition fails"
    return "; ".join(f"“{_clip(t.text)}” " + ("applies" if t.keyword == "unless" else "does not hold") for t in off)


def _clip(text: str, limit: int = 60) -> str:
    return cut(text, limit)


def summary(verdict: Verdict) -> str:
    """The first line: how long in plain words, then the printing judged (the rule ids are the answer's `rules`,
    listed under it: a player's first line names none)."""
    who = verdict.card.label + (f", {verdict.part.label} part" if verdict.part.label else "")
    return f"{plain(verdict)}. ({who})"


def state_line(verdict: Verdict) -> str:
    part = verdict.part
    who = verdict.card.name + (f" ({part.label} part)" if part.label else "")
    if not part.lasting:
        return f"{who}: an instant effect with no lasting part, so no duration applies."
    bound = part.upper_bound
    if part.persists and part.effective:
        state = "the ability persists and is working"
    elif part.persists:
        state = "the ability persists, but a condition has switched it off for now"
    else:
        state = "the ability has ended"
    events = verdict.scenario.events
    when = f" after {', '.join(events)}" if events else " as played"
    text = f"{who}{when}: {state}."
    if bound:
        text += f" Upper bound: {bound.rule} ({bound.why})."
    return text


def _unrepeated(steps: list[Step]) -> list[Step]:
    """The steps a reader needs: a step choosing the upper bound is left out when it only restates a duration
    already shown as the bound (one duration, or the D1 default stated by its own step)."""
    out: list[Step] = []
    for step in steps:
        chosen = step.decision.startswith("upper bound is ")
        rule = step.decision[len("upper bound is "):].split(":")[0] if chosen else ""
        if chosen and step.event is None and any(
                (s.rule == rule and s.rule == "D1") or (s.rule == rule and step.rule == rule) for s in out):
            continue
        if any((s.rule, s.trigger, s.decision, s.event) == (step.rule, step.trigger, step.decision, step.event)
               for s in out):
            continue
        out.append(step)
    return out


def explanation(verdict: Verdict) -> str:
    lines = [summary(verdict), state_line(verdict), ""]
    lines += [f"{i}. {line}" for i, line in enumerate(render_steps(_unrepeated(verdict.trace.steps)), start=1)]
    if verdict.trace.interpretations:
        lines.append("")
        lines.append("Interpretations:")
        lines += [f"- {note.text}" for note in verdict.trace.interpretations]
    lines.append("")
    lines.append(f"Ruleset: Redemption {verdict.ruleset.name} ({verdict.ruleset.version}, "
                 f"{verdict.ruleset.title}).")
    return "\n".join(lines)


def verdict_json(verdict: Verdict, match: dict[str, Any] | None = None) -> dict[str, Any]:
    """The documented `arbiter duration --json` object (see README: a stable public contract)."""
    card = verdict.card
    part = verdict.part
    terms = [state.as_json() for p in verdict.parts for state in p.terms]
    bound = part.upper_bound.as_json() if part.upper_bound else {
        "rule": None, "text": "", "ends_on": [], "why": "instant effect: nothing lasts"}
    return {
        "card": {"name": card.name, "set": card.set, "type": card.type, "class": card.card_class,
                 "brigade": card.brigade, "text": card.text},
        "match": match or {"query": card.name, "how": "exact", "candidates": []},
        "scenario": {"played_in": verdict.scenario.played_in, "events": list(verdict.scenario.events),
                     "part": part.label, "turn": verdict.scenario.whose_turn,
                     "players": verdict.scenario.player_count,
                     "assumed": [k for k, v in (("turn", verdict.scenario.turn),
                                                ("players", verdict.scenario.players)) if v is None]},
        "lasting": part.lasting,
        "started": part.started,
        "waits_for": [w.as_json() for w in part.waits_for],
        "terms": terms,
        "upper_bound": bound,
        "persists": part.persists,
        "effective": part.effective,
        "rules": verdict.trace.rules_cited(),
        "interpretations": [n.as_json() for n in verdict.trace.interpretations],
        "ruleset": {"game": "redemption", "name": verdict.ruleset.name, "version": verdict.ruleset.version},
        "ruling_id": ruling_id(verdict),
        "parts": [p.as_json() for p in verdict.parts],
        "trace": [s.as_json() for s in verdict.trace.steps],
        "summary": summary(verdict),
        "explanation": explanation(verdict),
    }
