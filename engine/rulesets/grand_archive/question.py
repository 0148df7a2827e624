"""The Grand Archive question as the generic front ends ask it: its inputs, its answer and how a chat shows it.

`arbiter grand-archive` and `/grand-archive ruling` are built from PARAMS by bot/. On the command line the
moments keep the order they were typed in (`sequence="moments"`); in Discord, where options have no order, the
objects in `object` are on the field first (what a player means by "my ally is on the field and X resolves"), then
every effect, then the objects in `later` (they enter after the effects), then the events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.interface import Field, Lookup, Param, Presentation, QuestionError
from engine.rulesets.grand_archive.evaluate import evaluate
from engine.rulesets.grand_archive.render import verdict_json
from engine.rulesets.grand_archive.rules import VERSIONS
from engine.rulesets.grand_archive.scenario import EVENTS, OBJECT_KINDS, parse_moments

HELP = f"""\
A scenario is an ordered list of moments; each one's position is its timestamp:
  --effect "CARD"          the card's continuous effect starts now (its object enters, or it resolves);
                           "CARD#2" its second paragraph, "CARD@opponent" the opponent controls it,
                           "CARD -> TARGET" its target (an object as written, #1, or an earlier card)
  --object "WHAT"          an object we ask about enters now: a card name, or a kind with :subtype, @zone and
                           :opponent, e.g. ally:automaton, token:ally:shadow, attack@graveyard,
                           card@memory:opponent, champion; kinds: {', '.join(OBJECT_KINDS[:7])},
                           {', '.join(OBJECT_KINDS[7:])}
  --then EVENT             {', '.join(EVENTS[:4])},
                           {', '.join(EVENTS[4:])}
  --count "WHAT=N"         how many of what a "for each" or an X counts (else one is assumed and said),
                           e.g. --count "wind element omen you have=2"
An object may carry counters: "ally[buff=2]", "Quadrille's Gryphon[buff=1, debuff=1]"; "CARD x3" is three
copies, one after the other.
"A & B" (effects or objects): at the same moment, one timestamp. "A; B": one after the other.
Objects written before any effect were there first; an object written after an effect enters after it,
except the one written right after an effect that needs a target and has none before it: that one is taken as
its target, there first (said in the answer). Attacks and actions written with no zone are activated then.
Examples:
  arbiter grand-archive --effect "Inspiring Call" --object ally
  arbiter grand-archive --effect "Claude, Fated Visionary" --object ally:automaton
  arbiter grand-archive --effect "Nullifying Lantern" --object card@graveyard
                        --then "loses-abilities:Nullifying Lantern"
rulesets: current (official rules: dependencies override timestamps), previous (2024 revision: no dependencies)"""

SEQUENCE = "moments"
PARAMS = (
    Param("effect", "Card(s) whose effect starts, in order, separated by ; (e.g. Inspiring Call; Claude#2)",
          repeat=True, cli_flag="--effect", metavar="CARD", card_names=True, separators=";",
          sequence=SEQUENCE),
    # Discord: "object" is on the field when the effects start; "later" enters after them. On the command line
    # --object enters where it is typed (before or after an --effect).
    Param("object", "Objects on the field when the effects start, separated by ; (e.g. ally:automaton; weapon)",
          repeat=True, cli_flag="--object", metavar="WHAT", sequence=SEQUENCE),
    Param("later", "Objects that enter after the effects, separated by ; (e.g. ally; attack)",
          surfaces=frozenset({"discord"})),
    Param("then", "Events after everything else, separated by ; (e.g. end-of-turn; source-leaves:Claude)",
          repeat=True, cli_flag="--then", metavar="EVENT", sequence=SEQUENCE),
    Param("count", "How many of what a “for each” counts, separated by ; (e.g. wind element omen you have=2)",
          repeat=True, cli_flag="--count", metavar="WHAT=N"),
)


def parse_counts(values: list[str]) -> dict[str, int]:
    """{what is counted: how many} from "WHAT=N" values."""
    counts: dict[str, int] = {}
    for value in values:
        what, sep, n = value.rpartition("=")
        if not sep or not what.strip() or not n.strip().isdigit():
            raise QuestionError(f"“{value}” is not a count; write what is counted, “=”, and a whole number, e.g. "
                                "“fire cards in your graveyard=3”.")
        counts[" ".join(what.split())] = int(n)
    return counts


def _values(value: Any) -> list[str]:
    if value is None:
        return []
    items = [value] if isinstance(value, str) else list(value)
    if isinstance(value, str):  # Discord: one text, several values separated by ";"
        items = value.split(";")
    return [v.strip() for v in items if v and v.strip()]


def moment_pairs(inputs: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(kind, text) in scenario order: as typed on the command line, else before/effect/object/then."""
    typed = inputs.get(SEQUENCE)
    if typed:  # each value may hold several, separated by ";" (as in Discord)
        return [(str(name), part) for name, text in typed for part in _values(str(text))]
    # Discord: on the field first, then the effects, then what enters later, then the events ("before" is the
    # option's earlier name, kept for saved commands)
    return [("object" if name in ("before", "later") else name, text)
            for name in ("before", "object", "effect", "later", "then") for text in _values(inputs.get(name))]


class GrandArchiveQuestion:
    command = "ruling"
    description = "Which continuous effects reach an object, in what order they apply, how long each lasts"
    cli_description = ("Grand Archive continuous effects: which effects reach each object (one-shot or static set), "
                       "their layer and timestamp, the order they apply in, and their status after the events, with "
                       "the rules (GA1-GA16) that decide it.")
    group_description = "Grand Archive: continuous effects, layers, timestamps and durations"
    epilog = HELP
    typed_order = staticmethod(moment_pairs)  # a question asked in Discord, written as the command line's order
    version_help = "current (official rules, with dependencies) or previous (2024 revision: no dependency rule)"
    params = PARAMS
    # Worked examples (engine.interface.examples_of): inputs as the front ends pass them (the seed's GA1 and GA2).
    examples = (
        {"effect": ["Inspiring Call"], "object": ["ally"]},
        {"effect": ["Claude, Fated Visionary"], "object": ["ally:automaton"]},
    )

    def answer(self, inputs: Mapping[str, Any], lookup: Lookup, version: str) -> dict[str, Any]:
        if version not in VERSIONS:
            raise QuestionError(f"Unknown ruleset {version!r}; valid: {', '.join(VERSIONS)}.")
        moments = parse_moments(moment_pairs(inputs))
        annotations = getattr(lookup, "annotations", None)
        counts = parse_counts(_values(inputs.get("count")))
        verdict = evaluate(moments, lookup, annotations if annotations is not None else (lambda card: ()), version,
                           counts)
        return verdict_json(verdict)

    def present(self, answer: Mapping[str, Any]) -> Presentation:
        fields = []
        for obj in answer["objects"]:
            for entry in obj["effects"]:
                lead = (f"{'applies' if entry['applies'] else 'does not apply'} · {entry['kind']} · layer "
                        f"{entry['layer']} · t{entry['timestamp']} · {entry['status']}")
                fields.append(Field(name=f"{obj['object']} ← {entry['card']}", lead=lead, rules=tuple(entry["rules"]),
                                    text=f"{entry['why']}. Ends: {entry['ends_on']}."))
            if obj["order"]:
                fields.append(Field(name=f"{obj['object']}: order", lead=" → ".join(obj["order"]), rules=("GA5", "GA6"),
                                    text="; ".join(f"{r['card']}: {r['reason']}" for r in obj["order_reasons"])))
        if not answer["objects"]:  # rules of the game, or effects asked about without an object
            for entry in answer.get("effects", [])[:10]:
                layer = f"layer {entry['layer']}" if entry["layer"] != "-" else "no layer"
                fields.append(Field(name=entry["card"], lead=f"{entry['kind']} · {layer} · t{entry['timestamp']} · "
                                                             f"{entry['status']}",
                                    rules=tuple(entry["rules"]), text=f"{entry['change']}. Ends: {entry['ends_on']}."))
        for once in answer.get("one_time", [])[:3]:  # a card whose text happens at once (GA16)
            what = (f"“{once['words']}” happens when it {once['happens']}" if once["words"] else
                    f"keywords only ({', '.join(once['keywords'])})" if once["keywords"] else "no rules text")
            fields.append(Field(name=once["card"], lead="happens at once · no continuous effect", rules=("GA16",),
                                text=f"{what}; no effect of it lasts (what it did stays done), so no duration, "
                                     "layer or timestamp applies."))
        if len(answer["order"]) > 1:  # every effect together: a dependency can tie effects on different objects
            fields = fields[:19]
            fields.append(Field(name="All active effects, in order", lead=" → ".join(answer["order"]),
                                rules=("GA5", "GA6", *(("GA10",) if "GA10" in answer["rules"] else ())),
                                text="; ".join(f"{r['card']}: {r['reason']}" for r in answer["order_reasons"])))
        rs = answer["ruleset"]
        return Presentation(title="Grand Archive: continuous effects", summary=answer["summary"],
                            fields=tuple(fields[:20]),
                            footer=f"Grand Archive ruleset {rs['name']} {rs['version']} · Ruling {answer['ruling_id']}")


QUESTION = GrandArchiveQuestion()
