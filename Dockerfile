# syntax=docker/dockerfile:1
# The console's production image: one Node process serving the standalone build (node server.js).
# Its build steps are the ones CI runs on every change, so the entry point it ships is the one CI tested:
#   npm install --no-audit --no-fund   (.ci/run; not `npm ci`, see TOOLCHAIN.md §11)
#   npm run build                      (next build + scripts/assemble-standalone.mjs → .next/standalone)
#   node server.js                     (npm run start:standalone; the Playwright 'standalone' project runs it)
#   node healthcheck.mjs               (HEALTHCHECK; the smoke project runs the same file)
# Docker cannot run on the machines this project is developed on: this file is checked by reading, not by building.

ARG NODE_IMAGE=node:20-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    PGLITE_DIR=/data/pglite
# Only the standalone output (server, traced node_modules, .next/static, public, health probe), owned by root and
# read-only for the process; the embedded database and a generated secret (.data → /data) live in the volume.
COPY --from=build /src/.next/standalone/ ./
RUN mkdir -p /data && chown node:node /data && ln -s /data /app/.data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness: the process answers. Load balancers use readiness (/api/health?ready=1) instead; see docs/deploy.md.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["node", "healthcheck.mjs"]
# SIGTERM starts the graceful shutdown (SHUTDOWN_TIMEOUT_MS, 8 s by default: below `docker stop`'s 10 s).
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
