"""``python -m bancada_worker``: see :mod:`bancada_worker.cli`."""

import sys

from bancada_worker.cli import main

sys.exit(main())
