"""The one sentence that opens every Grand Archive answer, in players' words: what reaches the object asked
about and what it comes to ("Inspiring Call does not reach the ally you control: it entered after the effect
resolved, ..."). Built from the verdict only; the same text is the answer's `summary` and its first line."""

from __future__ import annotations

import re
from typing import Any

from engine.rulesets.grand_archive.evaluate import Instance, ObjectAnswer, Verdict
from engine.rulesets.grand_archive.net import STATS, net_phrase


def _subject(answer: ObjectAnswer) -> str:
    obj = answer.obj
    if obj.card is not None:
        return obj.describe()
    phrase = obj.describe()
    return "the " + phrase.split(" ", 1)[1] if phrase.startswith(("a ", "an ")) else phrase


def _cards(labels: list[str]) -> str:
    names = list(dict.fromkeys(label.split(" (")[0] for label in labels))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _changes(answer: ObjectAnswer) -> list[str]:
    """What the applied effects come to: numbers as totals, then abilities, element, types and properties."""
    known = [net_phrase(stat, answer.net[stat]) for stat in STATS if stat in answer.net
             and answer.net[stat]["value"] is not None]
    unknown = [stat for stat in STATS if stat in answer.net and answer.net[stat]["value"] is None]
    found = list(known)
    if unknown:
        totals = {stat: answer.net[stat]["total"] for stat in unknown}
        moves = " and ".join(f"{stat} {'X' if n is None else format(n, '+d')}" for stat, n in totals.items())
        why = ("no card is named, so its printed values are unknown" if answer.obj.card is None
               else "the card data has no printed value")
        found.append(f"{moves} ({why})")
    written = {k: n for k, n in answer.obj.counters.items() if k in ("buff", "debuff") and n}
    if written and found:  # the totals count the counters written on it too: say so, not credit the effects
        found[-1] += " with its " + " and ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in
                                                 sorted(written.items()))
    result: dict[str, Any] = answer.result
    if result.get("counters_put"):  # their power and life are in the totals above
        n = result.get("counters_removed", 0)
        gone = f", where {n} buff and {n} debuff counter{'s' if n != 1 else ''} remove each other" if n else ""
        found.insert(0, " and ".join(result["counters_put"]) + " put on it" + gone)
    if result.get("suppressed"):  # "Suppress target ally": what other effects gave it ends as it leaves
        gone = list(dict.fromkeys(r.inst.card.name for r in answer.reaches if not r.applies and r.short ==
                                  "it left the field"))
        lost = f", so what {_join_names(gone)} gave it ends" if gone else ""
        found.insert(0, "it is " + str(result["suppressed"]) + lost)
    for put in result.get("lineage_put", []):  # "Maledictum Vitae put on the bottom of its lineage"
        card = put.removesuffix(" put on the bottom of its lineage")
        source = next((p.inst.card for p in answer.order if p.inst.read.prop == "lineage"), None)
        if source is None or source.name != card:  # other cards ("any amount of Curse cards"): not known here
            gives = " (an Inherited Effect of theirs is the champion's while they are there)"
        elif "inherited effect" in (source.text or "").lower():
            gives = ""  # its Inherited Effect is said as what reaches the champion
        else:
            gives = " and gives it no ability (it has no Inherited Effect)"
        found.insert(0, f"{put}, where it stays (a level up keeps it){gives}")
    if result.get("abilities_lost"):
        found.append(str(result["abilities_lost"]))
    if result.get("abilities"):
        found.append("has " + " and ".join(dict.fromkeys(result["abilities"])))
    if result.get("element"):
        found.append(f"is {result['element']}")
    if result.get("types"):
        found.append(f"is a {result['types']}")
    for added in result.get("types_added", []):
        found.append(f"is also {'an' if added[:1] in 'aeiou' else 'a'} {added}")
    for prop in result.get("properties", []):
        found.append(f"is {prop}")
    return found


