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
echo "== pytest (BANCADA_TEST_SEED=$(.venv/bin/python -c 'from tests.conftest import sample_seed; print(sample_seed())'): the draw of the long matrices' reduced sets; BANCADA_FULL=1 runs every case)"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
# A crash of the interpreter (a segfault in a library) names the test that was running and shows the
# crashing thread's stack last, where a truncated log still shows it (tests/conftest.py, the trail).
trail="$(mktemp -d)"
export BANCADA_TEST_TRAIL="$trail"
set +e
.venv/bin/python -m pytest -q -p no:cacheprovider -p no:faulthandler "$@"
rc=$?
set -e
if [ "$rc" -ge 128 ]; then
    echo "== the crashing thread's innermost frames (every thread's stack: $trail/faults.log)"
    awk '/^Current thread/{p=1} p && /^$/{exit} p' "$trail/faults.log" | head -12
    echo "== pytest died of signal $((rc - 128)) during: $(cat "$trail/current" 2>/dev/null || echo 'no test yet')"
fi
exit "$rc"
