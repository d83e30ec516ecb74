# Two commands on a fresh machine:
#   make run   - set up everything and run the app (web UI on localhost when there is no display)
#   make test  - set up everything and run the whole test suite
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test setup system-deps lint bench screenshots clean

$(BIN)/tablekeeper: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip
	$(BIN)/pip install -e '.[dev,fast]'
	touch $(BIN)/tablekeeper

# The Pandémie rules and simulation policy, and the seeded shuffle, compiled by mypyc (the same sources,
# about twice as fast).
# Rebuilt when they change; when it cannot be built, the engine runs them as pure Python.
NATIVE_SRC := engine/native.py engine/core/fastrand.py engine/core/deckfold.py $(wildcard engine/games/pandemie/*.py)
NATIVE := engine/games/pandemie/_native.json

$(NATIVE): $(BIN)/tablekeeper $(NATIVE_SRC)
	$(BIN)/python -m engine.native build || echo "warning: compiled build failed; the engine runs as pure Python"

setup: $(BIN)/tablekeeper $(NATIVE)

# Debian packages the tests use: Chromium for the real-browser tests, iproute2 for network namespaces,
# poppler-utils to look at PDFs, gcc for the compiled engine. Installed only when missing and when we are root.
system-deps:
	@if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
	  missing=""; \
	  [ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	  command -v ip >/dev/null || missing="$$missing iproute2"; \
	  command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"; \
	  fc-list 2>/dev/null | grep -qi dejavu || missing="$$missing fonts-dejavu-core"; \
	  command -v cc >/dev/null || missing="$$missing gcc"; \
	  if [ -n "$$missing" ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; fi; \
	else echo "not root: skipping Debian packages (browser/netns tests will say why they skip)"; fi

run: setup
	$(BIN)/tablekeeper app

test: system-deps setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -q -rs

# mypy checks what pyproject.toml's [tool.mypy] names: engine/ and companion/sync/
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: setup
	$(BIN)/python -m benchmarks

# the pictures in README.md and docs/, taken from the running app in Chromium (docs/screenshots.py)
screenshots: setup
	$(BIN)/python docs/screenshots.py

clean:
	-$(BIN)/python -m engine.native clean
	rm -rf $(VENV) build *.egg-info
