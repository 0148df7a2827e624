"""The documented JSON answer and the plain-text explanation, rendered from a Resolution only."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any

from engine.plain_words import HEADLINE_WORDS, joined
from engine.rulesets.ashes.bonuses import worked_words
from engine.rulesets.ashes.census import BY_ID
from engine.rulesets.ashes.costs import optional_cost
from engine.rulesets.ashes.editions import Printing, plain
from engine.rulesets.ashes.parts import VERBS
from engine.rulesets.ashes.resolve import Resolution
from engine.rulesets.ashes.rules import VERSIONS
from engine.rulesets.ashes.stacking import stack_words


def ruling_id(card: str, version: str, board: dict[str, Any]) -> str:
    key = json.dumps(["ashes", VERSIONS[version].version, version, card, board], sort_keys=True)
    return "AS-" + hashlib.sha256(key.encode()).hexdigest()[:10].upper()


def display_text(p: Printing) -> str:
    if p.text is not None:
        return plain(p.text)
    return "\n\n".join((f"{a['name']}: " if a.get("name") else "") + plain(str(a.get("text", "")))
                       for a in p.abilities or ())


def parts_json(res: Resolution) -> list[dict[str, Any]]:
    return [{"n": r.part.n, "text": r.part.text, "targets": r.part.targets, "optional": r.part.optional,
             "outcome": r.outcome, "why": r.why, "rules": list(dict.fromkeys(r.rules)), "focus": r.part.focus,
             "target": r.target, "depends_on": r.part.depends_on, "read": r.part.read,
             "link": r.part.link, "acts_on": r.acts_on, "condition": r.part.condition, "mode": r.part.mode,
             "choice": r.part.choice, "result": list(r.result)}
            for r in res.parts]


def _words(text: str) -> str:
    """A text compared as words (case, punctuation and spacing aside)."""
    return " ".join(re.findall(r"[a-z0-9+]+", text.lower()))


def _reacting(res: Resolution) -> tuple[tuple[str, str, str, bool], ...]:
    return tuple((x["card"], x["ability"], _words(x["text"]), bool(x.get("blocked"))) for x in res.board_reactions)


def outcome_key(res: Resolution) -> tuple[Any, ...]:
    """What a judge would call the answer: usable, costs, each part's words and outcome, placement, the cancel, the
    named cards' reactions it sets off and an alteration's value bonuses: two editions' answers are "the same" only
    when all of these are (their texts compared, never assumed)."""
    return (res.usable, tuple((c.kind, _words(c.text)) for c in res.ability.costs),
            tuple((r.part.n, r.outcome, _words(r.part.text)) for r in res.parts), res.placement["zone"],
            _reacting(res), tuple(sorted((res.bonus or {}).get("values", {}).items())),
            None if res.cancel is None else res.cancel["applies"],
            res.ability.trigger.timing if res.ability.trigger else None,
            None if res.reaction is None else res.reaction["when"])


def difference(res: Resolution, alt: Resolution) -> str:
    """One line: what the other edition's answer (`alt`) says where it differs from this one."""
    bits: list[str] = []
    if alt.usable != res.usable:
        bits.append("can be used" if alt.usable else f"cannot be used: {alt.usable_why}")
    alt_costs = [f"{c.kind} ({c.text})" for c in alt.ability.costs]
    if [(c.kind, _words(c.text)) for c in alt.ability.costs] != [(c.kind, _words(c.text)) for c in res.ability.costs]:
        bits.append("costs " + ", ".join(alt_costs) if alt_costs else "no cost")
    texts_differ = [r.part.text for r in alt.parts] != [r.part.text for r in res.parts]
    outcomes_differ = [(r.part.n, r.outcome) for r in alt.parts] != [(r.part.n, r.outcome) for r in res.parts]
    if texts_differ or outcomes_differ:
        words = {"resolves": "happens", "skipped": "does not happen", "declined": "is not done (a choice)",
                 "cancelled": "is cancelled"}
        shown = [f"“{_clause(r.part.text)}” {words.get(r.outcome, r.outcome)}"
                 + (f": {_reason(r.why)}" if r.outcome == "skipped" and r.why else "") for r in alt.parts]
        bits.append("; ".join(shown) if shown else "no effect parts")
    alt_timing = alt.ability.trigger.timing if alt.ability.trigger else None
    if alt_timing != (res.ability.trigger.timing if res.ability.trigger else None):
        bits.append(f"trigger “{alt.ability.trigger.words}” ({alt_timing})" if alt.ability.trigger else "no trigger")
    if alt.placement["zone"] != res.placement["zone"]:
        bits.append(f"placed: {alt.placement['zone']}")
    ours, theirs = _reacting(res), _reacting(alt)
    if theirs != ours:   # a card it places or acts on reacts differently there (its other printing's text)
        bits += [f"{x['card']}'s {x['ability']} then triggers: “{_clause(x['text'], 70)}”"
                 for x, key in zip(alt.board_reactions, theirs, strict=True) if key not in ours]
        kept = {key[:2] for key in theirs}
        gone = [f"{x['card']}'s {x['ability']}" for x, key in zip(res.board_reactions, ours, strict=True)
                if key[:2] not in kept]
        if gone:
            bits.append(f"{joined_names(gone)} {'does' if len(gone) == 1 else 'do'} not trigger: that text is not "
                        f"on its {alt.edition} printing")
    if (alt.bonus or {}).get("values") != (res.bonus or {}).get("values"):
        bits.append(f"its value bonuses are {alt.bonus['words']}" if alt.bonus else "it prints no value bonuses")
    if (alt.cancel or {}).get("applies") != (res.cancel or {}).get("applies") and alt.cancel is not None:
        bits.append(f"{alt.cancel['card']} {'applies' if alt.cancel['applies'] else 'does not apply'}: "
                    f"{alt.cancel['why']}")
    if alt.reaction is not None and alt.reaction["when"] != (res.reaction or {}).get("when"):
        shape = {"card": {"edition": alt.edition}, "parts": [{"n": r.part.n, "text": r.part.text} for r in alt.parts]}
        bits.append(_reaction_words(shape, alt.reaction) if alt.reaction["applies"]
                    else f"{alt.reaction['card']} is not triggered")
    return "; ".join(bits) + "." if bits else summary_line(alt)


