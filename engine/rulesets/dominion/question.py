"""The Dominion question as the generic front ends ask it: its inputs, its answer and how a chat shows it.

`arbiter dominion` and `/dominion ruling` are built from PARAMS by bot/; nothing about Dominion lives there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.interface import Field, Lookup, Param, Presentation
from engine.rulesets.dominion.evaluate import evaluate
from engine.rulesets.dominion.render import verdict_json
from engine.rulesets.dominion.rules import VERSIONS
from engine.rulesets.dominion.scenario import RawNode, ScenarioError, parse_chain
from engine.rulesets.dominion.starter import load_starter

SEPARATORS = ">+()"
_EXTRA_TURN = re.compile(r"\(?\s*(?:this is an? )?extra[ -]turn\s*\)?", re.I)
_LAST_TURN = re.compile(r"\(?\s*(?:played )?(?:on )?(?:my |your )?(?:last|previous)[ -]turn\s*\)?", re.I)
_OPPONENT_TURN = re.compile(r"\(?\s*(?:on )?(?:an? )?(?:opponent|other[ -]player)(?:'s)?[ -]turn\s*\)?", re.I)
WHOSE = ("your-turn", "opponent-turn")

CHAIN_HELP = """\
chain syntax: "A > B" means A played B. A Throne variant is followed by the one card it played several
times; a card making several plays (Captain now and next turn, an Overlord played twice) by one card for
all of them or one per play separated by "+" ("nothing" for none); brackets group:
  "Throne Room > Tactician[discarded-nothing]"     "Throne Room > Overlord > Swamp Hag + Archive"
  "Captain > nothing + Throne Room > Caravan"      "Village as Way of the Mouse > Caravan"
