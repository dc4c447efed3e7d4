# Cairn's API and worker image: the built SPA plus the Python package.
FROM node:20-bookworm-slim AS frontend
WORKDIR /app/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
# No Python here to run `cairn site data` (make frontend does): the public pages are prerendered
# without their data (prices, plans, catalogue as placeholders, no /price/{slug} pages) and fill in
# the browser. A local frontend/site-data.json is left out (.dockerignore), so the build does not
# depend on what a checkout holds.
RUN npm run build

FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY vocabulary vocabulary
COPY contracts contracts
COPY ledger ledger
COPY ingest ingest
COPY analytics analytics
COPY activities activities
COPY workflows workflows
COPY api api
COPY stack stack
# the lot engine's C core (analytics/lots/_c_core.c) needs a compiler to build, not to run
RUN apt-get update && apt-get install -y --no-install-recommends build-essential \
    && pip install --no-cache-dir . \
    && apt-get purge -y --auto-remove build-essential && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 cairn
COPY --from=frontend /app/frontend/dist /app/frontend/dist
USER cairn
EXPOSE 8000
CMD ["uvicorn", "api.app:create_app", "--factory", "--host", "0.0.0.0", "--port", "8000"]
