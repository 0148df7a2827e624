"""Words and JSON for a Dominion verdict, rendered from the verdict's data and trace only."""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import replace
from typing import Any

from engine.names import fold
from engine.plain_words import joined
from engine.rulesets.dominion.behaviour import Kind, types_of
from engine.rulesets.dominion.build import Phase
from engine.rulesets.dominion.evaluate import Instance, Verdict, describe
from engine.rulesets.dominion.reading import article
from engine.rulesets.dominion.scenario import ScenarioError
from engine.trace import render_steps


def ruling_id(verdict: Verdict) -> str:
    """The same chains under the same ruleset version always get the same id (judges cite it)."""
    # An extra turn is part of the question only when it is one, so earlier ids stay as they were.
    key = json.dumps(["dominion", verdict.ruleset.version, verdict.chains, verdict.skip_next_turn]
                     + (["extra-turn"] if verdict.extra_turn else [])
                     + (["opponent-turn"] if verdict.opponent_turn else [])
                     + (["last-turn"] if verdict.last_turn else []))
    return "DM-" + hashlib.sha256(key.encode()).hexdigest()[:10].upper()


def moment(inst: Instance) -> str:
    """How it leaves play: in a Clean-up, taken out early by a card or a Way (DM11), by its own effect when a
    turn starts (Conjurer into hand, Crew onto the deck), or never."""
    if inst.leave.turn == math.inf:
        return "never"
    if inst.leave.phase not in (Phase.DURING, Phase.THEIRS_DURING):
        return "clean-up"
    if inst.removed_by:
        return "removed"
    return "when-met" if inst.behaviour.kind is Kind.UNTIL_CONDITION else "start-of-turn"


def _describe(inst: Instance, verdict: Verdict) -> tuple[str, int | None, str]:
    cleanup, turn, when = describe(inst.leave, verdict.extra_turns, verdict.opponent_turn)
    if verdict.last_turn and turn is not None and inst.leave.phase in (Phase.CLEAN_UP, Phase.DURING) \
            and turn not in verdict.extra_turns:
        # played on the player's last turn: the words count from the turn they are on (the JSON turn does not)
        if turn == 0:
            when = ("in the Clean-up of your last turn, the one it was played in" if inst.leave.phase is Phase.CLEAN_UP
                    else "during your last turn, the one it was played in, outside any Clean-up")
        else:
            when = describe(replace(inst.leave, turn=turn - 1), set(), False)[2]
    return cleanup, turn, when


def leaves_json(inst: Instance, verdict: Verdict) -> dict[str, Any]:
    if not inst.in_play and inst.parent is None:  # an Event, Project, Way or Trait (DM16)
        return {"cleanup": "not-in-play", "turn": None, "when": "never: it is not a card in play", "why": inst.why,
                "moment": "not-in-play"}
    cleanup, turn, when = _describe(inst, verdict)
    return {"cleanup": cleanup, "turn": turn, "when": when, "why": inst.why, "moment": moment(inst)}


def leaves_this_turn(inst: Instance) -> bool:
    """Whether it leaves play during this turn (in its Clean-up or earlier): what "may I trash it now, since
    it will be discarded from play this turn?" asks."""
    return inst.leave.turn == 0 and inst.leave.phase in (Phase.DURING, Phase.CLEAN_UP)


def card_json(inst: Instance, verdict: Verdict) -> dict[str, Any]:
    return {
        "card": inst.card.name,
        "label": inst.label,
        "set": inst.card.set,
        "types": list(types_of(inst.card)),
        "as": inst.lent_by.name if inst.lent_by else None,
        "played_by": inst.parent.label if inst.parent else None,
        "relation": inst.relation.value if inst.relation else None,
        "played_on": list(inst.play_turns),
        "in_play": inst.in_play,
        "legal": inst.legal,
        "problem": inst.problem,
        "problem_rule": inst.problem_rule or None,
        "leaves_play": leaves_json(inst, verdict),
        "leaves_this_turn": leaves_this_turn(inst),
        # The illegal play is flagged on the card played and on the card that tried to play it.
        "illegal_play": not inst.legal or any(not c.legal for c in inst.children),
        "illegal_plays": [c.label for c in inst.children if not c.legal],
        "rules": list(inst.rules),
    }


def ruleset_json(verdict: Verdict) -> dict[str, str]:
    return {"game": "dominion", "name": verdict.ruleset.name, "version": verdict.ruleset.version,
            "tracking": verdict.policy.tracking.value, "wording": verdict.policy.wording.value}


