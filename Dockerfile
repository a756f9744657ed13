# The server and the app in one image, supervised by Docker: `--restart unless-stopped` (or an
# orchestrator) brings it back after a crash; the health check asks GET /api/health.
#
#   docker build -t gestionale-studi .
#   docker run -d --restart unless-stopped -p 3000:3000 -v gestionale-data:/data \
#     -e JWT_SECRET=… -e SERVER_BASEURL=https://… gestionale-studi
FROM node:20-bookworm-slim

WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# the app (dist/), the server (dist-server/) and the image of the migrated schema
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# no demo studios in production (DEMO_DATA is on by default for `npm start`)
ENV NODE_ENV=production DEMO_DATA=false PORT=3000 DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# the V8 heap's limit, logged at start (server/memoryWatch.ts), and its growth kept small
# (scripts/buildServer.ts NODE_MEMORY_FLAGS); give the container some more
# (docker run --memory 1536m) for PGlite's WebAssembly heap and the PDF workers
CMD ["node", "--max-old-space-size=768", "--max-semi-space-size=2", "--heap-growing-percent=20", "dist-server/main.mjs"]
