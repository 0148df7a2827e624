"""The choices an effect offers (AS5): "choose one of the following" and "A or B" between two instructions.

Each choice is identified by the number of its first part (Part.choice); its options are Part.mode 1, 2, ...
The player's pick is `--mode` (one number per choice, in printed order: "2" or "1;2"). When none is given, the
answer takes the first option that can happen on the board described, and says so.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from engine.interface import QuestionError
from engine.rulesets.ashes.abilities import Ability
from engine.rulesets.ashes.parts import Part
from engine.rulesets.ashes.state import Board
from engine.trace import Interpretation, Trace


def groups_of(parts: Sequence[Part]) -> list[int]:
    return sorted({p.choice for p in parts if p.choice})


def _options(parts: Sequence[Part], group: int) -> dict[int, list[Part]]:
    out: dict[int, list[Part]] = {}
    for p in parts:
        if p.choice == group:
            out.setdefault(p.mode, []).append(p)
    return dict(sorted(out.items()))


def _words(parts: list[Part]) -> str:
    text = " ".join(p.text.rstrip(".") for p in parts)
    text = re.sub(r"^(?:if you do,?\s+)?(?:you may\s+)?", "", text, flags=re.I)
    text = text[:1].upper() + text[1:]
    words = text.split()
    return " ".join(words[:12]) + (" …" if len(words) > 12 else "")


def pick_options(ability: Ability, parts: Sequence[Part], board: Board, trace: Trace,
                 can_happen: Callable[[Part], bool]) -> dict[int, int]:
    """The option taken at each choice (by its group number)."""
    groups = groups_of(parts)
    if not groups:
        if board.modes:
            raise QuestionError(f"--mode goes with a choice the text offers (“choose one of the following”, or “A or "
                                f"B”); {ability.label} offers none.")
        return {}
    if len(board.modes) > len(groups):
        raise QuestionError(f"--mode gives {len(board.modes)} choices; {ability.label} offers {len(groups)} "
                            "(one number each, in printed order).")
    picked: dict[int, int] = {}
    for i, group in enumerate(groups):
        options = _options(parts, group)
        kind = "“choose one”" if any("choose one" in n for p in parts if p.choice == group for n in p.notes) \
            else "“or”"
        if i < len(board.modes):
            k = board.modes[i]
            if k not in options:
                raise QuestionError(f"--mode {k}: {ability.label}'s choice {i + 1} ({kind}) offers options 1 to "
                                    f"{max(options)}.")
            picked[group] = k
            continue
        possible = [k for k, ps in options.items() if all(can_happen(p) for p in ps)]
        k = possible[0] if possible else min(options)
        picked[group] = k
        which = "the first" if k == min(options) else "the first that can happen here"
        listed = " or ".join(f"“{_words(ps)}”" for ps in options.values())
        ident = "AS-I-mode" if len(groups) == 1 else f"AS-I-mode-{i + 1}"
        trace.interpret(Interpretation(ident, "AS5",
                                       f"It offers a choice ({kind}): {listed}. None was given (--mode), so I took "
                                       f"“{_words(options[k])}”, {which}; --mode {k % len(options) + 1} shows the "
                                       "other."))
    return picked


def not_picked(part: Part, picked: dict[int, int]) -> bool:
    return bool(part.choice) and picked.get(part.choice, part.mode) != part.mode


def carry_inputs(board: Board, parts: Sequence[Part], picked: dict[int, int]) -> Board:
    """A --target or --decline given for an option that was not taken goes to the option taken, when that one has
    the same kind of part and none of its own (the player numbered the part as they read the card)."""
    targets, declines = dict(board.targets), set(board.declines)
    for group, k in picked.items():
        options = _options(parts, group)
        taken = options.get(k, [])
        others = [p for m, ps in options.items() if m != k for p in ps]
        wanting = [p for p in taken if p.new_target and str(p.n) not in targets]
        given = [p for p in others if str(p.n) in targets]
        if len(wanting) == 1 and len(given) == 1:
            targets[str(wanting[0].n)] = targets.pop(str(given[0].n))
        optional = [p for p in taken if p.optional and p.n not in declines]
        declined = [p for p in others if p.n in declines]
        if len(optional) == 1 and len(declined) == 1:
            declines.discard(declined[0].n)
            declines.add(optional[0].n)
    if targets == board.targets and declines == set(board.declines):
        return board
    return dataclasses.replace(board, targets=targets, declines=tuple(sorted(declines)))
