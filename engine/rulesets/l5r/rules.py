"""The L5R CCG timing and duration rules in our own words, with the page and entry each restates.

L1-L11 are the design model's ids (../shared/design/l5r-timing.md), restating the official Timing page. LD1-LD7
are what the official rules site adds for durations, delays and granted phases; each cites its page and entry.
"""

from __future__ import annotations

from engine.trace import Rule, RulesetVersion

GAME = "l5r"
SITE = "rules.l5r.com"
# Public pages by title and site, never the name of our local copy of them.
TIMING = f"Legend of the Five Rings Rules ({SITE}), \"Timing\""
NEXT_TIME = f"{TIMING}, \"Next/first time\" triggers"
EFFECTS = f"{SITE}/Effects"

RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule("L1", "one at a time",
             "Actions and triggered traits never start at the same instant; once one starts, its costs, targets "
             "and effects all happen in turn before anything else goes on, except effects that are delayed.",
             f"{TIMING}, opening paragraphs"),
        Rule("L2", "would",
             "\"Before X would happen\" is the same moment as \"before X happens\"; the word \"would\" changes "
             "nothing about a before-point.", f"{TIMING}, paragraph on \"would\" (March 2008)"),
        Rule("L3", "after, then before",
             "When one step of a sequence ends and the next begins, a trigger \"after the first ends\" comes "
             "before a trigger \"before the next begins\".", f"{TIMING}, Dynasty/End Phase example (Nov 2007)"),
        Rule("L4", "when",
             "The when-point of an occurrence lies after its before-point and before its after-point. Gold made "
             "for a payment, changes to a player's choice (\"when ... would\"), conditional continuous traits "
             "switching on or off, and delayed effects that name neither before nor after all happen there.",
             f"{TIMING}, \"When\" timing, cases 1-4"),
        Rule("L5", "time points",
             "A trigger naming a time point by what usually happens there, in the indefinite plural (\"after "
             "armies engage\"), fires at that point even if nothing happens; definite wording (\"after one or "
             "more armies engage\") needs the real occurrence.", f"{TIMING}, time points paragraph"),
        Rule("L6", "steps A-F",
             "Things triggered at one point resolve in steps: A ongoing effects that negate or modify the "
             "occurrence; B at a when-point, conditional continuous effects depending on it; C rulebook "
             "effects; D delayed and indefinite conditional effects (all of one source's before the next "
             "source's); E triggered traits on cards; F Reactions, in an action round that starts with the "
             "active player. The active player orders the items inside a step; what comes first can negate "
             "or change what follows.", f"{TIMING}, sequence A-F"),
        Rule("L7", "gold exception",
             "Gold produced from several sources for one payment comes in the order the paying player picks, "
             "even against steps A-F.", f"{TIMING}, EXCEPTION on Gold production (Sept 2007)"),
        Rule("L8", "mandatory traits",
             "A triggered trait must be used, though its player may put it after other traits of the same "
             "trigger; one copy of a card (or the rules) cannot use the same Reaction or trait twice on one "
             "occurrence.", f"{TIMING}, paragraphs after the gold exception"),
        Rule("L9", "active player",
             "The active player fixes these orders as the occurrences happen; before the first turn or between "
             "turns, the player who takes the next turn counts as active.", f"{TIMING}, active player paragraphs"),
        Rule("L10", "immediacy",
             "Responses are taken as soon as their trigger occurs, never later without card text allowing it; "
             "a response before or after a period is not part of that period.", f"{TIMING}, responses paragraphs"),
        Rule("L11", "next/first time",
             "A \"next time\" or \"first time\" trigger naming two events joined by \"or\" fires at whichever "
             "happens first and not again when the other happens later.", NEXT_TIME),
        Rule("L12", "the trigger's own words",
             "A trigger answers only the occurrence its words name, with every condition written into it: whose turn "
             "it is, whose action, card or effect makes it happen, whose card it happens to, which phase or period it "
             "falls in, what kind of card it is about, and any other restriction; when one fails, it does not "
             "respond (the card's text is the rule for it).",
             f"{TIMING}, opening paragraphs (a trigger is the occurrence a Reaction or triggered trait responds to); "
             f"{SITE}/Printable_Rules, Cardinal Rule 1 (card text over the rules)"),
        Rule("LD1", "paying",
             "A change to a Gold cost worded with \"paying\" lasts for that one payment only, not to the end of "
             "the turn.", f"{SITE}/Glossary_P-Q, entry \"Paying\""),
        Rule("LD2", "permanent",
             "\"Permanent(ly)\" means the effect normally lasts to the end of the game; other effects (such as "
             "negation) can still end it.", f"{SITE}/Glossary_P-Q, entry \"Permanent(ly)\""),
        Rule("LD3", "next",
             "A delayed effect waiting for \"the next time\" something happens waits only for the rest of this "
             "turn unless the card states another length (\"next time this game\"); \"the next\" period never "
             "means the one already under way.", f"{SITE}/Glossary_N, entry \"Next\""),
        Rule("LD4", "delay",
             "Delaying an effect turns it into a delayed effect that resolves at the stated later time; if the "
             "effect has already happened, the delay does nothing. An action counts as resolved even while its "
             "delayed effects still wait.", f"{SITE}/Glossary_D, entry \"Delay\""),
        Rule("LD5", "additional",
             "A battle, phase, segment or action granted by an effect (\"additional\") starts only once the action "
             "or trait that granted it has ended and the Reactions to that end have passed; during a granted phase "
             "the game is in that phase, then the interrupted one resumes.",
             f"{SITE}/Glossary_A, entry \"Additional\"; {EFFECTS}, \"Order of effects\", Exception 3 (battles, "
             f"phases, segments and actions; {SITE}/CE_Effects words it the same way)"),
        Rule("LD6", "written order",
             "The effects of one ability happen in the order they are written, each separate even when joined "
             "by \"and\".", f"{EFFECTS}, \"Order of effects\""),
        Rule("LD7", "stated length",
             "An effect that names its length (\"until end of turn\", \"this turn\", \"this battle\", \"this "
             "phase\", \"until your next turn\") lasts exactly that long; a conditional one (\"while ...\") "
             "works only while its condition holds, switching at the condition's when-point.",
             f"the card's own words; {SITE}/Glossary_N, entry \"Next\" (other lengths are stated explicitly); "
             f"{TIMING}, \"When\" timing, case 3"),
        Rule("LD8", "default length",
             "An effect of an action or triggered ability that names no length lasts until the end of the turn; a "
             "one-time change (Honor gained or lost, a card bowed, moved or destroyed) has no length at all; a "
             "continuous trait printed on a card, and the abilities of a card an effect puts into play (a Terrain, a "
             "created Holding), work while that card is in play.",
             # The Effects page's own section was not reachable to check (only its opening sections were); what
             # the reachable official pages say is cited beside it.
             f"{EFFECTS}, \"Duration of effects\" (named by the Timing page, \"When\" timing, case 3; not checked "
             f"here); the end of the turn as the usual length: {SITE}/Glossary_P-Q, entry \"Paying\" (a \"paying\" "
             f"change lasts for that payment, not until the end of the turn); no length for Family Honor changes: "
             f"{SITE}/EE_The_Player, \"Family Honor\"; card memory is no effect: {EFFECTS}, \"Definition of "
             f"effects\""),
    )
}

