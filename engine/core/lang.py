"""Two-language text tables: French (the default) and English, keyed by stable ids, with parameters.

Two kinds of table live in the games' ``text``/``refusals`` modules:

- a :class:`Table` of texts keyed by id (``"ev.PawnMoved"``, ``"how.move"``), each with both languages and
  named ``{parameters}``; :meth:`Table.text` formats one;
- a :class:`Phrasebook` of refusals. The rules raise ``IllegalIntent(rule, message)`` with an English
  message written from an f-string; the message is the id (like a gettext msgid): each entry holds the
  rule, the English template of that f-string with its parameters named (``"it is {seat}'s turn"``),
  and the French (and optionally a cleaner English) text. A device that receives ``(rule, message)``
  finds the entry, takes the parameters back out of the message, translates each one by its name
  (a ``card`` is shown by its name, a ``seat`` by the player's name…), and formats the text in its
  language. ``tests/i18n`` checks that every refusal the rules' sources can raise has an entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from string import Formatter

LANGS: tuple[str, ...] = ("fr", "en")
DEFAULT_LANG = "fr"

# A parameter translator: (kind, value, lang) -> the value as shown in lang, or None to keep it.
Words = Callable[[str, str, str], "str | None"]

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


def _fields(template: str) -> list[str]:
    return [f for _, f, _, _ in Formatter().parse(template) if f]


_VOWEL = tuple("AEIOUYÉÈÊÀÂÎÔHaeiouyéèêàâîôh")


def elide(template: str, params: Mapping[str, object]) -> str:
    """French elision before a name: ``de {seat}`` with Anne is ``d'{seat}`` (*au tour d'Anne*, *autour
    d'Anglia*)."""
    for name, value in params.items():
        if isinstance(value, str) and value.startswith(_VOWEL):
            template = template.replace(f"de {{{name}}}", f"d'{{{name}}}")
    return template


_MARK = r"\((?:s|x|es)\)"
# a number, up to three words or brackets before the counted word ("1 new rat(s)", "1 Huns (yellow) pin(s)"),
# then the word(s) with their marks
_WORD = r"[^\W\d_][\w'’]*"  # a word (not a number: "n° 1 (place 1) avec 2 carte(s)" counts 2, not 1)
_COUNTED = re.compile(
    rf"\b(\d+) ((?:{_WORD}(?:{_MARK})? |\({_WORD}(?: {_WORD})*\) ){{0,3}}?{_WORD}{_MARK}"
    rf"(?: {_WORD}{_MARK})*)"
)


def counted(text: str, lang: str) -> str:
    """A finished text's ``N mot(s)`` said as the count says: *1 cube*, *3 cubes*, *1 nouveau rat*, *2
    nouveaux rats* (French: 0 and 1 are singular; English: only 1)."""

    def one(m: re.Match[str]) -> str:
        n = int(m.group(1))
        single = n <= 1 if lang == "fr" else n == 1
        words = re.sub(r"\((s|x|es)\)", "" if single else r"\1", m.group(2))
        return f"{m.group(1)} {words}"

    return _COUNTED.sub(one, text)


def elide_names(text: str, names: Iterable[str]) -> str:
    """:func:`elide` on a finished French text: ``de`` before each of ``names`` that starts with a vowel
    (*la population d'Inès*)."""
    for name in names:
        if name.startswith(_VOWEL):
            text = text.replace(f"de {name}", f"d'{name}")
    return text


class Table:
    """Texts keyed by id, each ``(french, english)`` with the same named parameters."""

    def __init__(self, entries: Mapping[str, tuple[str, str]]) -> None:
        for key, pair in entries.items():
            if len(pair) != 2 or not all(isinstance(x, str) and x for x in pair):
                raise ValueError(f"text {key!r}: needs a French and an English text")
            if sorted(_fields(pair[0])) != sorted(_fields(pair[1])):
                raise ValueError(f"text {key!r}: French and English name different parameters")
        self.entries = dict(entries)

    def __contains__(self, key: object) -> bool:
        return key in self.entries

    def keys(self) -> Iterable[str]:
        return self.entries.keys()

    def text(self, key: str, lang: str, **params: object) -> str:
        fr, en = self.entries[key]
        if check_lang(lang) == "en":
            return en.format(**params) if params else en
        return elide(fr, params).format(**params) if params else fr

    def get(self, key: str, lang: str, default: str | None = None, **params: object) -> str | None:
        return self.text(key, lang, **params) if key in self.entries else default


