# syntax=docker/dockerfile:1.7
#
# One image for every process kind of the desk: the API (default CMD), the projection workers, the
# job worker and the operator's CLIs, each a file of dist/server run by plain node (decision 0043).
# docker-compose.yml picks the command per service. Nothing secret is baked in: configuration
# arrives as environment variables and secrets as files (compose secrets, `NAME_FILE`) at run time.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
# Node 24 bundles npm 11, which honours package.json's `allowScripts`.
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
WORKDIR /app

# The manifests alone, so the dependency layers are rebuilt only when one of them or the lockfile
# changes. npm ci checks the lockfile against every workspace's manifest, web's included.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY platform/package.json platform/
COPY machines/package.json machines/
COPY projections/package.json projections/
COPY services/package.json services/
COPY web/package.json web/

# Every dependency (vite, esbuild, TypeScript), then the web client (web/dist) and the server
# (dist/server). Only the install scripts approved in `allowScripts` run.
FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm \
    npm ci --include=dev
COPY . .
RUN npm run build

# What the built server imports: the production dependencies of the workspaces it is made of. Not
# web's (react and the rest are inside web/dist already) and no devDependencies: no tsx, vite,
# esbuild, TypeScript's compiler for us, or the embedded PostgreSQL of development. No install
# script is needed: the native parts (argon2, msgpackr) come as prebuilt optional packages.
FROM manifests AS production-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts \
      --workspace=platform --workspace=machines --workspace=projections --workspace=services

FROM base AS runtime
# --enable-source-maps: stack traces name the TypeScript sources (the maps ship beside the bundles;
# the sources do not).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    NODE_OPTIONS=--enable-source-maps
# Root owns the application files and the process runs as `node`, so a compromised process
# cannot rewrite its own code or dependencies. node_modules includes the workspaces' own (a
# package npm nested under platform/ or services/, which the bundles import by path).
COPY --from=production-deps /app /app
COPY --from=build /app/dist/server dist/server
COPY --from=build /app/web/dist web/dist
# Read at run time beside the source it belonged to (scripts/build-server.mjs, RUNTIME_FILES).
COPY --from=build /app/services/src/api/openapi/static services/src/api/openapi/static
# DATA_DIR: the one place the process writes (compose mounts the app-data volume here, which takes
# this directory's owner on first use).
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data
USER node
EXPOSE 3000
# Liveness: the process serves HTTP. Readiness (/readyz: every store answers, not draining) is the
# check compose gives the API service; an orchestrator that restarts unhealthy containers (Swarm)
# must not restart every replica because the database is down. The projector and the worker have
# no HTTP port: compose gives them their own checks (docs/operations-docker.md).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1's child (compose sets init: true, so tini forwards SIGTERM); no npm in between.
CMD ["node", "dist/server/start-api.mjs"]