def _counts_assumed(answer: ObjectAnswer) -> list[str]:
    """"3 durability counters on it": a count the question did not give, said where the total depends on it."""
    said: list[str] = []
    for entry in answer.net.values():
        for change in entry["changes"]:
            if change["count"] is not None and not change["count_given"] and change["counted"] \
                    and not change.get("x"):
                n = change["of"]
                said.append(f"there {'is one' if n == 1 else f'are {n}'} {change['counted']} (not given)")
            elif change.get("x") and change["count"] is not None and not change["count_given"] and change["counted"]:
                # "+X POWER, where X is the highest power stat among your omens": X was taken, never silently
                said.append(f"X is {change['count']} ({change['counted']}, not given)")
    return list(dict.fromkeys(said))


def _plain(condition: str) -> str:
    """A condition as the summary assumes it: "[Class Bonus] holds and you control a Shenju ally"."""
    parts = []
    for part in condition.split("; "):
        words = re.sub(r"^(?:for )?(?:as long as|if)\s+", "", part.strip(), flags=re.I)
        parts.append(f"{words} hold{'s' if words.count('[') == 1 else ''}" if words.startswith("[") else words)
    return " and ".join(parts)


def object_sentence(answer: ObjectAnswer) -> str:
    subject = _subject(answer)
    applying = [p.inst.label for p in answer.order]
    if applying and all(p.inst.event == "loses-abilities" for p in answer.order):
        return f"{subject} has lost all its abilities"
    if applying:
        changes = _changes(answer)
        verb = "reaches" if len({label.split(" (")[0] for label in applying}) == 1 else "reach"
        what = f": {', '.join(changes)}" if changes else ""
        assumed = list(dict.fromkeys(_plain(c) for p in answer.order if not p.inst.condition_given
                                     for c in (p.inst.assumed_requires, p.inst.assumed_condition) if c))
        assumed += list(dict.fromkeys(t for t in (_triggered(p.inst) for p in answer.order) if t))
        # qualifiers of a set the scenario cannot check ("ephemeral", "wind element", "with the chosen name")
        fits = list(dict.fromkeys(w for p in answer.order for w in p.inst.read.affected.unchecked
                                  if not (answer.obj.element and w == f"{answer.obj.element} element")))
        assumed += list(dict.fromkeys(f"it is not {p.inst.read.displaced[0]} (else “{p.inst.read.displaced[1]}”)"
                                      for p in answer.order if p.inst.read.displaced))
        if fits:
            assumed.append(f"it fits “{'”, “'.join(fits)}”")
        assumed += _counts_assumed(answer) + list(answer.result.get("counters_assumed", []))
        # "If that ally is a Shenju, ...": the target was written without it, so it is taken not to be one
        assumed += list(dict.fromkeys(r.inst.assumed_not for r in answer.reaches if r.inst.assumed_not
                                      and not r.inst.condition_given))
        kinds = list(dict.fromkeys(r.assumed for r in answer.reaches if r.applies and r.assumed))
        if kinds:  # "token:shadow": its card type was not written
            assumed.append(f"it is {' and '.join(('an ' if k[:1] in 'aeiou' else 'a ') + k for k in kinds)}")
        if assumed:
            what += f", assuming {' and '.join(assumed)}"
        return f"{_cards(applying)} {verb} {subject}{what}"
    missing = [r for r in answer.reaches if not r.applies]
    if missing:
        first = missing[0]
        return f"{_cards([first.inst.label])} does not reach {subject}: {first.short or first.why}"
    return f"no effect of the scenario could reach {subject}"


def _unreached(sentence: str, answer: ObjectAnswer, verdict: Verdict) -> str:
    """"no effect of the scenario could reach the ally you control" says which set the effects cover instead
    (“your champion's attacks”), so a player sees why."""
    if answer.reaches or not sentence.startswith("no effect of the scenario could reach"):
        return sentence
    sets = list(dict.fromkeys(f"{i.card.name} covers “{i.read.affected.text}”" for i in verdict.instances
                              if not i.event and i.read.affected.text and not i.read.affected.self_only
                              and i.read.layer != "-" and i.read.affected.text != "the game"))[:2]
    return sentence + (f": {' and '.join(sets)}" if sets else "")


