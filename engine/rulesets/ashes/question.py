"""The Ashes question as the generic front ends ask it: `arbiter ashes CARD ...` and `/ashes ruling`.

Built from PARAMS by bot/; nothing about Ashes lives there. The answer is computed in the edition asked for and
again in the other one, so it can say in one line whether (and how) the other edition differs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from difflib import SequenceMatcher
from typing import Any

from engine.cards import Card
from engine.interface import Field, Lookup, Param, Presentation, QuestionError
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import editions_of, printing
from engine.rulesets.ashes.render import answer_json, difference, outcome_key
from engine.rulesets.ashes.resolve import ask_value, resolve
from engine.rulesets.ashes.rules import VERSIONS, other_edition
from engine.rulesets.ashes.state import read_board, with_targets_in_play

EPILOG = """\
board state (units in play are counted WITHOUT the card used):
  --units none|mine|theirs|both     unnamed units in play      --unit "Gilder@mine" (repeatable) a named one,
      with what is on it: "Gilder@theirs/status=2/wounds=1/exhausted/exhaustion=2/alteration=Regress";
      a Phoenixborn's tokens: --unit "phoenixborn@mine/wounds=3/exhausted" (or its name instead of phoenixborn)
  --battlefield-full  --spellboard-full  --conjurations-left N  --exhausted (the card used is exhausted)
  --discard N (cards in your discard pile)  --dice N (dice in your active pool)
  --exhausted-dice N (dice in your exhausted pool as it resolves, those paid for it included)
choices:
  --ability NAME|N|play   which ability (by name, by position for unnamed ones, or play = from hand)
  --focus N               the ready spell is focused N times (adds its Focus lines)
  --target N=WHAT         target of part N: mine, theirs, NAME@mine, phoenixborn@theirs (0 = the unit or
                          Phoenixborn an alteration is attached to; a part with several targets: "2=A;2=B")
  --decline N             the player does not do optional ("you may") part N
  --x N                   the X chosen as it is played
  --mode N                the effect chosen from "choose one", or from "A or B" (1 = A, 2 = B; several: 1;2)
  --spent DICE            the dice spent on its cost: "2 divine power", "1 charm class; 1 basic"
  --cancel-with CARD      an opponent answers with this card (e.g. Golden Veil)
  --reaction CARD         a reaction one of its parts triggers: when does it resolve (e.g. Particle Shield)
examples:
  arbiter ashes "Summon Gilder" --battlefield-full --units theirs --ruleset 1e
  arbiter ashes "Summon Gilder" --units theirs --cancel-with "Golden Veil" --ruleset 1e
  arbiter ashes "Summon Dread Wraith" --focus 2 --conjurations-left 0 --ruleset 1e
rulesets: reborn (current texts and rulebook, default), 1e (first edition with errata)"""

_CLI = frozenset({"cli"})
PARAMS = (
    Param("card", "The card used, e.g. Summon Gilder", required=True, metavar="CARD", card_names=True),
    Param("ability", "Which ability: its name, its number, or play (from hand)", cli_flag="--ability",
          metavar="NAME|N"),
    Param("focus", "The ready spell is focused this many times (0-2)", cli_flag="--focus", metavar="N"),
    Param("units", "Units in play besides the card used: none, mine, theirs or both", cli_flag="--units",
          metavar="none|mine|theirs|both"),
    Param("unit", "A named unit in play, NAME@mine or NAME@theirs (several: separate with ;)", repeat=True,
          cli_flag="--unit", metavar="NAME@SIDE"),
    Param("battlefield_full", "Your battlefield is full", kind="flag", cli_flag="--battlefield-full"),
    Param("spellboard_full", "Your spellboard is full", kind="flag", cli_flag="--spellboard-full"),
    Param("conjurations_left", "Copies left in the conjuration pile of what it summons", cli_flag="--conjurations-left",
          metavar="N"),
    Param("exhausted", "The card used is exhausted", kind="flag", cli_flag="--exhausted"),
    Param("target", "Target of part N: N=mine|theirs|NAME@side|phoenixborn@theirs (several: separate with ;)",
          repeat=True, cli_flag="--target", metavar="N=WHAT"),
    Param("decline", "Optional part N the player does not do (several: separate with ;)", repeat=True,
          cli_flag="--decline", metavar="N"),
    Param("cancel_with", "An opponent's cancel played in response, e.g. Golden Veil", cli_flag="--cancel-with",
          metavar="CARD", card_names=True),
    Param("reaction", "A reaction triggered while it resolves, e.g. Particle Shield", cli_flag="--reaction",
          metavar="CARD", card_names=True),
    Param("discard", "Cards in your discard pile (when it matters)", cli_flag="--discard", metavar="N"),
    Param("dice", "Dice in your active pool (when it matters)", cli_flag="--dice", metavar="N"),
    Param("exhausted_dice", "Dice in your exhausted pool as it resolves, the dice paid for it included (when it "
                            "matters)", cli_flag="--exhausted-dice", metavar="N"),
    Param("x", "The X chosen as the card is played", cli_flag="--x", metavar="N"),
    Param("mode", "The effect chosen where the text offers a choice: “choose one of the following”, or “A or B” "
                  "(1 = the first; several choices: 1;2)", cli_flag="--mode", metavar="N"),
    Param("spent", "The dice spent on its cost, e.g. “2 divine power” or “1 charm class; 1 basic”", cli_flag="--spent",
          metavar="DICE"),
)


_EDITION_WORDS = {"reborn": "Ashes Reborn", "1e": "the first edition"}


def _printing_or_error(card: Card, edition: str):  # type: ignore[no-untyped-def]
    p = printing(card, edition)
    if p is None:
        have = ", ".join(editions_of(card)) or "none"
        raise QuestionError(f"{card.name} has no {edition} printing; it was printed in: {have}.")
    return p


def _one(card: Card, cancel: Card | None, inputs: Mapping[str, Any], edition: str, lookup: Lookup,
         reaction: Card | None = None):  # type: ignore[no-untyped-def]
    board = read_board(inputs, lambda name: lookup(name).name)
    p = _printing_or_error(card, edition)

    def known(name: str) -> str:
        try:
            return lookup(name).name
        except QuestionError:
            return name

    not_units = set()
    for what in (one for several in board.targets.values() for one in several.split("|")):
        # a target card that is no unit (a ready spell) is not put on the battlefield
        name = what.rpartition("@")[0].strip()
        try:
            named = printing(lookup(name), edition) if name and name.lower() != "phoenixborn" else None
        except QuestionError:
            named = None
        if named is not None and named.type not in ("Ally", "Conjuration"):
            not_units.add(name.lower())
    board = with_targets_in_play(board, {p.name.lower(), *(c.lower() for c in p.conjurations), *not_units},
                                 str(inputs.get("units") or "").strip().lower() == "none", known)
    cp = printing(cancel, edition) if cancel is not None else None
    rp = printing(reaction, edition) if reaction is not None else None
    if reaction is not None and rp is None:
        raise QuestionError(f"{reaction.name} has no {edition} printing.")
    annotations = getattr(lookup, "annotations", None)
    notes = tuple(annotations(card)) if annotations is not None else ()

    def card_of(name: str):  # type: ignore[no-untyped-def]
        """A named card's printing in this edition (None: not a card, or not printed in it)."""
        try:
            return printing(lookup(name), edition)
        except QuestionError:
            return None

    return resolve(p, board, cp, cancel.name if cancel is not None else None, notes, rp, card_of), board