def summary_line(res: Resolution) -> str:
    name = res.printing.name + (f" — {res.ability.label}" if res.ability.kind != "play" else "")
    if not res.usable:
        return f"{name}: cannot be used: {res.usable_why}."
    parts = ", ".join(f"part {r.part.n} {r.outcome}" for r in res.parts) or "no effect parts"
    cancel = ""
    if res.cancel is not None:
        cancel = f"; {res.cancel['card']} {'applies' if res.cancel['applies'] else 'does not apply'}"
    return f"{name}: {parts}{cancel}."


def explanation(res: Resolution, other: dict[str, Any] | None, other_same: str | None) -> str:
    v = VERSIONS[res.edition]
    lines = []
    for step in res_steps(res):
        mark = "" if step["happens"] else " (does not happen)"
        lines.append(f"{step['step']}. {step['name']}{mark}: {step['detail']} [{', '.join(step['rules'])}]")
    if res.parts:
        lines += ["", "Parts:"]
        for r in res.parts:
            tags = [t for t, on in (("target", r.part.targets), ("you may", r.part.optional)) if on]
            focus = f" (Focus {r.part.focus})" if r.part.focus else ""
            lines.append(f"  {r.part.n}{focus}. “{r.part.text}”{' [' + ', '.join(tags) + ']' if tags else ''}: "
                         f"{r.outcome} — {r.why} [{', '.join(dict.fromkeys(r.rules))}]")
    if res.ability.trigger:
        lines += ["", f"Trigger: “{res.ability.trigger.words}” — timing {res.ability.trigger.timing} [AS12]"]
    if res.cancel is not None:
        lines += ["", f"Cancel: {res.cancel['card']} {'applies' if res.cancel['applies'] else 'does not apply'}: "
                      f"{res.cancel['why']} [{', '.join(res.cancel['rules'])}]"]
    if res.reaction is not None:
        x = res.reaction
        lines += ["", f"Reaction: {x['card']} ({x['trigger'] or 'no trigger'}): "
                      + (f"triggered by part {x['triggered_by']}; {x['when']}" if x["applies"] else
                         f"not triggered: {x['when']}") + f" [{', '.join(x['rules'])}]"]
    if res.board_reactions:
        lines += ["", "Reactions of the cards named, set off by what it does:"]
        lines += [f"- {x['card']} ({'yours' if x['side'] == 'mine' else 'theirs'}), {x['ability']} "
                  f"(“{x['trigger']}”): triggered by part {x['part']} ({x['unit']}); it resolves {x['when']}: "
                  f"“{x['text']}”" + (f"; here it does nothing: {x['nothing']}" if x.get("nothing") else "")
                  + f" [{', '.join(x['rules'])}]" for x in res.board_reactions]
    if res.others:
        lines += ["", "Its other abilities (ask about one by naming it as the ability):"]
        lines += [f"- {other_label(o)}: ask with ability “{o['ask']}”" for o in res.others]
    if res.unused:
        lines += ["", "Given, but it changes nothing here:"] + [f"- {x}" for x in res.unused]
    pl = res.placement
    lines += ["", f"Placement: {pl['zone']}; controller {pl['controller']}, owner {pl['owner']}."]
    assumed = assumptions(res)
    if assumed:
        lines += ["", "Assumed:"] + [f"- {text}" for text in assumed]
    else:
        lines += ["", "Assumed: nothing beyond the board state given."]
    if other is not None:
        lines += ["", f"Under {other['ruleset']}: differs — {other['summary']}"]
    elif other_same:
        lines += ["", other_same]
    lines += ["", f"Ruleset: Ashes {v.name} ({v.version}, {v.title})."]
    return "\n".join(lines)


def other_label(o: Mapping[str, Any]) -> str:
    if o["kind"] == "play":
        return "playing it from hand"
    kind = {"activated": "used", "reaction": "a reaction", "passive": "constant"}[o["kind"]]
    head = f"“{o['name']}”" if o["name"] else f"ability {o['label'].removeprefix('ability ')}"
    return f"{head} ({kind})"


