"""Words and JSON for the two L5R answers, rendered from the engine's data and trace only."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from engine.cards import Card
from engine.plain_words import quoted, too_long
from engine.rulesets.l5r.durations import read_terms
from engine.rulesets.l5r.items import split_effects
from engine.rulesets.l5r.lifetime import (
    CONDITION,
    DEFAULT_TURN,
    DELAYED_KINDS,
    LASTING,
    LOOP,
    OWN_ENTRY,
    Lifetime,
    puts_into_play,
)
from engine.rulesets.l5r.moment import Comparison
from engine.rulesets.l5r.order import Ordering, Scenario
from engine.rulesets.l5r.parts import PERIOD_FORMS, STANDING_LEAD, Part
from engine.rulesets.l5r.rules import FINAL_RULES, GAME, RULES, VERSIONS
from engine.trace import Trace, render_steps

ALL_RULES = {**RULES, **FINAL_RULES}


def ruling_id(prefix: str, key: Any, version: str = "current") -> str:
    """The same question under the same ruleset version always gets the same id (judges cite it)."""
    digest = hashlib.sha256(json.dumps([GAME, VERSIONS[version].version, key], sort_keys=True).encode())
    return f"{prefix}-" + digest.hexdigest()[:10].upper()


def ruleset_json(version: str = "current") -> dict[str, str]:
    return VERSIONS[version].as_json()


def card_notes(cards: Iterable[Card]) -> list[dict[str, Any]]:
    """The Oracle's erratum and notes of the cards an answer names (shown with the card, never dropped)."""
    out, seen = [], set()
    for card in cards:
        if card.name in seen:
            continue
        seen.add(card.name)
        erratum, notes = card.extra.get("erratum", ""), card.extra.get("notes", "")
        if erratum or notes:
            out.append({"card": card.name, "erratum": erratum.split("\n") if erratum else [],
                        "notes": notes.split("\n") if notes else []})
    return out


def _rules(*groups: Iterable[str]) -> list[str]:
    out: list[str] = []
    for group in groups:
        for r in group:
            if r and r not in out:
                out.append(r)
    return out


