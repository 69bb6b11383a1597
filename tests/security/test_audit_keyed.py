"""The keyed audit chain and its anchor (issue 13.6): forgery and erasure are detected.

Each attack is what someone with the SQLite file and sqlite3 can do: edit, delete, renumber and
recompute the plain chain, empty or delete the file. Run once with the OS keyring (an in-memory
backend standing in for it) and once with the key-file fallback of a machine without one.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail

from kgdesk.cli import main
from kgdesk.config import secrets
from kgdesk.paths import audit_db
from kgdesk.security import audit, audit_key
from kgdesk.security.audit import GENESIS, record, verify
from tests.config.test_secrets import MemoryKeyring


@pytest.fixture(params=["keyring", "key-file"])
def key_store(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    before = keyring.get_keyring()
    monkeypatch.delenv("KGDESK_AUDIT_KEY", raising=False)
    # a fresh in-memory store for the OS keyring, or none at all (a Linux box without a desktop)
    keyring.set_keyring(MemoryKeyring() if request.param == "keyring" else fail.Keyring())
    yield str(request.param)
    keyring.set_keyring(before)


def fill(n: int) -> None:
    for i in range(n):
        record("question", user="u", role="staff", question=f"第{i + 1}个问题", decision="answered")


def _sql(home: Path, *statements: str) -> None:
    conn = sqlite3.connect(str(audit_db(home)))
    conn.execute("DROP TRIGGER IF EXISTS audit_no_update")
    conn.execute("DROP TRIGGER IF EXISTS audit_no_delete")
    for sql in statements:
        conn.execute(sql)
    conn.commit()
    conn.close()


def _recompute_plain_chain(home: Path) -> None:
    """What a forger without the key does after editing: renumber and rehash every record, reset the head."""
    conn = sqlite3.connect(str(audit_db(home)))
    conn.row_factory = sqlite3.Row
    rows = [dict(r) for r in conn.execute("SELECT * FROM audit ORDER BY id")]
    conn.execute("DROP TRIGGER IF EXISTS audit_no_update")
    conn.execute("DROP TRIGGER IF EXISTS audit_no_delete")
    conn.execute("DELETE FROM audit")
    prev = GENESIS
    for i, r in enumerate(rows, start=1):
        r.update(id=i, prev_hash=prev, mac=None)
        r["hash"] = audit.record_hash(prev, {c: r[c] for c in audit._COLUMNS})
        conn.execute(f"INSERT INTO audit ({', '.join(r)}) VALUES ({', '.join('?' * len(r))})", list(r.values()))
        prev = r["hash"]
    conn.execute("UPDATE audit_head SET last_id = ?, last_hash = ?", (len(rows), prev))
    conn.commit()
    conn.close()


def test_an_intact_keyed_log_verifies(_fresh_home: Path, key_store: str) -> None:
    fill(3)
    result = verify()
    assert result.ok and result.keyed and result.records == 3 and result.legacy == 0
    assert ("密钥环" if key_store == "keyring" else "密钥文件") in result.key_where
    # the key is never under KGDESK_HOME
    key_text = "".join(p.read_text(errors="replace") for p in _fresh_home.rglob("*") if p.is_file())
    if key_store == "key-file":
        key = (audit_key.key_dir(_fresh_home) / audit_key.KEY_FILE).read_text()
        assert key not in key_text and not str(audit_key.key_dir(_fresh_home)).startswith(str(_fresh_home) + "/")


def test_edit_and_recompute_is_forgery(_fresh_home: Path, key_store: str) -> None:
    fill(4)
    _sql(_fresh_home, "UPDATE audit SET question = '伪造的问题' WHERE id = 2")
    _recompute_plain_chain(_fresh_home)
    result = verify()
    assert not result.ok and result.first_broken == 1 and "伪造" in result.reason


def test_delete_renumber_and_recompute_is_caught(_fresh_home: Path, key_store: str) -> None:
    fill(5)
    _sql(_fresh_home, "DELETE FROM audit WHERE id = 3")
    _recompute_plain_chain(_fresh_home)
    assert not verify().ok


def test_cutting_the_tail_and_resetting_the_head_is_caught(_fresh_home: Path, key_store: str) -> None:
    fill(5)
    conn = sqlite3.connect(str(audit_db(_fresh_home)))
    mac3 = conn.execute("SELECT hash FROM audit WHERE id = 3").fetchone()[0]
    conn.close()
    _sql(_fresh_home, "DELETE FROM audit WHERE id > 3", f"UPDATE audit_head SET last_id = 3, last_hash = '{mac3}'")
    result = verify()
    assert not result.ok and "末尾记录缺失" in result.reason and "第 5 条" in result.reason


def test_an_emptied_log_is_reported(_fresh_home: Path, key_store: str) -> None:
    fill(3)
    _sql(_fresh_home, "DELETE FROM audit", f"UPDATE audit_head SET last_id = 0, last_hash = '{GENESIS}'")
    result = verify()
    assert not result.ok and "清空" in result.reason and result.records == 0


def test_a_deleted_log_is_reported(_fresh_home: Path, key_store: str, capsys: pytest.CaptureFixture[str]) -> None:
    fill(2)
    for p in _fresh_home.glob(audit_db(_fresh_home).name + "*"):
        p.unlink()
    assert main(["audit", "--verify"]) == 1
    assert "已被删除" in capsys.readouterr().out
    assert main(["audit", "--verify", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["ok"] is False


@pytest.mark.parametrize("key_store", ["key-file"], indirect=True)
def test_a_forged_anchor_file_is_reported(_fresh_home: Path, key_store: str) -> None:
    fill(2)
    path = next(audit_key.key_dir(_fresh_home).glob("audit-anchor-*.json"))
    doc = json.loads(path.read_text())
    doc["anchor"]["last_id"] = 1
    path.write_text(json.dumps(doc))
    result = verify()
    assert not result.ok and "锚点" in result.reason


def test_an_old_unkeyed_log_is_reported_and_sealed(
    _fresh_home: Path, key_store: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A log from before keying: its records still verify as a plain chain, are named as such,
    and the first keyed record seals them (editing + recomputing them breaks that record's MAC)."""
    fill(3)
    _recompute_plain_chain(_fresh_home)  # now exactly what the old version wrote: unkeyed
    for p in audit_key.key_dir(_fresh_home).glob("audit-anchor-*"):
        p.unlink()
    if key_store == "keyring":
        backend = keyring.get_keyring()
        assert isinstance(backend, MemoryKeyring)
        backend.entries = {k: v for k, v in backend.entries.items() if not k[1].startswith("audit-anchor")}
    old = verify()
    assert old.ok and old.legacy == 3 and any("未加密签名的旧日志" in n for n in old.notes)
    assert main(["audit", "--verify"]) == 0
    assert "未加密签名的旧日志" in capsys.readouterr().out
    record("question", user="u", role="staff", question="升级后的第一个问题")
    sealed = verify()
    assert sealed.ok and sealed.legacy == 3 and sealed.keyed and sealed.records == 4
    _sql(_fresh_home, "UPDATE audit SET question = '改过' WHERE id = 2")
    _recompute_plain_chain(_fresh_home)
    assert not verify().ok