def assumptions(res: Resolution) -> list[str]:
    """What the answer took for granted, in players' words: every interpretation, then what any answer assumes
    when the board state does not say it (the cost can be paid; no other card steps in)."""
    out = [n.text for n in res.trace.interpretations]
    if res.usable and res.ability.costs and res.board.dice is None and res.board.spent is None and any(
            c.kind == "magic" for c in res.ability.costs):
        out.append("You have the dice to pay its cost.")
    if res.usable and res.board.cancel_with is None and res.parts:
        out.append("No card besides those named (and the reactions of theirs shown) reacts to it or changes it while "
                   "it resolves." if res.named_cards else
                   "No other card reacts to it or changes it while it resolves.")
    return out


def res_steps(res: Resolution) -> list[dict[str, Any]]:
    return res.steps


def answer_json(res: Resolution, other: dict[str, Any] | None, other_same: str | None,
                board_key: dict[str, Any]) -> dict[str, Any]:
    """The documented `arbiter ashes --json` object (a stable public contract; see README)."""
    v = VERSIONS[res.edition]
    rules = list(dict.fromkeys(
        ["AS1", *[r for s in res.steps for r in s["rules"]], *[r for p in res.parts for r in p.rules],
         *(res.cancel["rules"] if res.cancel else []), *(["AS12"] if res.ability.trigger else []),
         *res.trace.rules_cited()]))
    data = {
        "card": {"name": res.printing.name, "type": res.printing.type, "edition": res.edition,
                 "text": res.ability.text if res.ability.kind != "play" else display_text(res.printing),
                 **{k: v for k, v in (("attack", res.printing.attack), ("life", res.printing.life)) if v is not None},
                 **({"bonuses": dict(res.printing.bonuses)} if res.printing.bonuses else {})},
        "ability": {"index": res.ability.index, "name": res.ability.name, "kind": res.ability.kind,
                    "label": res.ability.label, "granted": res.ability.granted},
        "scenario": res.board.as_json(),
        "usable": {"value": res.usable, "why": res.usable_why},
        "steps": res.steps,
        "costs": [c.as_json() for c in res.ability.costs],
        "trigger": res.ability.trigger.as_json() if res.ability.trigger else None,
        "parts": parts_json(res),
        "cancel": res.cancel,
        "reaction": res.reaction,
        "board_reactions": list(res.board_reactions),
        "unused_inputs": list(res.unused),
        "placement": {k: res.placement[k] for k in ("zone", "controller", "owner")},
        "other_edition": other,
        "constant": [o["text"] for o in res.others if o["kind"] == "passive"],
        "other_abilities": [{"label": o["label"], "kind": o["kind"], "ask": o["ask"]} for o in res.others],
        "rules": rules,
        "interpretations": [n.as_json() for n in res.trace.interpretations],
        "ruleset": {**v.as_json()},
        "ruling_id": ruling_id(res.printing.name, res.edition, board_key),
        "match": [],
        "explanation": explanation(res, other, other_same),
        "trace": [s.as_json() for s in res.trace.steps if s.decision],
        "bonus": res.bonus,
        "stacks": res.stacks,
    }
    data["assumptions"] = assumptions(res)
    data["summary"] = summary(data)
    data["explanation"] = f"{data['summary']}\n\n{data['explanation']}"   # the text answer opens with it
    return data


