"""Checks that a text is in one language only, names no raw id and shows no Python repr."""

from __future__ import annotations

import re
from functools import cache

from engine.games.cartus import data as cartus_data
from engine.games.pandemie.board import EVENT_CARDS, PEOPLES, ROLES, all_names, shipped
from engine.games.pandemie.names import EVENT_CARDS_EN
from engine.games.plague.cards import card_types
from engine.games.rattus.characters import CHARACTERS
from engine.games.rattus.profile import default_profile

# English words that never belong in a French text (and are no French word)
ENGLISH = frozenset(
    """
the is are was not of and to your you has have had turn turns card cards player players draw draws drawn move
moves with from by in at no nothing only must already discard discards discarded peek pass passes take takes
gives give choose round rounds building buildings left setup peasant queen king witch monk merchant knight
bishop nun nuns game over wins won lost there this that these those it its their them they be been one two
three region regions plague sword flute hand hands deck pile shuffled shuffle supports support looks look none
unknown needs need needed first put back than more less any other another only when while after before until
should would can cannot may might will shows show between among already once twice per each every which who
whom what where token tokens reveal reveals revealed enter enters entering resolve resolving resolved
improvement target targets parry war roll dice death ship stage waiting for an
""".split()
)

# French words that never belong in an English text
FRENCH = frozenset(
    """
le la les des du est sont pas une au aux avec sur dans joueur joueurs carte cartes pioche défausse et ou à de
pour vous votre vos ne qu que qui sa ses leur leurs déjà rien aucun aucune manche bâtiment
bâtiments nonne nonnes jeton jetons région régions peste cubes rats mélange piocher défausser regarder jouer
choisir placer prendre donner entrer finir annulée partie terminée ce cette chaque il elle
""".split()
) - {"cubes", "rats"}

_RAW = [
    (re.compile(r"\b[A-Z]{2,4}:[A-Z0-9]+(?::[A-Z0-9]+)*\b"), "a component id"),
    (re.compile(r"[{}]"), "a brace (format placeholder or dict repr)"),
    (re.compile(r"\b(?:None|True|False)\b"), "a Python constant"),
    (re.compile(r"\(\)|\[\]|\[\'|\'\]|<[a-z]+ "), "a Python repr"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a snake_case id"),
    (re.compile(r"\b[A-Z][a-z]+[A-Z][a-z]+[A-Za-z]*\b"), "a CamelCase type name"),
    (re.compile(r"\b[a-z]+-[a-z]+(?:-[a-z]+)*\b(?<!peut-être)"), "a kebab-case id"),
]
_ALLOWED_KEBAB = {
    "vous-même",
    "peut-être",
    "elle-même",
    "laissez-passer",
    "value-1",
    "value-3",
    "value-5",
    "first-player",
    "est-ce",
    "dites-le",
    "recensez-les",
    "entrez-les",
    "vous-en",
    "celle-ci",
    "ceux-ci",
    "purple-ringed",
    "tour-ci",
    "manche-ci",
    "là-bas",
    "rendez-vous",
    "c'est-à-dire",
    "à-dire",
    "non-joueur",
    "face-down",
}
_WORD = re.compile(r"[A-Za-zÀ-ÿ']+")
_SEAT = re.compile(r"\bp[0-9]+\b")
_QUOTED = re.compile(r"«[^»]*»|“[^”]*”")
_ELISION = re.compile(r"^(?:l|d|n|qu|c|j|s)'[a-zà-ÿ]")


@cache
def proper_names() -> tuple[str, ...]:
    """Names that are the same in both languages (places, printed card names, roles), longest first."""
    names: set[str] = set(all_names().values()) | set(EVENT_CARDS) | set(EVENT_CARDS_EN) | set(ROLES)
    names |= set(PEOPLES.values()) | {p.name for p in shipped()} | {"Rupture", "Via Romana", "Fort", "Forts"}
    names |= {t.name for t in card_types().values()} | {
        "Plague and Pestilence",
        "Plague & Pestilence",
        "PROSPERITY",
        "PLAGUE",
        "PPs",
    }
    names |= {r.name for r in default_profile().regions} | {
        "Pied Piper",
        "Rattus Cartus",
        "Rattus",
        "Pandémie",
    }
    names |= {c.fr for c in CHARACTERS.values()} & {c.en for c in CHARACTERS.values()}
    names |= {c.fr for c in cartus_data.classes().values()} & {c.en for c in cartus_data.classes().values()}
    names |= {"Buy Indulgence/Negociated Peace", "Death ship", "Manu Militari", "Tablekeeper"}
    return tuple(sorted(names, key=len, reverse=True))


@cache
def _printed_only() -> tuple[re.Pattern[str], ...]:
    """Plague's printed names that a French text must translate (Pied Piper is also Rattus's expansion)."""
    names = [t.name for t in card_types().values() if t.fr_name != t.name and t.name != "Pied Piper"]
    return tuple(re.compile(rf"(?<![\w(]){re.escape(n)}(?![\w])") for n in names)


def english_card_names(text: str) -> list[str]:
    """Printed card names shown bare, not as ``Inondation (Flood)``."""
    return [m.group(0) for rx in _printed_only() for m in rx.finditer(text)]


def strip_names(text: str, extra: tuple[str, ...] = ()) -> str:
    for n in (*extra, *proper_names()):
        if n in text:
            text = re.sub(rf"(?<![\w]){re.escape(n)}(?![\w])", " ", text)
    return text


def problems(text: str, lang: str, seat_names: bool = True, people: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with ``text`` as a ``lang`` text (empty: nothing); ``people`` are the players' names."""
    out: list[str] = []
    if not text.strip():
        return ["empty text"]
    bare = strip_names(text, people)
    for rx, what in _RAW:
        for m in rx.finditer(bare):
            tok = m.group(0)
            if what == "a kebab-case id" and tok.lower() in _ALLOWED_KEBAB:
                continue
            out.append(f"{what}: {tok!r}")
    unquoted = _QUOTED.sub(" ", text)  # what a player typed is shown as typed, between quotes
    if seat_names and _SEAT.search(unquoted):
        out.append(f"a bare seat id: {_SEAT.search(unquoted).group(0)!r}")  # type: ignore[union-attr]
    if lang == "fr":
        out += [
            f"a printed English card name without its French name: {n!r}" for n in english_card_names(text)
        ]
    words = [w.lower().strip("'") for w in _WORD.findall(bare)]
    if lang == "fr":
        bad = [w for w in words if w in ENGLISH]
    else:
        bad = [w for w in words if w in FRENCH or any(c in w for c in "éèêàçùôîâ") or _ELISION.match(w)]
    if bad:
        out.append(f"{'English' if lang == 'fr' else 'French'} word(s) {sorted(set(bad))}")
    return out
