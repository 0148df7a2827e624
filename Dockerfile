# Arbiter Discord bot and command line. Build: docker build -t arbiter .
# Run the bot: docker run -e DISCORD_TOKEN=... -v arbiter-data:/data arbiter
# Any command: docker run -v arbiter-data:/data arbiter cards history   (the entrypoint is `arbiter`)
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    ARBITER_DB=/data/cards.db

RUN groupadd --system --gid 10001 arbiter && useradd --system --uid 10001 --gid arbiter --home-dir /app --shell /usr/sbin/nologin arbiter

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY data ./data
RUN pip install --no-cache-dir . && mkdir -p /data && chown arbiter:arbiter /data

USER 10001:10001
VOLUME ["/data"]
# The read-only web pages, when asked for: `arbiter run --web 0.0.0.0:8080` or `arbiter serve --host 0.0.0.0`.
EXPOSE 8080
# `docker stop` sends SIGTERM: `arbiter run` closes the Discord gateway cleanly and exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["arbiter"]
CMD ["run"]
