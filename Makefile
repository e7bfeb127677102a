# Two commands for a newcomer:  `make run`  and  `make test`.
PYTHON ?= $(shell command -v python3.12 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint format clean

$(BIN)/.installed: requirements.txt
	@$(PYTHON) -c 'import sys; assert sys.version_info[:2] >= (3, 12), "Factorium needs Python 3.12 (found " + sys.version.split()[0] + ")"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	@touch $@

## run: set everything up, then run web + Celery worker + beat on embedded SQLite/Redis
run: $(BIN)/.installed
	$(BIN)/python -m config.devstack

## test: the whole test suite, in TEST_WORKERS processes (default: one per CPU, at most 4); an
## idle process takes tests still queued on a busy one (worksteal), so no core waits at the end
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print(min(4, os.cpu_count() or 1))')
test: $(BIN)/.installed
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(BIN)/.installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) var
