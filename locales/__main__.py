"""``python -m locales update`` re-extracts the marked words into ``goryo.pot`` and merges them into
every ``.po``; ``python -m locales new xx`` starts a catalogue for language ``xx`` from the template."""

from __future__ import annotations

import sys

from .catalogues import new_catalogue, update_catalogues


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"] and len(argv) == 1:
        for path, missing in update_catalogues():
            print(f"{path.name}: {missing} untranslated" if missing else f"{path.name}: complete")
        return 0
    if argv[:1] == ["new"] and len(argv) == 2:
        print(f"wrote {new_catalogue(argv[1])}; translate each msgstr, then run the tests")
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


sys.exit(main(sys.argv[1:]))