def _clause(text: str, limit: int = 90) -> str:
    """A part's words as a clause inside a sentence: without the final stop; a long one is shortened at a word
    boundary (never mid-word), with "…"."""
    words = " ".join(text.strip().rstrip(".:").split())
    if len(words) <= limit * 4 // 3:   # a little over: whole, rather than cut a few words before its end
        return words
    head = words[:limit]
    clause = max(head.rfind(", "), head.rfind("; "))
    if clause >= limit // 2:   # at the end of a clause ("If ..., move ...")
        return head[:clause] + " …"
    phrase = [m.start() for m in _PHRASE.finditer(head) if m.start() >= limit // 2]
    # before the last phrase that would be cut ("... a target ready spell with a printed effect …"), else at a word
    cut = (head[:phrase[-1]] if phrase else head.rsplit(" ", 1)[0]).rstrip(" ,;").split(" ")
    while len(cut) > 3 and cut[-1].lower().rstrip(",;") in _DANGLING:   # never end on "onto", "a", "from your" ...
        cut.pop()
    return " ".join(cut).rstrip(" ,;") + " …"


_PHRASE = re.compile(r" (?:that|which|who|with|onto|into|to|from|on|in|for|by|and|or|if|unless|until|then|where) ",
                     re.I)
# words a quote never ends on: the phrase they begin is cut off ("... onto …", "... from your …")
_DANGLING = frozenset(re.findall(r"\S+", "a an the to onto into on in of from with by for and or but that this these "
                                         "those your their its his her each any all another target up as at than "
                                         "then if when while who which where is are be was were has have no not "
                                         "one 1 2 3 4 5"))


_DANGLING = {"a", "an", "the", "to", "onto", "on", "of", "from", "into", "in", "with", "for", "and", "or", "by", "at",
             "that", "your", "their", "its", "this", "each", "any", "than", "as", "but", "if", "unless", "equal",
             "target", "up"}


_SHORT = ((re.compile(r"^no legal target: no (?P<what>unit)[^,;]* is in play.*$"), "no unit to target"),
          (re.compile(r"^no legal target: (?P<rest>.+)$"), r"\g<rest>"),
          (re.compile(r"^it acts on what part \d+ chose or did, and part \d+ (?P<how>.+)$"),
           r"what it refers to \g<how>"),
          (re.compile(r"^it asks what part \d+ did, and part \d+ (?P<how>.+)$"), r"what it asks about \g<how>"),
          (re.compile(r"^it happens only if part \d+ was done, and part \d+ (?P<how>.+)$"),
           r"the instruction it depends on \g<how>"),
          (re.compile(r"^it happens only if part \d+ was not done, and part \d+ was done$"),
           "the instruction before it was done"),
          (re.compile(r"^it happens only if part \d+ was not done, and part \d+ was taken as done \(the other "
                      r"player's choice; (?P<rest>.+), --decline \d+\)$"),
           r"the other player's choice before it is taken as done (\g<rest>)"),
          (re.compile(r"^part \d+ could have been done.*$"), "the instruction before it could have been done"),
          (re.compile(r"^its condition is not met: (?P<c>.+)$"), r"\g<c> is not so"),
          (re.compile(r"^its “unless” holds: (?P<c>.+)$"), r"\g<c> is so (it says “unless”)"),
          (re.compile(r"^no room: (?P<rest>.+)$"), r"\g<rest>"),
          (re.compile(r"^none left: no (?P<what>.+) in your conjuration pile$"),
           r"no \g<what> left in your conjuration pile"))


def _reason(why: str) -> str:
    """A part's reason in a few words, for the one-sentence summary (the full reason stays in the part); it never
    names a part by number."""
    for pattern, repl in _SHORT:
        if pattern.match(why):
            why = pattern.sub(repl, why)
            break
    return re.sub(r"\bparts? \d+(?:\s*(?:,|and|to)\s*\d+)*", "an earlier instruction", why)


def _part_text(answer: Mapping[str, Any], n: int) -> str:
    return next((p["text"] for p in answer["parts"] if p["n"] == n), "")


def _part_n(ident: str) -> int | None:
    m = re.search(r"-(\d+)$", ident)
    return int(m.group(1)) if m else None


def brief_assumptions(answer: Mapping[str, Any]) -> list[str]:
    """What the answer took for granted about the board, each in a few players' words, for the first line; rule
    readings (how the edition works) stay in the full "Assumed" list."""
    out: list[str] = []
    parts = {p["n"]: p for p in answer["parts"]}
    for note in answer.get("interpretations") or ():
        ident = note["id"]
        n = _part_n(ident)
        part = parts.get(n) if n is not None else None
        said = re.match(r"^AS-I-said-(?P<cls>[a-z-]+?)-\d+$", ident)
        if said and said.group("cls") in BY_ID:
            out.append(BY_ID[said.group("cls")].brief)
        elif ident.startswith("AS-I-cond-") and part is not None:
            cond = part["condition"] or ""
            out.append(f"“{_clause(cond[4:], 70)}” is not so" if cond.startswith("not ")
                       else f"“{_clause(cond, 70)}” holds")
        elif ident.startswith("AS-I-result-") and part is not None:
            out.append(f"the instruction before “{_clause(part['text'], 50)}” did what it asks about")
        elif ident.startswith("AS-I-spell-fits-"):
            out.append("the ready spell it targets is of the kind its words ask for")
        elif ident.startswith("AS-I-value-"):
            need = re.search(r"target needs (?P<n>.+?); the board", note["text"])
            out.append(f"the unit it targets has {need.group('n') if need else 'the value its words ask for'}")
        elif ident.startswith("AS-I-fits-"):
            out.append("the unit it acts on is in the state its words ask for")
        elif ident.startswith("AS-I-count-") and part is not None:
            m = re.search(r"says “(?P<w>[^”]+)”", note["text"])
            out.append(f"there are enough units for “{m.group('w') if m else _clause(part['text'], 40)}”")
        elif ident.startswith("AS-I-alteration-"):
            out.append("a unit in play has an alteration")
        elif ident.startswith("AS-I-discard-"):
            out.append("what it looks for is in your discard pile")
        elif ident.startswith("AS-I-chosen-player-"):
            out.append("the player chosen is your opponent")
        elif ident.startswith("AS-I-wounds-"):
            out.append("the units named without their wounds have none")
        elif ident.startswith("AS-I-unexhausted-"):
            out.append("the cards named without their state are unexhausted")
        elif ident.startswith("AS-I-end-cards-"):
            out.append("each unexhausted card in play with an end-of-round effect resolves it")
        elif ident == "AS-I-spell-guard":
            out.append("its Spell Guard does not stop a cancel")
        elif ident.startswith("AS-I-inactive-"):
            out.append("an exhausted card's reaction does not trigger")
        elif ident.startswith("AS-I-spent-"):
            kind = re.search(r"to be (?P<k>.+?) dice \(", note["text"])
            out.append(f"every die spent on its cost showed {kind.group('k') if kind else 'that side'}")
        elif ident.startswith("AS-I-tokens-"):
            where = re.search(r" from (?P<w>.+?); what is on it", note["text"])
            verb = "moves" if re.match(r"^Part \d+ moves ", note["text"]) else "removes"
            out.append(f"{where.group('w') if where else 'the card'} has the tokens it {verb}")
        elif ident.startswith("AS-I-own-tokens-"):
            out.append("the tokens it removes from the card used are there")
        elif ident.startswith("AS-I-dice-"):
            out.append("the dice it names are in that pool")
        elif ident.startswith("AS-I-kind-"):
            kind = ident.removeprefix("AS-I-kind-").split("-")[0]
            out.append(f"there is a {kind} to target")
        elif ident.startswith("AS-I-mode"):
            took = re.search(r"so I took “(?P<t>[^”]+)”", note["text"])
            out.append(f"you choose “{took.group('t') if took else ''}”")
        elif ident.startswith("AS-I-their-choice-"):
            out.append("the other player chooses to do what they may")
        elif ident == "AS-I-all-out":
            out.append("the conjuration in play is yours")
        elif ident.startswith("AS-I-limit-"):
            limit = re.search(r"“(?P<l>[^”]+)”", note["text"])
            out.append(f"“{_clause(limit.group('l') if limit else '', 80)}” is met")
        elif ident == "AS-I-no-units":
            out.append("no units are in play besides it")
        elif ident in ("AS-I-trigger-cost", "AS-I-trigger-unit", "AS-I-event"):
            out.append("its trigger happened")   # the first line names the trigger
        elif ident == "AS-I-units-assumed":
            out.append("a unit is in play to attach it to")
        elif ident.startswith("AS-I-pb-bare-"):
            out.append(f"{'your' if ident.endswith('mine') else 'their'} Phoenixborn has no tokens on it")
        elif ident.startswith("AS-I-extra-cost-"):
            continue   # said in the first line ("is an optional cost, paid as it is activated (if you choose to)")
        elif ident == "AS-I-units-both":
            continue   # said in the first sentence, with what the card is used as (summary)
        elif ident.startswith("AS-I-pb-not-unit-"):
            out.append("the target is their Phoenixborn, not a unit")
        elif ident.startswith("AS-I-unit-not-pb-"):
            out.append("the target is their unit, not their Phoenixborn")
        elif ident == "AS-I-pb-attach":
            out.append("you choose whose Phoenixborn it goes on")
        elif ident in ("AS-I-attach-theirs", "AS-I-cancel-target"):
            out.append("its target is one of theirs")
        elif ident.startswith("AS-I-unread-") and part is not None:
            out.append(f"“{_clause(part['text'], 50)}” does what it says")
    return list(dict.fromkeys(out))


def _reaction_words(answer: Mapping[str, Any], reaction: Mapping[str, Any]) -> str:
    """When a triggered reaction resolves, naming the instruction that triggers it (never by number)."""
    n = reaction["triggered_by"]
    text = _part_text(answer, n)
    clause = f"“{_clause(text, 60)}”"
    same = [p["n"] for p in answer["parts"] if p["text"] == text]
    if len(same) > 1:   # "Deal 2 damage to a target unit" printed twice: say which
        clause = ("the first ", "the second ", "the third ", "a later ")[min(same.index(n), 3)] + clause
    card = reaction["card"]
    whose = re.search(r"\((your opponent's reaction|your reaction|each player's)[^)]*\)$", reaction["when"])
    if whose:   # "when a unit you control is destroyed": whose reaction it is, from whose unit was destroyed
        card += {"your opponent's reaction": " (your opponent's reaction)", "your reaction": " (your reaction)",
                 "each player's": " (each player's, for their own unit)"}[whose.group(1)]
    if reaction.get("event") == "end of round":
        return f"{card}'s end-of-round effect resolves now, as {clause} says (if {card} is unexhausted)"
    if reaction["timing"] in ("would", "before"):
        return f"{card} comes before {clause} (it answers what that would do)"
    if answer["card"]["edition"] == "reborn":
        later = any(p["n"] > n for p in answer["parts"])
        return f"{card} resolves right after {clause}" + (", then the rest of the card" if later else "")
    return f"{card} waits until the whole effect has resolved, then resolves"


def _assumed_tail(answer: Mapping[str, Any], most: int = 4, first: str | None = None) -> str:
    """" Assumed: ...": what the answer took for granted, the first few in the first line, the rest below."""
    assumed = ([first] if first else []) + brief_assumptions(answer)
    if not assumed:
        return ""
    shown = [f"Assumed: {assumed[0]}", *assumed[1:most]]
    if len(assumed) > most:
        shown[-1] += "; and more (see Assumed below)"
    return " " + joined(shown)  # in sentences under 40 words


# an instruction (it happens) rather than a statement of what is now so (it applies)
_INSTRUCTION = re.compile(r"^(?:if you do,? |then,? |instead,? )?(?:you may (?:instead |also )?|"
                          r"(?:the player (?:that|who) [^.]*?|its controller|its controlling player|an opponent|"
                          r"that opponent|each player|they|those units|these units|both units) "
                          r"(?:may |must )?)?(?:" + "|".join(sorted(set(VERBS))) + r"|places?|deals?|removes?|"
                          r"discards?|draws?|destroys?|returns?|attaches?|searche?s?|resolves?)\b", re.I)


# an instruction set for a later moment about the card itself: "Discard this spell when it no longer has any status
# tokens on it" (Deep Freeze, Chant of Protection, Protect, Augury)
# an instruction that waits for a moment written after it: "remove 1 exhaustion token from this unit at the end of
# that battle" (Dauntless)
_AT_END = re.compile(r",?\s(at the (?:end|start|beginning) of (?:that|the|this) (?:battle|turn|round))\.?$", re.I)
_LATER = re.compile(r"\s((?:when|once|as soon as) (?:it|this (?:spell|card|unit)) (?:no longer|has|is|has no)\b[^.]*)"
                    r"\.?$", re.I)


_GRANTS = re.compile(r"^this unit now has the following abilit(?:y|ies):?$", re.I)
# a part handing out the abilities printed under it, shown with them ("... the following ability: Name: text / ...")
_GIVES = re.compile(r"^(?P<head>.*?\bthe following abil(?:ity|ities|ies)\b[^:]*):\s*(?P<given>.+)$", re.I)


def bonus_clause(answer: Mapping[str, Any]) -> str:
    """An alteration played: what its printed value bonuses add to the card it is on (AS21), worked out when that
    card's values are known ("Iron Worker (theirs) gets +1 attack (attack 3: 2 printed +1)")."""
    bonus = answer.get("bonus")
    if not bonus:
        return ""
    worked = [w for row in bonus["worked"] if (w := worked_words(row))]
    x = ""
    if any(v.endswith("X") for v in bonus["values"].values()):   # "X = the number of status tokens on this unit."
        defined = re.search(r"\bX = ([^.\n]+)", answer["card"]["text"])
        x = f" (X = {defined.group(1).strip()})" if defined else " (X as its text sets it)"
    return (f"{bonus['unit'] or 'the ' + bonus['on'] + ' it is on'} gets {bonus['words']}{x}"
            + (f" ({'; '.join(worked)})" if worked else ""))


def stack_sentence(answer: Mapping[str, Any], played: bool = False) -> str:
    """An ability asked about that the unit has from two sources or more, or one the card played gives a unit that
    has it already (`played`: when no in-play clause names them): said with its total (AS7)."""
    if answer["ability"]["kind"] == "play" and not played:
        return ""
    return "".join(f" {stack_words(x)} (AS7)." for x in answer.get("stacks") or ())


def _in_play_clauses(answer: Mapping[str, Any], constant: list[str], lead: str = "") -> list[str]:
    """What a card played from hand does while in play: each constant text quoted; "This unit now has the following
    abilities:" names the abilities it gives the unit (they are listed after it), never quoted alone."""
    others = answer.get("other_abilities") or []
    out: list[str] = [lead] if lead else []
    granted: list[str] = []
    for i, o in enumerate(others):
        if o["kind"] == "passive" and any(_GRANTS.match(t.strip()) for t in constant) and o["label"].startswith(
                "ability ") and granted == [] and i + 1 < len(others):
            granted = [x["label"] for x in others[i + 1:]]
            break
    for t in constant:
        if _GRANTS.match(t.strip()):
            if granted:
                stacks = {x["ability"]: x for x in answer.get("stacks") or ()}
                has = [stacks[g]["name"] if g in stacks else g for g in granted]
                why = "".join(f"; {stack_words(stacks[g])} (AS7)" for g in granted if g in stacks)
                out.append(f"the unit it is on has {joined_names(has)} (ask with ability “{granted[0]}”){why}")
            continue
        if any(t.startswith(f"{g}: ") for g in granted):
            continue   # named above
        gives = _GIVES.match(t.strip())
        names = [g.split(": ", 1)[0] for g in gives.group("given").split(" / ") if ": " in g] if gives else []
        if names:   # "All units you control with a divine die on them have the following ability: Overkill 1: ..."
            out.append(f"“{_clause(gives.group('head'), 100)}”: {joined_names(names)} (ask with ability "
                       f"“{names[0]}”)")
            continue
        out.append(f"“{_clause(t, 80)}”")
    return [("while it is in play: " if i == 0 else "") + x for i, x in enumerate(out)]


def joined_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def _controlled(answer: Mapping[str, Any]) -> str:
    """Placed in another player's area: that player controls it, so its "you"/"your" mean them."""
    if answer["placement"]["controller"] == "you":
        return ""
    return " (your opponent controls it there, so its “you” and “your” mean them; you stay its owner)"


def _where(zone: str) -> str:
    """Where a played card goes, as a clause."""
    if zone.startswith("attached"):
        return f"it is {zone}"
    if zone.startswith("under"):
        return f"it is placed {zone}"
    return f"it goes to your {zone}" if zone in ("battlefield", "spellboard", "discard pile") else f"it goes to {zone}"


# "the attack value of this unit is increased by 2", "add 1 to this unit's life value": a constant change of its own
# printed value, worked out for the first line (never "for each ...": a count the board holds)
_OWN_VALUE = re.compile(r"\b(?:(?:the (?P<s1>attack|life) value of this unit|this unit's (?P<s2>attack|life) value) is "
                        r"(?P<dir>increased|reduced|decreased) by (?P<n>\d+)|(?P<add>add|reduce|subtract) (?P<n2>\d+) "
                        r"(?:to|from) (?:this unit's|the) (?P<s3>attack|life) value(?: of this unit)?)(?! for each)\b",
                        re.I)


def constant_line(answer: Mapping[str, Any]) -> str:
    """A constant ability asked about: what it does and while when — it applies, it is never used ("Winged Lioness's
    Stalk is a constant ability: while Winged Lioness is in play, “This unit cannot be guarded against” applies")."""
    card = answer["card"]
    name, text = card["name"], card["text"].strip()
    label = answer["ability"]["name"] or "text"
    if answer["ability"].get("granted"):   # given to a unit by the card: the unit's, while it has it
        return (f"{label} is a constant ability (it is never used: nothing is paid or chosen). While the unit {name} "
                f"gives it to has it, “{_clause(text, 120)}” applies.")
    where = {"Alteration Spell": f"while {name} is attached to a unit (to that unit)",
             "Ready Spell": f"while {name} is on its spellboard"}.get(card["type"], f"while {name} is in play")
    line = f"{name}'s {label} is a constant ability (it is never used: nothing is paid or chosen). " \
           f"{where[:1].upper()}{where[1:]}, “{_clause(text, 120)}” applies"
    m = _OWN_VALUE.search(text)
    stat = m and (m.group("s1") or m.group("s2") or m.group("s3")).lower()
    printed = card.get(stat) if m else None
    if m and printed is not None:
        n = int(m.group("n") or m.group("n2"))
        minus = (m.group("dir") or m.group("add") or "").lower() in ("reduced", "decreased", "reduce", "subtract")
        value = max(printed - n, 0) if minus else printed + n
        then = " then" if re.match(r"^(?:while|if|as long as|during)\b", text, re.I) else ""
        line += f": its {stat} value is{then} {value} ({printed} printed {'-' if minus else '+'} {n})"
    bonus = bonus_clause(answer)
    return line + "." + stack_sentence(answer) + (f" While it is attached, {bonus} as well." if bonus else "")


def summary(answer: Mapping[str, Any]) -> str:
    """The answer in one sentence, in the players' words: whether the card can be used, then what each part of
    its effect does ("“Place a Gilder conjuration onto your battlefield” happens; “you may deal 1 damage to the
    target unit” does not: no unit to target"), a cancel, and how much of it rests on assumptions."""
    name = answer["card"]["name"]
    ability = answer["ability"]
    if ability["kind"] == "play":
        used = name if answer["card"]["type"] in ("Action Spell", "Reaction Spell") \
            else f"Playing {name}"
    elif ability.get("granted"):   # an ability the card gives a unit: the unit uses it
        used = f"{ability['name']} (which {name} gives a unit of yours)"
    else:
        used = f"{name}'s {ability['name']}" if ability["name"] else name
    unused = "".join(f" {x}" for x in answer.get("unused_inputs") or ())
    if not answer["usable"]["value"]:
        if ability["kind"] == "passive" and answer["usable"]["why"].startswith(f"“{ability['label']}” is a constant"):
            return constant_line(answer) + unused
        if ability["kind"] == "play":
            return f"{name} cannot be played: {answer['usable']['why']}.{unused}"
        return f"{used} cannot be used: {answer['usable']['why']}.{unused}"
    cancel = answer.get("cancel")
    parts = answer["parts"]
    if cancel and cancel["applies"] and parts and all(p["outcome"] == "cancelled" for p in parts):
        kept = "its cost stays paid" if answer["costs"] else "nothing is refunded"
        if answer["steps"][2]["happens"]:
            kept += " and the card stays where it was placed"
        tail = _assumed_tail(answer)
        what = f"{name} as it is played" if used.startswith("Playing ") else used
        return f"{cancel['card']} cancels {what}: none of its effect happens ({kept}).{unused}{tail}"
    trigger = answer.get("trigger")
    if trigger and re.match(r"^(?:at the (?:end|start|beginning) of|after|when|whenever|before)\b", trigger["words"],
                            re.I) and not re.match(r"^when attaching\b", trigger["words"], re.I):
        # when it happens, in the first line ("Bravery, after a unit you control is dealt damage: ...")
        # a long first instruction leaves fewer words for its moment (the first sentence stays under 40 words)
        whole = _clause(trigger["words"], 70)
        first = len(whole.split()) + len(used.split()) + (len(_clause(parts[0]["text"]).split()) if parts else 0)
        room = 70 if first + 6 <= 40 else 50
        used += f", {_clause(trigger['words'][:1].lower() + trigger['words'][1:], room)}"
    bits = []
    for part in parts:
        clause = f"“{_clause(part['text'])}”"
        outcome = part["outcome"]
        if optional_cost(part["text"]):   # a cost written in its effect: paid as it is activated, or not at all
            bits.append(f"{clause} is an optional cost, " + (
                "paid as it is activated" + (" (if you choose to)" if "not said" not in part["why"] and
                                             not part["why"].startswith("the dice spent") else "")
                if outcome == "resolves" else f"not paid: {_reason(part['why'])}"))
            continue
        if outcome == "resolves":
            to = f" to {_clause(part['target'], 40)}" if part.get("target") else ""
            choice = (" if you choose to" if part["optional"] and "taken as done" not in part["why"]
                      else " (the other player's choice)" if part["optional"] else "")
            body = re.sub(r"^(?:(?:if|at|for each|during|until|when|after|while|as long as|instead of|otherwise)\b"
                          r"[^,]*,\s*)+", "", part["text"], flags=re.I)
            verb = "happens" if _INSTRUCTION.match(body) else "applies"   # "That unit cannot ...": applies
            if re.match(r"^at the (?:start|end|beginning) of\b", part["text"], re.I):
                verb += " at that time, not now"
            elif re.match(r"^(?:you may )?(?:change|reduce) the activat\w* cost of this\b", part["text"], re.I):
                verb = "applies to its cost (paid before the effect)"
            elif verb == "happens" and (when := _AT_END.search(part["text"])):   # "... at the end of that battle"
                clause = f"“{_clause(part['text'][:when.start()])}”"
                verb += f" {when.group(1)}, not now"
            later = _LATER.search(part["text"])
            if later and verb == "happens":   # "Discard this spell when it no longer has any status tokens on it"
                clause = f"“{_clause(part['text'][:later.start()])}”"
                verb = f"happens later, {later.group(1).rstrip('.')}, not now"
            done = f": {', '.join(part['result'])}" if part.get("result") else ""
            grant = _GIVES.match(part["text"])
            if grant:   # "That unit gains the following abilities ...: Bypass: ... / Reality Fracture: ...": name them
                names = [g.split(": ", 1)[0] for g in grant.group("given").split(" / ") if ": " in g]
                clause = f"“{_clause(grant.group('head'))}”"
                done = f": it gains {joined_names(names)}" if names else done
            bits.append(f"{clause} {verb}{to}{choice}{done}")
        elif outcome == "declined":
            bits.append(f"{clause} is not done (a choice)")
        elif outcome == "cancelled":
            bits.append(f"{clause} is cancelled")
        elif part["why"].startswith("not chosen"):
            bits.append(f"{clause} is not chosen")
        else:
            bits.append(f"{clause} does not happen" + (f": {_reason(part['why'])}" if part["why"] else ""))
    if parts and (bonus := bonus_clause(answer)):   # attached, its value bonuses apply as well as its effect
        bits.append(f"while it is attached, {bonus}")
    if cancel:
        bits.append(f"{cancel['card']} cancels the rest of it" if cancel["applies"]
                    and not all(p["outcome"] == "cancelled" for p in parts) else
                    f"{cancel['card']} cannot cancel it" if not cancel["applies"] else f"{cancel['card']} applies")
    shown = set()
    for x in answer.get("board_reactions") or ():
        shown.add(x["card"])
        whose = "yours" if x["side"] == "mine" else "theirs"
        clause = f"“{_clause(_part_text(answer, x['part']), 50)}”"
        when = (f"before {clause}" if x["timing"] in ("would", "before") else
                "as it comes into play" if x.get("arrival") and answer["card"]["edition"] == "reborn" else
                f"right after {clause}" if answer["card"]["edition"] == "reborn" else "after the whole effect")
        if x.get("blocked"):
            bits.append(f"{x['card']} ({whose})'s {x['ability']} would trigger, but by the time it resolves (after "
                        "the whole effect) the card is exhausted, so its text is inactive and it does not resolve")
            continue
        if x.get("nothing"):   # resolved on the units named: none of it can happen there
            bits.append(f"{x['card']} ({whose})'s {x['ability']} then triggers, {when}, but does nothing: "
                        f"{_reason(x['nothing'])}")
            continue
        bits.append(f"{x['card']} ({whose})'s {x['ability']} then triggers, {when}: “{_clause(x['text'], 70)}”"
                    + ((" if you choose to" if x["side"] == "mine" else " if they choose to") if x["optional"] else ""))
    reaction = answer.get("reaction")
    if reaction and reaction["card"] in shown and reaction["applies"]:
        reaction = None   # the reaction asked about is a named card's, said above with what it does
    if reaction:
        nothing = ": nothing is destroyed" if reaction["when"].startswith("nothing is destroyed") else ""
        bits.append(_reaction_words(answer, reaction) if reaction["applies"]
                    else f"{reaction['card']} is not triggered{nothing}")
    if not parts:   # where it goes, then what it does there (a cancel that cannot touch it comes after)
        where = answer["placement"]["zone"]
        constant = answer.get("constant") or []
        placed: list[str] = []
        if answer["steps"][2]["happens"]:  # each constant ability a clause of its own (sentences stay short)
            tokens = re.search(r"\b(?:this (?:card|spell|unit)) comes into play with (\d+ (?:status|exhaustion|wound) "
                               r"tokens?)", answer["card"]["text"], re.I)
            bonus = bonus_clause(answer)
            placed.append(_where(where) + (f" with {tokens.group(1)} on it" if tokens else "") + _controlled(answer)
                          + ("" if constant or bonus else " and does nothing more when played"))
            placed += _in_play_clauses(answer, constant, bonus)
        elif not bits:
            placed.append("it has no effect to resolve")
        bits = placed + bits
    if parts and (stacked := stack_sentence(answer, played=True)):
        bits.append(stacked.strip().rstrip("."))
    tail = _assumed_tail(answer)  # the parts in sentences under 40 words (engine.plain_words.joined)
    if any(n["id"] == "AS-I-units-both" for n in answer.get("interpretations") or ()):
        # a plain question: no units named, none taken as none; said where the first line reads it when that
        # line stays short, else first among what was assumed
        units = ", assuming both players have units in play"
        if len(f"{used}: {bits[0]}{units}".split()) < HEADLINE_WORDS:
            bits[0] += units
        else:
            tail = _assumed_tail(answer, first="both players have units in play")
    return joined([f"{used}: {bits[0]}", *bits[1:]]) + unused + tail
