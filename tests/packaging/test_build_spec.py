"""build.spec against the source tree: the data it bundles, the modules it excludes, the Qt it keeps.

No PyInstaller run here (that is `make package` / scripts/package_check.sh): these checks read
build.spec's literal lists and fail as soon as a change to kgdesk makes them wrong, e.g. a new
`data_dir() / "x"` that the bundle would not contain, or an import of an excluded module.
"""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import re
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]


def _load_check_bundle() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_bundle", REPO / "scripts" / "check_bundle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_bundle"] = module
    spec.loader.exec_module(module)
    return module


check_bundle = _load_check_bundle()
SPEC: dict[str, Any] = check_bundle.spec_literals(REPO / "build.spec")
EXCLUDES: list[str] = SPEC["EXCLUDED_QT_MODULES"] + SPEC["EXCLUDED_TOOLS"] + SPEC["EXCLUDED_HEAVY"]


def _excluded(module: str) -> str | None:
    for x in EXCLUDES:
        if module == x or module.startswith(x + "."):
            return x
    return None


def _kgdesk_sources() -> list[Path]:
    return sorted((REPO / "kgdesk").rglob("*.py"))


def _guarded(tree: ast.AST) -> set[int]:
    """ids of import nodes inside `try: … except ImportError` (optional imports kgdesk survives without)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Try):
            continue
        caught: set[str] = set()
        for handler in node.handlers:
            names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
            caught.update(n.id for n in names if isinstance(n, ast.Name))
        if caught & {"ImportError", "ModuleNotFoundError"}:
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def _imports(path: Path, *, optional: bool = False) -> set[str]:
    """Absolute imports of a file; those guarded by `except ImportError` only with optional=True."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    guarded = set() if optional else _guarded(tree)
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def _bundle_destinations() -> set[str]:
    """Paths inside the bundle's data folder that build.spec fills (e.g. 'data/qa', 'resources')."""
    out = set()
    for src, dest in SPEC["DATA"]:
        out.add(f"{dest}/{Path(src).name}" if (REPO / src).is_file() else dest)
    return out


# --------------------------------------------------------------------------- data


def test_every_data_source_exists() -> None:
    for src, _ in SPEC["DATA"]:
        assert (REPO / src).exists(), f"build.spec bundles {src}, which does not exist"


def test_data_folder_is_bundled_or_explicitly_left_out() -> None:
    bundled = {src for src, _ in SPEC["DATA"]}
    for entry in sorted((REPO / "data").iterdir()):
        rel = f"data/{entry.name}"
        assert rel in bundled or rel in SPEC["DATA_NOT_BUNDLED"], (
            f"{rel} is neither bundled by build.spec (DATA) nor listed in DATA_NOT_BUNDLED with a reason"
        )


def test_sources_keep_their_place_in_the_bundle() -> None:
    """The frozen app finds data where the source app does (paths.project_root() is the bundle)."""
    for src, dest in SPEC["DATA"]:
        expected = str(Path(src).parent) if (REPO / src).is_file() else src
        assert dest == expected, f"{src} would land in {dest}: kgdesk looks for it at {expected}"


_ROOT_CALLS = {"data_dir": "data", "templates_dir": "data/templates", "project_root": ""}
_FROZEN_ONLY = {"neo4j", "runtime", "installer"}
"""project_root() children that are not data: the jars, the Java runtime (both placed by build.spec
outside DATA) and the source checkout's Maven target."""


def _path_lookups() -> list[tuple[Path, str]]:
    """Every `data_dir() / "a" / "b"`, `templates_dir() / …`, `project_root() / …` in kgdesk/."""
    found: list[tuple[Path, str]] = []
    for path in _kgdesk_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)):
                continue
            parts: list[str] = []
            cur: ast.expr = node
            while isinstance(cur, ast.BinOp) and isinstance(cur.op, ast.Div):
                if isinstance(cur.right, ast.Constant) and isinstance(cur.right.value, str):
                    parts.insert(0, cur.right.value)
                else:
                    parts = []  # a computed component: only the literal prefix counts
                cur = cur.left
            if (
                isinstance(cur, ast.Call)
                and isinstance(cur.func, ast.Name)
                and cur.func.id in _ROOT_CALLS
                and parts
            ):
                base = _ROOT_CALLS[cur.func.id]
                found.append((path, "/".join([p for p in (base, *parts) if p])))
    return found


def test_every_data_path_kgdesk_reads_is_bundled() -> None:
    lookups = _path_lookups()
    assert any(p.endswith("lexicon.json") for _, p in lookups), "the scan found nothing: is it broken?"
    destinations = _bundle_destinations()
    for path, rel in lookups:
        if rel.split("/")[0] in _FROZEN_ONLY:
            continue
        covered = any(rel == d or rel.startswith(d + "/") or d.startswith(rel + "/") for d in destinations)
        assert covered, f"{path.relative_to(REPO)} reads {rel}, which build.spec does not bundle"


def test_jar_and_runtime_folders_match_local_server() -> None:
    source = (REPO / "kgdesk" / "graph" / "local_process.py").read_text(encoding="utf-8")
    assert f'project_root() / "{SPEC["NEO4J_BUNDLE_DIR"]}"' in source
    assert f'"{SPEC["RUNTIME_BUNDLE_DIR"]}" / "bin" / exe' in source


# --------------------------------------------------------------------------- modules


