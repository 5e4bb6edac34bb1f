#!/usr/bin/env bash
# Set up and run all tests: the workers' own tests (go test, Maven Surefire), then pytest
# (unit, integration with real workers and a real sshd, Qt under offscreen/Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
echo "== workers' own tests (make -C workers test)"
make -s -C workers test
echo "== Go fuzzing, 10 s per target (make -C workers fuzz FUZZTIME=60s for longer)"
make -s -C workers fuzz FUZZTIME=10s
echo "== ruff: lint (pyflakes, pycodestyle, complexity <= 20) and format"
.venv/bin/ruff check --no-cache .
.venv/bin/ruff format --check --no-cache .
echo "== mypy: --strict on everything below app/bancada but ui/, the basic level on ui/ ([tool.mypy] in pyproject.toml)"
.venv/bin/mypy
echo "== import contract (no Qt below ui/)"
.venv/bin/lint-imports
echo "== pytest"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