def _notes_lines(notes: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    for entry in notes:
        lines += [f"- {entry['card']}: erratum: {e}" for e in entry["erratum"]]
        lines += [f"- {entry['card']}: note: {n}" for n in entry["notes"]]
    return ["", "Oracle erratum and notes:", *lines] if lines else []


def _tail(trace: Trace, rules: list[str], with_steps: bool = True, version: str = "current") -> list[str]:
    lines: list[str] = []
    if trace.steps and with_steps:
        lines += ["", "Trace:"] + [f"{i}. {t}" for i, t in enumerate(render_steps(trace.steps), start=1)]
    if trace.interpretations:
        lines += ["", "Interpretations:"] + [f"- {n.text}" for n in trace.interpretations]
    cited = "; ".join(f"{r} {ALL_RULES[r].name}" for r in rules if r in ALL_RULES)
    lines += ["", "Rules: " + (cited or "none needed: the effect happens once and nothing of it lasts")]
    rs = VERSIONS[version]
    lines += [f"Ruleset: L5R CCG {rs.name} ({rs.version}, {rs.title})."]
    return lines


def order_json(scenario: Scenario, ordering: Ordering, comparison: Comparison | None, cards: list[Card],
               key: Any, version: str = "current", other: dict[str, Any] | None = None) -> dict[str, Any]:
    """The documented `arbiter l5r order --json` object."""
    order = [{
        "position": p.position, "step": p.step, "item": p.item.label, "card": p.item.card.name if p.item.card else None,
        "controller": p.item.controller, "chosen_by": p.chosen_by, "rules": list(p.rules), "why": p.why,
        "kind": p.item.kind.value, "text": p.item.text, "effects": list(p.item.effects),
        "timing": p.item.timing, "occurrence": p.item.occurrence or None,
        "stops": (p.item.ability.stops or None) if p.item.ability else None,
        "condition": (p.item.ability.condition or None) if p.item.ability else None,
    } for p in ordering.placed]
    skipped = [{"item": item.label, "why": why, "rules": list(rules), "kind": item.kind.value,
                "card": item.card.name if item.card else None} for item, why, rules in ordering.skipped]
    rules = _rules(*(p.rules for p in ordering.placed), *(r for _, _, r in ordering.skipped),
                   ordering.trace.rules_cited(), comparison.rules if comparison else ())
    data: dict[str, Any] = {
        "moment": None if scenario is None else {**scenario.moment.as_json(), "active": scenario.active,
                                                 "between_turns": scenario.between_turns, "payer": scenario.payer,
                                                 "passed": list(scenario.passed)},
        "order": order, "skipped": skipped,
        "card_notes": card_notes(cards),
        "rules": rules,
        "interpretations": [n.as_json() for n in ordering.trace.interpretations],
        "trace": [s.as_json() for s in ordering.trace.steps],
        "ruleset": ruleset_json(version), "match": [], "ruling_id": ruling_id("L5O", key, version),
    }
    if comparison is not None:
        data["compare"] = comparison.as_json()
    data["assumed"] = list(dict.fromkeys(ordering.assumed))
    if other is not None:
        data["other_ruleset"] = other
    data["summary"] = order_summary(data)
    data["explanation"] = order_explanation(data, ordering.trace)
    return data


KIND_WORDS = {"negate": "negation", "continuous": "ongoing trait", "conditional": "conditional trait",
              "rulebook": "rulebook effect", "delayed": "delayed effect", "trait": "trait", "reaction": "Reaction",
              "interrupt": "Interrupt", "gold": "Gold production", "additional": "granted phase or action",
              "action": "action", "focus": "Focus Effect", "unread": "ability"}


def possessive(name: str) -> str:
    """"Bayushi Kachiko's", "Deeds and Words'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _which(entry: Mapping[str, Any], twice: bool) -> str:
    """Which ability of its card an item is, only when the answer names two of one card: "its second ability"."""
    number = str(entry["item"])[len(str(entry["card"])):].strip().lstrip("#")
    if not twice or not number.isdigit():
        return ""
    n = int(number)
    return f"its {_ORDINALS[n - 1]} ability" if 0 < n <= len(_ORDINALS) else f"its ability {n}"


def _item_words(entry: Mapping[str, Any], controller: str | None = None, twice: bool = False) -> str:
    """An item as a player names it: "Bayushi Kachiko's Reaction (yours)", "your opponent's trait “…”"; `twice`:
    the answer names two abilities of the same card, told apart as "its second ability"."""
    kind = KIND_WORDS.get(str(entry.get("kind")), str(entry.get("kind")))
    whose = {"you": "yours", "opponent": "your opponent's"}.get(controller or "", "")
    if entry.get("card"):
        notes = ", ".join(n for n in (_which(entry, twice), whose) if n)
        return f"{possessive(str(entry['card']))} {kind}" + (f" ({notes})" if notes else "")
    _, _, words = str(entry["item"]).partition(": ")
    owner = {"you": "your", "opponent": "your opponent's"}.get(controller or "", "the")
    return f"{owner} {kind} “{words}”" if words else str(entry["item"])


def order_summary(data: Mapping[str, Any]) -> str:
    """The answer in one sentence, in the players' words: what acts first, then next ("First Bayushi Kachiko's
    Reaction (yours), then your opponent's trait “…”"), what does not act now, or which timing point is first."""
    bits: list[str] = []
    notes: list[str] = []  # said in brackets after what acts
    if data.get("moment") is not None:
        cards = [e.get("card") for e in (*data["order"], *data["skipped"]) if e.get("card")]
        twice = {c for c in cards if cards.count(c) > 1}
        order = [_item_words(e, e["controller"], e.get("card") in twice) for e in data["order"]]
        if len(order) == 1:
            bits.append(f"Only {order[0]} acts at this moment")
        elif order:
            bits.append("First " + ", then ".join(order))
            chooser = {p["chosen_by"] for p in data["order"]}
            if "active player" in chooser or "paying player" in chooser:
                who = "the paying player" if chooser == {"paying player"} else (
                    "you, the active player," if data["moment"]["active"] == "you"
                    else "your opponent, the active player,")
                verb = "choose" if who.startswith("you,") else "chooses"
                notes.append(f"{who} may choose another order" if "rules" not in chooser
                             else f"{who} {verb} where some of them go")
        else:
            bits.append("Nothing listed acts at this moment")
        skipped = data["skipped"]
        if skipped:
            named = " and ".join(_item_words(s, twice=s.get("card") in twice) for s in skipped[:2])
            more = f" and {len(skipped) - 2} more" if len(skipped) > 2 else ""
            verb = "do" if len(skipped) > 1 else "does"
            bits.append(f"{named}{more} {verb} not act now")
    if "compare" in data:
        c = data["compare"]
        bits.append(f"“{c['first']}” comes before “{c['second']}”")
    assumed = data.get("assumed") or []
    if assumed and data.get("order"):
        words = [a for a in assumed[:3] if a.startswith("“")]
        facts = [a for a in assumed[:3] if not a.startswith("“")]
        said = ", ".join(words) + (f" {'holds' if len(words) == 1 else 'hold'}" if words else "")
        said = " and ".join(x for x in (said, ", ".join(facts)) if x) + (" …" if len(assumed) > 3 else "")
        notes.append(f"assuming {said}, as nothing says otherwise")
    if notes and bits:
        bits[0] += f" ({'; '.join(notes)})"
    return "; ".join(bits) + "."


def order_explanation(data: dict[str, Any], trace: Trace) -> str:
    lines: list[str] = []
    moment = data["moment"]
    if moment is not None:
        who = "you" if moment["active"] == "you" else "your opponent"
        lines.append(f"At “{moment['timing']} {moment['occurrence']}” (active player: {who}"
                     + (", between turns" if moment["between_turns"] else "") + "):")
        for entry in data["order"]:
            effects = f" — effects in order: {'; '.join(entry['effects'])}" if len(entry["effects"]) > 1 else ""
            words = f" “{entry['text']}”" if entry["card"] else ""
            lines.append(f"{entry['position']}. [{entry['step']}] {entry['item']}{words} ({entry['controller']}; "
                         f"placed by {entry['chosen_by']}) [{', '.join(entry['rules'])}]: {entry['why']}{effects}")
        if not data["order"]:
            lines.append("Nothing listed acts at this moment.")
        if data["skipped"]:
            lines += ["", "Not at this moment:"]
            lines += [f"- {s['item']}: {s['why']}" + (f" [{', '.join(s['rules'])}]" if s["rules"] else "")
                      for s in data["skipped"]]
    if "compare" in data:
        c = data["compare"]
        if lines:
            lines.append("")
        lines.append(f"First: “{c['first']}”, then “{c['second']}” [{', '.join(c['rules'])}]: {c['why']}.")
    lines += _notes_lines(data["card_notes"])
    # Every decision is already a line above (placed or not at this moment): the trace stays in the JSON only.
    if data.get("other_ruleset"):
        o = data["other_ruleset"]
        lines += ["", f"Under {o['label']} ({o['ruleset']}): " + ("the same order." if o["same"] else
                                                                  f"it differs — {o['summary']} {o['why']}")]
    lines += _tail(trace, data["rules"], with_steps=False, version=data["ruleset"]["name"])
    return "\n".join(lines)


def _short(words: str, lead: str, limit: int = 80) -> str:
    """A part's own words without its designator or targeting ("Open: ..., target ...: "), cut at a word."""
    at = words.lower().find(lead.lower())
    if at < 0:
        # a length the rules give ("no length named"): from the change that lasts, back to its clause's start
        found = LASTING.search(words)
        at = found.start() if found else len(words)
        trigger = re.match(r"(?:After|Before|When)\b[^,:]*,\s*", words)
        if trigger is not None and trigger.end() <= at:  # a trigger's effect: its effect words, after the trigger
            return _cut(words[trigger.end():], limit)
        to = [m.end() for m in re.finditer(r"\bto (?=(?:give|reduce|raise|lower|make)\b)", words[:at])]
        if to and to[-1] > words.rfind(": ", 0, at):
            return _cut(words[to[-1]:], limit)
    cut = words.rfind(": ", 0, at) if at > 0 else -1
    return _cut(words[cut + 2:] if cut >= 0 else words, limit)


def _cut(words: str, limit: int) -> str:
    body = words.strip().rstrip(".").strip()
    if len(body) <= limit:
        return body
    return body[:limit].rsplit(" ", 1)[0].rstrip(",;") + " …"


def _lead_rule(part: Part) -> str:
    """The rule a part's length comes from: the rules' own length (LD8) when its words name none."""
    return "LD8" if part.lead is DEFAULT_TURN or part.lead is STANDING_LEAD else part.lead.rule


def _part_json(part: Part) -> dict[str, Any]:
    life = part.life
    # a length inside the part's own sentence that what it does keeps once it fires ("... until your next turn ends")
    then = next((t.words for t in read_terms(part.words) if t is not part.lead and t.words != part.lead.words
                 and t.form in PERIOD_FORMS), None) if life.kind in DELAYED_KINDS else None
    return {"words": part.words, "short": _short(part.words, part.lead.words), "lead": part.lead.words,
            "then_lasts": then,
            "kind": life.kind, "followed": part.followed,
            "persists": life.last.persists, "effective": life.last.effective, "state": life.last.state,
            "ends_on": life.ends_on, "fires_on": list(life.fires_on),
            "timeline": [p.as_json() for p in life.timeline]}


def duration_json(life: Lifetime, effect: dict[str, Any], made_during: str | None, events: list[str],
                  cards: list[Card], key: Any, version: str = "current",
                  parts: list[Part] | None = None) -> dict[str, Any]:
    """The documented `arbiter l5r duration --json` object. `parts`: an ability's parts with lengths of their own
    (the top level follows the one holding its main term; `parts` lists each, in the text's order)."""
    last = life.last
    rules = _rules([life.main.rule] if life.main else [], [life.condition.rule] if life.condition else [],
                   life.trace.rules_cited(), *[[_lead_rule(p), *p.life.trace.rules_cited()] for p in parts or ()])
    data: dict[str, Any] = {
        "effect": effect,
        "made_during": made_during,
        "events": events,
        "persists": last.persists, "effective": last.effective,
        "ends_on": life.ends_on,
        "fires_on": list(life.fires_on),
        "state": last.state,
        "timeline": [p.as_json() for p in life.timeline],
        "card_notes": card_notes(cards),
        "rules": rules,
        "interpretations": [n.as_json() for n in life.trace.interpretations],
        "trace": [s.as_json() for s in life.trace.steps],
        "ruleset": ruleset_json(version), "match": [], "ruling_id": ruling_id("L5D", key, version),
    }
    if life.gold:
        data["gold"] = life.gold
    if life.condition is not None:
        data["condition"] = life.condition.condition or life.condition.words
    if life.cond_line:
        data["condition_event"] = life.cond_line  # an event given decided the condition: nothing taken to hold
        if life.cond_assumed:
            data["condition_assumed"] = life.cond_assumed
    if life.kind in ("next-time", "each-time", "delayed", "delay") and life.main is not None:
        data["does"] = delayed_does(effect["text"], life.main.words)
        data["point"] = life.main.words
    if parts:
        data["parts"] = [_part_json(p) for p in parts]
    data["summary"] = verdict_line(data)
    data["explanation"] = duration_explanation(data, life)
    return data


def _event(name: str) -> str:
    """An event as the asker types it (occurs:TEXT), or a card's words for a point in quotes."""
    return name if name.startswith("occurs:") or name.endswith(("-ends", "-made")) else f"“{name}”"


EVENT_WORDS = {"action-announced": "once the action is announced", "targets-chosen": "once its targets are chosen",
               "action-resolves": "once the action resolves", "duel-ends": "after the duel ends",
               "battle-ends": "after the battle ends", "phase-ends": "after the phase ends",
               "turn-ends": "after the turn ends", "game-ends": "at the end of the game",
               "payment-made": "after the payment", "condition-true": "once its condition holds",
               "condition-false": "once its condition stops holding", "leaves-play": "once its card leaves play",
               "negated": "once it is negated", "already-happened": "when what it delays has already happened"}
LENGTH_WORDS = {"turn-ends": "until the end of the turn", "battle-ends": "until the battle ends",
                "phase-ends": "until the phase ends", "duel-ends": "until the duel ends",
                "game-ends": "until the end of the game", "leaves-play": "while its card is in play",
                "action-resolves": "until the action finishes resolving", "payment-made": "for that one payment",
                "your next turn begins": "until your next turn begins",
                "condition-false": "until its condition stops holding"}


def event_words(event: str) -> str:
    """An event of the timeline as a player says it ("after the turn ends", "after he attacks you")."""
    if event.startswith("occurs:"):
        return f"after {event[7:]}"
    return EVENT_WORDS.get(event, event)


def length_words(ends_on: str | None) -> str:
    if not ends_on:
        return ""
    if ends_on.startswith("occurs:"):
        return f"until {ends_on[7:]}"
    return LENGTH_WORDS.get(ends_on, f"until {ends_on.replace('-', ' ')}")


# What a one-time change leaves behind, by its first verb (a whole word: "without attachments" attaches nothing):
# it stays so until something else changes it.
_STAYS = (("fear", "what its Fear bows stays bowed"),
          (r"ranged(?: \d+)? attack", "what its Ranged Attack destroys stays destroyed"),
          (r"melee(?: \d+)? attack", "what its Melee Attack destroys stays destroyed"),
          ("straighten", "what it straightens stays straightened"), ("bow", "what it bows stays bowed"),
          ("destroy", "what it destroys stays destroyed"), ("dishonor", "what it dishonors stays dishonorable"),
          ("rehonor", "what it rehonors stays honorable"), ("transfer", "what it transfers stays on its new bearer"),
          ("move", "what it moves stays where it moved"), ("discard", "what it discards stays discarded"),
          ("draw", "the cards drawn stay in hand"), ("gain", "what is gained stays gained"),
          ("lose", "what is lost stays lost"), ("negate", "what it negates stays negated"),
          ("recruit", "what it recruits stays in play"), ("create", "what it creates stays in play"),
          ("attach", "what it attaches stays attached"), ("switch", "what it switches stays switched"),
          ("remove", "what it removes stays removed"), (r"takes? the imperial favor", "the Imperial Favor stays taken"),
          (r"looks? at", "what it shows is seen"), ("equip", "what it equips stays attached"),
          ("shuffle", "what it shuffles in stays in that deck"))
_COUNTED = ("what is gained stays gained", "what is lost stays lost", "the cards drawn stay in hand")
_STAY_VERB = re.compile(r"\b(" + "|".join(v for v, _ in _STAYS) + r")(?:s|es|d|ed|n|ing)?\b", re.I)


# "Discard a card to make a Fear effect …", "Bow this Follower to destroy a target Follower": the first verb is what
# is paid; the effect is the one after "to" (130 real effects)
_PAID_TO = re.compile(r"^(?:you may\s+)?(?:discard|bow|destroy|lose|move)\b[^.:]*?\bto (?=(?:make|give|target|destroy|"
                      r"bow|move|straighten|draw|gain|take|create)\b)", re.I)


def _unpaid(effect: str) -> str:
    return _PAID_TO.sub("", effect)


def _stay_words(verb: str) -> str | None:
    return next((words for v, words in _STAYS if re.fullmatch(v, verb, re.I)), None)


# What is no effect of its own: choosing or targeting names what the effects act on.
# Nor is a phrase about the ability itself ("this will not be negated", "This Invest cost cannot be reduced").
_NO_EFFECT = re.compile(r"^(?:target|choose|you may target|if you do|then)\b|^this (?:[\w-]+ )?(?:will|movement|"
                        r"effect|destruction|cost|ability|action|bow(?:ing)?)\b", re.I)


def lasting_and_once(text: str) -> tuple[list[str], list[str]]:
    """An ability's effects in two lists, each in the card's words: those that last (a stat, keyword or "cannot"
    given) and those that change the game once (bow, move, straighten), targeting left out."""
    lasting, once = [], []
    # a keyword's reminder in brackets ("(Repeatable Limited, 2 Gold: Discard ...)") is no effect of this ability
    text = re.sub(r"\s*\((?=[A-Z])[^()]*\)", "", text)
    for effect in split_effects(text):
        if _NO_EFFECT.match(re.sub(r"^(?:if|unless)\b[^,]*,\s*", "", effect, flags=re.I)):
            continue
        (lasting if LASTING.search(CONDITION.sub("", LOOP.sub("", effect))) else once).append(effect)
    return lasting, once


def _once_left(once: list[str]) -> str:
    """What one-time effects leave behind, each said once ("what it bows stays bowed and what it straightens stays
    straightened")."""
    said: list[str] = []
    for effect in once:
        # the effect's own verb, at its start ("Bow him", "you may straighten him"), never a condition's word
        lead = _unpaid(re.sub(r"^(?:(?:if|unless)\b[^,]*,\s*)?(?:(?:you|he|she|they) may\s+|then\s+)?", "", effect,
                              flags=re.I))
        first = _STAY_VERB.match(lead)
        words = _stay_words(first.group(1)) if first else None
        if words and words not in said:
            said.append(words)
    return " and ".join(said[:2])


MADE_KINDS = ("action", "reaction", "trait", "interrupt", "focus")


def _besides_grant(text: str, grant: str) -> str:
    """What an ability granting additional actions also did once ("Dishonor a target Personality. You may take an
    additional action."): "what it dishonors stays dishonorable", or its words, "" when the grant is all it does."""
    _, once = lasting_and_once(text)
    others = [e for e in once if grant.lower() not in e.lower() and not re.search(r"\badditional\b", e, re.I)]
    if not others:
        return ""
    return _once_left(others) or f"what {quoted(others[0].rstrip('.'), 40)} does stays done"


def _stays(text: str) -> str:
    """What a one-time change leaves behind, in words ("what it bows stays bowed")."""
    # its effects, after the designators and the constraints block ("Open: Bow your performing Samurai: Choose a
    # player. ... Turn the Personality face-down"): a cost bows, but the effect is what stays
    # (an "If ...," condition before an effect is no effect: "If your card bowed this Personality, straighten him"
    # straightens, blind 71021 10b)
    body = " ".join(re.sub(r"^(?:if|unless)\b[^,]*,\s*", "", e, flags=re.I) for e in split_effects(text)) \
        or re.sub(r"^[^:]{0,60}:\s*", "", text)
    # "Discard a card to make a Fear effect ...", "Bow this Shugenja to bow a target card": a cost paid "to" do the
    # effect; what stays is what the effect does
    body = re.sub(r"^(?:discard|bow|destroy|lose|pay)\b[^.:]*?\bto (?=make|bow|destroy|move|straighten|give|gain|"
                  r"draw|dishonor|discard|attach)", "", body, flags=re.I)
    face = re.search(r"\bturns? [^.]*?\bface-(down|up)\b", body, re.I)
    if face is not None:
        return f"what it turns face-{face.group(1).lower()} stays face-{face.group(1).lower()} until something else " \
               "turns it"
    # "Equip a target Follower ... in your discard pile": a place named, not a discard made
    scan = re.sub(r"\bdiscard piles?\b", "pile", body, flags=re.I)
    first = _STAY_VERB.search(scan)
    said = _stay_words(first.group(1)) if first else None
    amount = re.match(r"\w+(?: \w+){0,2}? \d+(?: [A-Z]?\w+)?", scan[first.start():]) if first and said in _COUNTED \
        else None
    if said and amount:  # "what is lost (“lose 8 Honor”) stays lost": the amount is what a player asks about
        head, _, tail = said.partition(" stay")
        return f"{head} ({quoted(amount.group(0).strip(), 40)}) stay{tail}"
    if said is None:  # say what it does in the card's words (trial 38300: "what it changes stays changed")
        effects = [re.sub(r"^(?:if|unless|after|when|before)\b[^,]*,\s*", "", e, flags=re.I)
                   for e in split_effects(text) if not _NO_EFFECT.match(e)] or [body]
        return f"what {quoted(effects[0].rstrip('.'), 45)} does stays done"
    return said + " until something else changes it"


_CREATED = re.compile(r"\bcreate (?:an?|one|two)\b[^.]*\b(Personality|Follower|Holding|Item|Spell|Region|Event|"
                      r"Strategy|Terrain)\b", re.I)
_PRONOUN = re.compile(r"\b(?:him|her|them|it)\b")


def delayed_does(text: str, words: str) -> str:
    """What a delayed effect does when it fires, in the card's words: the clause after its opening point ("Before the
    next time ..., negate that destruction and move him home"), else its whole sentence ("Ignore the Gold cost of
    your next Kharmic action"), with a created card named for its pronoun ("Remove him from the game after the battle
    ends" -> "... (him: the Personality it created)")."""
    body = " ".join(re.sub(r"\([^)]*\)", " ", text).split())
    words = " ".join(re.sub(r"\([^)]*\)", " ", words).split())
    at = body.lower().find(words.lower())
    if at < 0:  # its point inside a reminder's brackets ("(... remove it from the game after its action resolves.)")
        body = " ".join(text.replace("(", " ").replace(")", " ").split())
        at = body.lower().find(words.lower())
    if at < 0:
        return ""
    cut = max(body.rfind(". ", 0, at), body.rfind(": ", 0, at))
    start = cut + 2 if cut >= 0 else 0
    end = body.find(". ", at + len(words))
    sentence = body[start:end if end >= 0 else len(body)].rstrip(".")
    lead = sentence.lower().find(words.lower())
    rest = sentence[lead + len(words):]
    if lead in range(0, 4) and rest.lstrip().startswith(","):
        does = rest.split(",", 1)[1].strip()
    elif lead > 0 and not rest.strip() and re.match(r"(?:after|before|when)\b", words, re.I):
        # "Remove him from the game after the battle ends"; only the clause written just before its point ("...; if
        # you did, put a Wealth token on this card after ...", "..., and give the first card ... +2FV after ...")
        does = re.split(r";\s*|,\s+(?:and|then)\s+", sentence[:lead].strip(" ,"))[-1].strip(" ,")
    else:
        does = sentence
    created = _CREATED.search(body[:at])
    if created and _PRONOUN.search(does):
        does += f" ({_PRONOUN.search(does).group(0)}: the {created.group(1)} it created)"  # type: ignore[union-attr]
    return does
def _sentences(clauses: list[str], limit: int = 40) -> str:
    """Clauses joined by "; " into sentences under `limit` words (a clause that would make one too long starts the
    next sentence), so a first line listing an ability's parts stays readable."""
    out: list[list[str]] = []
    for clause in clauses:
        if out and sum(len(c.split()) for c in out[-1]) + len(clause.split()) < limit:
            out[-1].append(clause)
        else:
            out.append([clause])
    return " ".join(("; ".join(group)[:1].upper() + "; ".join(group)[1:]) + "." for group in out)


def _part_clause(part: dict[str, Any], events: list[str]) -> str:
    """What one part of an ability has done by the last event, as a clause ("has fired", "is still waiting")."""
    state, timeline = part["state"], part["timeline"]
    if part["kind"] == "additional" and events and not part["persists"] and timeline \
            and timeline[-1]["rule"] == "LD5":
        return ("came right after the granting action ended; it was taken then or not at all"
                if re.search(r"\bactions?\b", part["lead"], re.I) else
                "came once the granting action had ended; the turn it came in is over")
    if part["kind"] == "additional":
        return "comes once the granting action has ended and the Reactions to that end have passed"
    if part["kind"] == "instant":
        return "happens once, as it resolves, and nothing of it lasts"
    if state == "not yet":
        return "is not made yet (its action has not resolved)"
    if state == "waiting":
        return "is still waiting to fire" if events else "waits to fire once, at its point"
    if state == "fired" and any("fails (" in p["why"] for p in timeline):
        return "came due, but its “if …” condition failed, so nothing happened"
    if state == "fired" and part["persists"]:
        return "fired and fires again each time for its length"
    if state == "fired":
        assumed = any("nothing given says it fails" in p["why"] for p in timeline)
        return "has fired" + (f" (what it did lasts “{part['then_lasts']}”)" if part.get("then_lasts") else "") \
            + (" (its “if …” taken to hold)" if assumed else "")
    if state == "expired" and not any(p["state"] == "fired" for p in timeline):
        return "never fired (what it waits for was not given as happening) and fires no more"
    if state == "expired":
        return "is over and fires no more"
    if not part["persists"]:
        ended = length_words(part.get("ends_on")) if timeline and timeline[-1]["state"] is None else ""
        return f"has ended (it lasted {ended})" if ended else "has ended"
    if not part["effective"]:
        return "lasts but is switched off until its condition holds again"
    length = length_words(part.get("ends_on"))
    return (f"is still in effect, {length}" if events else f"lasts {length}") if length else "is in effect"


def verdict_line(data: dict[str, Any]) -> str:
    """The first line; a delayed effect's quoted words are cut (at a word) only when the whole quote would make a
    sentence too long to read."""
    line = _verdict_line(data, None)
    for limit in (80, 50, 30, 20):
        if not too_long(line):
            break
        line = _verdict_line(data, limit)
    return line


def _verdict_line(data: dict[str, Any], quote_limit: int | None) -> str:
    """The duration answer in one sentence, in the players' words."""
    effect, state = data["effect"], data["state"]
    who = effect["card"] or "This effect"
    events = data["events"]
    after = f" {event_words(events[-1])}" if events else ""
    if len(data.get("parts", ())) > 1:
        clauses = [f"“{p['short']}” {_part_clause(p, events)}" for p in data["parts"]]
        grant = next((p["lead"] for p in data["parts"] if p["kind"] == "additional"), None)
        # an ability granting actions: what its one-time effects left is said too (blind 53021 S7)
        left = _besides_grant(effect["text"], grant) if grant and effect.get("ability_kind") in MADE_KINDS else ""
        return _sentences([f"{who}{after}: {clauses[0]}", *clauses[1:], *([left] if left else [])])
    length = length_words(data.get("ends_on"))
    if effect.get("courtesy") == "off":
        what = "“When going second”" if re.match(r"\(?When going second", effect["text"]) else "a Courtesy trait"
        return f"{who}{after}: {what}, and you went first, so it does not take effect this game."
    if effect["kind"] == "entry":
        cond = re.search(r"\bif\s+([^,.;:()]+)", effect["text"])
        said = f" (“if {cond.group(1).strip()}”)" if cond else ""
        return (f"{who}{after}: a rule for how this card enters play, checked once as it enters{said}; nothing of "
                "it lasts, and a later change of that condition changes nothing.")
    if effect["kind"] == "paying" and OWN_ENTRY.match(effect["text"]):
        # "Toshi enters play for 1 less Gold if you are a Scorpion Clan player": a rule for its own entry payment
        main = next((d["words"] for d in effect.get("durations", []) if d["form"] == "paying"), "")
        cond = re.search(r"(?<!\beven )\b(?-i:[Ii])f\s+([^,.;:()]+)", effect["text"])
        return (f"{who}{after}: {quoted(main, 40)} changes only the payment that brings it into play"
                + (f", {quoted('if ' + cond.group(1).strip(), quote_limit or 60)} (taken to hold)" if cond
                   else "") + "; nothing of it lasts.")
    if data.get("gold"):
        only = re.search(r"\b(?:which|that) (?:may|can) only (?:be used to )?pay for [^.,;]+", data["gold"])
        spent = "its Gold was spent in that payment and none of it is left" if not data["persists"] else \
            "the Gold it produces pays for that one payment, and what the payment does not use is not kept"
        return f"{who}{after}: {spent}" + (f" (“{only.group(0)}”)" if only else "") + "; nothing of it lasts."
    if effect["kind"] == "instant" and re.search(r"\btokens?\b", effect["text"]):
        return (f"{who}: a one-time change as it resolves; the tokens it gives stay until removed, and nothing else "
                "lasts.")
    if effect["kind"] == "instant":
        return f"{who}: a one-time change as it resolves; {_stays(effect['text'])}, and nothing wears off later."
    made = effect.get("ability_kind") in MADE_KINDS
    if effect["kind"] == "battle" and re.search(r"\bput this (?:Terrain|card) into play\b", effect["text"], re.I):
        return (f"{who}{after}: the Terrain " + ("was discarded as the battle ended (a Terrain is in play for one "
                                                 "battle)." if not data["persists"] else
                                                 "stays in play for this battle only, and is discarded when it ends."))
    if effect.get("terrain"):
        line = quoted(re.sub(r"^[^:]{0,40}:\s*", "", effect["text"]).rstrip("."), quote_limit or 60)
        return f"{who}{after}: {line} " + ("has ended: a Terrain is in play for one battle, and its lines end with "
                                           "it." if not data["persists"] else "lasts until the battle it is in play "
                                           "for ends (a Terrain is in play for one battle).")
    if effect["kind"] == "in-play" and made and effect.get("self_put"):
        own = quoted(effect["self_put"], quote_limit or 60)
        if not data["persists"]:
            return f"{who}{after}: its time in play is over; {own} put this very card into play, and it has left."
        return (f"{who}{after}: {'still ' if events else ''}in play; {own} puts this very card into play, and only "
                "its leaving ends that.")
    if effect["kind"] == "in-play" and made and puts_into_play(effect["text"]):
        return (f"{who}: the card it puts into play stays there until that card leaves play; the end of the turn, "
                "or the card that made it leaving play, changes nothing.")
    if effect["kind"] == "additional":
        grant = next((d["words"] for d in effect.get("durations", []) if d["form"] == "additional"), "it")
        # the ability's other, one-time effects are said first: the grant is not all it did (blind 53021 S7)
        left = _besides_grant(effect["text"], grant) if made else ""
        lead = f"{left}; " if left else ""
        if events and not data["persists"] and data["timeline"][-1]["rule"] == "LD5":
            past = "it was taken then or not at all" if re.search(r"\bactions?\b", grant, re.I) else \
                "the turn it came in is over"
            return (f"{who}{after}: {lead}“{grant}” came once what granted it had ended and its Reactions had "
                    f"passed; {past}, and nothing of {'the grant' if left else 'it'} is left.")
        return (f"{who}{after if left else ''}: {lead}“{grant}” comes once the action or trait that grants it has "
                "ended and the Reactions to that end have passed.")
    if state == "not yet":
        return f"{who}{after}: not made yet — its action has not resolved."
    does = ((quoted(data["does"], quote_limit) if quote_limit else f"“{data['does']}”") if data.get("does")
            else "what it does")
    fired_at = next((i for i, p in enumerate(data["timeline"]) if p["state"] == "fired"), None)
    point = data.get("point") or ""
    comes = f"; it comes {point[0].lower() + point[1:]}" if re.match(r"(?:after|before|when|at|during|the next|"
                                                                      r"until)\b", point, re.I) else ""
    if state == "waiting":
        return f"{who}{after}: its delayed effect is still waiting; {does} has not happened yet" + (
            f" (it waits {length} at most)." if length else f"{comes}.")
    if state == "fired" and data["timeline"] and "fails (" in data["timeline"][-1]["why"]:
        return f"{who}{after}: its delayed effect came due, but its “if …” condition failed, so nothing happens " \
               f"({does} is skipped)."
    if state == "fired" and fired_at == len(data["timeline"]) - 1 and "has fired by now" in \
            data["timeline"][-1]["why"]:
        return f"{who}{after}: {does} already happened, once ({point}); it does not happen again."
    if state == "fired" and data["persists"]:
        return f"{who}{after}: {does} happens now, and again each time for its length."
    taken = re.search(r"it is taken to meet (“[^”]*”)", data["timeline"][fired_at]["why"]) \
        if fired_at is not None else None
    meets = f" (assuming it met {taken.group(1)})" if taken else ""
    if state == "fired" and fired_at == len(data["timeline"]) - 1:
        return f"{who}{after}: {does} happens now, once{meets}; its delayed effect is used up."
    if state == "fired":
        when = event_words(data["timeline"][fired_at]["event"]) if fired_at is not None else "earlier"
        return f"{who}{after}: {does} already happened, once ({when}){meets}; it does not happen again."
    if state == "expired" and effect.get("self_put") and "nothing is left for it to do" in data["timeline"][-1]["why"]:
        return f"{who}{after}: this very card has left play already, so {does} has nothing left to do; it never fires."
    if state == "expired" and fired_at is not None:
        return f"{who}{after}: {does} happened each time it was due; its length is over and it fires no more."
    if state == "expired":
        return f"{who}{after}: its wait is over and it never fired, so {does} did not happen."
    default = " (the rules' length, as it names none)" if effect["kind"] in ("default-turn", "in-play") else ""
    if data.get("made_during") and effect["kind"] == "default-turn":
        default = f" (the rules' length, as it names none; being made during a {data['made_during']} does not " \
                  "shorten it)"
    if effect.get("courtesy") == "assumed":
        default += " (“When going second”: assuming you did not go first)" if re.match(
            r"\(?When going second", effect["text"]) else " (a Courtesy trait: assuming you did not go first)"
    cond = data.get("condition")
    taken = "" if any(e in ("condition-true", "condition-false") for e in events) or data.get("condition_event") else \
        " (taken to hold, as nothing given says otherwise)" if (quote_limit or 80) > 50 else " (taken to hold)"
    if effect.get("courtesy_condition") == "holds" and taken:
        taken = " (your opponent went first, so you have Courtesy)"
    elif effect.get("courtesy_condition") == "rest" and taken:
        taken = " (you went first, so no Courtesy; taken to hold by its other words)"
    if effect.get("courtesy_condition") == "fails" and cond:
        return f"{who}{after}: it needs “{cond}”, and you went first, so you have no Courtesy: it does not work."
    if effect.get("never_in_play") and data["persists"] and data["effective"]:
        rule = f"{who}{after}: a rule of the card itself, wherever the card is (" + (
            f"a {effect['never_in_play']} is played, never put into play)" if (quote_limit or 80) > 30 else
            "never in play)")
        return rule + (f", while {quoted(cond, quote_limit or 60)} holds{taken}." if cond else ".")
    if effect["kind"] == "while" and cond and data["persists"] and data["effective"]:
        where = "and only while its card is in play" if data.get("ends_on") == "leaves-play" else length
        return f"{who}{after}: in effect while {quoted(cond, quote_limit or 60)} holds{taken}" + (
            f", {where}." if where else ".")
    lasting, once = lasting_and_once(effect["text"]) if made else ([], [])
    what = "the effect"
    if lasting and (once or len(lasting) > 1 or effect["kind"] in ("default-turn", "resolving")):
        # (an "If ...," before the change is its condition, not what lasts: the change is quoted)
        what = " and ".join(quoted(re.sub(r"^(?:if|unless)\b[^,]*,\s*", "", w, flags=re.I), quote_limit or 60)
                            for w in lasting[:2])
    # at the shortest, what the one-time effects left is left to the explanation
    stays = f"; {_once_left(once)}" if lasting and _once_left(once) and quote_limit != 20 else ""
    if quote_limit == 20:
        default = f" (being made during a {data['made_during']} does not shorten it)" if data.get("made_during") \
            and effect["kind"] == "default-turn" else ""
    plural = len(lasting) > 1 and what != "the effect"
    if not data["persists"] and data["timeline"] and "forgets every effect on it" in data["timeline"][-1]["why"]:
        # the card the effect is on left play: whatever its length, it ends there (blind 71021 #6)
        return f"{who}{after}: {what} {'have' if plural else 'has'} ended, as the card it is on has left play " \
               f"(a card that leaves play forgets every effect on it){stays}."
    if not data["persists"]:
        if what != "the effect" and length:
            return f"{who}{after}: {what} {'have' if plural else 'has'} ended ({'they' if plural else 'it'} " \
                   f"lasted {length}){stays}."
        # say the length it had, so "after the turn ends" is never read as "it ended with the turn" (blind 51021 S15)
        return f"{who}{after}: the effect has ended" + (f" (it lasted {length})" if length else "") + f"{stays}."
    if not data["effective"] and data.get("condition_event"):
        assumed = f"{data['condition_assumed']}, " if data.get("condition_assumed") else ""
        if effect.get("never_in_play"):  # a Strategy's printed line: a rule of the card wherever it is
            assumed = f"a rule of the card itself, wherever the card is; {assumed}"
        return f"{who}{after}: {assumed}{what} is switched off, as {data['condition_event']}; it works again " \
               f"whenever its condition holds{stays}."
    if not data["effective"]:
        return f"{who}{after}: {what} lasts but is switched off until its condition holds again{stays}."
    if not events:
        return (f"{who}: {what} {'last' if plural else 'lasts'} {length}{default}{stays}." if length
                else f"{who}: {what} lasts{stays}.")
    lead = "still in effect" if what == "the effect" else f"{what} {'are' if plural else 'is'} still in effect"
    return f"{who}{after}: {lead}" + (
        f", {length}{default}{stays}." if length else f"{stays}.")


def duration_explanation(data: dict[str, Any], life: Lifetime) -> str:
    effect = data["effect"]
    lines = [verdict_line(data), ""]
    lines.append(f"Effect: “{effect['text']}” — read as {effect['kind']}"
                 + (f" (“{life.main.words}”, {life.main.rule})" if life.main else "")
                 + (f"; ends on {data['ends_on']}" if data["ends_on"] else "")
                 + (f"; fires on {' or '.join(_event(e) for e in data['fires_on'])}" if data["fires_on"] else "")
                 + ".")
    if life.condition is not None and life.main is not life.condition:
        lines.append(f"Condition: “{life.condition.words}” switches it on and off (L4).")
    if data["timeline"] and data["events"]:
        lines += ["", "Timeline:"]
        for i, p in enumerate(data["timeline"], start=1):
            state = f", {p['state']}" if p["state"] else ""
            lines.append(f"{i}. {p['event']}: persists {'yes' if p['persists'] else 'no'}, effective "
                         f"{'yes' if p['effective'] else 'no'}{state} — {p['why']}"
                         + (f" [{p['rule']}]" if p["rule"] else ""))
    for part in data.get("parts", ()):
        if part["followed"]:
            continue
        lines += ["", f"Also: “{part['words']}” — read as {part['kind']} (“{part['lead']}”)"
                  + (f"; ends on {part['ends_on']}" if part["ends_on"] else "")
                  + (f"; fires on {' or '.join(_event(e) for e in part['fires_on'])}" if part["fires_on"] else "")
                  + "."]
        lines += [f"{i}. {p['event']}: persists {'yes' if p['persists'] else 'no'}, effective "
                  f"{'yes' if p['effective'] else 'no'}" + (f", {p['state']}" if p["state"] else "")
                  + f" — {p['why']}" + (f" [{p['rule']}]" if p["rule"] else "")
                  for i, p in enumerate(part["timeline"], start=1) if data["events"]]
    lines += _notes_lines(data["card_notes"])
    # With a timeline every event's decision is a line above; the trace then stays in the JSON only.
    lines += _tail(life.trace, data["rules"], with_steps=not data["events"], version=data["ruleset"]["name"])
    return "\n".join(lines)
