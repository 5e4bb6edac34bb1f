"""The export room: a run's files for people and programs, one output per kind of file.

:func:`bancada.export.run_export.export_run` is the one entry; ``bancada run --out``, ``bancada export``
and the window's Export all call it with the outputs they write (:data:`~bancada.export.run_export.RUN_OUT`,
:data:`~bancada.export.run_export.ALL_OUTPUTS`).
"""
