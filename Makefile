# kgdesk — two commands on a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
UV_VERSION := 0.13.8
UV := .tools/bin/uv
VENV := .venv
BIN := $(VENV)/bin
JAR := installer/neo4j/target/kgdesk-local-neo4j.jar
export UV_PYTHON := $(PYTHON)
export UV_PROJECT_ENVIRONMENT := $(VENV)

.PHONY: setup system-deps run test lint typecheck unit bench screenshots package installer clean

setup: system-deps $(VENV)/.synced $(JAR)

system-deps:
	@bash scripts/system_deps.sh

$(UV):
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)

$(VENV)/.synced: pyproject.toml uv.lock $(UV)
	$(UV) sync --frozen --quiet --compile-bytecode  # no per-start compiling (PYTHONDONTWRITEBYTECODE machines)
	@touch $@

$(JAR): installer/neo4j/pom.xml $(shell find installer/neo4j/src -type f 2>/dev/null)
	bash installer/neo4j/build.sh

run: setup
	bash scripts/run.sh

lint: setup
	$(BIN)/ruff check kgdesk tests bench tools
	$(BIN)/lint-imports

typecheck: setup
	$(BIN)/mypy

test: lint typecheck
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -q

# The tests that need no server (no local Neo4j, no scripted LLM server): a quick check while editing.
unit: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -q -m "not neo4j and not llm"

bench: setup
	$(BIN)/python bench/validate.py
	$(BIN)/python bench/build.py
	$(BIN)/python bench/ask.py
	$(BIN)/python bench/ui_responsiveness.py

screenshots: setup
	bash scripts/screenshots.sh

# The one-folder bundle dist/kgdesk (docs/packaging.md), checked and self-tested headless.
package: setup
	bash installer/jlink.sh
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller build.spec
	$(BIN)/python scripts/check_bundle.py dist/kgdesk
	QT_QPA_PLATFORM=offscreen dist/kgdesk/kgdesk-cli --self-test

# The NSIS installer; on Linux a compile check of installer/kgdesk.nsi (installer/makensis.sh).
installer: package
	bash installer/makensis.sh

clean:
	rm -rf $(VENV) .tools installer/neo4j/target .mypy_cache .ruff_cache .pytest_cache
