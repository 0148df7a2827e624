"""The one sentence that opens every Grand Archive answer, in players' words: what reaches the object asked
about and what it comes to ("Inspiring Call does not reach the ally you control: it entered after the effect
resolved, ..."). Built from the verdict only; the same text is the answer's `summary` and its first line."""

from __future__ import annotations

import re
from typing import Any

from engine.plain_words import MAX_WORDS, cut, joined, quoted
from engine.rulesets.grand_archive.cardinfo import is_permanent, paragraphs_of
from engine.rulesets.grand_archive.effects import Form
from engine.rulesets.grand_archive.evaluate import Instance, Instead, ObjectAnswer, OneTime, Verdict
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
    if result.get("counters_give_no"):  # official "Counters", Buff 2: no stat is made for a counter to change
        lacks = " or ".join(result["counters_give_no"])
        found.append(f"its counters stay on it but give it no {lacks}: it has no such stat")
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
    if result.get("abilities"):  # a quoted ability is cut at a word (the whole text is in the lines below)
        found.append("has " + " and ".join(dict.fromkeys(
            f"“{cut(a.strip(chr(8220) + chr(8221) + chr(34) + '.'), 60)}”" if a[:1] in "“\"" else
            "hindered (it enters the field rested)" if a == "hindered" else a  # (the glossary's reminder)
            for a in result["abilities"])))
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
        what = ""
        if first.inst.status in ("off", "ended") and first.inst.read.change and first.inst.read.layer != "-":
            what = f" ({cut(first.inst.read.change, 40)})"  # which effect is off or over: "(+2 POWER)"
        return f"{_cards([first.inst.label])} does not reach {subject}{what}: {first.short or first.why}"
    return f"no effect of the scenario could reach {subject}"


def one_time_clauses(once: OneTime) -> list[str]:
    """"Twisted Verdict happens at once as it resolves (“Target opponent looks at …”), and nothing of it lasts":
    a card whose text makes no continuous effect, answered in players' words (GA16)."""
    quote = f" (“{cut(once.words.rstrip('.'), 60)}”)" if once.words else ""
    exalted = [] if not once.exalted else [
        "its Exalted element is enabled for you only as long as you have another advanced element enabled (a rule "
        "for activating it, not an effect of it)" if once.exalted_given is None else
        f"its Exalted element is enabled for you from moment {once.exalted_given[1]} (you have another advanced "
        "element enabled, as the question says)" if once.exalted_given[0] else
        f"its Exalted element is no longer enabled for you from moment {once.exalted_given[1]} (you no longer have "
        "another advanced element enabled, as the question says); that does not undo what it already did"]
    floating = next((k for k in once.keywords if re.search(r"\bfloating memory\b", k, re.I)), "")
    if floating and not once.words and len(once.keywords) == 1:  # the paragraph asked is that keyword alone
        return [_floating(once.card, floating, once), "no effect of it lasts", *exalted]
    if once.apart and not once.words:
        return _one_time(once, quote)
    if once.class_gate and once.class_all and once.class_met is False:  # KW Class Bonus: its text is ignored
        return [f"{once.card} does not do “{cut(once.class_gate, 60)}” as it resolves{_class_said(once)}",
                "nothing of it happens or lasts"]
    clauses = _one_time(once, quote)
    if once.class_gate and clauses and " happens at once" in clauses[0]:
        said = _class_said(once)
        head, _sep, rest = clauses[0].partition("; ")
        if not once.class_all:  # the class part first, so the first line says it; what else it does after
            part = "its [Class Bonus] part"
            said = f", but not {part} ({once.class_why})" if once.class_met is False else \
                f", {part} included ({once.class_why})" if once.class_met else \
                f", {part} assumed to hold (your champion's class is not given)"
            head = head.replace(quote, "", 1) + said
            clauses[1:1] = [f"it does{quote.replace(' (', ' ', 1).rstrip(')')}" if quote else "",
                            f"its [Class Bonus] part is “{cut(once.class_gate, 40)}”"]
        elif quote and quote in head:  # the class first, then the words: the first line keeps both
            head = head.replace(quote, said + quote, 1)
            said = ""
        clauses[0] = head + (said if once.class_all else "")
        if rest:  # its own clause, so the sentence stays short
            clauses.insert(1, rest)
    return clauses + [_instead_clause(alt) for alt in once.instead] + [once.cost] * bool(once.cost) + (
        [_floating(once.card, floating)] if floating else []) + exalted


