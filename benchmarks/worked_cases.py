"""The worked cases of the design doc (from the seed article) for Redemption durations, as plain data.

Shared by the test suite (tests/engine/redemption/test_redemption_cases.py runs each on the starter set and on the
real card text) and the rulings benchmark, which must run without the test dependencies.
"""

from __future__ import annotations

from typing import Any

# (id, card in the starter set, card in the real data, zone, events, persists, effective, upper bound,
#  rules cited)
WORKED: list[tuple[Any, ...]] = [
    ("adino-equipped-phase-ends", "Adino, the Eznite",
     "Adino, the Eznite", "battle", ["phase-ends"], False, False, "D1", {"D1", "D9", "D8"}),
    ("adino-in-battle", "Adino, the Eznite",
     "Adino, the Eznite", "battle", [], True, True, "D1", {"D1", "D8"}),
    ("adino-loses-weapon", "Adino, the Eznite",
     "Adino, the Eznite", "battle", ["condition-false"], True, False, "D1", {"D1", "D8"}),
    ("achim-territory-across-phases", "Achim, the Compiler / Achim, the Talmid (LoC)",
     "Achim, the Compiler / Achim, the Talmid (LoC)", "territory", ["phase-ends", "turn-ends", "phase-ends"],
     True, True, "D6", {"D6", "D8"}),
    ("achim-leaves-territory", "Achim, the Compiler / Achim, the Talmid (LoC)",
     "Achim, the Compiler / Achim, the Talmid (LoC)", "territory", ["leaves-territory"],
     False, False, "D6", {"D6", "D8"}),
    ("achim-discarded-from-battle", "Achim, the Compiler / Achim, the Talmid (LoC)",
     "Achim, the Compiler / Achim, the Talmid (LoC)", "battle", ["leaves-play"], True, True, "D1", {"D1", "D8"}),
    ("achim-discarded-then-phase-ends", "Achim, the Compiler / Achim, the Talmid (LoC)",
     "Achim, the Compiler / Achim, the Talmid (LoC)", "battle", ["leaves-play", "phase-ends"],
     False, False, "D1", {"D1", "D8"}),
    ("serpent-paralysis-outlasts-phase", "The Serpent (Promo)",
     "The Serpent (Promo)", "territory", ["phase-ends", "turn-ends"], True, True, "D3", {"D3"}),
    ("serpent-paralysis-healed", "The Serpent (Promo)",
     "The Serpent (Promo)", "territory", ["phase-ends", "result-changed"], False, False, "D3", {"D3"}),
    ("sordid-placement-stays", "The Sordid Spirit (GoC)",
     "The Sordid Spirit (GoC)", "territory", ["phase-ends", "turn-ends", "round-ends"], True, True, "D3", {"D3"}),
    ("sordid-placement-ends", "The Sordid Spirit (GoC)",
     "The Sordid Spirit (GoC)", "territory", ["turn-ends", "result-changed"], False, False, "D3", {"D3"}),
    ("parables-this-turn-outlasts-phase", "Teaching in Parables (GoC)",
     "Teaching in Parables (GoC)", "battle", ["phase-ends"], True, True, "D4", {"D4"}),
    ("parables-turn-ends", "Teaching in Parables (GoC)",
     "Teaching in Parables (GoC)", "battle", ["turn-ends"], False, False, "D4", {"D4"}),
    ("three-woes-placement-ends-mid-round", "Three Woes (RoJ)",
     "Three Woes (RoJ)", "territory", ["result-changed"], False, False, "D3", {"D3", "D4"}),
    ("three-woes-still-placed", "Three Woes (RoJ)",
     "Three Woes (RoJ)", "territory", ["turn-ends"], True, True, "D3", {"D3", "D4"}),
    ("artifact-leaves-play-mid-phase", "Hezekiah's Signet Ring",
     "Hezekiah's Signet Ring", "artifact-pile", ["leaves-play"], False, False, "D7", {"D7"}),
    ("artifact-deactivated", "Hezekiah's Signet Ring",
     "Hezekiah's Signet Ring", "artifact-pile", ["deactivated"], False, False, "D7", {"D7"}),
    ("artifact-stays-active", "Hezekiah's Signet Ring",
     "Hezekiah's Signet Ring", "artifact-pile", ["phase-ends", "turn-ends"], True, True, "D7", {"D7"}),
    ("fortress-leaves-play-mid-phase", "Jerusalem Tower (Roots)",
     "Jerusalem Tower (Roots)", "territory", ["leaves-play"], False, False, "D7", {"D7"}),
    ("voice-from-heaven-leaves-play", "Voice from Heaven (GoC)",
     "Voice from Heaven (GoC)", "territory", ["leaves-play"], True, True, None, set()),
    ("marauders-removed-from-battle", "Moabite Marauders",
     "Moabite Marauders", "battle", ["leaves-battle"], True, True, "D1", {"D1"}),
    ("marauders-phase-ends", "Moabite Marauders",
     "Moabite Marauders", "battle", ["leaves-battle", "phase-ends"], False, False, "D1", {"D1"}),
    ("captain-discarded-by-martyr", "Captain of the Host (Wa)",
     "Captain of the Host (Wa)", "battle", ["leaves-play"], True, True, "D1", {"D1"}),
]
