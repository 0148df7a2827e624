"""Read-only web pages for rulings, cards and rules (`arbiter serve`, `arbiter run --web HOST:PORT`)."""