# a triggered ability waiting for something that the question does not say happened
_WAITING = re.compile(r"^(?:whenever|when|at the beginning of|at the end of|on foster|on kill|on death|on hit|"
                      r"on champion hit|on charge|on level up)\b", re.I)


def _triggered(inst: Instance) -> str:
    """"its trigger (“Whenever another Animal and/or Beast ally …”) happened": a triggered ability's effect is
    answered as if it triggered, and the first line says so."""
    words = inst.read.origin_words.strip().rstrip(":")
    if inst.read.origin.value != "resolved ability" or not _WAITING.match(words):
        return ""
    short = " ".join(words.split()[:6]) + ("…" if len(words.split()) > 6 else "")
    return f"its trigger (“{short}”) happened"


def _join_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _effect_state(inst: Instance) -> str:
    """"Devotion's Price: you can't draw cards, in effect until the end phase's clean-up"."""
    read = inst.read
    what = read.change if read.layer == "-" else f"puts {read.change} on {read.affected.text[:1].lower()}" \
        f"{read.affected.text[1:]}" if read.counter_kind else f"{read.change} for {read.affected.text}"
    state = {"active": "in effect", "ended": f"ended ({inst.status_why})", "off": f"off ({inst.status_why})",
             "not-started": f"not started yet ({inst.status_why})"}.get(inst.status, inst.status)
    conds = [_plain(c) for c in (inst.assumed_requires, inst.assumed_condition) if c] + \
        [t for t in (_triggered(inst),) if t]
    if conds and inst.status == "active" and not inst.condition_given:  # assumed aloud, never silently true
        state += f", assuming {' and '.join(dict.fromkeys(conds))}"
    return f"{inst.card.name}: {what}, {state}"


def _unread_clause(verdict: Verdict) -> str:
    """"; not read: “Switch the power and life …” (Resonating Fugue)": text asked about that the answer leaves out."""
    if not verdict.unread:
        return ""
    card, _, sentence = verdict.unread[0]
    short = sentence if len(sentence) <= 60 else sentence[:59].rstrip() + "…"
    more = f" and {len(verdict.unread) - 1} more" if len(verdict.unread) > 1 else ""
    return f"; not read, so not in this answer: “{short}” ({card}){more}"


def summary(verdict: Verdict) -> str:
    if not verdict.objects:
        shown = [i for i in verdict.instances if not i.event][:2]
        if not shown:
            return "No effect starts and no object was asked about" + _unread_clause(verdict) + "."
        return "; ".join(_effect_state(i) for i in shown) + " (no object was asked about)" + \
            _unread_clause(verdict) + "."
    asked = [a for a in verdict.objects if a.obj.asked] or verdict.objects
    # one sentence: the objects asked about that an effect could reach first, then an effect's own source it
    # reaches, then objects nothing could reach (such as a champion written only for its counters); at most three
    reached = sorted((a for a in asked if a.reaches), key=lambda a: not a.order)  # what changes it first
    sources = [a for a in verdict.objects if a not in asked and a.order]
    shown = (reached + sources + [a for a in asked if not a.reaches])[:3]
    rules = [i for i in verdict.instances if i.read.layer == "-" and i.read.prop not in ("lineage", "zone")
             and not i.event][:2]
    # an object reached only by rules said below ("Ominous Shadow may only declare attacks ...") is said once, there
    told = [a for a in shown if not (a.order and all(p.inst in rules for p in a.order))]
    sentence = "; ".join(_unreached(object_sentence(a), a, verdict) for a in told)
    if rules:  # a rule of the game reaches no object: say what it is doing
        sentence += ("; " if sentence else "") + "; ".join(_effect_state(i) for i in rules)
    others = len(verdict.objects) - len(shown)
    if others:
        sentence += f" (and {others} more object{'s' if others > 1 else ''} below)"
    sentence = sentence.rstrip(".") + _unread_clause(verdict)
    sentence = sentence[0].upper() + sentence[1:]
    return sentence if sentence.endswith((".", '."', ".”")) else sentence + "."
