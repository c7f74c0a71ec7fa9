# syntax=docker/dockerfile:1
# The portal (API + built SPA) as one image. Build: docker build -t canopy-server .
# Run: see compose.yaml and docs/portal-operations.md. Node is PID 1 and handles SIGTERM itself
# (graceful drain of up to 10 s): give `docker stop` at least that (compose: stop_grace_period).

ARG NODE_VERSION=20.20.2

# ---- build: every workspace's dev dependencies, `pnpm build`, then a production-only server tree
FROM node:${NODE_VERSION}-bookworm-slim AS build
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN corepack enable
WORKDIR /repo
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY packages/embed-core/package.json packages/embed-core/
COPY packages/embed-react/package.json packages/embed-react/
COPY packages/emulator/package.json packages/emulator/
COPY packages/portal-contract/package.json packages/portal-contract/
COPY packages/test-utils/package.json packages/test-utils/
COPY examples examples
COPY portal/package.json portal/
COPY server/package.json server/
RUN pnpm install --frozen-lockfile
COPY . .
# The commit /api/version reports (the build context has no .git): --build-arg CANOPY_BUILD_COMMIT=…
ARG CANOPY_BUILD_COMMIT
ENV CANOPY_BUILD_COMMIT=${CANOPY_BUILD_COMMIT}
RUN pnpm build
# server/dist plus its production dependencies only (the emulator's dist among them), no tsx,
# no vite, no test tools: a fraction of the workspace's node_modules.
RUN pnpm --filter @canopy/server deploy --prod --legacy /out/server

# ---- runtime: Node, the server tree, the SPA; nothing else
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5310 \
    CANOPY_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /out/server /app/server
# The server serves the SPA from ../portal/dist relative to its package (CANOPY_SPA_DIR overrides).
COPY --from=build --chown=root:root /repo/portal/dist /app/portal/dist
# The code stays root-owned and read-only to the process; only the data folder is writable.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5310
# Readiness, not liveness: database reachable, this release's migrations done, not draining.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5310) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/server.js"]
