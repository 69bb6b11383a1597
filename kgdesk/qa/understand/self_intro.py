"""a self-introduction with courtesy (早上好，我是新来的财务，请多关照 / 下午好，我是采购部
新来的，请多指教) is a non-data turn: the introduction (我是 + who, with a "new here" word of lexicon
smalltalk.self_intro) is taken out before the rest is checked to be greetings only."""

from __future__ import annotations

import re
from collections.abc import Collection

_INTRO = re.compile(r"我(?:是|叫|在)(?P<who>[\u4e00-\u9fff]{0,10}?)(?=请|麻烦|多|以后|今后|希望|$)")


def without_intro(qn: str, new_words: Collection[str]) -> str:
    """`qn` without a self-introduction that says the speaker is new; unchanged otherwise."""
    found = _INTRO.search(qn)
    if found is None or not any(w in found.group("who") for w in new_words):
        return qn
    return qn[: found.start()] + qn[found.end() :]


def only_courtesy(qn: str, words: Collection[str], new_words: Collection[str]) -> bool:
    """`qn` (normalised) is greetings only, once a self-introduction is taken out."""
    from kgdesk.qa.understand.words import covered_by

    rest = without_intro(qn, new_words)
    return covered_by(rest, words) or (not rest and rest != qn)
