"""Readings the nine bullets leave open; every verdict that depends on one lists it."""

from __future__ import annotations

from engine.trace import Interpretation

ZONE_DEFAULT = Interpretation(
    "zone-default", None,
    "No zone was given, so the card is taken as played where its type is normally played.")
PART_CHOICE = Interpretation(
    "part-choice", None,
    "The card has several ability parts; the verdict is for the part that applies where it was played "
    "(each part has its own terms).")
SELF_PLACEMENT = Interpretation(
    "self-placement", "D3",
    "The card placed itself, so it leaving play also ends the placement the duration depends on.")
COPY_LEAVES_PLAY = Interpretation(
    "copy-leaves-play", "D2",
    "A card that leaves play returns to face value, so leaving play also ends a copy (D2).")
TARGET_UNTIL = Interpretation(
    "target-until", "D3",
    "A duration tied to the targeted card staying in play (\"until discarded\") is read as a target "
    "result (D3).")
TARGET_IN_PLACE = Interpretation(
    "target-in-place", "D3",
    "\"While it/he/she remains ...\" follows another card named in the sentence, so it is read as that targeted "
    "card staying where it is: a target result (D3) that this card leaving does not end. Read as this card "
    "itself, it would be D5.")
FOLLOW_UP_TIME = Interpretation(
    "follow-up-time", "D4",
    "The stated time belongs to a sentence that acts only if an optional action before it was taken (\"If you "
    "do, ...\"); it is taken as taken when the ability resolved, so the time runs from the start.")
SHORTER_IN_BOUND = Interpretation(
    "shorter-within-bound", "D9",
    "A stated time shorter than a D3 bound does not end the ability; it only ends the part it governs.")
TURN_COUNT = Interpretation(
    "turn-count", "RG3",
    "A count of turns (\"for N turns\", \"after N turns\") is counted in upkeep: each turn after the one the card "
    "was played in (taken as past its upkeep) counts once, in its upkeep, so the count is over in the upkeep of the "
    "Nth such turn (after N turn-ends, that turn's draw phase ends). A round-ends with no turn-ends before it counts "
    "as one turn.")
RETURN_IN_PREPARATION = Interpretation(
    "set-aside-return", "RG3",
    "Cards set aside for a number of turns come back during the preparation phase of the player who set them aside "
    "(taken as you, who played the card), once the count is over: the set-aside result, and the ability based on it, "
    "end then (after that turn's draw and upkeep phases end).")
ON_RETURN = Interpretation(
    "on-return", "D9",
    "Cards set aside for a number of turns come back during the preparation phase of the player who set them aside "
    "(taken as you, who played the card), once the count is over (after that turn's draw and upkeep phases end). "
    "What the card does \"On return\" begins then, with its own duration (its stated one, or the D1 default: the "
    "end of the phase it begins in, your preparation phase): the set-aside's bound ends as it begins, so it does "
    "not cap it (the upper bound changes as the game progresses).")
ON_RETURN_EARLY = Interpretation(
    "on-return-early", "D3",
    "The set-aside result changed before its count of turns was over: taken as its cards coming back early, so what "
    "the card does \"On return\" begins then. Cards removed from the set-aside area otherwise never return, and "
    "nothing of the ability would last.")
UNKNOWN_COUNT = Interpretation(
    "unknown-count", "D4",
    "The number of turns is X, which the scenario does not fix, so that term is treated as still running.")
NEXT_PHASE = Interpretation(
    "next-phase", "D4",
    "\"During the next battle phase\" ends at the first phase-ends after a battle-ends; until a battle "
    "happens the term is still waiting.")
ANNOTATION = Interpretation(
    "annotation", None,
    "A moderator annotation sets the terms of this part and differs from what the text alone suggests; "
    "the annotation wins.")
DUAL_USE = Interpretation(
    "dual-use-type", "D7",
    "A Covenant or Curse speaks as an Artifact only through its ART part, and a City as a Site or Fortress "
    "through its SITE or FORT part.")
DUAL_USE_PLAYED = Interpretation(
    "dual-use-played", "D7",
    "This Covenant or Curse has no part labels; played to the Artifact pile it is taken to speak as an Artifact "
    "(D7: until it leaves the pile or is deactivated). Played in battle it would be an Enhancement (D1).")
