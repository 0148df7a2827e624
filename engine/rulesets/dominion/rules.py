"""The Dominion Duration rules (DM1-DM13) in our own words, and the ruleset versions.

Two independent axes make a version: how a card that played a Duration more than once is tracked (the
current rule, or one of the two "Prior Rules" it replaced), and which wording of the cards that play
other cards applies (the newer errata forbid Command variants, Procession and Prince from playing
Durations; the older wording, which the seed page describes, allows it).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.trace import Rule, RulesetVersion

# The public page the rules restate: its title and address, never the name of our local copy of it.
SOURCE = 'Dominion Strategy wiki, "Duration" (https://wiki.dominionstrategy.com/index.php/Duration)'
_OFFICIAL = f'{SOURCE}, "Official Rules"'
_OTHER = f'{SOURCE}, "Other rules clarifications"'
_PRIOR = f'{SOURCE}, "Prior Rules"'

RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule("DM1", "last turn it acts",
             "A Duration is not discarded in a Clean-up while it still has something to do on a later turn; "
             "it leaves in the Clean-up of the last turn on which it acts, usually your next turn.",
             f"{_OFFICIAL}, bullet 2"),
        Rule("DM2", "no future effect",
             "A Duration played so that it will do nothing on a later turn (its optional effect taken now, "
             "its condition not met, its instructions not followed) is discarded in this turn's Clean-up. "
             "Drawing next turn from an empty deck still counts as doing something.",
             f"{_OTHER}, paragraph 1"),
        Rule("DM3", "several turns",
             "A Duration that hands back set-aside cards one per turn stays until they run out; one that "
             "gives an extra turn stays until the Clean-up of that extra turn.",
             f"{_OTHER}, paragraph 2"),
        Rule("DM4", "every turn",
             "A Duration that acts on every one of your turns stays in play for the rest of the game.",
             f"{_OTHER}, paragraph 2"),
        Rule("DM5", "waiting for a condition",
             "A Duration that waits for something to happen stays until the Clean-up of the turn on which it "
             "happens (possibly the turn it was played); if it never happens, it never leaves.",
             f"{_OTHER}, paragraph 3"),
        Rule("DM6", "throne stays with it",
             "A Throne Room variant that played a Duration more than once stays in play as long as that "
             "Duration does, even if only one of the plays acts later, and until that turn's Clean-up even if "
             "the Duration leaves at an odd moment; replaying the Duration later does not keep it longer.",
             f"{_OFFICIAL}, bullet 3; {_OTHER}, paragraph 4"),
        Rule("DM7", "played once",
             "A card that plays a Duration only once (Elder, Vassal) never stays in play because of it.",
             f"{_OTHER}, paragraph 4"),
        Rule("DM8", "command stays with it",
             "A Command variant stays in play as long as the card it played would stay if that card were in "
             "play; through a chain of Throne or Command variants, as long as the Duration at its end.",
             f"{_OTHER}, paragraph 6"),
        Rule("DM9", "several commanded",
             "A Command variant that played several cards stays until the last of them would leave play.",
             f"{_OTHER}, paragraph 7"),
        Rule("DM10", "only the direct player",
             "A Throne Room variant that played a non-Duration card which stays in play (another Throne "
             "variant, a Command variant) does not stay itself; only the card that played the Duration more "
             "than once does. A Mastermind can stay for another Mastermind, since Mastermind is a Duration.",
             f"{_OTHER}, paragraph 8"),
        Rule("DM11", "removed early",
             "A Duration removed from play before it is done still has its later effects; a Throne or Command "
             "variant that stayed for it is discarded in the Clean-up. A removed Throne or Command variant "
             "leaves, and its Duration's effects still happen.",
             f"{_OTHER}, paragraphs 9-10"),
        Rule("DM12", "skipped turn",
             "A Duration still in play whose effect is lost before your next turn (its turn is skipped) is "
             "discarded in the next Clean-up that happens, which may be another player's.",
             f"{_OTHER}, paragraph 11"),
        Rule("DM13", "not a Duration",
             "A non-Duration card with a later effect (Possession, Lich) follows none of these rules, and a "
             "Throne variant that played it does not stay.",
             f"{_OTHER}, paragraph 12"),
        # Beyond the Duration page: the rulebook clarifications printed with the cards (dominiontabs card data,
        # github.com/sumpfork/dominiontabs, cards_en_us.json "extra"), each named by its card.
        Rule("DM14", "what a card may play",
             "A card plays only what its text says it plays: the types it names, not the types it excludes "
             "(non-Duration, non-Command), from where it says; a card whose text has no instruction to play a "
             "card plays none. Anything else is not a legal play.",
             f"{_OFFICIAL}; Dominion rulebook, \"do what the card says\"; the cards' own text"),
        Rule("DM15", "another player's turn",
             "A card played on another player's turn (a Reaction, a card played when gained) goes into play then: "
             "if it is not a Duration it is discarded in that turn's Clean-up; a Duration's \"next turn\" is the "
             "next turn you take, and it leaves in that turn's Clean-up. Only cards that say so can be played on "
             "another player's turn. A Reaction that is set aside, revealed, discarded or trashed instead (Horse "
             "Traders, Moat) is not played and is never in play: set-aside cards are not in play.",
             "Dominion rulebook clarifications of Guard Dog, Trail, Weaver, Berserker, Caravan Guard and Pirate; "
             "Dominion Strategy Wiki, Set aside (official rules) and Horse Traders (official FAQ)"),
        Rule("DM16", "not a card in play",
             "An Event, Project, Way, Trait or other landscape is never in play: it never stays, and a card it "
             "plays follows its own rules (one it set aside to play next turn is played then, and leaves in that "
             "turn's Clean-up or later). Nor is a card no one can play: only Action, Treasure and Night cards are "
             "played, so a Victory card (Fairgrounds), a Curse or a Shelter such as Hovel is never in play.",
             "Dominion rulebook clarifications of Way of the Turtle, Delay, Citadel and Summon; Dominion rulebook, "
             "the Action, Buy and Night phases (which cards are played)"),
        Rule("DM17", "trashing from play at Clean-up",
             "A card that trashes a card \"you would discard from play this turn\" (Improve) can take only a card "
             "that leaves play in this turn's Clean-up: not a Duration that stays out, nor a Throne variant "
             "staying with one.",
             "Dominion rulebook clarification of Improve"),
    )
}


class Tracking(StrEnum):
    """How a card that played a Duration more than once is tracked."""

    CURRENT = "current"        # DM6 + DM10 as the seed states them
    PRIOR_CHAIN = "prior-chain"    # every card up a Throne chain stayed (replaced by DM10)
    PRIOR_THRONE = "prior-throne"  # a Throne stayed only while its extra plays acted (replaced by DM6)


class Wording(StrEnum):
    """Which printed wording of the cards that play other cards applies."""

    NEWER = "newer"  # errata: Command variants, Procession, Prince play only non-Duration cards
    OLDER = "older"  # the wording the seed page describes: they may play Durations


class Commands(StrEnum):
    """What a Command variant (Band of Misfits, Overlord) is while it plays a card."""

    PLAYS = "plays"      # it plays the card, leaving it where it was, and stays as long as that card would (DM8)
    BECOMES = "becomes"  # older rulings: it is that card (its name and types) until it leaves play


@dataclass(frozen=True)
class Policy:
    tracking: Tracking
    wording: Wording
    commands: Commands = Commands.PLAYS


CURRENT = RulesetVersion(
    game="dominion", name="current", version="2.2",
    title="Current tracking; newer wording (Command variants may not play Durations)",
    description="DM1-DM13 as the seed states them, with the newer errata: Band of Misfits, Overlord, "
                "Inheritance, Way of the Mouse, Prince and Procession only play non-Duration cards.",
    label="today's rules and card wording",
)
OLDER_WORDING = RulesetVersion(
    game="dominion", name="older-wording", version="2.1",
    title="Current tracking; older wording (Command variants may play Durations)",
    description="DM1-DM13 as the seed states them, for the older printings whose Command variants, "
                "Procession and Prince may play Durations (the situations DM8 and DM9 describe).",
    label="today's rules, older card wording",
)
PRIOR_CHAIN = RulesetVersion(
    game="dominion", name="prior-chain", version="1.c",
    title="Prior rule: every card up a Throne chain stays",
    description="Before the ruling behind DM10, a card that played (more than once) a card that stayed for "
                "a Duration stayed as well, e.g. both Throne Rooms of Throne Room > Throne Room > Duration. "
                "Otherwise as older-wording.",
    label="the old Throne-chain ruling",
)
PRIOR_THRONE = RulesetVersion(
    game="dominion", name="prior-throne", version="1.t",
    title="Prior rule (before Empires): a Throne stays only while its extra plays act",
    description="Before Empires, a card that played a Duration more than once stayed only until its extra "
                "plays stopped doing something, instead of for as long as the Duration stayed (DM6). "
                "Otherwise as older-wording.",
    label="the rules before Empires (2016)",
)
# Two published rulings of different eras disagree about a Command variant that plays a Duration: the
# Dark Ages rulebook clarification of Band of Misfits (as printed with its card text in the dominiontabs card
# data, github.com/sumpfork/dominiontabs, cards_en_us.json "extra") has it take the chosen card's name and
# types, so with a Duration it IS a Duration, and a Throne variant that played it twice stays (DM6); the
# Command rule of the Duration page ("Other rules clarifications", paragraphs 6 and 8) has it only play the
# card, so it is not a Duration and that Throne does not stay (DM10). A named version, never a silent choice.
COMMAND_COPY = RulesetVersion(
    game="dominion", name="command-copy", version="1.m",
    title="Older Command ruling: Band of Misfits and Overlord become the card they play",
    description="The Dark Ages clarification of Band of Misfits (dominiontabs card data, its rulebook "
                "'extra' text): a Command variant takes the name and types of the card it plays, so one "
                "playing a Duration is a Duration itself, and a Throne variant that played it more than once "
                "stays with it (DM6, where the current rule gives DM10). Otherwise as older-wording.",
    label="the Dark Ages Band of Misfits ruling",
)
VERSIONS: dict[str, RulesetVersion] = {
    v.name: v for v in (CURRENT, OLDER_WORDING, PRIOR_CHAIN, PRIOR_THRONE, COMMAND_COPY)
}
# Each prior version changes exactly one rule against older-wording, so a difference has one cause.
POLICIES: dict[str, Policy] = {
    "current": Policy(Tracking.CURRENT, Wording.NEWER),
    "older-wording": Policy(Tracking.CURRENT, Wording.OLDER),
    "prior-chain": Policy(Tracking.PRIOR_CHAIN, Wording.OLDER),
    "prior-throne": Policy(Tracking.PRIOR_THRONE, Wording.OLDER),
    "command-copy": Policy(Tracking.CURRENT, Wording.OLDER, Commands.BECOMES),
}
