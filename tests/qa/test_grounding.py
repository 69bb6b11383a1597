"""Entity and value grounding on a small in-memory index."""

from __future__ import annotations

from collections.abc import Sequence

from kgdesk.qa.grounding import ACCEPT, Embedder, LexicalEmbedder, default_embedder
from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.values import ValueIndex
from tests.qa.helpers import index, schema


def test_exact_names_codes_and_short_names() -> None:
    idx = index()
    g = idx.ground("青浦-区图书馆")
    assert g.chosen is not None and g.chosen.entry.key == "XMSQ0102" and g.chosen.confidence == 1.0
    assert idx.ground("青浦区图书馆").chosen.entry.key == "XMSQ0102"  # type: ignore[union-attr]
    assert idx.ground("区图书馆").chosen.entry.key == "XMSQ0102"  # type: ignore[union-attr]
    assert [e.key for e in idx.code("xmsq0150")] == ["XMSQ0150"]


def test_contains_is_accepted_only_when_unique() -> None:
    idx = index()
    g = idx.ground("图书馆")
    assert g.chosen is not None and g.chosen.entry.key == "XMSQ0102"
    assert ACCEPT <= g.chosen.confidence < 1.0 and g.chosen.method == "contains"
    g = idx.ground("青浦")  # three projects contain it: candidates, never a guess
    assert g.chosen is None and g.ambiguous and len(g.candidates) >= 3


def test_renewals_prefer_the_active_project() -> None:
    idx = index()
    g = idx.ground("青浦-赵巷公园")
    assert g.chosen is not None and g.chosen.entry.key == "XMSQ0122" and "服务中" in g.note
    g = idx.ground("赵巷公园")
    assert g.chosen is not None and g.chosen.entry.key == "XMSQ0122"


def test_namesakes_are_ambiguous() -> None:
    g = index().ground("张伟")
    assert g.chosen is None and {c.entry.key for c in g.candidates} == {"KWL0000001", "KWL0000002"}


def test_similar_but_not_contained_is_only_a_candidate() -> None:
    g = index().ground("徐汇政务中心")
    assert g.chosen is None
    assert g.candidates and g.candidates[0].entry.key == "XMSQ0205" and g.candidates[0].confidence < ACCEPT


def test_shared_attributes_become_filters() -> None:
    g = index().ground("上海市青浦区图书馆")
    assert g.chosen is None and g.attribute == ("项目", "甲方名称", "上海市青浦区图书馆")


def test_scan_finds_longest_names_first() -> None:
    found = index().scan(normalize("青浦-区图书馆有多少人"))
    assert found[0][:2] == (0, 6)
    assert {e.key for e in found[0][2]} == {"XMSQ0102"}


def test_values_from_the_meta_schema() -> None:
    vi = ValueIndex(schema(), load_lexicon())
    hits = {(v.label, v.field): v.values for v in vi.containing("领班")}
    assert hits[("人员", "岗位名称")] == ("保安_领班",)
    vm = vi.expand("人员", "岗位名称", "contains", "保安")
    assert vm is not None and set(vm.values) == {"保安_领班", "保安_普保"} and vm.op == "in" and vm.grounded
    assert vi.expand("人员", "岗位名称", "contains", "厨师") is None
    # a field without listed values keeps the user's words as a filter
    free = vi.expand("证书", "证书名称", "contains", "电工")
    assert free is not None and not free.grounded and free.op == "contains"


class _FakeModel:
    """A stand-in embedder (no model file): only the interface is under test here."""

    name = "fake"

    def similarities(self, query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "环境" in t else 0.1 for t in texts]


def test_embedder_interface_gives_candidates_only() -> None:
    emb: Embedder = _FakeModel()
    g = index().ground("生态监测站点", embedder=emb)
    assert g.chosen is None
    assert g.candidates and g.candidates[0].entry.key == "XMSQ0202" and g.candidates[0].method == "embedding"


def test_default_embedder_is_lexical_without_a_model(monkeypatch: object) -> None:
    assert isinstance(default_embedder(), LexicalEmbedder)
    sims = LexicalEmbedder().similarities("区图书馆", ["青浦-区图书馆", "工业园区"])
    assert sims[0] > sims[1]


def test_parts_of_names_are_found_before_words_split_them() -> None:
    idx = index()
    found = idx.partial_scan(normalize("环境监测中心有几台设备"), lambda _s, _e: True)
    assert [(s, e) for s, e, _ in found] == [(0, 6)]
    assert {x.key for x in found[0][2]} == {"XMSQ0202"}
    # a stretch shared by several names is never resolved silently
    found = idx.partial_scan(normalize("赵巷公园"), lambda _s, _e: True)
    assert {x.key for x in found[0][2]} == {"XMSQ0121", "XMSQ0122"}


def test_planner_prefers_the_longest_name() -> None:
    from tests.qa.test_planner import planned

    p = planned("政务服务中心的服务状态")
    assert p.query_type.value == "status" and p.steps[0].filters[0].value == "XMSQ0205"


def test_part_of_a_personal_name_is_never_that_person() -> None:
    g = index().ground("赵德")
    assert g.chosen is None and g.candidates and g.candidates[0].entry.key == "KWL2307024"


def test_values_of_a_field_the_role_may_not_see_name_the_field_but_never_expand() -> None:
    """A guest's "中共党员" still names 政治面貌 (the answer is then denied for that field, not "no
    person of that name"); a fragment ("党员", "136…") is never expanded into the hidden values."""
    sv = schema()
    extra = {("人员", "政治面貌"): ("中共党员", "群众", "共青团员")}
    assert sv.has_property("人员", "政治面貌")
    shown = ValueIndex(sv, load_lexicon(), extra)
    hidden = ValueIndex(sv, load_lexicon(), extra, frozenset(extra))
    for vi in (shown, hidden):
        hits = [f for _, _, found in vi.scan(normalize("中共党员有多少人")) for _, f, _ in found]
        assert "政治面貌" in hits
    assert any(m.field == "政治面貌" and m.values == ("中共党员",) for m in shown.containing("中共党"))
    assert not any(m.field == "政治面貌" for m in hidden.containing("中共党"))
    assert (hm := hidden.expand("人员", "政治面貌", "contains", "党员")) is None or hm.values == ("党员",)


def test_a_name_with_one_middle_run_left_out_is_taken() -> None:
    # 徐汇-环境监测中心 → 徐汇环境中心 (监测 left out): an abbreviation, chosen above ACCEPT
    g = index().ground("徐汇环境中心")
    assert g.chosen is not None and g.chosen.method == "abbreviation" and g.chosen.confidence >= ACCEPT


def test_a_fragment_or_two_gaps_is_not_an_abbreviation() -> None:
    assert index().ground("徐汇政务中心").chosen is None  # two gaps: only similar
    assert index().ground("环境监测").chosen is None or index().ground("环境监测").chosen.method != "abbreviation"
