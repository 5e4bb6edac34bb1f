"""``python -m bancada.cli``: the ``bancada`` command (:func:`bancada.cli.main.main`)."""

import sys

from bancada.cli.main import main

sys.exit(main())