def _class_said(once: OneTime) -> str:
    """How a one-time "[Class Bonus]" is decided: by the champion's class given, else said as assumed."""
    if once.class_met is None:
        return ", [Class Bonus] assumed to hold (your champion's class is not given)"
    if once.class_met:
        return f", as [Class Bonus] holds: {once.class_why}"
    return f", as [Class Bonus] does not hold: {once.class_why}"


def _floating(card: str, keyword: str, once: OneTime | None = None) -> str:
    """"[Class Bonus] Floating Memory": a standing ability the card has in its owner's graveyard (used while paying a
    memory cost), not something that happens as it resolves. Its [Class Bonus] decided by the champion's class or
    by condition-true/false (KW Class Bonus: its text is ignored in every zone while it does not hold)."""
    labels = re.findall(r"\[[^\]]+\]", keyword)
    if once is not None and once.class_gate and once.class_met is not None and labels == ["[Class Bonus]"]:
        if not once.class_met:
            return f"in your graveyard {card} does not have Floating Memory, as [Class Bonus] does not hold: " \
                   f"{once.class_why}"
        return f"in your graveyard {card} has Floating Memory, as [Class Bonus] holds: {once.class_why}; while you " \
               "pay a memory cost you may banish it to pay 1 of that cost"
    when = f", assuming {' '.join(labels)} {'holds' if len(labels) == 1 else 'hold'}" if labels else ""
    return f"in your graveyard {card} has Floating Memory: while you pay a memory cost you may banish it to pay 1 " \
           f"of that cost{when}"


def _instead_clause(alt: Instead) -> str:
    """"Lurking Assailant has stealth, so it does “deal 4 damage to it” instead": an "If ..., ... instead" of a
    one-time text, decided by the question or said with both outcomes (never its first words alone)."""
    words = quoted(alt.words, 50)
    if alt.met is None:
        return f"if {alt.requires}, it does {words} instead (the question does not say whether it does)"
    if alt.met:
        return f"{alt.why}, so it does {words} instead"
    return f"{alt.why}, so it does not do {words} instead"


def _one_time(once: OneTime, quote: str) -> list[str]:
    if once.apart and not once.words:  # beside the card's lasting effects: only its ability's cost rule to say
        return [once.cost.replace("activating it ", f"activating {once.card}'s ability ", 1)] if once.cost else []
    if once.apart:  # beside the card's lasting effects: what else it does at once
        return [f"as it {once.how}, {once.card} also does {quoted(once.words.rstrip('.'), 60)} at once"]
    if not once.keywords and not once.words:  # a card printed without rules text (a vanilla ally, a token)
        return [f"{once.card} has no rules text: nothing of it is an effect that lasts, so there is no duration to "
                "follow"]
    if once.keywords and not once.words and not once.permanent:  # "Recover 4.", "Gather.": done as it resolves
        return [f"{once.card} happens at once as it resolves (“{cut(once.keywords[0], 60)}”); no effect of it "
                "lasts, and what it did stays done"]
    if once.keywords and not once.words and once.permanent and all(_IMBUE.match(k) for k in once.keywords):
        return []  # "Imbue 2": whether it stays imbued is said by _imbued
    if once.keywords and not once.words:
        return [f"{once.card} has only keywords ({cut(', '.join(once.keywords), 60)}): they say how it is paid for "
                "or used, and none of them makes an effect that lasts"]
    if not once.permanent and once.how == "triggers":  # an attack's "On Champion Hit: ...", an action's trigger
        return [f"{once.card}'s ability happens at once when it triggers{quote}; no effect of it lasts, and what it "
                "did stays done"]
    if not once.permanent and once.later[0]:  # "At the beginning of the next end phase, discard your hand."
        return [f"{once.card} happens at once as it resolves{quote}, and “{cut(once.later[1], 50)}” waits for the "
                f"beginning of {once.later[0]}, then happens once", "no effect of it lasts, and what it did stays done"]
    if not once.permanent:
        return [f"{once.card} happens at once as it resolves{quote}; no effect of it lasts, and what it did stays "
                "done"]
    where = "is your champion" if once.champion else "stays on the field"
    return [f"{once.card}'s ability happens at once each time it {once.how}{quote}; no effect of it lasts, and "
            "what it did stays done",
            f"the ability itself is there while {once.card} {where}"]


_IMBUE = re.compile(r"^(?:\[[^\]]+\]\s*)*imbue \d", re.I)


