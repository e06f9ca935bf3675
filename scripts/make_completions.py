"""Write completions/referee.{bash,zsh,fish} from the app (run after changing commands or options).

    python scripts/make_completions.py          # write
    python scripts/make_completions.py --check  # exit 1 when the files are stale (the test suite runs this)

The scripts call back into ``referee`` for the words, so they list every command, option, map and rules topic.
"""

from __future__ import annotations

import sys
from pathlib import Path

from typer._completion_shared import get_completion_script

SHELLS = {"bash": "referee.bash", "zsh": "_referee", "fish": "referee.fish"}
FOLDER = Path(__file__).resolve().parents[1] / "completions"


def scripts() -> dict[Path, str]:
    return {
        FOLDER / filename: get_completion_script(
            prog_name="referee", complete_var="_REFEREE_COMPLETE", shell=shell
        ).rstrip("\n")
        + "\n"
        for shell, filename in SHELLS.items()
    }


def main(argv: list[str]) -> int:
    stale = [path for path, text in scripts().items() if not path.exists() or path.read_text() != text]
    if "--check" in argv:
        for path in stale:
            print(f"stale: {path.relative_to(FOLDER.parent)} (run python scripts/make_completions.py)")
        return 1 if stale else 0
    FOLDER.mkdir(exist_ok=True)
    for path, text in scripts().items():
        path.write_text(text)
        print(f"wrote {path.relative_to(FOLDER.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