def _same_ability(res: Any, card: Card, edition: str) -> dict[str, str] | None:
    """The other printing's ability that matches the one answered (the same name, else the most alike words), as
    the "ability" input: a position ("1") or the default pick can mean another ability there (Summon Majestic Titan:
    Reborn's 1 places the Titan, the first edition's 1 is its cancel). Empty when playing it; None when no ability
    there is alike."""
    if res.ability.kind == "play":
        return {}
    other = printing(card, edition)
    abilities = read_abilities(other) if other is not None else ()
    if not abilities:
        return {}
    key = re.sub(r"\s+\d+$", "", (res.ability.name or "").lower())
    named = [a for a in abilities if a.name and re.sub(r"\s+\d+$", "", a.name.lower()) == key] if key else []
    if len(named) == 1:
        return {"ability": ask_value(named[0], abilities)}
    def words(a: Any) -> str:   # its effect without Focus lines (one edition prints them, the other not)
        return (" ".join(x.text for x in a.parts if not x.focus) or a.text).lower()

    alike = [(SequenceMatcher(None, words(res.ability), words(a)).ratio(), a) for a in abilities if a.kind != "play"]
    best = max(alike, key=lambda x: x[0], default=None)
    return {"ability": ask_value(best[1], abilities)} if best is not None and best[0] >= 0.6 else None


