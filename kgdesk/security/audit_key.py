"""The audit log's secret key and the anchor of its chain head, both kept outside KGDESK_HOME.

Without a key anyone who can edit the SQLite file can rewrite records and recompute a plain
hash chain; with an HMAC key they cannot. Without an anchor they can delete the log, or cut it
and reset its head table; the anchor (last record id and MAC, and the id of the first keyed
record) is kept where the log is not.

Where: the OS keyring when a secure one exists (Windows Credential Manager, macOS Keychain,
Secret Service) — the key under `audit-key`, one anchor per KGDESK_HOME. Where none exists (a
Linux machine without a desktop session), a key file and anchor files in a private folder
beside KGDESK_HOME (`<home>-keys`, 0700/0600), so copying, editing or deleting the data folder
does not reach them; the anchor file carries its own MAC. A key file, once made, stays the key
even if a keyring appears later. A key kept in the keyring cannot be used by a later run that has
no keyring (an SSH session on a Linux desktop): verify then says the key is missing. `KGDESK_AUDIT_KEY` supplies the key
for CI and scripts. `KGDESK_AUDIT_KEY_DIR` moves the key folder.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
from dataclasses import asdict, dataclass
from pathlib import Path

from kgdesk.config import secrets as kg_secrets
from kgdesk.errors import KgdeskError
from kgdesk.paths import PRIVATE_DIR_MODE, make_private

KEY_FILE = "audit.key"
KEY_DIR_ENV = "KGDESK_AUDIT_KEY_DIR"
MAC_KIND = "hmac-sha256"


class AuditKeyError(KgdeskError):
    code = "E_AUDIT"


@dataclass(frozen=True)
class AuditKey:
    key: bytes
    where: str
    """Chinese: where the key is kept (shown by `audit --verify`)."""

    def mac(self, text: str) -> str:
        return hmac.new(self.key, text.encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Anchor:
    """The chain head as last written: verify needs the record `last_id` with MAC `last_mac`."""

    last_id: int
    last_mac: str
    keyed_from: int
    """Id of the first keyed record: no unkeyed record may follow it (no downgrade)."""


@dataclass(frozen=True)
class AnchorRead:
    anchor: Anchor | None
    where: str
    forged: bool = False
    """The anchor file is there but its own MAC does not hold."""


def key_dir(home: Path) -> Path:
    override = os.environ.get(KEY_DIR_ENV)
    return Path(override) if override else home.resolve().parent / f"{home.resolve().name}-keys"


def _home_id(home: Path) -> str:
    return hashlib.sha256(str(home.resolve()).encode("utf-8")).hexdigest()[:16]


def _derive(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def load_key(home: Path, *, create: bool) -> AuditKey | None:
    """The key (made once when `create`), or None when there is none yet."""
    env = os.environ.get(kg_secrets.env_var(kg_secrets.AUDIT_KEY))
    if env:
        return AuditKey(_derive(env), f"环境变量 {kg_secrets.env_var(kg_secrets.AUDIT_KEY)}")
    path = key_dir(home) / KEY_FILE
    if kg_secrets.keyring_available() and not path.exists():  # a key file, once made, stays the key
        value = kg_secrets.get_secret(kg_secrets.AUDIT_KEY)
        if not value and create:
            value = secrets.token_hex(32)
            kg_secrets.set_secret(kg_secrets.AUDIT_KEY, value)
        return AuditKey(_derive(value), "系统密钥环") if value else None
    try:
        if not path.exists() and create:
            _write_new(path, secrets.token_hex(32))
        value = path.read_text(encoding="ascii").strip() if path.exists() else ""
    except OSError as e:
        raise AuditKeyError(f"审计日志的密钥文件无法读写（{path}）：{e}") from e
    return AuditKey(_derive(value), f"密钥文件 {path}") if value else None


def _write_new(path: Path, text: str) -> None:
    """Publish a whole key file or none: written under a private temporary name, then hard-linked
    into place, which fails if another thread or process made the key first (then theirs is used).
    An exclusive create followed by a write left a moment when a concurrent reader saw an empty key."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR_MODE)
    make_private(path.parent)
    tmp = path.with_name(f"{path.name}.{os.getpid()}-{threading.get_ident()}.new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    try:
        os.link(tmp, path)
    except FileExistsError:  # another writer made it first: use theirs
        pass
    except OSError:  # a file system without hard links (FAT, some shares): create exclusively instead
        _create_exclusive(path, text)
    finally:
        tmp.unlink(missing_ok=True)


def _create_exclusive(path: Path, text: str) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another writer made it first: use theirs
        return
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(text)


def _anchor_name(home: Path) -> str:
    return f"audit-anchor-{_home_id(home)}"


def _in_keyring(home: Path) -> bool:
    """The anchor lives with the key: in the keyring unless the key is a file (or the environment's)."""
    return kg_secrets.keyring_available() and not (key_dir(home) / KEY_FILE).exists()


def load_anchor(home: Path, key: AuditKey | None) -> AnchorRead:
    if _in_keyring(home):
        raw = kg_secrets.get_secret(_anchor_name(home))
        return AnchorRead(_parse(raw), "系统密钥环")
    path = key_dir(home) / f"{_anchor_name(home)}.json"
    where = f"锚点文件 {path}"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return AnchorRead(None, where)
    except (OSError, ValueError):
        return AnchorRead(None, where, forged=True)
    body = json.dumps(doc.get("anchor"), sort_keys=True)
    if key is None or not hmac.compare_digest(str(doc.get("mac", "")), key.mac(body)):
        return AnchorRead(None, where, forged=True)
    return AnchorRead(_parse(body), where)


def save_anchor(home: Path, key: AuditKey, anchor: Anchor) -> None:
    body = json.dumps(asdict(anchor), sort_keys=True)
    if _in_keyring(home):
        kg_secrets.set_secret(_anchor_name(home), body)
        return
    path = key_dir(home) / f"{_anchor_name(home)}.json"
    tmp = path.with_name(f"{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR_MODE)
        tmp.write_text(json.dumps({"anchor": json.loads(body), "mac": key.mac(body)}), encoding="utf-8")
        make_private(tmp)
        tmp.replace(path)
    except OSError as e:
        raise AuditKeyError(f"审计日志的链头锚点无法写入（{path}）：{e}") from e


def _parse(raw: str | None) -> Anchor | None:
    if not raw:
        return None
    try:
        doc = json.loads(raw)
        return Anchor(int(doc["last_id"]), str(doc["last_mac"]), int(doc["keyed_from"]))
    except (ValueError, KeyError, TypeError):
        return None
