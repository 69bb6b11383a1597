"""PyInstaller hook for the kgdesk package (FeelUOwn's `pyinstaller_hooks/hook-feeluown.py` idea).

- Every kgdesk submodule: the desktop loads services with importlib (`kgdesk/app/desktop.py`
  `_service(...)`) and the CLI imports each command's module inside the command, so static
  analysis alone could miss some.
- The Excel readers pandas would pick by name (`engine="calamine"`, openpyxl, xlrd): pandas loads
  them with `import_optional_dependency`, which PyInstaller cannot see.
- Nothing for the data files: they live outside the package (data/, resources/) and build.spec
  lists them, so its test can check that list against the source tree.
- `excludedimports`: optional, heavy imports kgdesk makes lazily and tolerates missing
  (sentence-transformers for the embedding model, and what it would drag in: torch, CUDA).
"""

from PyInstaller.utils.hooks import collect_submodules

hiddenimports = [
    *collect_submodules("kgdesk", filter=lambda name: name != "kgdesk.frozen_main"),
    "python_calamine",
    "openpyxl",
    "xlrd",
    "olefile",
    "defusedxml",
]

excludedimports = [
    "sentence_transformers",
    "transformers",
    "torch",
    "tensorflow",
]
