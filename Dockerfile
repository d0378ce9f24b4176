# syntax=docker/dockerfile:1
# The site as one image (issue 16): `docker build -t khulasa .`, then see docs/deployment.md.
# No Docker engine runs on our build machines: tests/api/deployment-files.test.ts parses this file
# and checks what matters (stages, non-root user, production dependencies, health check…);
# the image itself has not been built there.

# ---- build: every dependency, then `react-router build` ----------------------------------------
FROM node:22.23.3-bookworm-slim AS build
WORKDIR /app
# The lockfile holds sharp's prebuilt linux binaries (@img/sharp-linux-*, glibc), so no compiler.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY vite.config.ts react-router.config.ts tsconfig.json ./
COPY vite-plugins ./vite-plugins
COPY public ./public
COPY server ./server
COPY app ./app
RUN npx react-router build

# ---- runtime: production dependencies, the build, and the few sources read at run time ---------
FROM node:22.23.3-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=1 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    PORT=3000 \
    DATA_DIR=/data
COPY package.json package-lock.json ./
# No production dependency has an install script (the test checks the lockfile), so none runs.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# The server's bundle, and beside it the documents worker's (build/server/documents-worker.js,
# vite-plugins/documents-worker.ts), which loads pdf.js and @napi-rs/canvas from node_modules.
COPY --from=build /app/build ./build
COPY server.js ./
# start.js and build-if-stale.js, and the operators' scripts (backup, restore, media:migrate).
COPY scripts ./scripts
# Read from the source tree at run time, not bundled (app/server/platform/source-path.ts): the
# migrations (and their journal, for /api/ready), the embedded database's worker thread, and the
# tip line's Argon2id threads.
COPY app/server/db/migrations ./app/server/db/migrations
COPY app/server/db/pglite-worker.mjs ./app/server/db/pglite-worker.mjs
COPY app/server/platform/argon2id-worker.mjs ./app/server/platform/argon2id-worker.mjs
# The build must look newer than every source the scripts compare it with (scripts/build-if-stale.js),
# or `node scripts/….js` in the container would try to rebuild without the build tools.
# The code stays root's and read-only to the server; only DATA_DIR is the node user's.
RUN touch build/server/index.js \
    && mkdir -p /data \
    && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness (GET /api/health). Slim images have no curl: Node's own fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without npm in between, so SIGTERM reaches the server (graceful stop).
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=100", "server.js"]
