# The portal as one container: the API and the built web app in one Node process.
# Not built by the tests of this repository (see docs/operations.md#container).
#
#   docker build -t portal .
#   docker run -p 3000:3000 -e PUBLIC_URL=https://portal.example.com -v portal-data:/var/lib/portal portal

# Node 26, the active LTS line (24 works as well: CI tests both, see docs/operations.md#node).
ARG NODE_IMAGE=node:26-trixie-slim

# 0. The workspace manifests npm ci reads; both install stages start from them. The tools to
#    compile better-sqlite3 against the image's Node, should no prebuilt binary for that Node
#    and platform be published (only these stages have them, not the image that runs).
FROM ${NODE_IMAGE} AS manifests
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/translations/package.json packages/translations/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# 1. Build: every dependency, then the web app (apps/web/dist) and the server bundle (apps/server/dist).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Runtime dependencies of the server only (no dev tools, nothing of the web app's).
FROM manifests AS dependencies
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force

# 3. What runs: dependencies, the two bundles, the web build; as the unprivileged user node.
FROM ${NODE_IMAGE}
# MALLOC_TRIM_THRESHOLD_: glibc gives freed memory back instead of keeping it for later
# (docs/performance.md#memory).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=sqlite:/var/lib/portal/portal.sqlite \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=dependencies /app ./
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal \
    && ln -s /app/apps/server/dist/cli.js /usr/local/bin/portal
USER node
VOLUME /var/lib/portal
EXPOSE 3000
# Liveness only (the process answers); readiness for a load balancer is GET /rest/ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/rest/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# A young generation of 3 × 4 MB instead of V8's 3 × 16 MB: about 80 MB less resident memory
# under load for a few per cent of throughput (docs/performance.md#memory).
CMD ["node", "--max-semi-space-size=4", "apps/server/dist/main.js"]
