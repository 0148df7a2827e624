"""`python -m bot.cli`: the `arbiter` command run from a checkout or a virtual environment."""

import sys

from bot.cli import main

sys.exit(main())
