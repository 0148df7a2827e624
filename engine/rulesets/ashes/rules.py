"""Ashes effect-resolution rules (AS1-AS21) in our own words, and the two ruleset versions.

AS1-AS8 are the model in shared/design/ashes-resolution.md, drawn from the seed article (first edition, 2016).
AS9-AS17 add what the official Reborn rules and FAQ say about the same questions; where the two editions
differ, the rule says which edition it belongs to and the resolver follows the version asked for.
"""

from __future__ import annotations

from engine.trace import Rule, RulesetVersion

# The public article (Strange Copy, June 2016), by its title and address, never the name of our local copy.
SEED = ("Sniper Troll's Rules Corner, \"Resolving Effects\" (Strange Copy, 2016, http://www.strangecopy.com/"
        "index.php/2016/06/09/the-sniper-trolls-rule-lawyering-corner-resolving-effects/)")
WIKI = "Ashes Reborn rulebook (community wiki, https://wiki.ashes.live/books/rulebook)"
FAQ = "Ashes Reborn FAQ (Plaid Hat Games), \"Rules Clarification\""

RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule("AS1", "four steps",
             "Using a card or ability: declare it, then 1 pay its cost, 2 choose its targets, 3 place the card if "
             "it came from a hand or a conjuration pile, 4 resolve its effect.",
             f"{SEED}, \"Playing Cards and Using Abilities\""),
        Rule("AS2", "costs",
             "A cost is exhausting the card whose ability is used, a Main or Side action, discarding from hand, or "
             "dice (magic), however the card words it; anything else is effect unless the card calls it an "
             "additional cost. In \"Do X. If you do, ...\" X is effect, not cost.",
             f"{SEED}, \"Paying Effects Costs\""),
        Rule("AS3", "targets",
             "Only a part that says \"target\" targets. A target must be chosen when one exists, even for a "
             "\"you may\" part; a part whose target has no legal choice does not resolve while the others do.",
             f"{SEED}, \"Choosing a Target\""),
        Rule("AS4", "placement",
             "Ready spells go to the spellboard (a copy already there is focused instead), allies and "
             "conjurations to the battlefield, action and reaction spells to the discard pile, alterations onto "
             "a unit. A full spellboard or battlefield cannot be emptied at will to make room. A card placed in "
             "another player's area is controlled by that player; its owner does not change.",
             f"{SEED}, \"Placing Cards\""),
        Rule("AS5", "parts in order",
             "An effect of several parts resolves from top to bottom; each part is checked on its own, a "
             "\"you may\" part is chosen after the previous one resolved, a part that cannot resolve is ignored "
             "and the others still resolve. (First edition) reactions triggered by a part wait until the whole "
             "effect has resolved.",
             f"{SEED}, \"Resolving Effects\""),
        Rule("AS6", "cancelling",
             "A cancel stops step 4 only: the cost stays paid, the targets stay chosen and the card stays where it "
             "was placed. \"Cancel the effects of\" a spell or ability cancels every part of it, including parts "
             "that would have affected the canceller's opponent's own cards.",
             f"{SEED}, \"Effect Cancellation\""),
        Rule("AS7", "stacking numbers",
             "A unit that gains a numbered ability it already has adds the numbers (Ambush 1 and Ambush 1 make "
             "Ambush 2); that is the only gain from having an ability twice.",
             f"{SEED}, \"Elements of Card Anatomy\""),
        Rule("AS8", "exhausted by its own cost",
             "Exhausting the card is paid before the effect resolves, so the ability still resolves although its "
             "card is now exhausted.",
             f"{SEED}, \"Paying Effects Costs\"; {FAQ}, \"Abilities and Text\""),
        Rule("AS9", "resolving a card (Reborn)",
             "(Reborn) Resolve a card's text from top to bottom one effect at a time, doing as much of each "
             "effect as possible; finish resolving a card even if it leaves play; a card's text wins over the "
             "rules.",
             f"{WIKI}, \"Resolving Effects\""),
        Rule("AS10", "triggered effects pause (Reborn)",
             "(Reborn) When an effect of the card being resolved triggers another effect, the card's resolution "
             "pauses until the triggered effects have resolved, then goes on.",
             f"{WIKI}, \"Resolving Effects\""),
        Rule("AS11", "where parts divide",
             "Effects on a card are divided by sentence ends and by the words \"then\", \"and\" and \"to\" "
             "joining two instructions; a Focus line adds parts when the spell is focused that many times.",
             f"{WIKI}, \"Resolving Effects\"; {SEED}, \"Resolving Effects\""),
        Rule("AS12", "reaction timing words",
             "A reaction names its trigger: \"would\" reacts before the event happens and can change or prevent "
             "it; \"when\" reacts as the event happens; \"after\" reacts once it has happened; \"before\" ahead of "
             "it. A reaction can be used only when its trigger is met.",
             f"{SEED}, \"Elements of Card Anatomy\"; {WIKI}, \"Glossary\""),
        Rule("AS13", "exhausted cards",
             "An exhausted card keeps its text but its abilities are inactive and cannot be used, except text "
             "marked inexhaustible.",
             f"{FAQ}, \"Abilities and Text\""),
        Rule("AS14", "attaching targets (Reborn)",
             "(Reborn) Attaching an alteration spell to a unit targets that unit. (First edition) an alteration "
             "affects its unit without targeting it.",
             f"{WIKI}, \"Glossary\" (Attach); {SEED}, \"Choosing a Target\""),
        Rule("AS15", "definitions are not abilities",
             "Text of the form \"X = ...\" defines a number used by the effect; it is not an ability or a part.",
             f"{FAQ}, \"Abilities and Text\""),
        Rule("AS17", "damage, wounds, destruction (Reborn)",
             "(Reborn) Dealing damage places that many wound tokens (what is not prevented), and a unit with as "
             "many wounds as its life value is destroyed; so an effect that deals damage can also place wounds and "
             "destroy, while an effect that destroys deals no damage and places no wounds.",
             f"{WIKI}, \"Resolving Effects\""),
        Rule("AS16", "actions and dice costs",
             "A Main or Side action cost can only be paid on your own turn and one cannot stand in for the other; "
             "an effect with no action cost and no trigger can be used any number of times in your turn.",
             f"{SEED}, \"Paying Effects Costs\""),
        Rule("AS18", "leaving play",
             "A card that leaves play goes to its owner's discard pile, except a conjuration (a conjured "
             "alteration too), which goes back to its owner's conjuration pile; its tokens go back to the supply. "
             "Discarding a unit is not destroying it: only destroying sets off what waits for a unit to be "
             "destroyed.",
             f"{SEED}, \"Placing Cards\"; {WIKI}, \"Resolving Effects\" (Discarding Cards)"),
        Rule("AS19", "the end of the round",
             "An effect that happens \"at the end of the round\" (whether its text puts the time first or after the "
             "instruction) triggers in the recovery phase, after units recover and 1 exhaustion token is removed "
             "from each card: each player resolves the end-of-round effects they control, in the order of their "
             "choice. It is an effect that triggers, not a constant ability, so a card that resolves the effects "
             "that trigger at the end of the round (Era's End) resolves it early.",
             f"{WIKI}, \"Round Order\" (Recovery Phase, End of Round)"),
        Rule("AS20", "dice spent on the cost",
             "Text that counts or asks about the dice spent to play or activate a card (\"the number of divine "
             "power dice spent to play this spell\", \"if you spent any charm power die\") reads the dice that paid "
             "its cost, by magic and by the side they showed; a class cost can be paid with that magic's class or "
             "power side.",
             f"{WIKI}, \"Dice\" (paying costs); the card's own words"),
        Rule("AS21", "alteration value bonuses",
             "An alteration spell's printed value bonuses (+1 attack, +2 life, -1 recover; +1 battlefield on a "
             "Phoenixborn) apply to the card it is attached to while it stays attached, as well as its text; the "
             "bonuses of several alterations on one card add up.",
             f"{WIKI}, \"Glossary\" (Attach: \"its effects and value bonuses\"); \"Components\" (Alteration Spell)"),
    )
}

REBORN = RulesetVersion(
    game="ashes", name="reborn", version="1.5",
    title="Ashes Reborn (current card texts, rulebook 1.5 and FAQ)",
    description="Reborn card texts; effects resolve one at a time from top to bottom (AS9), targets are chosen "
                "as the effect naming them resolves, triggered effects pause the card (AS10), attaching targets "
                "(AS14).",
    label="Ashes Reborn",
)
FIRST = RulesetVersion(
    game="ashes", name="1e", version="2016",
    title="Ashes: Rise of the Phoenixborn, first edition (texts with errata, seed article)",
    description="First-edition card texts with the 2017-2018 errata; the four steps of AS1 with every target "
                "chosen before any part resolves, reactions wait for the whole effect (AS5).",
    label="the first edition (Rise of the Phoenixborn)",
)
VERSIONS: dict[str, RulesetVersion] = {v.name: v for v in (REBORN, FIRST)}
EDITIONS = tuple(VERSIONS)


def other_edition(version: str) -> str:
    return FIRST.name if version == REBORN.name else REBORN.name
