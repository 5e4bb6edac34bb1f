"""The session layer: what the window shows, kept without Qt.

- :mod:`bancada.session.live_model`: the samples of the run on screen, per treatment.
- :mod:`bancada.session.run_process`: the runner in its own process, and the window's end of it.
- :mod:`bancada.session.live_messages`: the typed messages between the two.

``bancada.ui`` displays these; nothing here imports Qt (the import-linter contracts in
pyproject.toml check it).
"""
