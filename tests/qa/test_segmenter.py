"""The Chinese segmenter of the understanding stage (kgdesk/qa/understand/segmenter.py): jieba with a
dictionary built from the meta-schema and the lexicon keeps the ledgers' words whole, widens a
fragment the longest-match scanner leaves to whole words, maps every word back to the question
exactly, and is loaded only when asked for (never on importing kgdesk.qa)."""

from __future__ import annotations

import functools
import itertools
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from kgdesk.paths import data_dir
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.segmenter import Segmenter, Token, segmenter_for
from tests.qa.helpers import schema_doc

REPO = Path(__file__).resolve().parents[2]


@functools.cache
def _projects() -> pd.DataFrame:
    return pd.read_excel(
        data_dir() / "test_data" / "项目信息.xlsx", sheet_name="数据", dtype=str, engine="calamine"
    )


def _view(extra: dict[tuple[str, str], list[Any]] | None = None, version: str = "v-seg") -> SchemaView:
    """The test schema with the project names and codes of data/test_data as the meta-schema holds
    them (16 projects: under its low-cardinality limit, so their values are listed)."""
    doc = schema_doc(version)
    projects = _projects()
    props = doc["labels"]["项目"]["properties"]
    props["项目名称"]["values"] = sorted(projects["项目名称"].dropna())
    props["项目编号"]["values"] = sorted(projects["项目编号"].dropna())
    for (label, name), vals in (extra or {}).items():
        doc["labels"][label]["properties"][name]["values"] = vals
    return SchemaView.from_json(doc)


@pytest.fixture(scope="module")
def seg() -> Segmenter:
    return segmenter_for(_view(), load_lexicon())


def _words(seg: Segmenter, q: str) -> list[str]:
    return [t.word for t in seg.tokens(q)]


def _hyphenated_project() -> tuple[str, str]:
    projects = _projects()
    row = projects[projects["项目名称"].str.contains("-", na=False)].iloc[0]
    return str(row["项目名称"]), str(row["项目编号"])


# --------------------------------------------------------------------------- schema words stay whole


@pytest.mark.parametrize(
    ("q", "word"),
    [
        ("人事这边想看下花名册", "花名册"),
        ("供应商一共有几家", "供应商"),
        ("客户满意度最高的项目", "客户满意度"),
        ("排班月报里有几条记录", "排班月报"),
    ],
)
def test_schema_words_stay_whole(seg: Segmenter, q: str, word: str) -> None:
    assert word in _words(seg, q)


def test_a_project_name_with_a_hyphen_and_its_code_stay_whole(seg: Segmenter) -> None:
    name, code = _hyphenated_project()
    assert "-" in name
    q = f"{name}（{code}）2026年4月的开票金额"
    words = _words(seg, q)
    assert name in words
    assert code in words
    assert "开票金额" in words
    tag = {t.word: t.tag for t in seg.tokens(q)}
    assert tag[name] == tag[code] == "n"


def test_a_code_asked_in_lower_or_full_width_letters_stays_whole(seg: Segmenter) -> None:
    _name, code = _hyphenated_project()
    full = "".join(chr(ord(c) + 0xFEE0) for c in code.lower())  # ｘｍｓｑ０１０２
    for asked in (code.lower(), full):
        toks = seg.tokens(f"{asked}有几个人")
        assert toks[0].word == asked
        assert toks[0].tag == "n"


def test_the_day_code_words_of_the_schedule_stay_whole(seg: Segmenter) -> None:
    terms: dict[str, list[str]] = load_lexicon().raw["day_code_terms"]
    words = {w for k, v in terms.items() for w in (k, *v) if len(w) >= 2}
    assert {"年休假", "病假", "事假", "请假"} <= words
    for w in sorted(words):
        assert w in _words(seg, f"4月排班月报里{w}的有几天"), w


# --------------------------------------------------------------------------- fragments widened


