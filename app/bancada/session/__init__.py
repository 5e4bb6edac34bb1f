"""The session layer: what the window shows, kept without Qt.

- :mod:`bancada.session.live_model`: the samples of the run on screen, per treatment.
- :mod:`bancada.session.run_server`: the runner in its own process, which can outlive the window.
- :mod:`bancada.session.run_process`: the window's end of it, and the runs a window can reattach to.
- :mod:`bancada.session.live_messages`: the typed messages between the two.

``bancada.ui`` displays these; nothing here imports Qt (the import-linter contracts in
pyproject.toml check it).
"""
