"""Regenerate the golden images after a deliberate change to the drawing.

    python -m tests.render.regen_golden

Look at every rewritten PNG before committing it: the golden test only
proves that the pictures did not change, not that they are right.
"""

from __future__ import annotations

from .golden_cases import CASES, GOLDEN_DIR, golden_path


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, make in CASES.items():
        data = make()
        path = golden_path(name)
        changed = not path.exists() or path.read_bytes() != data
        path.write_bytes(data)
        print(f"{'rewrote' if changed else 'same   '} {path} ({len(data) // 1024} KB)")


if __name__ == "__main__":
    main()