def _line(inst: Instance, verdict: Verdict) -> str:
    _, _, when = _describe(inst, verdict)
    if not inst.in_play and inst.parent is None:
        head = f"{inst.label} is never in play"
    elif not inst.in_play and when.startswith("never"):
        head = f"{inst.label} (not in play: left where it was) would never leave play if it were in play"
    elif not inst.in_play:
        head = f"{inst.label} (not in play: left where it was) would leave play {when} if it were in play"
    elif when.startswith("never"):
        head = f"{inst.label} never leaves play"
    else:
        head = f"{inst.label} leaves play {when}"
    rules = f" [{', '.join(inst.rules)}]" if inst.rules else ""
    blocked = ""
    if not inst.legal:
        blocked = f" Not allowed{f' [{inst.problem_rule}]' if inst.problem_rule else ''}: {inst.problem}"
    elif any(not c.legal for c in inst.children):
        blocked = " It tried a play that is not allowed."
    why = _from_this_turn(inst.why) if verdict.last_turn else inst.why
    why = why[:1].upper() + why[1:]
    return f"- {head}. {why}{rules}.{blocked}"


_TURNS_ON = {"your turn after next": "your next turn", "your next turn": "this turn",
             "this turn": "your last turn"}


def _from_this_turn(text: str) -> str:
    """A card's reason, said of turns counted from its play, counted instead from the turn the player is on (the chain
    was played on their last turn): "it acts at the start of your next turn" -> "... of this turn"."""
    return re.sub("|".join(_TURNS_ON), lambda m: _TURNS_ON[m.group(0)], text)


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def assumptions(verdict: Verdict) -> list[str]:
    """What the answer assumed because the scenario did not say it, in players' words."""
    return list(verdict.assumed)


def outcome(verdict: Verdict) -> str:
    """When the cards in play leave it, grouped by moment, in one clause per moment."""
    groups: dict[str, list[str]] = {}
    reacted = []
    for inst in verdict.instances:
        if inst.reacted:  # used as its Reaction on another player's turn: "it is set aside and returns ..."
            reacted.append(f"{inst.label} is never in play (its Reaction is not a play): "
                           f"{inst.behaviour.reacts_by}")
        if inst.gained:  # "Farmhands > Caravan": Farmhands' "When you gain this" played Caravan
            reacted.append(f"{inst.label} is gained, not played (only its “When you gain this” plays a card), so "
                           "it is never in play")
        if not inst.in_play:
            continue  # never in play (an Event), or left where it was (played by a Command variant)
        when = _describe(inst, verdict)[2]
        if inst.removed_by.endswith(" as it is played") and inst.leave.phase is Phase.DURING:  # Feast, Way of the Horse
            when = f"as it is played: {inst.removed_by.removesuffix(' as it is played')}"
        elif inst.removed_by.endswith("(as said)") and inst.leave.phase is Phase.DURING:  # "Mining Village[removed]"
            when = f"during this turn: {inst.removed_by}"
        groups.setdefault(when, []).append(inst.label)
    clauses = []
    for when, names in groups.items():
        who = _join(names)
        both = "both " if len(names) == 2 else "all " if len(names) > 2 else ""
        plural = len(names) > 1
        if when.startswith("never"):
            clauses.append(f"{who} {'never leave' if plural else 'never leaves'} play: "
                           f"{'they stay' if plural else 'it stays'} for the rest of the game")
        else:
            clauses.append(f"{who} {both}{'leave' if plural else 'leaves'} play {when}")
    if not clauses and not reacted:
        roots = [i for i in verdict.instances if i.parent is None and not i.in_play]
        if roots and len(roots) == len([i for i in verdict.instances if i.parent is None]):
            # an Event, Project, Hex or other landscape asked about alone: never a card in play (DM16)
            kinds = [next((t for t in types_of(i.card)), "card") for i in roots]
            return "; ".join(f"{i.label} is never in play: {i.unplayable} cannot be played" if i.unplayable else
                             _received(i, k) or f"{i.label} is never in play: {article(k)} is not a card put into play"
                             for i, k in zip(roots, kinds, strict=True))
        return "no card of the chain is in play, so nothing leaves play"
    return "; ".join(reacted + clauses)


_KEEP = re.compile(r"\bKeep (?:this|it) until Clean-?up\b", re.IGNORECASE)


def _received(inst: Instance, kind: str) -> str:
    """When a Boon or Hex received goes (Nocturne rulebook, Boons and Hexes: it is discarded once received, unless it
    says to keep it until Clean-up: The Field's Gift), said after "never in play"; '' for other kinds."""
    if kind not in ("Boon", "Hex"):
        return ""
    tail = f"never in play ({article(kind)} is received, not played)"
    pile = f"the {kind}{'es' if kind.endswith('x') else 's'} discard pile"
    if _KEEP.search(inst.card.text):
        return (f"{inst.label} is kept until this turn's Clean-up (its “Keep this until Clean-up”), then discarded "
                f"to {pile}; it is {tail}")
    return f"{inst.label} is discarded to {pile} as soon as you have done what it says; it is {tail}"


