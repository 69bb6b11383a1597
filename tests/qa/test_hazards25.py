"""Judge-20 classes at the plan (no graph; own wording besides the judge's probes). W13 a bare which-word
and a comparative after two named values (A和B，哪个多) asks the name of the larger one, never the
difference; the difference only with 多多少 / 差几个 said too."""

from __future__ import annotations

import pytest

from tests.qa.helpers import planned

# ---------------------------------------------------------------- W13: 哪个多 after two named values


@pytest.mark.parametrize(
    "q, measure",
    [
        ("中标和未中标，哪个多", "larger"),
        ("中标和未中标的投标记录哪个多", "larger"),
        ("带病运行和停用的设备，哪种多", "larger"),
        ("电工和消防证书 谁多", "larger"),
        ("中标和未中标、哪个少", "smaller"),
    ],
)
def test_which_of_two_is_the_name(q: str, measure: str) -> None:
    c = planned(q).comparison
    assert c is not None and c.measure == measure, c


@pytest.mark.parametrize(
    "q", ["中标和未中标，哪个多，多多少", "中标和未中标哪个多？差几条", "中标和未中标相差多少"]
)
def test_by_how_much_is_the_difference(q: str) -> None:
    c = planned(q).comparison
    assert c is not None and c.measure == "abs_difference", c
