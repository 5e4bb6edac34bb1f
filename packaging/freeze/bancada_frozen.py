"""Entry point of the PyInstaller bundle: ``bancada`` as the wheel's console script, plus the two ways
Bancada re-runs its own interpreter, which a frozen executable must answer itself:

- ``multiprocessing`` with the spawn context (the window's statistics process):
  :func:`multiprocessing.freeze_support` runs the child and exits;
- ``sys.executable -m bancada.drivers.python`` (the Python driver, see
  ``bancada.hosts.local``) and ``sys.executable -m grpc_tools.protoc`` (a custom
  gRPC workload's .proto, see ``bancada.experiment.custom``): ``-m MODULE ARGS``
  runs that module of the bundle as ``__main__``; only those are accepted.

For the packaging tests, ``BANCADA_SMOKE_SCREENSHOT=FILE.png bancada`` opens the
window, saves a screenshot of it to FILE.png as soon as the event loop runs,
prints ``window shown`` and quits.
"""

import multiprocessing
import os
import runpy
import sys


def smoke_window(screenshot: str) -> int:
    """Open the main window, save it as ``screenshot`` (PNG) once shown, quit; the exit code (0: saved)."""
    from PySide6.QtCore import QTimer

    from bancada.ui.app import create_app, make_window

    app = create_app()
    window = make_window(None)
    window.show()
    saved = []

    def shoot() -> None:
        saved.append(window.grab().save(screenshot))
        print("window shown", flush=True)
        window.close()
        app.quit()

    QTimer.singleShot(0, shoot)
    app.exec()
    return 0 if saved == [True] else 1


def main() -> int:
    multiprocessing.freeze_support()
    if len(sys.argv) >= 3 and sys.argv[1] == "-m":
        module = sys.argv[2]
        if not (module.startswith("bancada.") or module == "grpc_tools.protoc"):
            print(
                f"bancada: this bundle runs only bancada.* and grpc_tools.protoc with -m, not {module!r}",
                file=sys.stderr,
            )
            return 2
        sys.argv = [sys.argv[0], *sys.argv[3:]]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        return 0
    if os.environ.get("BANCADA_SMOKE_SCREENSHOT"):
        return smoke_window(os.environ["BANCADA_SMOKE_SCREENSHOT"])
    from bancada.cli.main import main as bancada_main

    return bancada_main()


if __name__ == "__main__":
    sys.exit(main())