a card played using a Way: "Caravan as Way of the Sheep"; by a Throne variant, every play using it: "Throne Room >
Caravan as Way of the Sheep", or one play: "Throne Room > Caravan + Caravan as Way of the Sheep"
several CHAIN arguments are several cards played this turn: "Voyage" "Lich"; a CHAIN "extra-turn" says this
turn is itself an extra turn: "extra-turn" "Outpost"; a CHAIN "opponent-turn" (or --on opponent-turn) says the
cards were played on another player's turn: "opponent-turn" "Caravan Guard"; a CHAIN "last-turn" says they were
played on your last turn (the answer counts turns from the one you are on): "last-turn" "Mastermind > Smithy"
"X > nothing": X played nothing and set nothing aside (Contract, Royal Galley, Ghost, Haven: nothing later)
--may-trash CARD: may a card that trashes "a card you would discard from play this turn" (Improve) take it?
choices in [...] (comma-separated, a/b = one value per play): removed, not-followed (followed/not-followed
per play), deck-empty,
now | next-turn, met | not-met (or the card's words), left=N, taken | not-taken | skipped,
met=N | never | other (another player's turn right after this one; other:1 after your next turn), one value per
play with "/" (met=1/2), and a card's own options (Specialist: again | gain; Cabin Boy at the start of your next
turn: +$2 | trash), any case
rulesets: current (newer wording: Command variants may not play Durations), older-wording,
prior-chain (every card up a Throne chain stayed), prior-throne (before Empires), command-copy (older ruling:
Band of Misfits and Overlord become the card they play)"""

PARAMS = (
    Param("chain", "Cards in play order, e.g. Throne Room > Tactician[discarded-nothing] (choices in brackets)",
          required=True, repeat=True, metavar="CHAIN", card_names=True, separators=SEPARATORS),
    Param("also", "Another card played this turn (its own chain), e.g. Lich", card_names=True,
          separators=SEPARATORS, surfaces=frozenset({"discord"})),
    Param("played_by", "with a single card: what played it, outermost first (repeatable)", repeat=True,
          cli_flag="--played-by", metavar="CARD", surfaces=frozenset({"cli"})),
    Param("choice", "with a single card: a choice for it, e.g. now, discarded-nothing, left=1 (repeatable)",
          repeat=True, cli_flag="--choice", metavar="CHOICE", surfaces=frozenset({"cli"})),
    Param("skip_next_turn", "Your next turn is skipped (e.g. after Lich or Voyage by another player)",
          kind="flag", cli_flag="--skip-next-turn"),
    Param("on", "Whose turn the cards are played on: your-turn (default) or opponent-turn (a Reaction)",
          cli_flag="--on", metavar="WHOSE", max_length=40),
    Param("may_trash", "A card in the chain: may Improve trash it from play at this turn's Clean-up?",
          cli_flag="--may-trash", metavar="CARD", card_names=True, max_length=100),
)


def chain_texts(inputs: Mapping[str, Any]) -> list[str]:
    """The chains to judge; `played_by` and `choice` are a longhand for one single-card chain."""
    chain = inputs.get("chain") or []
    chains = [chain] if isinstance(chain, str) else list(chain)
    if inputs.get("also"):
        chains.append(inputs["also"])
    chains = [c for c in chains if c and c.strip()]
    played_by, choices = list(inputs.get("played_by") or []), list(inputs.get("choice") or [])
    if not (played_by or choices):
        return chains
    if len(chains) != 1 or any(ch in chains[0] for ch in ">+[]()"):
        raise ScenarioError("--played-by and --choice go with one plain card name; write longer chains "
                            "with “>” and choices in [brackets].")
    card = chains[0] + (f"[{', '.join(choices)}]" if choices else "")
    return [" > ".join([*played_by, card])]


class DominionQuestion:
    command = "ruling"
    description = "In which Clean-up each card of a chain of plays leaves play"
    cli_description = ("In which Clean-up each card of a turn's chain of plays leaves play, with the Duration "
                       "rules (DM1-DM13) that decide it.")
    group_description = "Dominion: when Duration cards and what played them leave play"
    epilog = CHAIN_HELP
    version_help = ("current, older-wording (Command variants may play Durations), prior-chain, prior-throne or "
                    "command-copy (Command variants become the card)")
    params = PARAMS
    # Worked examples (engine.interface.examples_of): inputs as the front ends pass them.
    examples = (
        {"chain": ["Throne Room > Tactician[discarded-nothing]"]},
        {"chain": ["Captain > nothing + Throne Room > Caravan"]},
        {"chain": ["Voyage", "Lich"]},
    )

    def answer(self, inputs: Mapping[str, Any], lookup: Lookup, version: str) -> dict[str, Any]:
        if version not in VERSIONS:
            raise ScenarioError(f"Unknown ruleset {version!r}; valid: {', '.join(VERSIONS)}.")
        texts = chain_texts(inputs)
        # "extra-turn" as a chain of its own says this turn is itself an extra turn (Outpost, Voyage give none);
        # "opponent-turn" that the cards were played on another player's turn.
        extra = any(_EXTRA_TURN.fullmatch(t.strip()) for t in texts)
        whose = (inputs.get("on") or "your-turn").strip().lower().replace(" ", "-").replace("_", "-")
        if whose not in WHOSE:
            raise ScenarioError(f"Whose turn is “{inputs.get('on')}”? Give one of: {', '.join(WHOSE)}.")
        opponent = whose == "opponent-turn" or any(_OPPONENT_TURN.fullmatch(t.strip()) for t in texts)
        # "last-turn": the cards were played on your last turn (the question is asked on the turn after)
        last = any(_LAST_TURN.fullmatch(t.strip()) for t in texts)
        raws: list[RawNode] = [parse_chain(text) for text in texts if not _EXTRA_TURN.fullmatch(text.strip())
                               and not _OPPONENT_TURN.fullmatch(text.strip())
                               and not _LAST_TURN.fullmatch(text.strip())]
        if not raws:
            raise ScenarioError("Name at least one card played this turn.")
        verdict = evaluate(raws, lookup, load_starter().behaviour, version,
                           skip_next_turn=bool(inputs.get("skip_next_turn")), extra_turn=extra,
                           opponent_turn=opponent, last_turn=last)
        return verdict_json(verdict, may_trash=(inputs.get("may_trash") or "").strip() or None)

    def present(self, answer: Mapping[str, Any]) -> Presentation:
        fields = []
        for entry in answer["chain"][:20]:
            by = f" (played by {entry['played_by']})" if entry.get("played_by") else ""
            leaves = entry["leaves_play"]
            fields.append(Field(name=entry["label"] + by, lead=leaves["when"], rules=tuple(entry["rules"]),
                                text=leaves["why"], warning=entry.get("problem")))
        rs = answer["ruleset"]
        return Presentation(title="Dominion: when each card leaves play",
                            summary=answer["summary"], fields=tuple(fields),
                            footer=f"Dominion ruleset {rs['name']} {rs['version']} · Ruling {answer['ruling_id']}")


QUESTION = DominionQuestion()
