"""Readings the seed leaves open; every verdict that depends on one lists it."""

from __future__ import annotations

from engine.trace import Interpretation

PRIOR_EXTRA_PLAYS = Interpretation(
    "prior-extra-plays", "DM6",
    "Under the pre-Empires rule a Throne variant stayed while its plays \"kept doing something\"; only the "
    "plays beyond the Duration's first are counted, since the seed says the rule mattered when the extra "
    "plays of a Throned Tactician did nothing.")
PRIOR_CHAIN_SCOPE = Interpretation(
    "prior-chain-scope", "DM10",
    "The original chain rule is read as: a card that played (more than once) a card which stayed for a "
    "Duration stayed as well, whether that middle card was a Throne or a Command variant.")
PRIOR_WORDING = Interpretation(
    "prior-wording", None,
    "The prior tracking rules predate the errata that forbid Command variants to play Durations, so they "
    "are judged with the older wording.")
COMMANDED_NOT_IN_PLAY = Interpretation(
    "commanded-not-in-play", "DM8",
    "A card played by a Command variant stays in the Supply or set aside; for it the answer is when it would "
    "leave play if it were in play, which is what the Command variant follows.")
REMOVED_EFFECTS = Interpretation(
    "removed-effects", "DM11",
    "A card removed from play early still has its later effects; they have to be remembered without a card "
    "in play to show them.")
OTHER_PLAYERS = Interpretation(
    "other-players", "DM12",
    "The next Clean-up after a skipped turn is taken to be another player's (there are other players).")
SKIPPED_NORMAL_TURN = Interpretation(
    "skipped-normal-turn", "DM12",
    "Your next turn is skipped; \"your next turn\" then means the next turn you take, so turn numbers here "
    "count only the turns you take.")
ODD_LEAVING = Interpretation(
    "odd-leaving", "DM6",
    "The card leaves play at the start of the turn it acts, not in a Clean-up; a Throne variant that played "
    "it stays until that turn's Clean-up.")
LEAVES_WHEN_MET = Interpretation(
    "leaves-when-met", "DM6",
    "The card leaves play by itself when its condition is met (it trashes itself), not in a Clean-up; a Throne "
    "variant that played it stays until that turn's Clean-up.")
NEWER_WORDING = Interpretation(
    "newer-wording", None,
    "Under the newer wording this play cannot happen; the answer treats the card that tried it as having "
    "played nothing that lasts, and gives the older wording's answer beside it.")


MET_ON_OTHER_TURN = Interpretation(
    "met-on-other-turn", "DM5",
    "A “next time” condition met on another player's turn: the Duration page says such cards stay \"until Clean-up "
    "of the turn on which the condition is met\", so it leaves in that turn's Clean-up, another player's (and a "
    "Throne variant that played it, with it).")


ENDS_NEXT_TURN = Interpretation(
    "ends-next-turn", "DM1",
    "An effect that lasts “until the start of your next turn” is still running in this turn's Clean-up, so the "
    "card is not discarded then; it ends as your next turn starts, and the card is taken to leave play in that "
    "turn's Clean-up, the first of yours after its effect is over.")


def defaulted(card: str, rule: str, what: str) -> Interpretation:
    """A choice the scenario did not give, and what was assumed."""
    return Interpretation(f"default:{card}", rule, f"{card}: {what} (not given; say otherwise in brackets).")


def no_annotation(card: str, kind: str) -> Interpretation:
    return Interpretation(
        f"no-annotation:{card}", None,
        f"{card} has no behaviour annotation; from its types it is taken as {kind}.")


def repeated_condition(card: str) -> Interpretation:
    return Interpretation(
        f"repeated-condition:{card}", "DM2",
        f"{card} was played more than once in a turn and told it met its condition each time; taken as given, "
        "though its first play usually leaves nothing to meet it with.")

COMMAND_COPY = Interpretation(
    "command-copy", "DM6",
    "Older Command ruling (Band of Misfits' Dark Ages clarification): a Command variant that plays a Duration "
    "takes its name and types, so it counts as a Duration that was played more than once; the current rule "
    "(DM8, DM10) treats it as a non-Duration that stays, and a Throne over it does not stay.")

# Two card clarifications printed with the card data (dominiontabs, "extra") disagree with the seed's rules; the
# answer follows the seed and says so where it matters.
COMMANDED_THRONE_FAQ = Interpretation(
    "commanded-throne-faq", "DM8",
    "Captain's own clarification says a card it plays that plays a Duration does not change when Captain "
    "leaves; the Duration page (DM8) says a Command variant stays as long as the Duration at the end of its "
    "chain, and that worked case (Captain, Throne Room, a Duration) is followed here.")
TRASHED_BY_ITS_THRONE_FAQ = Interpretation(
    "trashed-by-its-throne-faq", "DM11",
    "Procession's older clarification says it stays until your next turn though it trashed the Duration it "
    "played; the Duration page (DM11) says a Throne variant that stayed for a Duration removed early is "
    "discarded in this Clean-up, which is followed here.")


TURTLE_REPLAY = Interpretation(
    "turtle-replay", "DM16",
    "A card Way of the Turtle set aside is taken to follow its own instructions when it is played at the start of "
    "your next turn (its rulebook clarification lets the Way be used again then, which would delay it one more "
    "turn); a Duration played so stays for that play's later effect.")
