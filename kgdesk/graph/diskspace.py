"""Disk space around a build, and the truth about the graph after one failed (issue 13.5).

A full disk used to take answering down while the build said "the previous version is still in
use": Neo4j cannot checkpoint, rotate its transaction log or start. So a build first checks the
free space it needs (estimated from the plan), and a failed build checks the database with a
trivial read before saying what state it left.

The estimate, measured once (data/test_data, 278 nodes + 472 relationships, five builds on the
local server, store folder after a clean stop): about 1.1 KB of store per planned row and build,
as much again in the transaction log, so 4 KB per row with indexes and a margin; plus one
transaction-log file the server preallocates when it rotates (256 MB) on the server's disk, and
the copied ledgers plus reports under KGDESK_HOME.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from kgdesk.errors import GraphError, KgdeskError
from kgdesk.paths import home_dir

BYTES_PER_ROW = 4096
SERVER_RESERVE_BYTES = 300 * 1024 * 1024
"""One preallocated transaction-log file (256 MB) and a margin: below this Neo4j cannot go on."""
HOME_RESERVE_BYTES = 20 * 1024 * 1024
MB = 1024 * 1024


class DiskSpaceError(GraphError):
    code = "E_DISK_FULL"


@dataclass(frozen=True)
class SpaceNeed:
    folder: Path
    what: str
    """Chinese: whose folder it is (本地图数据库的数据目录 / kgdesk 数据目录)."""
    bytes: int


def free_bytes(folder: Path) -> int | None:
    """Free space on the disk of `folder` (its nearest existing parent); None when unknown."""
    p = folder
    while not p.exists() and p != p.parent:
        p = p.parent
    try:
        return shutil.disk_usage(p).free
    except OSError:
        return None


def _device(folder: Path) -> int | None:
    p = folder
    while not p.exists() and p != p.parent:
        p = p.parent
    try:
        return os.stat(p).st_dev
    except OSError:
        return None


def build_needs(
    rows: int,
    sources: Iterable[Path],
    *,
    home: Path | None = None,
    server_data: Path | None = None,
    bytes_per_row: int = BYTES_PER_ROW,
    server_reserve: int = SERVER_RESERVE_BYTES,
    home_reserve: int = HOME_RESERVE_BYTES,
) -> list[SpaceNeed]:
    """What a build of `rows` planned nodes + relationships needs, per disk (one entry per device)."""
    copies = 0
    for p in sources:
        try:
            copies += p.stat().st_size
        except OSError:
            continue
    home = home or home_dir()
    needs = [SpaceNeed(home, "kgdesk 数据目录", int(copies * 1.1) + home_reserve)]
    if server_data is not None:
        graph = SpaceNeed(server_data, "本地图数据库的数据目录", rows * bytes_per_row + server_reserve)
        if _device(server_data) is not None and _device(server_data) == _device(home):
            needs = [SpaceNeed(home, "kgdesk 数据目录和本地图数据库", needs[0].bytes + graph.bytes)]
        else:
            needs.append(graph)
    return needs


def check_space(needs: Iterable[SpaceNeed]) -> None:
    """Refuse (DiskSpaceError, Chinese) when a disk has less free space than needed."""
    for need in needs:
        free = free_bytes(need.folder)
        if free is not None and free < need.bytes:
            raise DiskSpaceError(
                f"磁盘空间不足，未开始构建：{need.what}（{need.folder}）所在磁盘只剩 {free / MB:.0f} MB，"
                f"这次构建预计需要约 {need.bytes / MB:.0f} MB，请清理磁盘后重试"
            )


def local_data_dir(uri: str) -> Path | None:
    """The data folder of the local graph server when `uri` is that server (else None: the disk of a
    shared server is not ours to check)."""
    from kgdesk.graph import local_server

    status = local_server.server_status()
    if status.running and status.uri == uri:
        return status.home / "data"
    return None


def check_build_space(rows: int, sources: Iterable[Path], uri: str | None, home: Path | None = None) -> None:
    """The one call before a build writes anything: KGDESK_HOME and, for the local server, its data."""
    server_data = local_data_dir(uri) if uri else None
    check_space(build_needs(rows, list(sources), home=home, server_data=server_data))


def disk_full_note(folders: Iterable[Path], *, threshold: int = HOME_RESERVE_BYTES) -> str | None:
    """'磁盘已满' with the folder when one of them has (almost) no free space left."""
    for folder in folders:
        free = free_bytes(folder)
        if free is not None and free < threshold:
            return f"磁盘已满（{folder} 所在磁盘只剩 {free / MB:.0f} MB）"
    return None


def after_failed_build(conn: object, error: BaseException, message: str, home: Path | None = None) -> str:
    """The failure message, made truthful: if the graph no longer answers (a panic after a full disk,
    a stopped server) say so instead of letting "之前发布的版本仍在使用" stand alone."""
    from kgdesk.errors import CancelledError
    from kgdesk.graph.connection import GraphConnection

    if isinstance(error, (CancelledError, DiskSpaceError)) or not isinstance(conn, GraphConnection):
        return message
    if isinstance(error, KgdeskError) and error.code in ("E_GRAPH_UNAVAILABLE", "E_LOCAL_NOT_RUNNING"):
        return message  # "cannot connect" is already the truth, and the pointer did not move
    folders = [home or home_dir()]
    data = local_data_dir(conn.uri)
    if data is not None:
        folders.append(data)
    full = disk_full_note(folders)
    problem = conn.healthy()
    head = message.removesuffix("；之前发布的版本仍在使用").rstrip("。")
    if problem is not None:
        why = "；".join(x for x in (full, _problem_text(problem)) if x)
        fix = "清理磁盘，再重启图数据库" if full or problem.code != "E_GRAPH_UNAVAILABLE" else "重新启动图数据库"
        return (
            f"{head}。图数据库现在无法回答问题：{why}。之前发布的版本没有被改动，"
            f"{fix}（kgdesk local-neo4j stop 然后 start，或重启 kgdesk）后即可继续使用"
        )
    if full is not None:
        return f"{head}。{full}，图数据库无法再写入；之前发布的版本仍在使用，清理磁盘后再构建"
    return message


def _problem_text(problem: KgdeskError | None) -> str | None:
    if problem is None:
        return None
    if problem.code in ("E_GRAPH_RESTART", "E_GRAPH_DISK_FULL"):
        return "数据库需要重启"
    if problem.code == "E_GRAPH_UNAVAILABLE":
        return "图数据库已停止或无法连接"
    return problem.message
