"""`kgdesk --self-test`: prove that this installation works end to end, offline.

Run from source and from the frozen bundle (the installer's "kgdesk 自检" shortcut, `make package`).
Every step uses the real parts the user's work will use: the template metadata and permissions,
the bundled local graph server (with the bundled Java runtime when frozen), validation, the
two-stage build and publish, the Chinese segmenter over the published meta-schema (jieba's
dictionary and models are bundled data: a bundle without them fails here), and the offline question
answering (deterministic planner). All of
it happens in a throwaway KGDESK_HOME and server data folder, removed at the end, so the user's
settings, versions and history are never touched. Exit code 0 only when every step passed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import platform
import secrets
import shutil
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TextIO, TypeVar

from kgdesk import __version__
from kgdesk.errors import KgdeskError
from kgdesk.paths import data_dir

T = TypeVar("T")

ROLE = "admin"
"""Full permissions: the self-test checks the installation, not the role rules."""


@dataclass(frozen=True)
class Question:
    """A question the deterministic planner answers from data/test_data, and its known answer."""

    text: str
    expected: Any
    """The `value` of the answer (lists compared as sets of strings containing these names)."""


QUESTIONS: tuple[Question, ...] = (
    Question("服务中的项目有多少个？", 12),
    Question("赵德胜有哪些证书？", ("保安员（三级）", "消防设施操作员（初级）")),
    Question("青浦-工业园区有报废的设备吗？", True),
)
"""One count, one list and one existence question (tests/eval/questions.jsonl q08, q29, q03)."""

SERVER_HEAP = "768m"
SERVER_PAGE_CACHE = "128m"
SERVER_START_TIMEOUT_S = 300.0
"""Generous: a first start on a slow office PC (cold disk, antivirus scanning the jars) is slow."""


@dataclass
class StepResult:
    name: str
    ok: bool
    seconds: float
    detail: str = ""
    ran: bool = True


@dataclass
class SelfTestReport:
    steps: list[StepResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return bool(self.steps) and all(s.ok for s in self.steps)


class _Runner:
    """Runs named steps, times them and prints one ✓/✗ line per step as soon as it finishes."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.report = SelfTestReport()

    def emit(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.out.write(text + "\n")
            self.out.flush()

    def run(self, name: str, fn: Callable[[], tuple[T, str]]) -> T | None:
        t0 = time.perf_counter()
        try:
            value, detail = fn()
        except KgdeskError as e:
            self._record(StepResult(name, False, time.perf_counter() - t0, e.message))
            return None
        except Exception as e:  # a self-test reports every failure instead of crashing
            self._record(StepResult(name, False, time.perf_counter() - t0, f"{type(e).__name__}: {e}"))
            return None
        self._record(StepResult(name, True, time.perf_counter() - t0, detail))
        return value

    def skip(self, name: str, why: str = "前面的步骤失败，未执行") -> None:
        self._record(StepResult(name, False, 0.0, why, ran=False))

    def _record(self, step: StepResult) -> None:
        self.report.steps.append(step)
        mark = "✓" if step.ok else ("✗" if step.ran else "－")
        timing = f"{step.seconds:6.1f} 秒" if step.ran else "    —   "
        lines = step.detail.splitlines() or [""]
        self.emit(f"  {mark} {_pad(step.name, NAME_WIDTH)} {timing}  {lines[0]}".rstrip())
        for extra in lines[1:12]:
            self.emit(f"      {extra}")


NAME_WIDTH = 40


def _pad(text: str, width: int) -> str:
    """Left-justify by terminal columns (a Chinese character takes two)."""
    cols = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(1, width - cols)


@contextlib.contextmanager
def _temporary_home() -> Iterator[Path]:
    """A throwaway KGDESK_HOME for the whole self-test; the previous value is restored after."""
    root = Path(tempfile.mkdtemp(prefix="kgdesk-selftest-"))
    saved = {k: os.environ.get(k) for k in ("KGDESK_HOME",)}
    os.environ["KGDESK_HOME"] = str(root / "home")
    (root / "home").mkdir()
    try:
        yield root
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _remove_tree(path: Path, attempts: int = 20) -> None:
    """rmtree with retries: on Windows a file the JVM just closed can stay locked for a moment."""
    for i in range(attempts):
        try:
            shutil.rmtree(path)
            return
        except FileNotFoundError:
            return
        except OSError:
            if i == attempts - 1:
                raise
            time.sleep(0.5)


def _value_matches(value: Any, expected: Any) -> bool:
    if isinstance(expected, tuple):
        if not isinstance(value, list):
            return False
        names = [str(v.get("name", v)) if isinstance(v, dict) else str(v) for v in value]
        return len(names) == len(expected) and all(any(e in n for n in names) for e in expected)
    if isinstance(expected, bool):
        return value is expected
    return bool(value == expected)


def _short(value: Any) -> str:
    if isinstance(value, list):
        names = [str(v.get("name", v)) if isinstance(v, dict) else str(v) for v in value]
        return "、".join(names)
    if isinstance(value, bool):
        return "是" if value else "否"
    return str(value)


def _where() -> str:
    if getattr(sys, "frozen", False):
        return f"安装包（{Path(sys.executable).parent}）"
    return "源码"


def run_self_test(out: TextIO | None = None) -> int:
    """Run every step, print the report; 0 when all of them passed, 1 otherwise."""
    stream = out if out is not None else sys.stdout
    runner = _Runner(stream)
    t_start = time.perf_counter()
    runner.emit(f"kgdesk 自检（版本 {__version__}，{_where()}，{platform.system()} {platform.machine()}）")
    with _temporary_home() as root:
        _run_steps(runner, root)
    runner.report.seconds = time.perf_counter() - t_start
    steps = runner.report.steps
    passed = sum(1 for s in steps if s.ok)
    if runner.report.ok:
        runner.emit(f"结果：全部通过（{passed}/{len(steps)} 项），共用时 {runner.report.seconds:.1f} 秒。")
        return 0
    runner.emit(
        f"结果：未通过（{passed}/{len(steps)} 项通过），共用时 {runner.report.seconds:.1f} 秒。"
        "请把以上输出发给技术支持。"
    )
    return 1


def _run_steps(runner: _Runner, root: Path) -> None:
    from kgdesk.graph.local_server import LocalGraphServer

    home = root / "home"
    server = LocalGraphServer(
        root / "neo4j",
        port=0,
        password="selftest-" + secrets.token_urlsafe(12),
        heap=SERVER_HEAP,
        page_cache=SERVER_PAGE_CACHE,
        startup_timeout_s=SERVER_START_TIMEOUT_S,
    )
    conn: Any = None
    quiet = _quiet_driver_notices()
    try:
        loaded = runner.run("加载模板与配置", _load_metadata)
        conn = runner.run("启动本地图数据库", partial(_start_server, server)) if loaded else None
        run = runner.run("校验测试数据", _validate) if loaded else None
        if not loaded:
            runner.skip("启动本地图数据库")
            runner.skip("校验测试数据")
        built = (
            runner.run("构建并发布", partial(_build, run, conn, home))
            if run is not None and conn is not None
            else None
        )
        if not built:
            runner.skip("构建并发布")
            runner.skip(SEGMENTER_STEP)
        else:
            runner.run(SEGMENTER_STEP, partial(_segment, home, built))
        agents: dict[str, Any] = {}
        for q in QUESTIONS:
            if built:
                runner.run(f"问答：{q.text}", partial(_ask, agents, home, conn, q))
            else:
                runner.skip(f"问答：{q.text}")
    finally:
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()
        runner.run("清理", partial(_cleanup, server, root))
        quiet.restore()


class _LoggerLevel:
    """Sets a logger's level for the self-test and puts the old one back."""

    def __init__(self, name: str, level: int) -> None:
        self.logger = logging.getLogger(name)
        self.saved = self.logger.level
        self.logger.setLevel(level)

    def restore(self) -> None:
        self.logger.setLevel(self.saved)


def _quiet_driver_notices() -> _LoggerLevel:
    """The driver logs every server notice (deprecations …) as a warning: noise in a user's report."""
    return _LoggerLevel("neo4j", logging.ERROR)


# --------------------------------------------------------------------------- the steps


def _load_metadata() -> tuple[bool, str]:
    from kgdesk.qa.lexicon import load_lexicon
    from kgdesk.security.permissions import load_permissions
    from kgdesk.templates.loader import load_template_set

    ts = load_template_set()
    perms = load_permissions(templates=ts)
    lexicon = load_lexicon()
    detail = (
        f"{len(ts.templates)} 个模板、{len(ts.relations)} 条关系规则、"
        f"{len(perms.roles)} 个角色、问答词典 {len(lexicon.phrases())} 个词条（{data_dir()}）"
    )
    return True, detail


def _start_server(server: Any) -> tuple[Any, str]:
    """Start the server on a free port; returns a connection to it."""
    from kgdesk.graph.connection import GraphConnection
    from kgdesk.graph.local_server import find_java, java_major_version

    java = find_java()
    port: int = server.start()
    bundled = getattr(sys, "frozen", False) and Path(sys.executable).parent in java.resolve().parents
    origin = "内置运行时" if bundled else str(java)
    conn = GraphConnection(server.uri, server.user, server.password, "neo4j")
    return conn, f"端口 {port}，Java {java_major_version(str(java))}（{origin}）"


def _validate() -> tuple[Any, str]:
    from kgdesk.templates.validator import validate_paths

    folder = data_dir() / "test_data"
    expected = len([p for p in folder.glob("*.xlsx") if not p.name.startswith("~$")])
    if expected == 0:
        raise KgdeskError(f"找不到测试数据：{folder} 中没有 Excel 文件")
    run = validate_paths([folder])
    s = run.summary()
    detail = f"接收 {s['accepted']}/{expected} 个文件，拒收 {s['rejected']} 个，警告 {s['warnings']} 条"
    if s["accepted"] != expected or s["rejected"]:
        rejected = [
            f"{f.file}：{f.errors[0].message if f.errors else f.status}" for f in run.files if not f.accepted
        ]
        raise KgdeskError("\n".join([detail, *rejected]))
    return run, detail


def _build(run: Any, conn: Any, home: Path) -> tuple[str, str]:
    from kgdesk.app.building import build_and_publish

    report = build_and_publish(run, conn, home=home)
    if report.status != "published" or not report.version:
        raise KgdeskError(f"构建未发布：{report.error or report.status}")
    nodes = sum(report.nodes.values())
    rels = sum(report.relationships.values())
    return report.version, f"已发布版本 {report.version}：{nodes} 个节点、{rels} 条关系"


SEGMENTER_STEP = "中文分词"
SEGMENTED = ("青浦-工业园区有报废的设备吗？", ("青浦-工业园区", "报废", "设备"))
"""A question of QUESTIONS and words the segmenter must keep whole: a project name of the published
meta-schema (with its hyphen), and two words of jieba's own dictionary and the lexicon."""


def _segment(home: Path, version: str) -> tuple[bool, str]:
    """Build the segmenter of the published version's meta-schema once (loads jieba's bundled
    dictionary and models) and segment one question."""
    import json

    from kgdesk.paths import version_schema, versions_dir
    from kgdesk.qa.lexicon import load_lexicon
    from kgdesk.qa.schema import SchemaView
    from kgdesk.qa.understand.segmenter import segmenter_for

    doc = json.loads(version_schema(versions_dir(home) / version).read_text(encoding="utf-8"))
    t0 = time.perf_counter()
    seg = segmenter_for(SchemaView.from_json(doc, version=version), load_lexicon())
    loaded = time.perf_counter() - t0
    question, wanted = SEGMENTED
    words = [t.word for t in seg.tokens(question)]
    missing = [w for w in wanted if w not in words]
    if missing:
        raise KgdeskError(f"分词结果不对：{'|'.join(words)}（缺少 {'、'.join(missing)}）")
    return True, f"{'|'.join(words)}（词典 {len(seg.words)} 个自定义词，加载 {loaded:.1f} 秒）"


def _agent(home: Path) -> Any:
    from kgdesk.agent.agent import Agent
    from kgdesk.app.asking import history_store, make_policy
    from kgdesk.config.settings import effective_settings

    settings = effective_settings(home=home)
    return Agent(store=history_store(home), client=None, policy=make_policy(settings), limits=settings.limits)


def _ask(agents: dict[str, Any], home: Path, conn: Any, q: Question) -> tuple[bool, str]:
    from kgdesk.agent.agent import AgentOptions

    agent = agents.get("agent") or agents.setdefault("agent", _agent(home))
    options = AgentOptions(auto=True, offline=True, narrative=False)
    result = asyncio.run(agent.ask(q.text, conn=conn, role=ROLE, user="selftest", options=options))
    doc: dict[str, Any] = result.to_json()
    status, value, citations = doc.get("status"), doc.get("value"), doc.get("citations") or []
    if status != "answered":
        raise KgdeskError(f"没有回答（{status}）：{str(doc.get('answer') or '')[:200]}")
    if not citations:
        raise KgdeskError(f"回答没有引用来源：{_short(value)}")
    if not _value_matches(value, q.expected):
        raise KgdeskError(
            f"答案与测试数据不符：得到 {_short(value) or repr(value)}，应为 {_short(q.expected)}\n"
            + str(doc.get("answer") or "")[:600]
        )
    first = citations[0]
    cite = f"{first.get('file', '')} 第 {first.get('row', '?')} 行" if isinstance(first, dict) else str(first)
    return True, f"答：{_short(value)}（{len(citations)} 条引用，如 {cite}）"


def _cleanup(server: Any, root: Path) -> tuple[bool, str]:
    from kgdesk.graph.local_server import bolt_answers

    problems: list[str] = []
    state = server.status()
    port = state.port if state.running else None
    server.stop()
    if server.status().running:
        problems.append("本地图数据库进程仍在运行")
    if port is not None and bolt_answers(port, timeout=1.0):
        problems.append(f"端口 {port} 仍有图数据库在响应")
    try:
        _remove_tree(root)
    except OSError as e:
        problems.append(f"临时目录 {root} 无法删除：{e}")
    if root.exists():
        problems.append(f"临时目录 {root} 仍然存在")
    if problems:
        raise KgdeskError("；".join(problems))
    return True, "已停止本地图数据库，已删除临时目录"
