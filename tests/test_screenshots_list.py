"""The screenshot tour (scripts/screenshots.py SHOTS), the committed images and README's list agree:
a screenshot added to the tour without its image, or listed in README but no longer taken, fails."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def tour() -> ModuleType:
    spec = importlib.util.spec_from_file_location("screenshots_tour", ROOT / "scripts" / "screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # stdlib imports only at module level: no Qt, no display
    return module


def test_tour_images_and_readme_list_agree() -> None:
    files = tour().shot_files()
    assert len(files) == len(set(files))
    committed = sorted(p.name for p in (ROOT / "docs" / "screenshots").glob("*.png"))
    assert committed == files
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = list(dict.fromkeys(re.findall(r"docs/screenshots/([^)\s]+\.png)", readme)))
    assert sorted(listed) == files
