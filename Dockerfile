# syntax=docker/dockerfile:1
# Gebere: the companion server (bot/) serving the mini-app (webapp/), the embedded backend and
# the Telegram bot, as one process on one port. Build: `docker build -t gebere .`
# The build stage installs and builds exactly as `npm start` does on a fresh clone (pnpm from the
# lockfile, `pnpm --filter @gebere/webapp run build`, `node bot/build.mjs`); the runtime stage
# keeps only the outputs: the server bundle with its prepared databases (bot/dist/pglite-*.tar.gz,
# so the first start on an empty /data skips initdb), the webapp build and PGlite (the bundle's
# one external package).

# Node 24 (the current LTS) on Debian 13 trixie, pinned to a release. Pin the digest too where
# the registry is reachable: `docker pull node:24.21.0-trixie-slim` then
# `docker inspect --format '{{index .RepoDigests 0}}' node:24.21.0-trixie-slim` gives
# node:24.21.0-trixie-slim@sha256:… (it could not be fetched where this file was written).
# The code also runs on Node 20 (`target: 'node20'` in bot/build.mjs), so an older base works.
ARG NODE_IMAGE=node:24.21.0-trixie-slim

FROM ${NODE_IMAGE} AS build
ENV CI=true
RUN npm install -g --no-audit --no-fund --loglevel=error pnpm@10.34.9
WORKDIR /app
# Dependencies first, keyed on the lockfile only, so source edits reuse this layer.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
RUN pnpm --filter @gebere/webapp run build \
 && node bot/build.mjs \
 && test -s bot/dist/pglite-admin.tar.gz && test -s bot/dist/pglite-demo.tar.gz \
 && mkdir -p /out/node_modules/@electric-sql \
 && cp -rL bot/node_modules/@electric-sql/pglite /out/node_modules/@electric-sql/pglite \
 && mkdir -p /out/node_modules/@resvg \
 && cp -rL bot/node_modules/@resvg/resvg-js /out/node_modules/@resvg/resvg-js \
 && cp -rL node_modules/.pnpm/@resvg+resvg-js-linux-*/node_modules/@resvg/resvg-js-linux-* /out/node_modules/@resvg/

FROM ${NODE_IMAGE} AS runtime
# Without BOT_TOKEN (the emulator) the app refuses HOST=0.0.0.0 unless EMULATOR_ALLOW_REMOTE=true:
# publish the port on loopback then (`-p 127.0.0.1:8080:8080`), as docker-compose.yml does.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /app/bot/dist ./bot/dist
COPY --from=build /app/webapp/dist ./webapp/dist
# Fonts for the weekly digest's chart (Ethiopic included). pg_dump and pg_restore for
# `gebere backup`/`restore` on PostgreSQL (trixie's client is newer
# than the compose file's server, which pg_dump requires).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client fonts-noto-core \
 && rm -rf /var/lib/apt/lists/*
# The operator's command line, as `npm run gebere -- …` is in a clone: `docker compose exec app
# gebere help`. The demo content is in bot/dist/samples/, for trials only (docs/operations.md,
# "Running it in a container").
RUN printf '#!/bin/sh\nexec node /app/bot/dist/cli.js "$@"\n' > /usr/local/bin/gebere \
 && chmod 755 /usr/local/bin/gebere
# PGlite files, generated secrets (LINK_SECRET etc. when not given) live here.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
# Liveness: the process answers. (Readiness, /readyz, checks the database; Telegram's reachability
# is reported there without failing it.) Node's own fetch: the slim image has no curl or wget.
# HEALTHCHECK is Docker's image format: podman's default (OCI) drops it with a warning, so build
# with `podman build --format docker -t gebere .` (or give `podman run --health-cmd …`).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself; the server finishes in-flight updates
# and requests, then exits.
CMD ["node", "bot/dist/main.js"]
