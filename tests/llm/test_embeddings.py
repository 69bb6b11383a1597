"""Embeddings from the configured endpoint's /v1/embeddings (`KGDESK_EMBEDDING_MODEL=api:NAME`):
real vectors from the scripted server through the real openai SDK, cached on disk per data version,
used by the real 语义 relation rule of the graph planner and by grounding candidates."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from kgdesk.config.settings import effective_settings
from kgdesk.errors import ConfigError
from kgdesk.graph.planner import plan_graph
from kgdesk.graph.similarity import (
    SEMANTIC_ACCEPT,
    ApiEncoder,
    CachedEncoder,
    EmbeddingEmbedder,
    EmbeddingSimilarity,
    EmbeddingUnavailable,
    LexicalSimilarity,
    encoder_for,
    from_settings,
    verdict,
)
from kgdesk.qa.grounding import EntityIndex, Entry
from kgdesk.qa.lexicon import normalize
from kgdesk.templates.model import MatchMode, RelationRule
from kgdesk.templates.records import Dataset
from tests.graph.test_planner import V, _contract, _supplier, _with_rules, edges
from tests.llm_fixtures import LLMEnv
from tests.llm_server import LLMTestServer

pytestmark = pytest.mark.llm


def api(env: LLMEnv) -> ApiEncoder:
    return ApiEncoder(base_url=env.base_url, model="bge-m3", api_key=env.api_key, timeout_s=5.0)


def test_real_vectors_from_the_endpoint(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    vecs = api(llm_env)(["保洁", "卫生", "安保"])
    assert len(vecs) == 3 and all(len(v) == 96 for v in vecs)
    assert all(math.isclose(sum(x * x for x in v), 1.0, rel_tol=1e-9) for v in vecs)
    sim = EmbeddingSimilarity(api(llm_env)).matrix(["保洁"], ["卫生", "安保"])[0]
    assert sim[0] > SEMANTIC_ACCEPT and sim[1] < 0.2  # one concept without a shared character; another
    assert llm_server.embedding_inputs[0] == ["保洁", "卫生", "安保"]


def test_the_semantic_rule_links_synonyms_with_the_endpoints_vectors(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    rule = RelationRule("维保单位", "维保合同", "维保单位名称", "供应商", "供应商名称", MatchMode.SEMANTIC, row=2)
    records = [_supplier("保洁服务", 2), _contract("WB1", "清洁服务", 3), _contract("WB2", "安保巡逻", 4)]
    plan = plan_graph(Dataset(records), _with_rules(rule), V, similarity=EmbeddingSimilarity(api(llm_env)))
    got = edges(plan, "维保单位")
    assert [(s, e) for s, e, _ in got] == [("WB1", "保洁服务")]
    assert got[0][2]["score"] > SEMANTIC_ACCEPT
    # the lexical fallback cannot see it: the names share too little
    lexical = plan_graph(Dataset(records), _with_rules(rule), V, similarity=LexicalSimilarity())
    assert edges(lexical, "维保单位") == []


def _entry(label: str, key: str, name: str) -> Entry:
    return Entry(label, key, f"{name}（{key}）", "项目名称", "name", name, normalize(name))


def test_grounding_offers_a_synonym_that_shares_no_character(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    index = EntityIndex([_entry("项目", "XM1", "保洁中心"), _entry("项目", "XM2", "安保大队")])
    embedder = EmbeddingEmbedder(api(llm_env), "api:bge-m3")
    g = index.ground("卫生站", embedder=embedder)
    assert g.chosen is None  # offered, never chosen for the user
    assert [c.entry.key for c in g.candidates] == ["XM1"] and g.candidates[0].method == "embedding"
    assert verdict(0.9) == "accept" and verdict(0.6) == "offer" and verdict(0.3) is None


def test_vectors_are_cached_per_data_version(llm_env: LLMEnv, llm_server: LLMTestServer, tmp_path: Path) -> None:
    first = CachedEncoder(api(llm_env), home=tmp_path, version="v1", name="api:bge-m3")
    a = first(["保洁", "卫生"])
    again = CachedEncoder(api(llm_env), home=tmp_path, version="v1", name="api:bge-m3")
    assert again(["卫生", "保洁", "卫生"]) == [a[1], a[0], a[1]] and again.encoded == 0
    assert len(llm_server.embedding_inputs) == 1
    newer = CachedEncoder(api(llm_env), home=tmp_path, version="v2", name="api:bge-m3")
    newer(["保洁"])
    assert llm_server.embedding_inputs[-1] == ["保洁"] and newer.encoded == 1
    assert sorted(p.name for p in (tmp_path / "embeddings" / "api_bge-m3").iterdir()) == ["v1.sqlite", "v2.sqlite"]


def test_settings_choose_the_api_source(llm_env: LLMEnv, llm_server: LLMTestServer, monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    monkeypatch.setenv("KGDESK_EMBEDDING_MODEL", "api:bge-m3")
    similarity, embedder = from_settings(effective_settings(), version="v1", home=tmp_path)
    assert isinstance(similarity, EmbeddingSimilarity) and similarity.name == "api:bge-m3"
    assert embedder is not None and embedder.similarities("保洁", ["卫生"])[0] > SEMANTIC_ACCEPT
    monkeypatch.delenv("KGDESK_EMBEDDING_MODEL")
    assert isinstance(from_settings(effective_settings(), home=tmp_path)[0], LexicalSimilarity)


def test_an_unusable_source_is_a_config_error_and_grounding_goes_on(tmp_path: Path) -> None:
    with pytest.raises(EmbeddingUnavailable) as info:
        encoder_for("api:bge-m3", base_url=None)
    assert isinstance(info.value, ConfigError) and "语言模型服务地址" in info.value.message
    dead = ApiEncoder(base_url="http://127.0.0.1:9/v1", model="bge-m3", timeout_s=1.0)
    with pytest.raises(EmbeddingUnavailable):
        dead(["保洁"])
    index = EntityIndex([_entry("项目", "XM1", "保洁中心")])
    g = index.ground("卫生站", embedder=EmbeddingEmbedder(dead, "api:bge-m3"))
    assert g.candidates == []  # logged, lexical result kept
    missing = encoder_for(str(tmp_path / "no-model"))
    assert missing is not None
    with pytest.raises(EmbeddingUnavailable):
        missing[0](["保洁"])
