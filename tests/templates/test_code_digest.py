"""The code fingerprint behind the validation cache and partial plans: from the source where it is
on disk, from the compiled code in the frozen app (which ships no .py files — reading them there
failed every build of the installed app)."""

from __future__ import annotations

import pytest

from kgdesk.templates import cachehook


def test_the_digest_without_source_files_is_stable_and_covers_every_module(monkeypatch: pytest.MonkeyPatch) -> None:
    with_source = cachehook.modules_digest("kgdesk.graph", ("planner", "delta", "scope"))
    monkeypatch.setattr(cachehook, "_source", lambda loader, name: None)  # what the frozen app's loader gives
    frozen = cachehook.modules_digest("kgdesk.graph", ("planner", "delta", "scope"))
    assert frozen == cachehook.modules_digest("kgdesk.graph", ("planner", "delta", "scope"))
    assert frozen != with_source
    assert frozen != cachehook.modules_digest("kgdesk.graph", ("planner", "delta"))
    assert cachehook.modules_digest("kgdesk.templates") != cachehook.modules_digest("kgdesk.graph")


def test_a_module_with_no_code_is_an_error_not_a_digest_that_ignores_it() -> None:
    with pytest.raises((RuntimeError, ModuleNotFoundError)):
        cachehook.modules_digest("kgdesk.graph", ("no_such_module",))
