"""The headless front: `kgdesk validate|build|library|versions|ask|quality|local-neo4j|templates|audit` (cli.md).

Exit codes: 0 success, 1 the work was refused, 2 bad usage or configuration.
Heavy modules are imported inside each command so `kgdesk validate` stays light.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from kgdesk.errors import ConfigError, KgdeskError

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
log = logging.getLogger("kgdesk")


_ARGPARSE_ZH: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), r)
    for p, r in (
        (r"^the following arguments are required: (.*)$", r"缺少必需的参数：\1"),
        (r"^unrecognized arguments: (.*)$", r"无法识别的参数：\1"),
        (r"^argument (.*?): invalid choice: (.*) \(choose from (.*)\)$", r"参数 \1 的取值 \2 无效（可选：\3）"),
        (r"^argument (.*?): expected one argument$", r"参数 \1 需要一个值"),
        (r"^argument (.*?): expected at least one argument$", r"参数 \1 至少需要一个值"),
        (r"^argument (.*?): ignored explicit argument (.*)$", r"参数 \1 不接受取值 \2"),
        (r"^argument (.*?): (.*)$", r"参数 \1：\2"),
        (r"^ambiguous option: (.*?) could match (.*)$", r"选项 \1 有歧义，可能是：\2"),
    )
]


def _zh_usage_error(message: str) -> str:
    """argparse's own messages are English (gettext without a Chinese catalogue): translate the usual ones."""
    for pattern, repl in _ARGPARSE_ZH:
        if pattern.match(message):
            return pattern.sub(repl, message)
    return message


