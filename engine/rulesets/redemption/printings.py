"""Redemption's printings: which one answers for a card named without a set, and what a ruling reads off one.

Default printing (the stated rule; moderators can change a card's default with `arbiter cards default`):
  1. a printing legal in the current Rotation format (the data's Legality column) over one that is not;
  2. a regular set release over a promo, fundraiser, prize, alternate-border or banned-list variant;
  3. the newer set, by the release order below (as far as we know it; sets not listed count as oldest);
  4. then alphabetically by label (the matcher's tie-break).
A player who names a card without a set most likely holds the printing in print for today's format.

Reading: a duration ruling depends on the terms the engine reads from each ability part (rule, length,
and whether the part lasts), the card's type and class (which give inherent durations and the zone it is
played in) and moderators' annotations. Printings equal in all of these get the same ruling, even when their
wording differs ("Negate and rescue a Lost Soul" and "Rescue any Lost Soul in play" are both instant).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from engine.cards import Annotation, Card
from engine.rulesets.redemption.terms import read_card

# Regular set releases, oldest first (set codes as the LackeyCCG data spells them).
RELEASE_ORDER = (
    "1E", "1EU", "Prp", "War", "Wom", "Ap", "Pat", "Ki", "2E", "2ER", "Di", "TEC", "AW", "TxP", "10A",
    "CoW", "RoA", "3E", "FoOF", "Pri", "FoM", "Main", "Main UL", "LoC", "IR", "TPC", "RoJ", "GoC", "PoC",
    "I", "J", "I/J+", "RoA 3", "II", "K1P", "L1P", "K", "L", "RR", "T2C", "RR2",
)
_RELEASE = {code: n for n, code in enumerate(RELEASE_ORDER)}
_VARIANT_WORDS = ("promo", "fundraiser", "alternate border", "token")


def is_variant(card: Card) -> bool:
    """A promo, fundraiser, prize, alternate-border or banned-list printing rather than the set's own."""
    official = card.official_set.casefold()
    return (card.set not in _RELEASE or any(w in official for w in _VARIANT_WORDS)
            or "[" in card.set or "(ab)" in card.set.casefold())


def printing_rank(card: Card) -> tuple[bool, bool, int]:
    """Higher is the better default printing (see the module doc)."""
    return (card.legality.strip().casefold() == "rotation", not is_variant(card), _RELEASE.get(card.set, -1))


def reading_key(card: Card, annotations: Sequence[Annotation] = ()) -> Hashable:
    """What a duration ruling reads off this printing; equal keys get equal rulings. The card words an answer
    quotes (its terms, a "Cannot be ..." sentence, a trigger it waits for) are part of it: two printings whose
    answers quote different words do not read alike (blind round 41011: "Haman's Plot" answered with the (Roots)
    card's "Cannot be negated" for the (Pat) card's "Cannot be interrupted, prevented or negated")."""
    parts = tuple((r.part.label, r.lasting, tuple(sorted((t.rule, t.length, t.source, t.self_placed, t.ends_result,
                                                         _words(t.text)) for t in r.terms)),
                   _words(r.cannot_be) if r.lasting else "",
                   tuple(_words(w) for w, _ in r.triggers) if r.lasting else (),
                   # whether only a "Cannot be ..." lasts (RG1), and whether there are words an inherent
                   # duration keeps standing (a Lost Soul's, an Artifact's: evaluate._lasting)
                   bool(r.lasting_sentences), len(r.part.text.split()) >= 3)
                  for r in read_card(card, annotations))
    return (card.type.casefold(), card.card_class.casefold(), parts)


def _words(text: str) -> str:
    """Card words as an answer quotes them, spacing, case and apostrophes aside."""
    return " ".join(text.replace("’", "'").split()).casefold()
