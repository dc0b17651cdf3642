// Wires the server together: Colyseus rooms, the express routes and the static client, on one port.
import path from "node:path";
import express from "express";
import { defineServer, defineRoom } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import type { Logger } from "pino";
import { NewAngelesRoom } from "./rooms/NewAngelesRoom.ts";
import { lobbyRoutes } from "./lobby/routes.ts";
import { registry } from "./metrics.ts";

const clientDir = path.resolve(import.meta.dirname, "../dist/client");
const startedAt = Date.now();

export function createServer(options: { logger: Logger }) {
  return defineServer({
    rooms: { new_angeles: defineRoom(NewAngelesRoom) },
    transport: new WebSocketTransport(),
    logger: options.logger,
    greet: false,
    express: (app) => {
      app.disable("x-powered-by");
      app.get("/healthz", (_req, res) => {
        res.json({ status: "ok", uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) });
      });
      app.get("/metrics", async (_req, res) => {
        res.type(registry.contentType).send(await registry.metrics());
      });
      app.use(lobbyRoutes(options.logger));
      app.use(express.static(clientDir));
    },
  });
}