PREVIOUS = Interpretation(
    "previous-ruleset", "D7",
    "Under the previous ruling, a card played outside battle kept its ability to the end of the phase in "
    "which it left play.")
TIMED_RESULT = Interpretation(
    "timed-result", "D4",
    "The stated time measures the targeted result itself (\"paralyze ... for 2 turns\", a copy \"until end of "
    "turn\"), so when it passes the result changes and the bound ends with it.")

BATTLE_END_ACTION = Interpretation(
    "battle-end-action", "D4",
    "An action written to happen after the battle (\"After battle, discard this card\", \"discard Archer at end of "
    "battle\") waits for the battle's end, within the phase; when the battle ends it happens at once, and nothing of "
    "the ability is left to last, so it has ended then rather than at the end of the phase.")
NEXT_USE = Interpretation(
    "next-use", "D1",
    "\"Prevent (negate, interrupt) the next ...\" acts once: the event `triggered` (or `targeted`) says that next card "
    "came and was stopped, so those words are used up then; until it comes they wait, within the phase (D1). A "
    "\"Cannot be ...\" rider of the same ability still lasts to the end of the phase (RG1).")
WINDOW = Interpretation(
    "window", "D4",
    "A time written after the card an ability waits for (\"the next evil Enhancement played this battle\") is read "
    "as the window that card must come in, not as a duration of the ability: it never makes the ability last longer "
    "than its bound, but once the window is over no card can be the next one, so what it governs has ended.")

SITS_ON = Interpretation(
    "sits-on-target", "D3",
    "The card does not say \"place\", but its words show it sits on the character it targets (it \"is placed on "
    "another ... and continues\", or the character \"is\" in the card's own state): its ability is based on that "
    "result and lasts while the card stays on a character (D3), past the phase; moving on to another character keeps "
    "it going, and the card leaving play ends it.")
DURING = Interpretation(
    "during-check", "D8",
    "\"During battle, ...\" / \"During your turn, ...\" is read as a check the ability keeps making, like \"while\": "
    "a condition (D8) that switches its words on and off inside the card's own duration, not a duration of its own. "
    "A battle is taken as under way only when the card was played in battle, until battle-ends (or the phase ends); "
    "whose turn it is follows the turn-ends given; condition-true / condition-false say otherwise.")
COMBAT = Interpretation(
    "combat-condition", "D8",
    "\"When blocking …, [a standing effect]\" (also \"If blocking\", \"While attacking\") on a character is read as a "
    "condition the ability keeps checking (D8), not as a trigger done once: the effect works while the character "
    "blocks (or attacks) as the words say, inside the card's own duration (the D1 default). It is taken to hold while "
    "the character is in battle and to stop when the battle ends or the character leaves battle; condition-false says "
    "it stopped blocking as the words say (another Hero came in, it was withdrawn), condition-true that it does again.")
NEXT_IN_BATTLE = Interpretation(
    "next-in-battle", "D1",
    "\"The next … played in battle\" names where the awaited card is played, not a time: nothing in the text ends "
    "the wait with this battle, so the D1 default (the end of the phase) still bounds it. After this battle it can "
    "act only if another battle comes in this phase.")
CHOICE_MADE = Interpretation(
    "choice-made", "D8",
    "\"If you do\" (or \"If you do not\") follows the choice the ability offered as it resolved: it is taken as gone "
    "the way that makes the sentence happen; condition-false says it went the other way, and then that sentence never "
    "happens.")
COPY_SCOPE = Interpretation(
    "copy-scope", "D2",
    "The copy is one sentence of an ability that has others: its own limit (it ends when the card resets to face "
    "value) caps that copy, but it does not bound or lengthen the rest of the ability, which keeps its own duration "
    "(here the D1 default unless another applies).")
BEARER = Interpretation(
    "bearer-condition", "D8",
    "\"While this/that Hero is in battle\" on a card that sits on a Hero (an Enhancement placed on it) speaks of "
    "that Hero, not of this card: it is a condition (D8), not a duration of the card remaining in play (D5). The card "
    "moves with its Hero, so the card leaving battle is taken as the Hero leaving battle (the condition switches off; "
    "condition-true says it entered battle again).")


