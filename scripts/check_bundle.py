"""Check a built bundle (dist/kgdesk) against build.spec: everything needed is in, nothing forbidden.

In:  the executables, every DATA entry of build.spec, the server jars, the Java runtime
     (unless --no-runtime), the compiled modules kgdesk needs (Qt widgets, pandas, the driver),
     jieba and its dictionary (pyinstaller-hooks-contrib's hook-jieba collects its data files).
Out: every module of build.spec's exclusion lists (test and build tools, unused Qt modules, torch),
     excluded Qt libraries and plugins, CUDA/torch libraries, `tests` folders, the CDS archive.
Reads build.spec's lists without PyInstaller (`spec_literals`), so the two cannot drift apart.

Usage: python scripts/check_bundle.py dist/kgdesk [--no-runtime]
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"

REQUIRED_MODULES = [
    "kgdesk.cli",
    "kgdesk.app.selftest",
    "kgdesk.ui.main_window",
    "pandas",
    "neo4j",
    "qasync",
    "jieba",
    "jieba.posseg",
]
REQUIRED_PACKAGE_DATA = ["jieba/dict.txt"]
"""Data files a library reads from its own folder (the segmenter's general dictionary); the self-test
segments a question too, so a bundle without jieba's models fails there."""


def spec_literals(path: Path = SPEC) -> dict[str, Any]:
    """The top-level `NAME = <literal>` assignments of build.spec (lists, dicts, strings)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out


def _exe(bundle: Path, name: str) -> Path:
    win = bundle / f"{name}.exe"
    return win if win.exists() else bundle / name


def _archive_modules(exe: Path) -> set[str]:
    from PyInstaller.archive.readers import pkg_archive_contents

    return set(pkg_archive_contents(str(exe)))


def _extension_modules(internal: Path) -> set[str]:
    """Dotted names of the compiled modules PyInstaller put next to the archive (.so / .pyd)."""
    out = set()
    for path in internal.rglob("*"):
        if path.suffix in (".so", ".pyd") and path.is_file():
            rel = path.relative_to(internal)
            stem = rel.name.split(".")[0]
            out.add(".".join([*rel.parts[:-1], stem]))
    return out


def check(bundle: Path, *, runtime: bool = True) -> list[str]:
    spec = spec_literals()
    problems: list[str] = []
    internal = bundle / "_internal"
    gui, cli = _exe(bundle, spec["APP_NAME"]), _exe(bundle, spec["APP_NAME"] + "-cli")
    for exe in (gui, cli):
        if not exe.is_file():
            problems.append(f"missing executable {exe.name}")
    if not internal.is_dir():
        return [*problems, f"missing {internal}"]

    # ---- what must be in
    for src, dest in spec["DATA"]:
        target = internal / dest / Path(src).name if (ROOT / src).is_file() else internal / dest
        if not target.exists():
            problems.append(f"missing data {src} (expected at {target.relative_to(bundle)})")
        elif target.is_dir():
            wanted = {p.relative_to(ROOT / src) for p in (ROOT / src).rglob("*") if p.is_file()}
            have = {p.relative_to(target) for p in target.rglob("*") if p.is_file()}
            for missing in sorted(wanted - have)[:5]:
                problems.append(f"missing data file {src}/{missing}")
    jars = internal / spec["NEO4J_BUNDLE_DIR"]
    if not (jars / "kgdesk-local-neo4j.jar").is_file() or not any((jars / "lib").glob("neo4j-*.jar")):
        problems.append(f"missing the local graph server jars in {jars.relative_to(bundle)}")
    java = bundle / spec["RUNTIME_BUNDLE_DIR"] / "bin" / ("java.exe" if gui.suffix == ".exe" else "java")
    if runtime and not java.is_file():
        problems.append(f"missing the Java runtime {java.relative_to(bundle)}")

    modules = (_archive_modules(cli) if cli.is_file() else set()) | _extension_modules(internal)
    for mod in REQUIRED_MODULES:
        if mod not in modules:
            problems.append(f"module {mod} is not in the bundle")
    problems += [
        f"missing library data {rel}" for rel in REQUIRED_PACKAGE_DATA if not (internal / rel).is_file()
    ]

    # ---- what must stay out
    excluded = spec["EXCLUDED_QT_MODULES"] + spec["EXCLUDED_TOOLS"] + spec["EXCLUDED_HEAVY"]
    for mod in sorted(modules):
        if any(mod == x or mod.startswith(x + ".") for x in excluded):
            problems.append(f"excluded module {mod} is in the bundle")
    for path in bundle.rglob("*"):
        rel = path.relative_to(bundle)
        name = path.name
        if path.is_dir() and name == "tests":
            problems.append(f"test folder {rel}")
        if not path.is_file():
            continue
        low = name.lower()
        if any(x in name for x in spec["EXCLUDED_QT_LIBRARIES"]):
            problems.append(f"excluded Qt library {rel}")
        if any(x in low for x in spec["FORBIDDEN_BINARIES"]):
            problems.append(f"forbidden binary {rel}")
        if low.endswith(".jsa") and spec["RUNTIME_BUNDLE_DIR"] not in rel.parts:
            problems.append(f"class-data-sharing archive {rel} (bound to the build machine's JVM)")
        parts = rel.parts
        if "plugins" in parts and "PySide6" in parts:
            i = parts.index("plugins")
            kind = "/".join(parts[i + 1 : -1])
            stem = name.split(".")[0].removeprefix("lib")
            allowed = spec["QT_PLUGINS"].get(kind)
            if allowed is None or ("*" not in allowed and stem not in allowed):
                problems.append(f"Qt plugin not on the allow-list {rel}")
        if name.endswith(".dist-info") or ".dist-info" in str(rel.parent):
            dist = next(p for p in parts if p.endswith(".dist-info")).split("-")[0].lower()
            if dist in {x.lower() for x in spec["EXCLUDED_TOOLS"]}:
                problems.append(f"metadata of a build/test tool {rel}")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("bundle", type=Path)
    p.add_argument("--no-runtime", action="store_true", help="do not require the bundled Java runtime")
    args = p.parse_args(argv)
    problems = check(args.bundle, runtime=not args.no_runtime)
    for line in problems:
        print(f"check_bundle: {line}", file=sys.stderr)
    if problems:
        print(f"check_bundle: {len(problems)} problem(s) in {args.bundle}", file=sys.stderr)
        return 1
    print(f"check_bundle: {args.bundle} is complete and contains nothing forbidden")
    return 0


if __name__ == "__main__":
    sys.exit(main())