def _imbued(verdict: Verdict) -> list[str]:
    """"Imbue 2 (... this card becomes imbued)" on a card that stays on the field: being imbued is a property of the
    object with no duration (Imbue keyword), so it lasts while the object stays on the field (the end of the turn
    does not end it) and is gone when it leaves (it would come back a new object). Whether it was imbued as it was
    activated is the question's to say: said as an assumption."""
    events = [label.split(" then ", 1)[1] for label in verdict.moments if " then " in label]
    names = [o.card for o in verdict.one_time if o.permanent and any(_IMBUE.match(k) for k in o.keywords)]
    if events:  # a whole card asked with what happens next ("... --then end-of-turn"): is it still imbued
        names += [i.card.name for i in verdict.instances if not i.event and is_permanent(i.card)
                  and any(_IMBUE.match(p) for p in paragraphs_of(i.card))]
    out = []
    for card in dict.fromkeys(names):
        left = any(e.split(":", 1)[-1].strip() == card for e in events if e.startswith(("leaves:", "source-leaves:")))
        if left:
            out.append(f"{card} is no longer imbued: it left the field, and if it comes back it is a new object "
                       "that is not imbued")
            continue
        turn = ", the end of the turn included" if any(e.startswith("end-of-turn") for e in events) else ""
        out.append(f"{card} stays imbued while it stays on the field{turn}, as being imbued has no duration; this "
                   "assumes it became imbued as it was activated")
    return out[:1]


def _unreached(sentence: str, answer: ObjectAnswer, verdict: Verdict) -> str:
    """"no effect of the scenario could reach the ally you control" says which set the effects cover instead
    (“your champion's attacks”), so a player sees why."""
    if not answer.reaches and verdict.one_time and not verdict.instances:  # what happened at once is done
        have = _changes(answer)  # counters written on it still count ("with its 1 buff counter")
        return f"no lasting effect reaches {_subject(answer)}" + (f"; it has {', '.join(have)}" if have else "")
    watched = answer.result.get("counters_on_entering")
    if watched and isinstance(watched, dict) and not any(r.applies for r in answer.reaches):
        if all(what.startswith("gets ") for what in watched.values()):  # an attack declared while a watcher lasted
            return " and ".join(f"{_subject(answer)} {what} from {card}, declared while it lasted"
                                for card, what in watched.items())
        by = " and ".join(f"{card} put {what} on {_subject(answer)} as it entered" for card, what in watched.items())
        return by + "; what it put stays after that effect ends"
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
    if not names:
        return ""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _as_opponent(words: str) -> str:
    """A card's words when an opponent controls it: "you may pay (0) rather than pay ..." is "your opponent may pay
    (0) rather than pay ...", "your champion" is "their champion"."""
    words = re.sub(r"\byours\b", "theirs", re.sub(r"\byour\b", "their", words))
    words = re.sub(r"\byou (control|don't control)\b", r"they \1", words)
    return re.sub(r"\byou\b", "your opponent", words)


_LASTS = {Form.END_OF_TURN: "until end of turn", Form.NEXT_TURN_START: "until the beginning of your next turn",
          Form.NEXT_TURN_END: "until the end of your next turn", Form.END_OF_ATTACK: "for this attack",
          Form.DURING_NEXT_TURN: "during your next turn"}


def _effect_state(inst: Instance, to: str = "") -> list[str]:
    """["Devotion's Price applies: you can't draw cards", "this assumes ..."]: whether the effect applies (has
    ended, is off, has not started) and what it does, then what that assumes. `to`: the objects asked about that
    the rule is for ("Spellshield: Arcane applies to the champion you control: the next time damage would be dealt
    to your champion ..."): a prevention naming its object reaches that object."""
    read = inst.read
    affected = read.affected.text.strip()
    if read.layer == "-" or not affected:
        what = read.change
    elif read.counter_kind:
        what = f"puts {read.change} on {affected[:1].lower()}{affected[1:]}"
    else:
        what = f"{read.change} for {affected}"
    lasts = _LASTS.get(read.form, "")
    if lasts and inst.status == "active" and not re.search(r"\buntil\b|\bthis turn\b|\bnext turn\b|\bthis attack\b",
                                                           what, re.I):
        what += f" {lasts}"  # a rule's stated length, so a player reads until when ("until your next turn")
    if inst.controller == "opponent":  # the card's "you" is its controller: the opponent of the one asking
        what = _as_opponent(what)
    state = {"active": "applies", "ended": f"has ended ({inst.status_why})", "off": f"is off ({inst.status_why})",
             "not-started": f"has not started yet ({inst.status_why})"}.get(inst.status, inst.status)
    if to and inst.status == "active":
        state += f" to {to}"
    if what.startswith(f"{inst.card.name} ") and inst.status == "active" and not to:  # a card's own rule says itself:
        out = [cut(what, 180)]                                               # "Mechanized Smasher can't be used …"
    else:
        if what.startswith(f"{inst.card.name} "):  # "Seed of Nature has ended (…): it enters the field rested"
            what = "it" + what[len(inst.card.name):]
        out = [f"{inst.card.name} {state}: {cut(what, 180)}"]
    conds = [_plain(c) for c in (inst.assumed_requires, inst.assumed_condition) if c] + \
        [t for t in (_triggered(inst),) if t]
    if conds and inst.status == "active" and not inst.condition_given:  # assumed aloud, never silently true
        out.append(f"this assumes {' and '.join(dict.fromkeys(conds))}")
    return out


