"""The nine bullets of Redemption's "Defining Duration", in our own words, with their ids, and the game rules (RG1-RG3)
they rely on."""

from __future__ import annotations

from engine.trace import Rule, RulesetVersion

# The public article the rules restate: its title and address, never the name of our local copy of it.
SOURCE = ('Land of Redemption, "Defining Duration" (https://landofredemption.com/defining-duration), '
          'section "Orderly Operation"')

RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule("D1", "default",
             "An ability with a part that outlasts an instant effect needs an upper bound. When no other "
             "bullet gives one, the bound is the end of the phase; removing the card does not end it early.",
             f"{SOURCE}, bullet 1"),
        Rule("D2", "own limit",
             "Some effects carry a limit of their own that beats every other duration. Copy is the main one: "
             "it ends when the copying card resets to face value.",
             f"{SOURCE}, bullet 2"),
        Rule("D3", "target result",
             "An ability that targets a card and ties its duration to the result of that targeting (placed, "
             "paralyzed, set aside, ...) lasts until that result changes. This is an upper bound on every "
             "other duration of the ability.",
             f"{SOURCE}, bullet 3"),
        Rule("D4", "specific time",
             'A stated time ("this turn", "for 2 turns", "one round", "until end of battle") lasts until that '
             "time has passed.",
             f"{SOURCE}, bullet 4"),
        Rule("D5", "while in play",
             'Wording such as "while this card remains in play" lasts until the card leaves where it was '
             "played.",
             f"{SOURCE}, bullet 5"),
        Rule("D6", "territory class",
             "A territory class character played in a territory lasts until it leaves territory.",
             f"{SOURCE}, bullet 6"),
        Rule("D7", "inherent type",
             "A Site (other than a rainbow Site), Artifact, Fortress or Lost Soul lasts until the card leaves "
             "where it was played, or, for an Artifact, until it is deactivated.",
             f"{SOURCE}, bullet 7"),
        Rule("D8", "needs a bound",
             'Any other duration in the ability or an identifier ("while equipped", "while you control a '
             'meek Hero") cannot stand alone: another duration is its upper bound, and without one the bound '
             "is the end of the phase.",
             f"{SOURCE}, bullet 8"),
        Rule("D9", "several apply",
             "When several durations apply, the upper bound is the one marked as an upper bound (D3, with D2 "
             "above all), otherwise the one that lasts longest; it can change as the game goes on. Inside the "
             "bound, shorter durations switch their parts of the ability on and off.",
             f"{SOURCE}, bullet 9"),
        # Game rules the nine bullets rely on without restating them: when an ability type is ongoing, what a
        # capture does, and how turns are counted. Cited beside the bullets where they decide a step.
        Rule("RG1", "cannot be negated / prevented",
             '"Cannot be prevented" and "Cannot be negated" (the union of cannot be prevented and cannot be '
             "interrupted) are abilities of their own, and ongoing ones: they keep those abilities off the abilities "
             "they cover (without a target named, those before them on the card) until the end of the phase in which "
             "they are used.",
             'Redemption Wiki, "Cannot Be Prevented" (https://redemption.fandom.com/wiki/Cannot_Be_Prevented) and '
             '"Cannot Be Negated" (https://redemption.fandom.com/wiki/Cannot_Be_Negated)'),
        Rule("RG2", "capture",
             "A capture is instantaneous: the captured character is moved to where it is held. A human held in a "
             'Land of Bondage is a Lost Soul by the game rules, so "treated as a Lost Soul" printed on a capture card '
             "is a reminder of that rule, not a special ability that lasts.",
             'Redemption Wiki, "Capture" (https://redemption.fandom.com/wiki/Capture)'),
        Rule("RG3", "turns counted in upkeep",
             'A duration counted in turns ("for 2 turns", "after 3 turns") is counted in the upkeep phase: it is over '
             "in the upkeep of the last turn counted. Cards set aside for a number of turns come back during your "
             "preparation phase once it is over.",
             'Land of Redemption, "Hello, I\'m New - Phases Part 1" (https://landofredemption.com/hello-im-new-phases-'
             'part-1); Redemption Wiki, "Set Aside" (https://redemption.fandom.com/wiki/Set_Aside)'),
        Rule("RG4", "conditional phrases",
             'How a condition is checked: "If [game state]" is checked once, as the ability resolves, and then '
             'holds or not for its effects; "While [game state]" is checked all along (an ongoing check); "If [event]" '
             'or "When [event]" waits for that event (a triggered effect).',
             'Redemption Exegesis Guide (REG), "Conditional Phrases", as quoted on the Cactus Game Design message '
             'boards (https://www.cactusforums.com/ruling-questions/babel-(opponents-brigades)/)'),
    )
}

CURRENT = RulesetVersion(
    game="redemption", name="current", version="2024.2",
    title="Defining Duration (nine bullets)",
    description="The nine-bullet definition of duration from the article's \"Orderly Operation\".",
    label="the 2024 rules (Defining Duration)",
)
PREVIOUS = RulesetVersion(
    game="redemption", name="previous", version="2023.1",
    title="Status quo before Defining Duration",
    description="Cards played outside battle (Artifacts, Fortresses, Sites, Lost Souls) persisted to the end "
                "of the phase in which they left play, instead of ending when they left.",
    label="the 2023 rules (before Defining Duration)",
)
VERSIONS: dict[str, RulesetVersion] = {"current": CURRENT, "previous": PREVIOUS}
