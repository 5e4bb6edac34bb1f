#!/usr/bin/env bash
# Update the Qt Linguist sources (.ts) from the code: every tr(), QCoreApplication.translate(),
# QT_TRANSLATE_NOOP() in app/bancada/ui and every bancada.core.i18n.translate() call in the rest of
# app/bancada (every Python file of the package is read, so a moved or new module needs no list).
# New texts arrive "unfinished": translate them (Qt Linguist, or by hand), then run scripts/setup.sh
# (lrelease).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t sources < <(find app/bancada -name '*.py' ! -name '*_pb2.py' ! -path '*/__pycache__/*' | sort)
.venv/bin/pyside6-lupdate -no-obsolete -locations none -target-language pt_BR "${sources[@]}" \
  -ts app/bancada/translations/bancada_pt_BR.ts