def _unread_clause(verdict: Verdict) -> str:
    """"; not read: “Switch the power and life …” (Resonating Fugue)": text asked about that the answer leaves out."""
    if not verdict.unread:
        return ""
    card, label, sentence = verdict.unread[0]
    short = cut(sentence, 60)
    more = f" and {len(verdict.unread) - 1} more" if len(verdict.unread) > 1 else ""
    return f"; not read, so not in this answer: “{short}” ({card}, paragraph {label}){more}"


def _shortened(clauses: list[str]) -> list[str]:
    """A clause too long for one sentence says what it assumes in a clause of its own ("…; this assumes …")."""
    out = []
    for clause in clauses:
        head, sep, assumed = clause.partition(", assuming ")
        if sep and len(clause.split()) >= MAX_WORDS - 2:
            out += [head, f"this assumes {assumed}"]
        else:
            out.append(clause)
    return out


def _numbered(told: list[ObjectAnswer], verdict: Verdict) -> list[str]:
    """Each object's sentence; objects that read alike ("the ally you control") are told apart by the number they
    are asked with ("the ally you control (#2)"), and objects with the same answer are said once ("(#1, #2 and #3)")."""
    asked = sorted((a.obj for a in verdict.objects if a.obj.asked), key=lambda o: o.written)
    rank = {o.id: n for n, o in enumerate(asked, start=1)}
    alike: dict[str, int] = {}
    for o in asked:
        alike[o.describe()] = alike.get(o.describe(), 0) + 1
    said: dict[str, list[int]] = {}
    for a in told:
        sentence = _unreached(object_sentence(a), a, verdict)
        subject = _subject(a)
        if a.obj.asked and alike.get(a.obj.describe(), 0) > 1 and subject in sentence:
            said.setdefault(sentence, []).append(rank[a.obj.id])
        else:
            said.setdefault(sentence, [])
    out = []
    for sentence, ranks in said.items():
        subject = next((_subject(a) for a in told if _subject(a) in sentence), "")
        if ranks and subject:
            marks = ", ".join(f"#{r}" for r in ranks[:-1]) + (" and " if len(ranks) > 1 else "") + f"#{ranks[-1]}"
            sentence = sentence.replace(subject, f"{subject} ({marks})", 1)
        out.append(sentence)
    return out


def _chosen_orders(asked: list[ObjectAnswer]) -> list[str]:
    """"Proof of Life and Fleeting Guard both change the damage to the champion you control: you (its controller)
    choose which applies first": replacement effects of one event are ordered by a player's choice (GA17)."""
    out = []
    for a in asked:
        events: dict[str, list[str]] = {}
        for p in a.order:
            if p.chosen:
                events.setdefault(p.chosen, []).append(p.inst.card.name)
        for event, cards in events.items():
            who = "you (its controller) choose" if a.obj.controller == "you" else "your opponent (its controller) " \
                                                                                  "chooses"
            names = _join_names(list(dict.fromkeys(cards)))
            what = f"the {event} to" if event == "damage" else f"{event} of"
            out.append(f"{names} {'both ' if len(cards) == 2 else ''}change {what} {_subject(a)}: {who} which "
                       "applies first, one at a time, whatever their timestamps")
    return out[:1]


def _marked(answer: ObjectAnswer, asked: list[ObjectAnswer]) -> str:
    """"Grand Crusader's Ring (#1)" when two objects asked about read alike."""
    order = sorted((a.obj for a in asked if a.obj.asked), key=lambda o: o.written)
    alike = [o for o in order if o.describe() == answer.obj.describe()]
    if len(alike) < 2 or answer.obj not in order:
        return _subject(answer)
    return f"{_subject(answer)} (#{order.index(answer.obj) + 1})"


def _waiting(instances: list[Instance]) -> list[str]:
    """"Spellward Scepter waits for the next card you activate this turn, which the question does not name": a
    "next ..." effect that reaches nothing yet is said as waiting, never as reaching nothing."""
    return [f"{i.card.name} waits for {_lower_first(i.read.affected.text)}, which the question does not name"
            for i in instances if i.status == "active" and i.read.affected.next_only
            and not i.read.affected.attacks_of][:1]


