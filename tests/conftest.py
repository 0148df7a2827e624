import sys
from pathlib import Path

# Tests import their helpers as `tests.…`; the package under test comes from the installed project.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
