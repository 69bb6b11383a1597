"""A suffix said once after a list of names is every name's (青浦或徐汇片区 = 青浦片区或徐汇片区, 青浦和科创片区 / 青浦、
徐汇片区 likewise): 片区 after the last name belongs to each of them. Only when every name with the suffix is
itself exactly the name of one entity of the same type as the last one (青浦片区, 徐汇片区 are both 片区名称) —
a first name that would need the suffix to be a name at all; otherwise the text is left as it is (青浦 stays
ambiguous, never guessed)."""

from __future__ import annotations

import re

from kgdesk.qa.grounding import EntityIndex
from kgdesk.qa.lexicon import normalize

_LIST = re.compile(
    r"(?P<a>[\u4e00-\u9fffA-Za-z0-9]{1,8}?)(?P<j>或者|或|和|与|及|、|跟)(?P<b>[\u4e00-\u9fffA-Za-z0-9]{1,8}?)(?P<s>片区|项目|设备|证书)"
)


def _labels(index: EntityIndex, name: str) -> set[str]:
    """The types of the entities `name` is exactly the name (or code) of, when it names exactly one."""
    entries = {
        (e.label, e.key) for e in index.by_norm.get(normalize(name), []) if e.role in ("name", "key", "code")
    }
    return {entries.pop()[0]} if len(entries) == 1 else set()


def shared_suffix(text: str, index: EntityIndex) -> str:
    def one(m: re.Match[str]) -> str:
        a, b, suffix = m.group("a"), m.group("b"), m.group("s")
        first, last = _labels(index, a + suffix), _labels(index, b + suffix)
        if not first or first != last or _labels(index, a):
            return m.group(0)
        return f"{a}{suffix}{m.group('j')}{b}{suffix}"

    return _LIST.sub(one, text)
