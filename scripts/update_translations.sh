#!/usr/bin/env bash
# Update the Qt Linguist sources (.ts) from the code: every tr(), QCoreApplication.translate(),
# QT_TRANSLATE_NOOP() in app/bancada/ui and every bancada.i18n.translate() call in the files listed below. New texts arrive
# "unfinished": translate them (Qt Linguist, or by hand), then run scripts/setup.sh (lrelease).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/pyside6-lupdate -no-obsolete -locations none -target-language pt_BR app/bancada/ui/*.py app/bancada/cli_gui.py app/bancada/stats/conclusions.py app/bancada/stats/pair_verdict.py app/bancada/stats/load_labels.py \
  app/bancada/hosts/link_set.py app/bancada/hosts/calibrate.py \
  app/bancada/experiment/database.py app/bancada/hosts/database_server.py app/bancada/hosts/ssh_postgres.py \
  app/bancada/run_database.py app/bancada/installation.py \
  app/bancada/stats/readings.py app/bancada/stats/run_statistics.py app/bancada/stats/table_labels.py app/bancada/stats/table_export.py \
  app/bancada/stats/compare_tables.py app/bancada/compare_inputs.py app/bancada/stats/k6_summary.py app/bancada/report_build.py app/bancada/report_plots.py app/bancada/report_study.py app/bancada/report_words.py app/bancada/run_caption.py \
  app/bancada/guide/*.py app/bancada/drivers/__init__.py app/bancada/hosts/facts.py app/bancada/hosts/local.py \
  app/bancada/hosts/ssh_host.py app/bancada/runner.py app/bancada/driver_choice.py app/bancada/session/tidy_run.py \
  app/bancada/experiment/load_vus.py app/bancada/wire/db_requests.py app/bancada/drivers/python.py app/bancada/stats/tables.py \
  app/bancada/targets.py app/bancada/experiment/*.py app/bancada/hosts/*.py \
  -ts app/bancada/translations/bancada_pt_BR.ts
