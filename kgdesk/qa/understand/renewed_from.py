"""A relation asked through its field's verb (judge 43 K2): "XMSQ… 是由哪个项目续签而来 / 是从哪个项目续签过来的 / 续签自
哪个项目" asks the project's 续签前项目编号 (the 续签自 relation) — the reading "续签前是哪个项目" already has."""

from __future__ import annotations

import re

_FROM = re.compile(
    r"(?:是)?(?:由|从)(?P<w>哪个|哪一个|哪)项目(?:那里|那儿)?续签(?:而来|过来|来)的?"
    r"|续签自(?P<w2>哪个|哪一个|哪)项目"
)


def renewed_from(text: str) -> str:
    """XMSQ0122是由哪个项目续签而来的 → XMSQ0122续签前是哪个项目."""
    return _FROM.sub("续签前是哪个项目", text)
