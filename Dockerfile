# Rampart appliance image. Inside the container the check API listens on 8443 and the dashboard on
# 3000 (unprivileged); publish them as the spec ports:
#   docker run -d -p 443:8443 -p 3000:3000 -v rampart-data:/var/lib/rampart rampart
FROM node:24-bookworm-slim AS build
WORKDIR /src
# onnxruntime-node's install script skips its CUDA/TensorRT download (from outside the npm registry).
ENV ONNXRUNTIME_NODE_INSTALL=skip
COPY package.json package-lock.json .npmrc ./
RUN npm install --no-fund --no-audit
COPY . .
RUN npm run build:dashboard

FROM node:24-bookworm-slim
WORKDIR /opt/rampart
ENV NODE_ENV=production \
    RAMPART_DATA_DIR=/var/lib/rampart \
    RAMPART_API_PORT=8443 \
    RAMPART_DASHBOARD_PORT=3000
COPY package.json package-lock.json .npmrc ./
COPY scripts/prune-onnxruntime.sh /tmp/
RUN npm install --omit=dev --no-fund --no-audit --ignore-scripts && bash /tmp/prune-onnxruntime.sh node_modules && rm /tmp/prune-onnxruntime.sh && npm cache clean --force
COPY bin ./bin
COPY src ./src
COPY models ./models
COPY README.md ./
COPY --from=build /src/dashboard/dist ./dashboard/dist
RUN install -d -o node -g node -m 700 /var/lib/rampart
USER node
VOLUME /var/lib/rampart
EXPOSE 8443 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s CMD ["node", "-e", "require('https').get({host:'127.0.0.1',port:8443,path:'/readyz',rejectUnauthorized:false},r=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1))"]
CMD ["node", "bin/rampart.js", "serve"]
