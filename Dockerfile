# syntax=docker/dockerfile:1
# Vaultline in one image: the API server (serving the built web app) and the custody engine, the same code with two
# entry points, both run by plain node from the JavaScript `npm run build` makes.
#
#   docker build -t vaultline .
#   docker run --env-file prod.env -p 3000:3000 vaultline                       # server (ENGINE=in-process or off)
#   docker run --env-file prod.env vaultline node apps/api/dist/engine.js       # a separate custody engine
#   docker run --env-file prod.env vaultline node apps/api/dist/migrate.js      # migrations alone
#   docker run --env-file prod.env -it vaultline node apps/api/dist/operator-create.js --email ops@example.com
#
# compose.yaml runs the whole set (PostgreSQL, two servers, an engine, a mail catcher).
ARG NODE_IMAGE=node:24-bookworm-slim

# The workspace manifests alone: the dependency layers below are rebuilt only when these or the lockfile change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/chains/package.json packages/chains/
COPY apps/cold-signer/package.json apps/cold-signer/
COPY e2e/package.json e2e/

# Everything needed to build. Install scripts are skipped: the only ones are test tools' (anvil fetching a node
# binary) and esbuild's self-check; esbuild runs from its platform package without it.
FROM manifests AS build
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build -w @vaultline/web && npm run build -w @vaultline/api

# Only what runs in production. The workspace packages' own dependencies (viem, @scure/…) come along: the API's
# bundle includes the packages' code but imports their dependencies from node_modules.
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# Root-owned and read-only to the app's user: the process cannot change its own code.
COPY --from=runtime-deps /app ./
COPY --from=build /app/apps/api/dist apps/api/dist
# Read at run time from where they sit in the tree (the bundles resolve them relative to their sources).
COPY --from=build /app/apps/api/src/db/migrations apps/api/src/db/migrations
COPY --from=build /app/apps/api/src/travel-rule/counterparty-customers.json apps/api/src/travel-rule/
COPY --from=build /app/apps/web/dist apps/web/dist
# The one writable place: activity-export files, and the embedded database when DATABASE_URL is unset.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# node, not curl: the slim image has no curl. The engine has no HTTP port: compose turns this off for it.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