def test_kgdesk_imports_no_excluded_module() -> None:
    for path in _kgdesk_sources():
        for module in _imports(path):
            hit = _excluded(module)
            assert hit is None, f"{path.relative_to(REPO)} imports {module}, excluded by build.spec ({hit})"


def test_runtime_dependencies_are_not_excluded() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    top_levels = importlib.metadata.packages_distributions()
    for requirement in project["dependencies"]:
        dist = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower().replace("_", "-")
        modules = [
            m for m, dists in top_levels.items() if dist in {d.lower().replace("_", "-") for d in dists}
        ]
        importlib.metadata.distribution(dist)  # installed (neo4j-rust-ext adds to neo4j: no top level)
        for module in modules:
            if module.startswith("_") or module.endswith("-stubs"):
                continue
            assert _excluded(module) is None, (
                f"{module} ({dist}) is a runtime dependency but build.spec excludes it"
            )


def test_dev_tools_are_excluded() -> None:
    groups = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["dependency-groups"]
    top_levels = importlib.metadata.packages_distributions()
    for requirement in groups["dev"]:
        dist = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower().replace("_", "-")
        modules = [
            m for m, dists in top_levels.items() if dist in {d.lower().replace("_", "-") for d in dists}
        ]
        for module in modules:
            if module.endswith(("-stubs", "__mypyc")) or module.startswith("_"):
                continue  # stubs are never imported; mypyc's helper is loaded only by mypy itself
            assert _excluded(module), f"dev tool {dist} (module {module}) is not excluded by build.spec"


def test_no_torch_or_cuda() -> None:
    for name in ("torch", "sentence_transformers", "transformers"):
        assert _excluded(name)
    for lib in ("cudart", "cublas", "cudnn"):
        assert lib in SPEC["FORBIDDEN_BINARIES"]


# --------------------------------------------------------------------------- Qt


def _qt_imports() -> set[str]:
    return {m for path in _kgdesk_sources() for m in _imports(path) if m.startswith("PySide6.Qt")}


def test_the_qt_kgdesk_uses_is_kept() -> None:
    used = {".".join(m.split(".")[:2]) for m in _qt_imports()}
    assert {"PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets"} <= used, (
        "the scan found no Qt: is it broken?"
    )
    for module in used:
        assert module not in SPEC["EXCLUDED_QT_MODULES"], f"kgdesk uses {module}, build.spec excludes it"
        lib = "Qt6" + module.removeprefix("PySide6.Qt")
        hit = [x for x in SPEC["EXCLUDED_QT_LIBRARIES"] if lib.startswith(x)]
        assert not hit, f"kgdesk uses {module}, but build.spec drops its library {lib} ({hit})"


@pytest.mark.parametrize(
    ("kind", "plugin", "why"),
    [
        ("platforms", "qwindows", "the Windows window system"),
        ("platforms", "qoffscreen", "headless self-test and benchmarks"),
        ("platforms", "qxcb", "the Linux desktop (make run from a bundle)"),
        ("imageformats", "qsvg", "the SVG icons in resources/icons"),
        ("iconengines", "qsvgicon", "QIcon from an SVG file"),
    ],
)
def test_needed_qt_plugins_are_kept(kind: str, plugin: str, why: str) -> None:
    allowed = SPEC["QT_PLUGINS"].get(kind, [])
    assert "*" in allowed or plugin in allowed, f"{kind}/{plugin} is needed for {why}"
    assert "styles" in SPEC["QT_PLUGINS"], "the native Windows style"


def test_icons_are_svg() -> None:
    """imageformats keeps SVG (and ICO): icons in any other format would not load in the bundle."""
    formats = {p.suffix for p in (REPO / "resources").rglob("*") if p.is_file() and p.parent.name == "icons"}
    assert formats <= {".svg", ".ico", ".png"}, formats


def test_the_frozen_interpreter_runs_in_utf8_mode() -> None:
    text = (REPO / "build.spec").read_text(encoding="utf-8")
    assert '("X utf8", None, "OPTION")' in text
    assert "utf8_mode=1" not in text.replace('utf8_mode=1" is silently ignored', "")


def test_the_hook_filters_with_the_spec_allow_list() -> None:
    text = (REPO / "build.spec").read_text(encoding="utf-8")
    assert 'hooksconfig={"kgdesk": {"qt_plugins": QT_PLUGINS}}' in text
    hook = (REPO / "installer" / "pyinstaller_hooks" / "hook-PySide6.QtGui.py").read_text(encoding="utf-8")
    assert 'get_hook_config(hook_api, "kgdesk", "qt_plugins")' in hook


def test_a_hook_collects_jieba_data() -> None:
    """The segmenter reads jieba's dict.txt from jieba's own folder: some hook must collect jieba's
    data files. pyinstaller-hooks-contrib (pinned in uv.lock) has one; kgdesk's own hooks folder
    would need one if a version without it were pinned."""
    own = REPO / "installer" / "pyinstaller_hooks" / "hook-jieba.py"
    spec = importlib.util.find_spec("_pyinstaller_hooks_contrib")
    assert spec is not None and spec.origin is not None
    contrib = Path(spec.origin).parent / "stdhooks" / "hook-jieba.py"
    hook = own if own.is_file() else contrib
    assert hook.is_file(), "no PyInstaller hook collects jieba's dictionary"
    assert re.search(r"collect_data_files\(\s*['\"]jieba['\"]", hook.read_text(encoding="utf-8"))