def summary(verdict: Verdict, trash: dict[str, Any] | None = None) -> str:
    """One sentence in players' words: what is not allowed, what was assumed, when the cards leave play."""
    clauses = [outcome(verdict)]
    assumed = assumptions(verdict)
    if assumed:
        clauses.insert(0, f"Assuming (not said) that {' and that '.join(assumed)}")
    if trash is not None:
        clauses.insert(0, trash["answer"])
    if verdict.problems:  # the rule it breaks is among the rules cited, not in the first line
        first = clauses[0]  # an outcome opens with a card's name: only "Assuming" is lower-cased after "otherwise"
        clauses[0] = "otherwise " + (first[:1].lower() + first[1:] if first.startswith("Assuming") else first)
        clauses.insert(0, f"Not allowed: {verdict.problems[0].rstrip('.')}")
        if verdict.alternative is not None:
            clauses.append(f"under the older wording, where it is allowed, {outcome(verdict.alternative)}")
    return joined(clauses)


def _may_trash(verdict: Verdict, name: str) -> dict[str, Any]:
    """Whether a card that trashes "an Action card you would discard from play this turn" (Improve) may take
    this card at the start of this turn's Clean-up (DM17)."""
    wanted = fold(name)
    found = [i for i in verdict.instances if fold(i.label) == wanted] or \
        [i for i in verdict.instances if fold(i.card.name) == wanted]
    if not found:
        raise ScenarioError(f"“{name}” is not in the chain; name one of: "
                            f"{', '.join(i.label for i in verdict.instances)}.")
    inst = found[0]
    _, _, when = _describe(inst, verdict)
    if verdict.opponent_turn:
        allowed, why = False, "the chain was played on another player's turn, and Improve acts in your own Clean-up"
    elif not inst.in_play:
        allowed, why = False, "it is not in play"
    elif "Action" not in types_of(inst.card):
        allowed, why = False, "it is not an Action card"
    elif inst.leave.phase is Phase.DURING and inst.leave.turn == 0:
        allowed, why = False, "it has already left play before Clean-up"
    elif inst.leave.turn == 0 and inst.leave.phase is Phase.CLEAN_UP:
        allowed, why = True, f"it leaves play {when}, so it is a card you would discard from play this turn"
    else:
        allowed, why = False, f"it does not leave play this turn: it leaves {when}"
    verb = "may" if allowed else "may not"
    return {"card": inst.card.name, "label": inst.label, "allowed": allowed, "rule": "DM17", "why": why,
            "answer": f"Improve {verb} trash {inst.label} at the start of this turn's Clean-up: {why}"}


def explanation(verdict: Verdict, trash: dict[str, Any] | None = None) -> str:
    rs = verdict.ruleset
    scenario = [note for flag, note in ((verdict.extra_turn, "this turn is an extra turn"),
                                        (verdict.opponent_turn, "played on another player's turn"),
                                        (verdict.skip_next_turn, "your next turn is skipped")) if flag]
    lines = [summary(verdict, trash), "",
             " | ".join(verdict.chains) + (f" ({'; '.join(scenario)})" if scenario else ""), ""]
    lines += [_line(inst, verdict) for inst in verdict.instances]
    lines += ["", "Trace:"]
    lines += [f"{i}. {text}" for i, text in enumerate(render_steps(verdict.trace.steps), start=1)]
    if verdict.trace.interpretations:
        lines += ["", "Interpretations:"]
        lines += [f"- {note.text}" for note in verdict.trace.interpretations]
    if verdict.problems:
        lines += ["", "Not allowed under this version:"]
        lines += [f"- {p}" for p in verdict.problems]
    alt = verdict.alternative
    if alt is not None:
        lines += ["", f"Under {alt.ruleset.name} ({alt.ruleset.version}, {alt.ruleset.title}) instead:"]
        lines += [_line(inst, alt) for inst in alt.instances]
    lines += ["", f"Ruleset: Dominion {rs.name} ({rs.version}, {rs.title})."]
    return "\n".join(lines)


def verdict_json(verdict: Verdict, match: list[dict[str, Any]] | None = None,
                 may_trash: str | None = None) -> dict[str, Any]:
    """The documented `arbiter dominion --json` object (a stable public contract)."""
    alt = verdict.alternative
    trash = _may_trash(verdict, may_trash) if may_trash else None
    return {
        "summary": summary(verdict, trash),
        "may_trash": trash,
        "problem_rules": list(verdict.problem_rules),
        "assumed": assumptions(verdict),
        "chain": [card_json(inst, verdict) for inst in verdict.instances],
        "scenario": {"chains": list(verdict.chains), "skip_next_turn": verdict.skip_next_turn,
                     "extra_turn": verdict.extra_turn, "opponent_turn": verdict.opponent_turn},
        "legal": verdict.legal,
        "problems": list(verdict.problems),
        "rules": verdict.trace.rules_cited(),
        "trace": [s.as_json() for s in verdict.trace.steps],
        "interpretations": [n.as_json() for n in verdict.trace.interpretations],
        "ruleset": ruleset_json(verdict),
        "alternative": None if alt is None else {
            "ruleset": ruleset_json(alt), "chain": [card_json(inst, alt) for inst in alt.instances]},
        "match": match or [],
        "ruling_id": ruling_id(verdict),
        "explanation": explanation(verdict, trash),
    }