class _Formatter(argparse.HelpFormatter):
    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "用法：" if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """Chinese help and errors (cli.md: user-facing text is Chinese); usage errors exit 2 in one line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        add_help = kwargs.pop("add_help", True)
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs["add_help"] = False  # our own -h with a Chinese help line, below
        super().__init__(*args, **kwargs)
        self._positionals.title = "位置参数"
        self._optionals.title = "选项"
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help="显示本帮助并退出")

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"kgdesk: 用法错误：{_zh_usage_error(message)}\n")


def _print_json(doc: Any) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2, default=str) + "\n")
    sys.stdout.flush()


def _cmd_validate(args: argparse.Namespace) -> int:
    from kgdesk.app.validation import render_text, validate

    run = validate([Path(p) for p in args.paths])
    if args.json:
        _print_json(run.to_json())
    else:
        print(render_text(run))
    return EXIT_OK if run.summary()["rejected"] == 0 else EXIT_REFUSED


def _cmd_build(args: argparse.Namespace) -> int:
    from kgdesk.app.building import render_text

    _first_use()

    paths = [Path(p) for p in args.paths]
    if args.only:
        if not paths:
            raise ConfigError("--only 需要给出要构建的文件或文件夹")
        from kgdesk.app.building import build

        report = build(paths, dry_run=args.dry_run, only=True, progress_to_stderr=not args.json)
        doc, text = report.to_json(), render_text(report)
    else:
        from kgdesk.app.library_service import render_build
        from kgdesk.app.library_sync import build_library
        from kgdesk.app.validation import check_paths

        progress = None if args.json else _stderr_progress()
        out = build_library(check_paths(paths), dry_run=args.dry_run, progress=progress)
        report, doc, text = out.report, out.to_json(), render_build(out)
    if args.json:
        _print_json(doc)
    else:
        print(text)
    # cli.md: exit 1 when "a file [was] rejected" too, though the accepted files were published
    # (a script must notice that part of its input is missing from the new version)
    return EXIT_REFUSED if not report.ok or report.rejected_files else EXIT_OK


def _stderr_progress() -> Any:
    from kgdesk.app.building import _stderr_progress as sink

    return sink


def _cmd_library(args: argparse.Namespace) -> int:
    from kgdesk.app import library_service as ls

    if args.library_command == "list":
        view = ls.library_view()
        _print_json(view.to_json()) if args.json else print(ls.render_view(view))
        return EXIT_OK
    if args.library_command == "add":
        result = ls.add_to_library([Path(p) for p in args.paths])
        _print_json(result.to_json()) if args.json else print(ls.render_add(result))
        return EXIT_REFUSED if result.rejected else EXIT_OK
    removed, missing = ls.remove_from_library(args.files)
    if args.json:
        _print_json({"removed": removed, "not_found": missing})
    elif missing:
        print(f"台账库中没有：{'、'.join(missing)}（未移除任何文件；kgdesk library list 查看文件名）")
    else:
        print(f"已从台账库移除：{'、'.join(removed)}（下次构建后生效）")
    return EXIT_REFUSED if missing else EXIT_OK


def _cmd_versions(args: argparse.Namespace) -> int:
    from kgdesk.app import library_service as ls

    command = args.versions_command
    if command == "diff":
        d = ls.versions_diff(args.a, args.b)
        _print_json(d.to_json()) if args.json else print(ls.render_diff(d))
        return EXIT_OK
    if command == "rollback":
        from kgdesk.app.building import render_text
        from kgdesk.app.library_versions import rollback

        report = rollback(args.version, progress=None if args.json else _stderr_progress())
        doc = {**report.to_json(), "rollback_of": args.version}
        _print_json(doc) if args.json else print(render_text(report))
        return EXIT_OK if report.status == "published" else EXIT_REFUSED
    items = ls.versions()
    if args.json:
        current = next((v.version for v in items if v.published), None)
        _print_json({"published_version": current, "versions": [v.to_json() for v in items]})
    else:
        print(ls.render_versions(items))
    return EXIT_OK


def _first_use(role: str | None = None, user: str | None = None) -> None:
    """Save the identity on the first run of a command that acts as someone (README 身份与角色)."""
    from kgdesk.security.identity import remember_first_use

    ident = remember_first_use({"role": role, "user": user})
    if ident is not None and sys.stderr.isatty():  # scripts keep cli.md's one-line stderr
        sys.stderr.write(
            f"kgdesk: 首次使用，已保存身份：用户 {ident.user}，角色 {ident.role}。"
            "之后 --role / --user 只能收窄它，更改需由管理员在设置中进行。\n"
        )


def _cmd_ask(args: argparse.Namespace) -> int:
    from kgdesk.app.asking import ask_cli

    _first_use(args.role, args.user)

    doc, text = ask_cli(
        args.question,
        auto=args.auto,
        no_llm=args.no_llm,
        role=args.role,
        user=args.user,
        thread=args.thread,
        debug=args.debug,
    )
    if args.json:
        _print_json(doc)
    else:
        print(text)
    return EXIT_OK if doc.get("status") in ("answered", "clarify") else EXIT_REFUSED


def _cmd_quality(args: argparse.Namespace) -> int:
    from kgdesk.app.building import quality_report

    _first_use()

    doc = quality_report()
    if doc.get("source") == "local":
        doc["notice"] = _local_copy_notice(doc)
    if args.json:
        _print_json(doc)
    else:
        from kgdesk.quality.report import render_text

        if doc.get("notice"):
            print(doc["notice"])
        print(render_text(doc))
    return EXIT_OK


def _local_copy_notice(doc: dict[str, Any]) -> str:
    """`quality` never passes off the local copy as the graph's word (cli.md: the source is stated)."""
    why = doc.get("graph_error") or "图数据库不可达"
    if doc.get("available"):
        return (
            f"注意：未能连接图数据库（{why}）。以下是本机保存的副本（版本 {doc.get('version')}），"
            "图数据库中当前发布的版本可能已不同。"
        )
    return f"注意：未能连接图数据库（{why}），本机也没有可显示的报告副本。"


def _cmd_local_neo4j(args: argparse.Namespace) -> int:
    from kgdesk.graph.local_cli import cli_command

    return cli_command(args.action)


