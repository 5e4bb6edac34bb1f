import sys

from bancada_flask.server import main

sys.exit(main())
