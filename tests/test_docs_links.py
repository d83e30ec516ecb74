"""Every relative link in README.md and docs/*.md points to a file that exists (and, with an anchor, to a
heading of that page, as GitHub names its anchors); every image shown is in the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^(```|~~~)")
INLINE_CODE = re.compile(r"`[^`]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
IMG = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, with their numbers."""
    out: list[tuple[int, str]] = []
    fenced = False
    for n, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            out.append((n, line))
    return out


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    out: set[str] = set()
    for _n, line in prose_lines(page.read_text(encoding="utf-8")):
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        k = seen.get(base, 0)
        seen[base] = k + 1
        out.add(base if k == 0 else f"{base}-{k}")
    return out


def links(page: Path) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for n, line in prose_lines(page.read_text(encoding="utf-8")):
        line = INLINE_CODE.sub("", line)
        found += [(n, m.group(1)) for m in LINK.finditer(line)]
        found += [(n, m.group(1)) for m in IMG.finditer(line)]
    return found


def broken(page: Path) -> list[str]:
    """What is wrong with the page's relative links, one line each."""
    problems: list[str] = []
    for n, target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:…: not ours to check
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        where = f"{page.relative_to(page.parents[1]) if page.parent.name == 'docs' else page.name}:{n}"
        if not dest.exists():
            problems.append(f"{where}: {target} — no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            problems.append(f"{where}: {target} — no heading #{anchor} in {dest.name}")
    return problems


def test_every_relative_link_of_the_readme_and_the_docs_points_to_a_file_and_a_heading_that_exist():
    assert (ROOT / "docs" / "README.md").exists(), "the docs have an index"
    checked = sum(len(links(p)) for p in pages())
    assert checked > 50, f"only {checked} links found: is the link pattern still right?"
    problems = [p for page in pages() for p in broken(page)]
    assert not problems, "\n".join(problems)


def test_the_check_finds_a_missing_file_a_missing_heading_and_ignores_code(tmp_path):
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "guide.md"
    (tmp_path / "docs" / "other.md").write_text("# Other page\n\n## Reading distance\n", encoding="utf-8")
    page.write_text(
        "# Guide\n\n"
        "[fine](other.md#reading-distance) and [here](#guide) and [web](https://example.org/x)\n"
        "[gone](missing.md) and [no heading](other.md#nowhere) ![pic](img/none.png)\n"
        "`[not a link](nowhere.md)`\n"
        "```\n[in code](nowhere-either.md)\n```\n",
        encoding="utf-8",
    )
    problems = broken(page)
    assert len(problems) == 3, problems
    assert "missing.md — no such file" in problems[0]
    assert "no heading #nowhere" in problems[1]
    assert "img/none.png — no such file" in problems[2]


def test_github_anchors_keep_accents_and_drop_punctuation():
    assert slug("How hard is it? Check before the evening") == "how-hard-is-it-check-before-the-evening"
    assert slug("Pandémie — invasion barbare") == "pandémie--invasion-barbare"
    assert slug("The box profile: what only the cardboard prints") == (
        "the-box-profile-what-only-the-cardboard-prints"
    )


def test_the_screenshot_script_starts():
    """``make screenshots`` runs ``docs/screenshots.py``: its imports (the harness it drives the app with)
    must still be there."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "screenshots.py"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "--out" in done.stdout, done.stderr[-2000:]
