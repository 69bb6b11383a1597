"""Secrets never appear in any artifact of a full run (issue 7, item 5).

A run of the real command line (`python -m kgdesk`, one process per command, as a user or a script
would run it) against the real test graph and the scripted LLM endpoint: a settings change through
the settings service, validate, build, quality, offline and LLM questions (with --debug too), an
endpoint that echoes the API key in its error, a wrong API key, a wrong Neo4j password for a
question and a build, audit --json / --verify, and answer / quality exports. Then every file under
KGDESK_HOME (settings, logs, audit, history, caches, token usage, version store, exports; SQLite
files and their WAL journals byte for byte, .xlsx files unzipped) and every command's stdout and
stderr are searched for the Neo4j password, the LLM key and the wrong ones the user typed.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from kgdesk.graph.local_server import LocalGraphServer
from kgdesk.paths import audit_db, llm_usage_db, settings_file
from tests.llm_server import LLMTestServer, Reply

pytestmark = pytest.mark.llm

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data" / "test_data"
FILES = ("项目信息.xlsx", "人员信息.xlsx", "考勤与人员财务.xlsx", "片区信息.xlsx", "项目片区关系.xlsx")
LLM_QUESTION = "在赵巷公园干活的女同志有几位"  # needs the model
PLAN = {
    "status": "plan",
    "message": "",
    "missing_concepts": [],
    "plan": {
        "query_type": "count",
        "steps": [{
            "id": "s1",
            "entity": "人员",
            "hops": [{"source": "n0", "rel": "服务于", "direction": "out", "target": "项目"}],
            "filters": [
                {"node": "n1", "field": "项目名称", "op": "eq", "value": "赵巷公园", "value_source": "user_text"},
                {"node": "n0", "field": "性别", "op": "eq", "value": "女", "value_source": "user_text"},
                {"node": "r1", "field": "依据", "op": "eq", "value": "人员信息", "value_source": "derived"},
            ],
        }],
        "aggregate": {"fn": "count_distinct", "node": "n0", "field": "_key"},
    },
}


@pytest.fixture
def llm_key() -> str:
    return "sk-grep-" + secrets.token_hex(16)


@pytest.fixture
def keyed_server(llm_key: str) -> Iterator[LLMTestServer]:
    """The scripted endpoint, refusing any request without `Bearer <llm_key>`."""
    server = LLMTestServer(api_key=llm_key).start()
    server.responder = lambda _req: Reply.json(PLAN)
    try:
        yield server
    finally:
        server.stop()


class Run:
    """Runs `python -m kgdesk …` with one environment and keeps every stdout and stderr."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.outputs: list[tuple[str, str]] = []

    def __call__(self, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(
            [sys.executable, "-m", "kgdesk", *args],
            cwd=REPO,
            capture_output=True,
            text=True,
            env={**self.env, **(env or {})},
            timeout=300,
        )
        self.outputs.append((" ".join(args) + " [stdout]", proc.stdout))
        self.outputs.append((" ".join(args) + " [stderr]", proc.stderr))
        return proc


def _file_texts(home: Path) -> Iterator[tuple[str, str]]:
    for p in sorted(home.rglob("*")):
        if not p.is_file():
            continue
        data = p.read_bytes()
        yield str(p.relative_to(home)), data.decode("utf-8", "replace")
        if p.suffix == ".xlsx":  # a zip: look inside
            with zipfile.ZipFile(p) as z:
                for name in z.namelist():
                    yield f"{p.relative_to(home)}!{name}", z.read(name).decode("utf-8", "replace")


def test_no_secret_in_any_artifact_of_a_full_run(
    neo4j_server: LocalGraphServer, keyed_server: LLMTestServer, llm_key: str, _fresh_home: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from kgdesk.app.settings_change import save_settings_change
    from kgdesk.config.settings import Settings

    home = _fresh_home
    password = neo4j_server.password
    wrong_password = "wrong-pw-" + secrets.token_hex(8)
    wrong_key = "sk-wrong-" + secrets.token_hex(16)
    audit_key = "audit-key-" + secrets.token_hex(16)
    secret_values = {"neo4j password": password, "LLM key": llm_key, "wrong password": wrong_password,
                     "wrong key": wrong_key, "audit key": audit_key}
    # one audit key for this process and the CLI runs (their keyrings differ: in-memory here, none there)
    monkeypatch.setenv("KGDESK_AUDIT_KEY", audit_key)

    # the user saves the shared server and the endpoint: secrets to the keyring, the rest to the file
    vault: dict[str, str | None] = {}
    for k, v in {"KGDESK_NEO4J_URI": neo4j_server.uri, "KGDESK_NEO4J_PASSWORD": password,
                 "KGDESK_LLM_API_KEY": llm_key}.items():
        monkeypatch.setenv(k, v)  # the settings service scrubs what this process knows as secret
    save_settings_change(
        Settings(user="admin", role="admin", neo4j_uri=neo4j_server.uri, neo4j_user=neo4j_server.user,
                      neo4j_database="neo4j", llm_base_url=keyed_server.base_url, llm_model="test-model"),
        {"neo4j-password": password, "llm-api-key": llm_key},
        first_run=True, store_secret=vault.__setitem__,
    )
    assert vault == {"neo4j-password": password, "llm-api-key": llm_key}

    env = {k: v for k, v in os.environ.items() if not k.startswith("KGDESK_")}
    env.update({
        "KGDESK_HOME": str(home),
        "KGDESK_NEO4J_PASSWORD": password,  # cli.md: the variable CI and scripts use instead of the keyring
        "KGDESK_LLM_API_KEY": llm_key,
        "KGDESK_AUDIT_KEY": audit_key,
        "PYTHONIOENCODING": "utf-8",
    })
    run = Run(env)
    paths = [str(DATA / f) for f in FILES]

    assert run("validate", *paths, "--json").returncode == 0
    built = run("build", *paths, "--json")
    assert built.returncode == 0, built.stderr
    assert json.loads(built.stdout)["status"] == "published"
    assert run("quality", "--json").returncode in (0, 1)

    offline = run("ask", "有多少人", "--json", "--no-llm", "--auto")
    assert json.loads(offline.stdout)["status"] == "answered", offline.stdout
    debug = run("ask", "有多少人", "--no-llm", "--auto", "--debug")
    assert "== 查询 1" in debug.stdout

    asked = run("ask", LLM_QUESTION, "--json", "--auto")
    doc = json.loads(asked.stdout)
    assert doc["status"] == "answered" and any(t["step"] == "llm" for t in doc["trace"]), asked.stdout
    assert run("ask", LLM_QUESTION, "--auto", "--debug").returncode == 0
    assert keyed_server.requests and all(r.has_auth for r in keyed_server.requests)

    # an endpoint whose error message quotes the key, and a key the endpoint refuses
    keyed_server.script(Reply.error(401, f"Incorrect API key provided: {llm_key}. You can find your key at …"))
    echoed = run("ask", LLM_QUESTION, "--json", "--auto")
    assert json.loads(echoed.stdout)["status"] == "error", echoed.stdout
    assert "Incorrect API key provided: ***" in echoed.stdout  # the echo reached the trace, redacted
    refused = run("ask", LLM_QUESTION, "--json", "--auto", "--debug", env={"KGDESK_LLM_API_KEY": wrong_key})
    assert json.loads(refused.stdout)["status"] == "error", refused.stdout

    # a wrong Neo4j password: the question and the build fail, and say why without the password
    bad_ask = run("ask", "有多少人", "--json", "--no-llm", "--auto", env={"KGDESK_NEO4J_PASSWORD": wrong_password})
    bad_doc = json.loads(bad_ask.stdout)
    assert bad_doc["status"] == "error" and "密码" in bad_doc["answer"], bad_doc["answer"]
    bad_build = run("build", *paths, env={"KGDESK_NEO4J_PASSWORD": wrong_password})
    assert bad_build.returncode != 0

    assert run("audit", "--json").returncode == 0
    verified = run("audit", "--verify")
    assert verified.returncode == 0, verified.stdout + verified.stderr

    # exports of an answer and of the quality report, as the desktop writes them
    from kgdesk.security.exports import export_answer, export_quality

    exports = home / "exports"
    exports.mkdir()
    export_answer(exports / "answer.xlsx", doc, question=LLM_QUESTION)
    export_answer(exports / "answer.csv", doc, question=LLM_QUESTION)
    export_quality(exports / "quality.xlsx", json.loads(run("quality", "--json").stdout))

    texts = [*run.outputs, *_file_texts(home)]
    names = {name for name, _ in _file_texts(home)}
    assert {settings_file(home).name, audit_db(home).name, llm_usage_db(home).name} <= names, sorted(names)
    assert any(n.startswith("history") for n in names), sorted(names)
    leaks = [(what, where) for where, text in texts for what, value in secret_values.items() if value in text]
    assert not leaks, leaks
    # the run did use the secrets: the positive side of the grep
    assert password in env.values() and json.loads(offline.stdout)["value"] == 34
