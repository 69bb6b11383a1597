"""`kgdesk local-neo4j start|stop|status`: the bundled server from the command line.

Exit codes (cli.md): 0 done; 1 refused — the server did not come up, or it runs but cannot work
(磁盘已满 / 数据库需要重启 / no answer); errors propagate as KgdeskError with a Chinese reason.
"""

from __future__ import annotations

from pathlib import Path

from kgdesk.errors import ConfigError
from kgdesk.graph.local_server import LocalServerError, server_status, start_background, stop_background


def cli_command(action: str, home: Path | None = None) -> int:
    """`kgdesk local-neo4j start|stop|status`; errors propagate as KgdeskError (exit code by the CLI)."""
    if action == "start":
        before = server_status(home)
        status = before if before.running else start_background(home)
        if before.running and (problem := server_status(home, check_health=True).problem):
            raise LocalServerError(
                f"本地图数据库进程 {before.pid} 在运行，但不能正常工作：{problem}。"
                "请清理磁盘后运行 kgdesk local-neo4j stop，再 start。",
                code="E_UNHEALTHY",
            )
        verb = "已在运行" if before.running else "已启动"
        print(f"本地图数据库{verb}：{status.uri}（进程 {status.pid}，数据目录 {status.home / 'data'}）")
        return 0
    if action == "stop":
        stopped = stop_background(home)
        print("本地图数据库已停止。" if stopped else "本地图数据库没有在运行。")
        return 0
    if action == "status":
        status = server_status(home, check_health=True)
        if not status.running:
            print(f"本地图数据库没有在运行（数据目录 {status.home / 'data'}）。")
        elif status.problem:
            print(f"本地图数据库进程 {status.pid} 在运行，但不能正常工作：{status.problem}。")
            return 1
        elif status.answering:
            print(f"本地图数据库正在运行：{status.uri}（进程 {status.pid}）。")
        else:
            print(f"本地图数据库进程 {status.pid} 存在，但端口 {status.port} 暂时没有响应。")
            return 1
        return 0
    raise ConfigError(f"未知操作：{action}（可用：start、stop、status）")