def test_the_key_comes_from_the_keyring_when_there_is_one(_fresh_home: Path, key_store: str) -> None:
    fill(1)
    if key_store == "keyring":
        backend = keyring.get_keyring()
        assert isinstance(backend, MemoryKeyring)
        assert ("kgdesk", secrets.AUDIT_KEY) in backend.entries
        assert any(k[1].startswith("audit-anchor-") for k in backend.entries)
        assert not audit_key.key_dir(_fresh_home).exists()
    else:
        assert (audit_key.key_dir(_fresh_home) / audit_key.KEY_FILE).stat().st_mode & 0o077 == 0


def test_a_key_from_the_environment(key_store: str, _fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KGDESK_AUDIT_KEY", "ci-key-1")
    fill(2)
    assert verify().ok
    monkeypatch.setenv("KGDESK_AUDIT_KEY", "another-key")
    result = verify()
    assert not result.ok
    if key_store == "keyring":  # the anchor is in the keyring: the first record's MAC is what breaks
        assert result.first_broken == 1
    else:  # the anchor file carries its own MAC, made with the other key
        assert result.first_broken is None and "锚点" in result.reason
    assert hashlib.sha256(b"ci-key-1").hexdigest() not in audit_db(_fresh_home).read_bytes().decode(
        "latin-1"
    )


def test_a_key_file_stays_the_key_when_a_keyring_appears(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KGDESK_AUDIT_KEY", raising=False)
    before = keyring.get_keyring()
    try:
        keyring.set_keyring(fail.Keyring())
        fill(2)
        keyring.set_keyring(MemoryKeyring())  # e.g. the next run has a desktop session
        fill(1)
        result = verify()
        assert result.ok and result.records == 3 and "密钥文件" in result.key_where
    finally:
        keyring.set_keyring(before)


def test_a_record_whose_anchor_cannot_be_moved_is_not_written(_fresh_home: Path) -> None:
    """The anchor moves under the log's write lock, before the record commits: if it cannot be
    written the action is refused and the log stays as it was (no record ahead of its anchor)."""
    before = keyring.get_keyring()
    try:
        keyring.set_keyring(fail.Keyring())  # the anchor is a file beside KGDESK_HOME
        fill(2)
        anchor = next(audit_key.key_dir(_fresh_home).glob("audit-anchor-*.json"))
        anchor.unlink()
        anchor.mkdir()  # a folder where the anchor file goes: replacing it fails
        with pytest.raises(audit.AuditError, match="记录 3 未写入"):
            fill(1)
        anchor.rmdir()
        with sqlite3.connect(audit_db(_fresh_home)) as conn:
            assert conn.execute("SELECT count(*) FROM audit").fetchone()[0] == 2
    finally:
        keyring.set_keyring(before)


def test_concurrent_first_writers_share_one_whole_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Several threads making the key at once all get the same, non-empty key: a key file is
    published whole (a reader once saw the file between its exclusive create and its write, read
    an empty key and refused the action)."""
    monkeypatch.delenv("KGDESK_AUDIT_KEY", raising=False)
    before = keyring.get_keyring()
    try:
        keyring.set_keyring(fail.Keyring())
        for round_ in range(40):
            home = tmp_path / f"home{round_}"
            home.mkdir()
            start = threading.Barrier(6)
            keys: list[bytes | None] = []

            def make(home: Path = home, start: threading.Barrier = start, keys: list[bytes | None] = keys) -> None:
                start.wait()
                key = audit_key.load_key(home, create=True)
                keys.append(key.key if key else None)

            threads = [threading.Thread(target=make) for _ in range(6)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert None not in keys and len(set(keys)) == 1, f"round {round_}: {keys}"
            assert [p.name for p in audit_key.key_dir(home).iterdir()] == [audit_key.KEY_FILE]
    finally:
        keyring.set_keyring(before)


def test_a_key_is_made_where_hard_links_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A key folder on a file system without hard links (FAT, some network shares) still gets a key."""
    monkeypatch.delenv("KGDESK_AUDIT_KEY", raising=False)

    def no_links(src: object, dst: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(audit_key.os, "link", no_links)
    before = keyring.get_keyring()
    try:
        keyring.set_keyring(fail.Keyring())
        home = tmp_path / "home"
        home.mkdir()
        first = audit_key.load_key(home, create=True)
        again = audit_key.load_key(home, create=True)
        assert first is not None and again is not None and first.key == again.key
        assert [p.name for p in audit_key.key_dir(home).iterdir()] == [audit_key.KEY_FILE]
    finally:
        keyring.set_keyring(before)