@pytest.mark.parametrize(
    ("q", "fragment", "expected"),
    [
        ("人事这边有多少人", "事这边", ["人事", "这边"]),
        ("供应商名录里有几家", "录", ["名录"]),
        ("市场部想看下项目数", "部想", ["市场部", "想"]),
    ],
)
def test_word_at_widens_a_fragment_to_whole_words(
    seg: Segmenter, q: str, fragment: str, expected: list[str]
) -> None:
    start = q.index(fragment)
    got = seg.word_at(q, start, start + len(fragment))
    got_list = got if isinstance(got, list) else [got]
    assert [t.word for t in got_list] == expected
    assert isinstance(got, Token) == (len(expected) == 1)
    for t in got_list:
        assert q[t.start : t.end] == t.word


@pytest.mark.parametrize(
    ("q", "words"),
    [
        ("人事这边", ["人事", "这边"]),
        ("供应商名录", ["供应商", "名录"]),
        ("市场部想看下", ["市场部", "想", "看下"]),
    ],
)
def test_segmented_as_whole_words(seg: Segmenter, q: str, words: list[str]) -> None:
    assert _words(seg, q) == words


# --------------------------------------------------------------------------- offsets


@pytest.mark.parametrize(
    "q",
    [
        "请问：青浦-区图书馆（XMSQ0102）２０２６年４月的开票金额是多少？",
        "  供应商 名录 ，有 12 家吗 ？ ",
        "花名册里　叫“张三”的人，2026-04-01 以后入职！",
        "ＡＢＣ１２３ 市场部想看下、客户满意度>90分的项目",
    ],
)
def test_offsets_map_back_to_the_question_exactly(seg: Segmenter, q: str) -> None:
    toks = seg.tokens(q)
    for t in toks:
        assert q[t.start : t.end] == t.word
        assert t.word.strip() == t.word and t.word
    assert all(a.end <= b.start for a, b in itertools.pairwise(toks))
    covered = "".join(t.word for t in toks)
    assert covered == "".join(ch for ch in q if not ch.isspace())


# --------------------------------------------------------------------------- one dictionary per view


def test_two_schema_views_give_two_dictionaries() -> None:
    lexicon = load_lexicon()
    a = _view({("供应商", "供应商名称"): ["上海澜锦物业设备有限公司"]}, version="v-a")
    b = _view({("供应商", "供应商名称"): ["浦江鑫荣机电工程有限公司"]}, version="v-b")
    sa, sb = segmenter_for(a, lexicon), segmenter_for(b, lexicon)
    assert sa is not sb
    assert segmenter_for(a, lexicon) is sa
    assert "上海澜锦物业设备有限公司" in sa.words and "上海澜锦物业设备有限公司" not in sb.words
    q = "上海澜锦物业设备有限公司和浦江鑫荣机电工程有限公司"
    assert _words(sa, q)[0] == "上海澜锦物业设备有限公司"
    assert _words(sb, q)[-1] == "浦江鑫荣机电工程有限公司"
    assert "上海澜锦物业设备有限公司" not in _words(sb, q)


def test_one_segmenter_per_view_across_threads() -> None:
    view, lexicon = _view(version="v-threads"), load_lexicon()
    got: list[Segmenter] = []

    def ask() -> None:
        got.append(segmenter_for(view, lexicon))

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 6 and all(s is got[0] for s in got)


# --------------------------------------------------------------------------- loaded only when asked


def _run(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **env},
        timeout=120,
        check=False,
    )


def test_importing_kgdesk_qa_does_not_import_jieba(tmp_path: Path) -> None:
    proc = _run(
        "import json, sys\n"
        "import kgdesk.qa, kgdesk.qa.planner, kgdesk.qa.understand, kgdesk.qa.understand.segmenter\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'jieba')))\n",
        {"KGDESK_HOME": str(tmp_path / "home")},
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == []


def test_building_prints_nothing_and_caches_under_kgdesk_home(tmp_path: Path) -> None:
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    tmp.mkdir()
    proc = _run(
        "from tests.qa.helpers import schema\n"
        "from kgdesk.qa.lexicon import load_lexicon\n"
        "from kgdesk.qa.understand.segmenter import segmenter_for\n"
        "seg = segmenter_for(schema(), load_lexicon())\n"
        "assert [t.word for t in seg.tokens('供应商名录')] == ['供应商', '名录']\n",
        {"KGDESK_HOME": str(home), "TMPDIR": str(tmp)},
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "" and proc.stderr == ""
    assert list((home / "cache" / "jieba").glob("jieba*.cache"))
    assert not list(tmp.rglob("jieba*"))
