#!/usr/bin/env bash
# Update the Qt Linguist sources (.ts) from the code: every tr(), QCoreApplication.translate(),
# QT_TRANSLATE_NOOP() in app/bancada/ui and every bancada.i18n.translate() call. New texts arrive
# "unfinished": translate them (Qt Linguist, or by hand), then run scripts/setup.sh (lrelease).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/pyside6-lupdate -no-obsolete -locations relative -target-language pt_BR app/bancada/ui/*.py app/bancada/cli_gui.py app/bancada/stats/conclusions.py app/bancada/hosts/local.py \
  -ts app/bancada/translations/bancada_pt_BR.ts
