# syntax=docker/dockerfile:1.7
#
# One image for every process kind of the desk: the API (default CMD), the projection workers
# (`npm run start:projector`) and the projections CLI. docker-compose.yml picks the command per service.
# Nothing secret is baked in: configuration and secrets arrive as environment variables at run time.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
# Node 20 bundles npm 10, which ignores package.json's `allowScripts`; npm 11 honours it, so only the
# install scripts approved there (esbuild, the embedded PostgreSQL binaries) run during `npm ci`.
RUN npm install --global npm@11 \
 && npm cache clean --force
WORKDIR /app

FROM base AS deps
# Manifests first, so the dependency layer is rebuilt only when a manifest or the lockfile changes.
COPY package.json package-lock.json ./
COPY platform/package.json platform/
COPY machines/package.json machines/
COPY services/package.json services/
COPY projections/package.json projections/
COPY web/package.json web/
# TypeScript runs through tsx at run time, and tsx is a devDependency: the image needs dev dependencies.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --include=dev --no-audit --no-fund

FROM deps AS build
COPY . .
# Builds whatever the workspace defines (the web client into web/dist, served by the API);
# a no-op while no `build` script exists.
RUN npm run build --if-present

FROM base AS runtime
# The backend network has no route out, so npm must not try to reach the registry on each
# `npm run` (the commands and the projector's health check all go through npm).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false
# Root owns the application files and the process runs as `node`, so a compromised process
# cannot rewrite its own code or dependencies.
COPY --from=build /app /app
# DATA_DIR: the one place the process writes (compose mounts the app-data volume here, which takes
# this directory's owner on first use).
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data
USER node
EXPOSE 3000
# No HEALTHCHECK here: the image also runs the projector, which has no HTTP port, so each
# compose service declares the check that fits its process.
CMD ["npm", "run", "start:api"]