CANNOT_BE_INTERRUPTED = Interpretation(
    "cannot-be-interrupted", "RG1",
    "\"Cannot be interrupted\" is read like \"Cannot be prevented\" and \"Cannot be negated\" (the union of the two), "
    "which the rules make ongoing to the end of the phase in which they are used: an ongoing ability of its own.")


def cannot_be_if(condition: str, only: bool) -> Interpretation:
    return Interpretation(
        "cannot-be-if", "RG1",
        f"The \"Cannot be ...\" ability applies only {condition}: that is checked as it is used, and the question does "
        "not say, so it is taken as met. "
        + ("If it is not, nothing of this ability lasts: its effects happen at once." if only else
           "If it is not, the rest of the ability keeps its own duration."))


def recurring(phrase: str) -> Interpretation:
    return Interpretation(
        "recurring-default", "D1",
        f"“{phrase}” repeats, but nothing in the text keeps this ability past the phase: read by the article "
        "(D1) it ends with the phase in which it began, so it repeats only within that phase. The card may mean "
        "longer; a moderator annotation can settle it.")


def unclassified(phrase: str) -> Interpretation:
    return Interpretation(
        "unclassified-phrase", "D8",
        f"I could not classify “{phrase}”: it is read as a condition (D8) that needs another duration as its "
        "bound. A moderator annotation can settle it.")


def conditional_target(text: str) -> Interpretation:
    return Interpretation(
        "conditional-targeting", "D3",
        f"“{text}” waits for a later event, so it is taken as not made until the scenario says so (event "
        "targeted); its D3 bound, and any time that measures it, start then.")


def optional_target(text: str) -> Interpretation:
    return Interpretation(
        "optional-targeting", "D3",
        f"“{text}” is optional (“you may”); it is taken as made when the ability resolved, so its D3 bound "
        "holds from the start.")


def annotation_keeps_time(text: str) -> Interpretation:
    return Interpretation(
        "annotation-and-text-time", "D4",
        f"A moderator annotation speaks for this part but names no time, and the text states {text}: the text's "
        "time was used alongside the annotation.")


def annotation_over_time(text: str, given: str) -> Interpretation:
    return Interpretation(
        "annotation-over-text-time", "D4",
        f"The text states {text}, but a moderator annotation gives {given}: the annotation was used.")


_WHOSE_NEXT = {"next-turn": "“the next turn”", "your-next-turn": "“your next turn”",
               "their-next-turn": "an opponent's next turn", "current-next-turn": "the current player's next turn"}


def assumptions(turn: str | None, players: int | None) -> str:
    """What the answer assumed about the table when the question did not say ("" when it said everything)."""
    said = []
    if turn is None:
        said.append("whose turn it was is not given, so it is taken as yours")
    if players is None:
        said.append("the number of players is not given, so it is taken as 2")
    return "; ".join(said)


def turn_order(turn: str | None, players: int | None, what: str = "wording that repeats by turns acts in it or not",
               key: str = "turn-order") -> Interpretation:
    whose = "your" if (turn or "mine") == "mine" else "an opponent's"
    said = assumptions(turn, players)
    return Interpretation(
        key, None,
        f"Turns are counted in order from {whose} turn with {players or 2} players, to say whose each next turn "
        f"is ({what})" + (f"; {said}." if said else "."))


def next_turn(length: str, count: int, turn: str | None, players: int | None, waiting: bool) -> Interpretation:
    whose = "your" if (turn or "mine") == "mine" else "an opponent's"
    n = players or 2
    start = "from when its trigger happens" if waiting else f"from the play: {count} turn ends"
    text = (f"{_WHOSE_NEXT.get(length, length)} is counted in turn ends {start}, on {whose} turn with {n} players "
            "(each player's turn comes in order")
    text += "; an opponent's turn is taken as the one just before yours)" if whose != "your" and n > 2 else ")"
    said = assumptions(turn, players)
    return Interpretation("next-turn", "D4", text + (f"; {said}." if said else "."))


def instead_assumed(condition: str) -> Interpretation:
    return Interpretation(
        "instead-assumed", "RG4",
        f"\"{condition}\" is checked once, as the ability resolves, and the scenario does not say how it went: the "
        "answer judges the \"instead\" branch, taking it as held. If it did not hold, the words before it happened "
        "instead: give condition-false (condition-true to say it held).")