def _lower_first(words: str) -> str:
    return words[:1].lower() + words[1:] if words[:2] != words[:2].upper() else words


def _obeys(answer: ObjectAnswer) -> str:
    """"Gray Wolf won't obey you: your champion is level 1 (1 as written)": what its pride decides."""
    said = answer.result.get("obeys")
    if not isinstance(said, dict):
        return ""
    whom = "you" if answer.obj.controller == "you" else "your opponent"
    subject = _subject(answer)
    if said["obeys"] is None:
        return f"{subject} won't obey {whom} unless {'your' if whom == 'you' else 'their'} champion is level " \
               f"{said['pride']} or higher (pride {said['pride']}), which the question does not say"
    verb = "obeys" if said["obeys"] else "won't obey"
    return f"{subject} {verb} {whom} (pride {said['pride']}): {said['why']}"


def summary(verdict: Verdict) -> str:
    """Clauses in players' words, joined into sentences of under 40 words (engine.plain_words.joined)."""
    once = _imbued(verdict) + [c for o in verdict.one_time[:2] for c in one_time_clauses(o)]
    once += [f"{n.id.split(':', 1)[1]} leaving the field ends nothing: what it did stays" for n in
             verdict.interpretations if n.id.startswith("one-time-leaves:")]
    if not verdict.objects:
        shown = [i for i in verdict.instances if not i.event][:2]
        if not shown and once:
            return joined(once)
        if not shown:
            return joined(["No effect starts and no object was asked about" + _unread_clause(verdict)])
        return joined([*once, *(c for i in shown for c in _effect_state(i)), *_waiting(shown),
                       "no object was asked about" + _unread_clause(verdict)])
    asked = [a for a in verdict.objects if a.obj.asked] or verdict.objects
    # the objects asked about that an effect could reach first, then an effect's own source it reaches, then
    # objects nothing could reach (such as a champion written only for its counters); at most three
    reached = sorted((a for a in asked if a.reaches), key=lambda a: not a.order)  # what changes it first
    sources = [a for a in verdict.objects if a not in asked and a.order]
    shown = (reached + sources + [a for a in asked if not a.reaches])[:3]
    rules = [i for i in verdict.instances if i.read.layer == "-" and i.read.prop not in ("lineage", "zone")
             and not i.event and not (i.status == "off" and i.read.mode and "mode was not chosen" in i.status_why)
             ][:2]  # (a mode not chosen is said in the interpretations, not as the answer)
    # an object reached only by rules said below ("Ominous Shadow may only declare attacks ...") is said once, there
    told = [a for a in shown if not (a.order and all(p.inst in rules for p in a.order))]
    once = _chosen_orders(asked) + once  # which of two replacements applies first: the answer to such a question
    clauses = once + _numbered(told, verdict)
    # a rule of the game reaches no object: what it does; a rule for objects asked about says it is for them
    ruled = [c for i in rules for c in _effect_state(i, _join_names([
        _marked(a, asked) for a in asked if (a.obj.card is None or i.read.affected.next_only)
        and any(p.inst is i for p in a.order)]))]
    # "the next card you activate": the one it reaches is the answer, said before the ones it does not reach
    nexts = [c for c in ruled if " applies to " in c and any(i.read.affected.next_only for i in rules)]
    clauses = once + nexts + clauses[len(once):] + [c for c in ruled if c not in nexts]
    clauses += _waiting([i for i in verdict.instances if not i.event and i.read.affected.next_only
                         and not any(p.inst is i and p.applies for a in asked for p in a.reaches)])
    others = [a for a in verdict.objects if a not in shown]
    if len(others) == 1 and others[0].obj.card is not None and others[0].reaches and not others[0].order:
        clauses.append(object_sentence(others[0]))  # its own effect is over or off: "(+2 POWER): it left the field"
    elif others:  # named when there is one ("Seed of Nature itself is answered below"), counted when more
        clauses.append(f"{_subject(others[0])} itself is answered below" if len(others) == 1 and
                       others[0].obj.card is not None else f"{len(others)} more objects are answered below")
    clauses += [c for a in told for c in [_obeys(a)] if c]
    clauses += verdict.said_first  # how the scenario's order was read ("taken to have been on the field before")
    unread = _unread_clause(verdict).removeprefix("; ")
    if unread:  # a clause of its own, so a long answer is split before it rather than run on
        clauses.append(unread)
    return joined(_shortened(clauses))
