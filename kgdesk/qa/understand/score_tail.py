"""客户满意度分数 / 客户满意度得分: a score word (the lexicon's score_words: 分数 / 得分 / 评分 …) right after a
field measured in 分 (unit_fields) restates that field — it is not 检查得分, the field the word alone names.
The two words are read as one field word, the first; a score word after any other field is left alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed


def score_tail(p: _Parsed, unit_fields: Mapping[str, Sequence[str]]) -> None:
    scored = set(unit_fields.get("分", []))
    words = set(load_lexicon().raw.get("score_words", {}).get("words", []))
    for f in list(p.lex("field")):
        fs = f.sense("field")
        if fs is None or str(fs.get("field")) not in scored or f not in p.mentions:
            continue
        run: list[_M] = []  # 评|分: the scan may cut the score word in two
        said, best = "", 0
        nxt = p.next_after(f, skip_fillers=False)
        while nxt is not None and nxt.s == (run[-1].e if run else f.e) and any(w.startswith(said + nxt.text) for w in words):
            run.append(nxt)
            said += nxt.text
            best = len(run) if said in words else best
            nxt = p.next_after(nxt, skip_fillers=False)
        if not best or any(m.has("field") and m.sense("field") == fs for m in run[:best]):
            continue
        for m in run[:best]:
            p.mentions.remove(m)
        f.e, f.text = run[best - 1].e, f.text + "".join(m.text for m in run[:best])
        f.senses = [s for s in f.senses if s.kind == "field"]
