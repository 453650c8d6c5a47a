# syntax=docker/dockerfile:1
# The platform's image: one image for the api (the default command) and the job worker
# (`node_modules/.bin/tsx api/src/worker.ts`). See README "Self-hosting with Docker" and compose.yaml.
# Untested here: no Docker engine runs on the machines this project is built on.

# ---- build: install everything, generate, build the web client, then drop the dev dependencies
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The npm workspace of the rules api and web share (@feedback/shared): npm links it at install.
COPY shared/package.json ./shared/
# The postinstall step (patch-package) applies patches/, among them graphql-shield's fix for
# Node 23+ (its last release imports util.isUndefined, which Node 23 removed). The check after the
# install fails the build if graphql-shield does not load.
COPY patches ./patches
# `npm install`, not `npm ci`: see .ci/run (the lock cannot list every off-platform optional build).
RUN npm install --no-audit --no-fund \
 && node -e "import('graphql-shield').catch((error) => { console.error(error); process.exit(1); })"
COPY . .
RUN node_modules/.bin/tsx codegen/generate.ts \
 && node_modules/.bin/vite build --config web/vite.config.ts --logLevel warn \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: Node 24 LTS, Debian's Chromium (prints the results PDFs), the built app
FROM node:24-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    SEED_DEMO=false \
    CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/api ./api
COPY --from=build --chown=node:node /app/shared ./shared
COPY --from=build --chown=node:node /app/prisma ./prisma
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/tsconfig.base.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# Readiness: the database (and Redis when REDIS_URL is set) answer.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node_modules/.bin/tsx", "api/src/main.ts"]