def _cmd_templates(args: argparse.Namespace) -> int:
    from kgdesk.templates.exporter import export_blank_templates

    out = Path(args.dir)
    out.mkdir(parents=True, exist_ok=True)
    written = export_blank_templates(out)
    print(f"已导出 {len(written)} 个空白模板到 {out}")
    return EXIT_OK


def _cmd_audit(args: argparse.Namespace) -> int:
    from kgdesk.security.audit_cli import cli_command

    return cli_command(as_json=args.json, verify=args.verify)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="kgdesk", description="kgdesk：台账知识图谱桌面工具（无子命令时打开桌面窗口）")
    p.add_argument("--self-test", action="store_true", help="自检：模板、本地图数据库、构建与问答")
    p.add_argument("-v", "--verbose", action="store_true", help="输出调试日志到标准错误")
    sub = p.add_subparsers(
        dest="command", parser_class=_Parser, title="命令", metavar="命令", help="kgdesk 命令 --help 查看各命令的用法"
    )
    json_help = "以 JSON 输出结果（UTF-8，标准输出上一个 JSON 文档）"

    v = sub.add_parser("validate", help="校验 Excel 台账（文件或文件夹）", description="校验 Excel 台账（文件或文件夹）")
    v.add_argument("paths", nargs="+", metavar="PATH", help=".xlsx/.xls 文件或包含它们的文件夹")
    v.add_argument("--json", action="store_true", help=json_help)
    v.set_defaults(func=_cmd_validate)

    b = sub.add_parser(
        "build",
        help="把文件加入台账库，用整个台账库构建并发布新版本",
        description="把给出的文件加入台账库，再用整个台账库构建知识图谱，成功后发布为新版本",
    )
    b.add_argument("paths", nargs="*", metavar="PATH", help=".xlsx/.xls 文件或包含它们的文件夹（可省略）")
    b.add_argument("--json", action="store_true", help=json_help)
    b.add_argument("--dry-run", action="store_true", help="只校验和规划，显示将带来的变化，不写入")
    b.add_argument("--only", action="store_true", help="只用给出的文件构建（不使用台账库，供脚本使用）")
    b.set_defaults(func=_cmd_build)

    lib = sub.add_parser("library", help="台账库：构建图谱所用的全部台账", description="台账库：构建图谱所用的全部台账")
    lsub = lib.add_subparsers(dest="library_command", required=True, parser_class=_Parser, title="命令",
                              metavar="{list,add,remove}")
    ll = lsub.add_parser("list", help="列出台账库中的文件", description="列出台账库中的文件及与发布版本的差异")
    ll.add_argument("--json", action="store_true", help=json_help)
    la = lsub.add_parser("add", help="把文件加入台账库（同名文件被替换）", description="校验并加入台账库；同名文件被替换，拒收的文件不改变台账库")
    la.add_argument("paths", nargs="+", metavar="PATH", help=".xlsx/.xls 文件或包含它们的文件夹")
    la.add_argument("--json", action="store_true", help=json_help)
    lr = lsub.add_parser("remove", help="从台账库移除文件", description="按文件名从台账库移除文件（下次构建后生效）")
    lr.add_argument("files", nargs="+", metavar="FILE", help="台账库中的文件名")
    lr.add_argument("--json", action="store_true", help=json_help)
    lib.set_defaults(func=_cmd_library)

    ver = sub.add_parser("versions", help="已发布的版本：列表、差异、回滚", description="仍保留的已发布版本")
    ver.add_argument("--json", action="store_true", help=json_help)
    vsub = ver.add_subparsers(dest="versions_command", parser_class=_Parser, title="命令", metavar="{diff,rollback}")
    vd = vsub.add_parser("diff", help="两个版本之间的差异", description="两个版本之间的文件、行数、节点和关系差异")
    vd.add_argument("a", metavar="A", help="较早的版本")
    vd.add_argument("b", metavar="B", help="较新的版本")
    vd.add_argument("--json", action="store_true", help=json_help)
    vr = vsub.add_parser("rollback", help="回滚到仍保留的较早版本", description="重新发布一个仍保留的较早版本（记入审计日志）")
    vr.add_argument("version", metavar="VERSION", help="要回滚到的版本")
    vr.add_argument("--json", action="store_true", help=json_help)
    ver.set_defaults(func=_cmd_versions)

    a = sub.add_parser("ask", help="向知识图谱提问", description="向知识图谱提问（回答附带来源文件和行号）")
    a.add_argument("question", metavar="QUESTION", help="要问的问题（用引号括起来）")
    a.add_argument("--json", action="store_true", help=json_help)
    a.add_argument("--auto", action="store_true", help="自动确认理解和计划（不替用户选择取值）")
    a.add_argument("--no-llm", action="store_true", help="不使用语言模型（离线模式）")
    a.add_argument("--role", metavar="ROLE", help="以权限更小的角色提问（扩大权限需管理员在设置中更改）")
    a.add_argument("--user", metavar="NAME", help="提问的用户名（以其他用户身份需管理员权限）")
    a.add_argument("--thread", metavar="ID", help="在已有对话中继续追问（对话编号见上一次回答）")
    a.add_argument("--debug", action="store_true", help="显示计划、每条 Cypher 查询及参数和耗时")
    a.set_defaults(func=_cmd_ask)

    q = sub.add_parser("quality", help="当前发布版本的数据质量报告", description="当前发布版本的数据质量报告")
    q.add_argument("--json", action="store_true", help=json_help)
    q.set_defaults(func=_cmd_quality)

    n = sub.add_parser("local-neo4j", help="内置本地图数据库", description="启动、停止或查看内置本地图数据库")
    n.add_argument("action", choices=["start", "stop", "status"], metavar="{start,stop,status}", help="start 启动、stop 停止、status 查看状态")
    n.set_defaults(func=_cmd_local_neo4j)

    t = sub.add_parser("templates", help="模板", description="模板")
    tsub = t.add_subparsers(dest="templates_command", required=True, parser_class=_Parser, title="命令", metavar="export")
    te = tsub.add_parser("export", help="导出空白模板（含填写说明）", description="导出空白模板（含填写说明工作表）")
    te.add_argument("dir", metavar="DIR", help="导出到的文件夹（不存在时自动创建）")
    te.set_defaults(func=_cmd_templates)

    au = sub.add_parser("audit", help="审计日志", description="查看审计日志")
    au.add_argument("--json", action="store_true", help=json_help)
    au.add_argument("--verify", action="store_true", help="校验哈希链是否完整")
    au.set_defaults(func=_cmd_audit)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING, stream=sys.stderr)
    from kgdesk.paths import home_dir

    home_dir()  # owner-only files under KGDESK_HOME from the first one written (paths.py)
    if not args.verbose:  # the driver's retries and routing errors are English noise; the message says it
        logging.getLogger("neo4j").setLevel(logging.CRITICAL)
    try:
        if args.self_test:
            from kgdesk.app.selftest import run_self_test

            return run_self_test()
        if args.command is None:
            from kgdesk.app.composition import run_gui

            return run_gui()
        code: int = args.func(args)
        return code
    except ConfigError as e:
        sys.stderr.write(f"kgdesk: {e.message}\n")
        return EXIT_USAGE
    except KgdeskError as e:
        sys.stderr.write(f"kgdesk: {e.message}\n")
        return EXIT_REFUSED
    except KeyboardInterrupt:
        sys.stderr.write("kgdesk: 已中断\n")
        return EXIT_REFUSED
    except BrokenPipeError:
        # the reader left early (`… --json | head`): the work is done and nobody is listening; point
        # stdout at devnull so the interpreter's final flush does not raise again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_REFUSED
    except Exception as e:  # the one funnel: a line for the user, the traceback for the log
        from kgdesk.errors_log import log_unexpected

        where = log_unexpected(e)
        sys.stderr.write(f"kgdesk: 内部错误（{e.__class__.__name__}），详情已写入日志 {where}\n")
        return EXIT_REFUSED


def entry() -> NoReturn:
    sys.exit(main())


if __name__ == "__main__":
    entry()