# The final CCG rules: the Twenty Festivals comprehensive rules (AEG, 2014-2015), restated in our own words.
CR = "Comprehensive Rules for L5R: Twenty Festivals (AEG, rules.alderac.com/cr_for_20f)"

FINAL_RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule("LF1", "timing conflicts A-C",
             "Things triggered at one point resolve in three steps: A effects that delay, negate or prevent the "
             "occurrence; B effects that substitute something else for it (\"... instead\"); C everything else "
             "triggered there — triggered traits, delayed effects, indefinite conditional effects and rulebook "
             "effects together — in the order the active player chooses (no grouping of delayed effects by source).",
             f"{CR}, \"Timing conflicts\""),
        Rule("LF2", "the Interrupt step",
             "An action is announced, its costs paid and its targets chosen; then every player may take Interrupts "
             "to it, in an action round that starts with the active player; then it resolves. Interrupts are taken "
             "only in that step of a non-Interrupt action, and an Interrupt's \"after ...\" words refer to the "
             "interrupted action's effects: that part waits, as a delayed effect, until those effects happen.",
             f"{CR}, \"Action sequence\" (steps A-F) and \"Interrupt actions\""),
        Rule("LF3", "no Reactions",
             "The final rules have no Reaction designator and no Reaction step; a Reaction printed on an older card "
             "has no place in their timing conflicts.", f"{CR}, \"Action rounds\" (the action types it lists)"),
        Rule("LF4", "Gold for a cost",
             "Gold for a cost is produced in the Pay Costs step of the action, by the paying player, who chooses the "
             "order of payment; Gold-producing traits triggered by a payment are optional.",
             f"{CR}, \"Paying Gold costs\" and \"Triggered traits\" (special triggered traits)"),
        Rule("LF5", "additional",
             "Battles created by effects, and additional phases, segments and actions granted by effects, wait until "
             "the action or triggered trait that granted them has ended.",
             f"{CR}, \"Order of effects\", Exception 3; \"Additional action\""),
        Rule("LF6", "next",
             "\"The next\" period never means the one in progress (\"After the next battle ends\" is not the end of "
             "the current battle); a delayed effect waiting for \"the next time\" waits this turn by default; a "
             "delay of what already happened does nothing.",
             f"{CR}, glossary \"Next\" and \"Delayed effects\""),
    )
}
# How each rule of the 2008 page reads under the final rules (the same words, or the rule that replaces it).
FINAL_FOR = {"L6": "LF1", "L7": "LF4", "LD5": "LF5", "LD3": "LF6", "LD4": "LF6"}

VERSIONS: dict[str, RulesetVersion] = {
    "current": RulesetVersion(GAME, "current", "2008.5",
                              "Timing page as amended to May 2008, glossary entries as published",
                              "The Timing page with its 2007-2008 additions (A-F with indefinite conditional "
                              "effects, next/first time) and the glossary entries Next, Delay, Permanent, Paying "
                              "and Additional.",
                              label="the 2008 Timing page"),
    "20f": RulesetVersion(GAME, "20f", "2015",
                          "Comprehensive Rules for L5R: Twenty Festivals (the final CCG rules)",
                          "The last comprehensive rules of the CCG: an Interrupt step inside each action (after "
                          "targets are chosen, before it resolves), no Reactions, and timing conflicts in three "
                          "steps — delay/negation/prevention, substitution, then every triggered thing (traits, "
                          "delayed effects, rulebook effects) in the active player's order.",
                          label="the final CCG rules (Twenty Festivals)"),
}