def kind_of(name: str) -> str:
    """A parameter's kind: its name without trailing digits (``city2`` → ``city``)."""
    return name.rstrip("0123456789")


@dataclass(frozen=True)
class Phrase:
    """One refusal: the rule, the English template of the message as raised, and its texts."""

    rule: str
    source: str
    fr: str
    en: str = ""

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        out, pos = [], 0
        seen: set[str] = set()
        for m in _PLACEHOLDER.finditer(self.source):
            out.append(re.escape(self.source[pos : m.start()]))
            name = m.group(1)
            out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.*?)")
            seen.add(name)
            pos = m.end()
        out.append(re.escape(self.source[pos:]))
        return re.compile("".join(out), re.S)

    def shape(self) -> str:
        """The template with its parameters unnamed (``{}``): how the rules' sources are compared."""
        return _PLACEHOLDER.sub("{}", self.source)

    def check(self) -> None:
        names = set(_PLACEHOLDER.findall(self.source))
        for lang, t in (("fr", self.fr), ("en", self.en or self.source)):
            if not set(_fields(t)) <= names:
                raise ValueError(
                    f"refusal {self.rule!r} {self.source!r}: {lang} text names unknown parameters"
                )


@dataclass
class Phrasebook:
    """The refusals of one game, found by ``(rule, message)``; parameters translated by ``words``."""

    phrases: list[Phrase]
    words: Words
    generic: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._by_rule: dict[str, list[Phrase]] = {}
        for p in self.phrases:
            p.check()
            self._by_rule.setdefault(p.rule, []).append(p)
        # longest templates first: the most specific one wins
        for lst in self._by_rule.values():
            lst.sort(key=lambda p: -len(_PLACEHOLDER.sub("", p.source)))
        # a rule passed in by a helper (``_hand_has(..., rule, ...)``) is looked for under any rule, but only
        # among templates specific enough not to swallow another rule's message
        self._any = sorted(
            (p for p in self.phrases if p.rule and len(_PLACEHOLDER.sub("", p.source)) >= 16),
            key=lambda p: -len(_PLACEHOLDER.sub("", p.source)),
        )

    def match(self, rule: str, message: str) -> tuple[Phrase, dict[str, str]] | None:
        """The entry of ``rule`` whose template gives ``message`` (else of any rule: a rule may be passed
        in by a helper), with the parameters taken out of the message. Fragments have the rule ``""``."""
        others = self._any if rule else ()
        for p in (*self._by_rule.get(rule, ()), *others):
            m = p.pattern.fullmatch(message)
            if m:
                return p, m.groupdict()
        return None

    def phrase(self, message: str, lang: str, names: Mapping[str, str] | None = None) -> str | None:
        """A fragment (an entry with the rule ``""``) in ``lang``, or None."""
        found = self.match("", message)
        return None if found is None else self._render(*found, lang, names)

    def _render(
        self, p: Phrase, params: dict[str, str], lang: str, names: Mapping[str, str] | None = None
    ) -> str:
        shown = {k: self.value(k, v, lang, names) for k, v in params.items()}
        template = elide(p.fr, shown) if lang == "fr" else (p.en or p.source)
        return template.format(**shown)

    def value(self, name: str, raw: str, lang: str, names: Mapping[str, str] | None = None) -> str:
        """A parameter taken out of a message, shown in ``lang``: by its kind (a seat by its player's name,
        the game's ids by their names), else as a fragment, else part by part when it is a list."""
        if raw.startswith("'") and raw.endswith("'") and len(raw) >= 2:
            raw = raw[1:-1]
        kind = kind_of(name)
        if kind in ("seat", "seats") and names and raw in names:
            return names[raw]
        got = self.words(kind, raw, lang)
        if got is not None:
            return got
        inner = self.phrase(raw, lang, names)
        if inner is not None:
            return inner
        for sep in ("; ", ", "):
            if sep in raw:
                return sep.join(self.value(name, part, lang, names) for part in raw.split(sep))
        return raw

    def text(self, rule: str, message: str, lang: str, names: Mapping[str, str] | None = None) -> str | None:
        """The refusal in ``lang``; None when no entry knows this message."""
        check_lang(lang)
        found = self.match(rule, message)
        if found is None:
            return None
        return self._render(*found, lang, names)

    def generic_text(self, rule: str, lang: str) -> str | None:
        pair = self.generic.get(rule)
        return None if pair is None else pair[0 if lang == "fr" else 1]
