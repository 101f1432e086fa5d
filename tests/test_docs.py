"""The README stays a newcomer's page: short, and every page and picture it points to is there.

Later work adds to the pages under docs/, not to the README; these tests keep the links between them whole.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md"))
README_LIMIT = 15_000  # characters: what a newcomer reads in five minutes

# [text](target) and ![alt](target) in Markdown, and src="target" in the HTML the phone picture needs.
LINK = re.compile(r"\]\(([^)\s]+)\)|\bsrc=\"([^\"]+)\"")
# A figure row of the benchmarks table names the commit that recorded it (7 or more hex digits).
COMMIT = re.compile(r"\b[0-9a-f]{7,40}\b")
DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [a or b for a, b in LINK.findall(text)]


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    return {anchor(line.lstrip("#")) for line in text.splitlines() if re.match(r"#{1,6} ", line)}


def broken(page: Path) -> list[str]:
    """The relative links on a page whose file, or whose heading in a Markdown file, does not exist."""
    found = []
    for target in links(page):
        if re.match(r"[a-z]+:", target):  # https:, mailto: …: not ours to check
            continue
        path, _, fragment = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        exists = where.is_file()
        if not exists or (fragment and where.suffix == ".md" and fragment not in anchors(where)):
            found.append(target)
    return found


def test_the_readme_is_at_most_15000_characters():
    size = len(README.read_text(encoding="utf-8"))
    assert size <= README_LIMIT, (
        f"README.md is {size:,} characters (at most {README_LIMIT:,}): put the detail on a page under docs/ "
        "and link it from the README"
    )


def test_every_docs_link_in_the_readme_resolves_to_a_file():
    into_docs = [target for target in links(README) if target.startswith("docs/")]
    assert into_docs, "the README links no page under docs/"
    missing = [target for target in into_docs if not (ROOT / target.partition("#")[0]).is_file()]
    assert not missing, f"the README links files that do not exist: {missing}"


def test_every_page_under_docs_is_linked_from_the_readme():
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in links(README)}
    orphans = [page.name for page in PAGES if page.resolve() not in linked]
    assert not orphans, f"link these pages from the README: {orphans}"


def test_every_relative_link_and_picture_resolves_with_its_heading():
    assert PAGES, "no pages under docs/"
    for page in (README, *PAGES):
        assert not broken(page), f"{page.relative_to(ROOT)} links what is not there: {broken(page)}"


def test_the_link_check_tells_a_missing_file_or_heading(tmp_path: Path):
    (tmp_path / "there.md").write_text("# A page\n\n## Run it: now\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md#run-it-now) ![ok](there.md) [web](https://example.com/x)\n"
        '[gone](gone.md) [no heading](there.md#nowhere) <img src="gone.png">\n'
        "```sh\n[in a code block](ignored.md)\n```\n",
        encoding="utf-8",
    )
    assert broken(page) == ["gone.md", "there.md#nowhere", "gone.png"]


def test_each_benchmark_figure_names_the_commit_that_recorded_it():
    page = ROOT / "docs" / "benchmarks.md"
    rows = [line for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    figures = [row for row in rows[2:] if row.split("|")[2].strip()]  # past the header; a group row has no figure
    assert len(figures) >= 10, "the benchmarks page lost its table"
    unsourced = [row for row in figures if not COMMIT.search(row.split("|")[-2])]
    assert not unsourced, "each figure's last cell names the commit that recorded it:\n" + "\n".join(unsourced)
    undated = [sha for sha in {COMMIT.search(row.split("|")[-2]).group() for row in figures}
               if not any(sha in row and DATE.search(row) for row in rows)]
    assert not undated, f"give these commits their date in the table: {undated}"
