# The clan site's image: `docker compose up -d` (compose.yaml) or `docker build -t clan-site .`.
# Stage 1 builds with the development dependencies and the compilers native modules may need; the
# image itself holds only Node, the production build and the production dependencies.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# better-sqlite3's sources and object files are needed only to compile it.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src node_modules/better-sqlite3/build/Release/obj* \
    node_modules/better-sqlite3/build/Release/.deps node_modules/better-sqlite3/build/deps

# Node alone, without npm and its headers: the site runs `node`, and its commands are bundled scripts.
FROM node:20-bookworm-slim AS node

FROM debian:bookworm-slim
COPY --from=node /usr/local/bin/node /usr/local/bin/node
RUN groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && mkdir /data && chown node:node /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# HOST: reachable from outside the container. Data, icons and backups live in the /data volume.
# NODE_OPTIONS and MALLOC_*: the memory settings `npm start` gives the server (scripts/server-process.mjs).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=sqlite:/data/clan.db \
    BACKUP_DIR=/data/backups \
    ICON_CACHE_DIR=/data/icons \
    LOG_FORMAT=json \
    NODE_OPTIONS="--max-semi-space-size=1 --max-old-space-size=512" \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    MALLOC_MMAP_THRESHOLD_=16384
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