class AshesQuestion:
    command = "ruling"
    description = "What happens, step by step, when an Ashes card or ability is used"
    cli_description = ("What happens when an Ashes card or ability is used in a board state: costs, targets, "
                       "placement, each part of the effect, an opponent's cancel (rules AS1-AS21).")
    group_description = "Ashes: Rise of the Phoenixborn / Ashes Reborn: resolving cards and abilities"
    epilog = EPILOG
    version_help = "reborn (current texts, default) or 1e (first edition with errata)"
    params = PARAMS
    # Worked examples (engine.interface.examples_of): inputs as the front ends pass them.
    examples = (
        {"card": "Summon Gilder", "units": "none", "ruleset": "1e"},
        {"card": "Summon Gilder", "battlefield_full": True, "units": "theirs", "ruleset": "1e"},
    )

    def answer(self, inputs: Mapping[str, Any], lookup: Lookup, version: str) -> dict[str, Any]:
        if version not in VERSIONS:
            raise QuestionError(f"Unknown ruleset {version!r}; valid: {', '.join(VERSIONS)}.")
        name = inputs.get("card")
        name = name[0] if isinstance(name, list) and name else name
        if not isinstance(name, str) or not name.strip():
            raise QuestionError("Name the card used, e.g. “Summon Gilder”.")
        card = lookup(name)
        asked = version
        if printing(card, version) is None and printing(card, other_edition(version)) is not None:
            version = other_edition(version)   # a plain question answers: the edition the card exists in, said
        cancel = lookup(inputs["cancel_with"]) if inputs.get("cancel_with") else None
        reaction = lookup(inputs["reaction"]) if inputs.get("reaction") else None
        res, board = _one(card, cancel, inputs, version, lookup, reaction)
        alt_name = other_edition(version)
        other, same = None, None
        if printing(card, alt_name) is None:
            other = {"ruleset": alt_name, "summary": f"{card.name} has no {alt_name} printing."}
        else:
            same_one = _same_ability(res, card, alt_name)
            try:
                if same_one is None:
                    raise QuestionError(f"no ability of its {alt_name} printing reads like this one (ask with "
                                        f"--ruleset {alt_name} to see its abilities)")
                alt, _ = _one(card, cancel, {**inputs, **same_one}, alt_name, lookup, reaction)
            except QuestionError as exc:
                other = {"ruleset": alt_name, "summary": f"the same question does not apply there: {exc}"}
            else:
                if outcome_key(alt) != outcome_key(res):
                    other = {"ruleset": alt_name, "summary": difference(res, alt)}
                else:
                    same = f"Under {alt_name}: the same answer."
        board_key: dict[str, Any] = board.as_json()  # the question as read, whichever front end typed it
        for key in ("discard", "dice", "x", "mode", "reaction", "spent", "phoenixborns",  # added later: unset,
                    "exhausted_dice", "spells"):
            if board_key.get(key) in (None, []):                                            # older ids stay the same
                board_key.pop(key, None)
        board_key["ability"] = res.ability.label
        board_key["card"] = card.name
        annotations = getattr(lookup, "annotations", None)
        if annotations is not None:  # a moderator's annotation changes the answer, so it changes the id
            board_key["annotations"] = sorted([n.part, n.rule, n.value] for n in annotations(card))
        if any(i.id in ("AS-I-units-assumed", "AS-I-units-both") for i in res.trace.interpretations):
            board_key["units_assumed"] = True   # the answer assumed units: a question of its own
        if cancel is not None:
            board_key["cancel_with"] = cancel.name
        if reaction is not None:
            board_key["reaction"] = reaction.name
        data = answer_json(res, other, same, board_key)
        data["scenario"] = board.as_json()
        if version != asked:   # said right after the first sentence, and in the explanation
            said = (f"{card.name} was printed only in {_EDITION_WORDS[version]}, so this is answered under its "
                    f"{version} rules (asked: {asked}).")
            data["edition_used"] = {"asked": asked, "answered": version, "why": said}
            # said before what was assumed, never inside a quote ("“This unit is considered to be exhausted. ...”")
            head, sep, tail = data["summary"].partition(" Assumed: ")
            data["summary"] = f"{head} {said}" + (f" Assumed: {tail}" if sep else "")
            data["explanation"] = f"{data['summary']}\n\n" + data["explanation"].split("\n\n", 1)[-1]
        return data

    def present(self, answer: Mapping[str, Any]) -> Presentation:
        fields = []
        for step in answer["steps"]:
            fields.append(Field(name=f"{step['step']}. {step['name']}",
                                lead="happens" if step["happens"] else "does not happen",
                                rules=tuple(step["rules"]), text=step["detail"]))
        for part in answer["parts"][:12]:
            tags = [t for t, on in (("target", part["targets"]), ("you may", part["optional"])) if on]
            name = f"Part {part['n']}: {part['text']}"[:200] + (f" [{', '.join(tags)}]" if tags else "")
            fields.append(Field(name=name, lead=part["outcome"], rules=tuple(part["rules"]), text=part["why"]))
        if answer.get("trigger"):
            fields.append(Field(name="Trigger", lead=answer["trigger"]["timing"], rules=("AS12",),
                                text=answer["trigger"]["words"]))
        if answer.get("reaction"):
            x = answer["reaction"]
            fields.append(Field(name=f"Reaction: {x['card']}", lead="triggered" if x["applies"] else "not triggered",
                                rules=tuple(x["rules"]), text=x["when"]))
        if answer.get("cancel"):
            c = answer["cancel"]
            fields.append(Field(name=f"Cancel: {c['card']}", lead="applies" if c["applies"] else "does not apply",
                                rules=tuple(c["rules"]), text=c["why"]))
        pl = answer["placement"]
        fields.append(Field(name="Placement", lead=pl["zone"], rules=("AS4",),
                            text=f"controller {pl['controller']}, owner {pl['owner']}"))
        if answer.get("other_edition"):
            o = answer["other_edition"]
            fields.append(Field(name=f"Under {o['ruleset']}", lead="differs", rules=(), text=o["summary"]))
        rs = answer["ruleset"]
        return Presentation(title=f"Ashes: {answer['card']['name']}"
                                  + (f" — {answer['ability']['label']}" if answer["ability"]["kind"] != "play" else ""),
                            summary=answer["summary"], fields=tuple(fields),
                            footer=f"Ashes ruleset {rs['name']} {rs['version']} · Ruling {answer['ruling_id']}")


QUESTION = AshesQuestion()
