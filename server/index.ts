// The server process: one port for HTTP and WebSocket.
import { readConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { createServer } from "./app.ts";

const config = readConfig();
const logger = createLogger(config.logLevel);
const server = createServer({ logger });
await server.listen(config.port);
logger.info({ port: config.port }, `New Angeles server listening on http://localhost:${config.port}`);
