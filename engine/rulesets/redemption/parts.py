"""Split a Redemption ability text into its parts.

Multi-part cards label each part: `STAR:`, `TOP:`/`BOTTOM:`, `GE:`/`EE:`, `ART:`/`A:`, `FORT:`, `SITE:`,
`LAMB:`/`REAPER:`, `CURSE:`, `HERO:`/`EC:`, and a few older spellings (`(Star)`, `(GE)`, `H:`). Each part gets
its own duration terms, so a STAR ability that sets something up for later is judged apart from the
Enhancement ability printed under it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Canonical label for every spelling found in the real card data.
LABELS: dict[str, str] = {
    "STAR": "STAR", "TOP": "TOP", "BOTTOM": "BOTTOM", "GE": "GE", "EE": "EE", "ART": "ART", "A": "ART",
    "AT": "ART", "ARTIFACT": "ART", "FORT": "FORT", "F": "FORT", "SITE": "SITE", "LAMB": "LAMB",
    "REAPER": "REAPER", "CURSE": "CURSE", "HERO": "HERO", "H": "HERO", "HE": "HERO", "EC": "EC",
    "D": "DOMINANT", "GOOD": "GOOD", "EVIL": "EVIL", "FORTRESS": "FORT",
}

_PREFIX = re.compile(
    r"(?:(?<=^)|(?<=[\s.;/]))(?:(?P<word>STAR|TOP|BOTTOM|GE|EE|ART|AT|A|FORTRESS|FORT|F|SITE|LAMB|REAPER|CURSE|HERO|"
    r"HE|H|EC|D|GOOD|EVIL):"
    r"|\((?P<paren>Star|STAR|GE|EE|EC|HE|Hero|HERO|Artifact|A|FORT|SITE)\))\s*"
    # Mixed-case labels ("Hero:") only where a part can begin, so "place on a Hero:" stays one sentence.
    # "N.T. Hero:" and "O.T. Hero:" are an abbreviation before a noun, never the end of a part.
    r"|(?:(?<=^)|(?<=[.;/] )|(?<=[.;/]))(?<!\bN\.T\. )(?<!\bO\.T\. )(?P<mixed>Star|Hero|Curse|Fortress|Site):\s*"
)


# What a player may call a part besides its printed label: the long name of the card type it speaks as.
LONG_NAMES: dict[str, str] = {
    "DOMINANT": "DOMINANT", "HERO": "HERO", "EVIL CHARACTER": "EC", "GOOD ENHANCEMENT": "GE",
    "EVIL ENHANCEMENT": "EE", "ARTIFACT": "ART", "FORTRESS": "FORT", "SITE": "SITE", "CURSE": "CURSE",
    "STAR": "STAR", "TOP": "TOP", "BOTTOM": "BOTTOM", "LAMB": "LAMB", "REAPER": "REAPER",
    "COVENANT": "GE", "CHARACTER": "",
}


@dataclass(frozen=True)
class Part:
    """One labelled part of an ability; `label` is "" for an unlabelled ability, `printed` the label as the card
    prints it ("D" for the canonical DOMINANT, "(Star)" for STAR)."""

    label: str
    text: str
    printed: str = ""

    def names(self) -> set[str]:
        """Every name a player may use for this part, folded: its printed label, with or without brackets,
        its canonical label and the long name of the type it speaks as."""
        out = {self.label.casefold(), self.printed.casefold(), self.printed.strip("()").casefold()}
        out |= {long.casefold() for long, label in LONG_NAMES.items() if label == self.label and self.label}
        return {n for n in out if n}

    def shown(self) -> str:
        """How the part is listed to a player: the printed label, and the canonical one when it differs."""
        if not self.label:
            return "-"
        printed = self.printed.strip("()")
        return self.label if printed.upper() == self.label else f"{printed} ({self.label})"


def split_parts(text: str) -> list[Part]:
    """The labelled parts in printed order; an unlabelled text is one part with label ""."""
    text = (text or "").strip()
    if not text:
        return []
    hits = list(_PREFIX.finditer(text))
    if not hits:
        return [Part("", text)]
    parts: list[Part] = []
    head = text[: hits[0].start()].strip(" /")
    if head:
        parts.append(Part("", head))
    for i, hit in enumerate(hits):
        end = hits[i + 1].start() if i + 1 < len(hits) else len(text)
        raw = (hit.group("word") or hit.group("paren") or hit.group("mixed") or "").upper()
        body = text[hit.end(): end].strip().rstrip("/").strip()
        printed = hit.group("word") or (f"({hit.group('paren')})" if hit.group("paren") else hit.group("mixed"))
        parts.append(Part(LABELS.get(raw, raw), body, printed or ""))
    return parts


def find_part(parts: list[Part], wanted: str) -> int | None:
    """The index of the part a player named (printed label, canonical label or long name; "-" or "" for the
    unlabelled part), or None."""
    name = " ".join(wanted.strip().strip("()").split()).casefold()
    for i, part in enumerate(parts):
        if (name in {"", "-"} and part.label == "") or name in part.names():
            return i
    folded = LABELS.get(name.upper())  # a spelling another card prints ("A" for ART)
    for i, part in enumerate(parts):
        if folded and part.label == folded:
            return i
    return None
