// Wires the server together: Colyseus rooms, the express routes and the static client, on one port.
import path from "node:path";
import express from "express";
import { defineServer, defineRoom } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import type { Logger } from "pino";
import { NewAngelesRoom } from "./rooms/NewAngelesRoom.ts";
import { lobbyRoutes } from "./lobby/routes.ts";
import { registry } from "./metrics.ts";
import { memoryStore, type GameStore } from "./store/index.ts";

const clientDir = path.resolve(import.meta.dirname, "../dist/client");
const startedAt = Date.now();

export interface ServerOptions {
  logger: Logger;
  /** Where games are kept (server/store); in memory when absent (tests). */
  store?: GameStore;
  /** Several processes share matchmaking through this Redis (REDIS_URL). */
  redisUrl?: string;
  /** This process's address as clients reach it, when there are several (PUBLIC_ADDRESS). */
  publicAddress?: string;
}

export function createServer(options: ServerOptions) {
  const store = options.store ?? memoryStore();
  const scaleOut = options.redisUrl
    ? { presence: new RedisPresence(options.redisUrl), driver: new RedisDriver(options.redisUrl) }
    : {};
  return defineServer({
    rooms: { new_angeles: defineRoom(NewAngelesRoom, { store }) },
    ...scaleOut,
    publicAddress: options.publicAddress,
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
      app.use(lobbyRoutes(options.logger, store));
      app.use(express.static(clientDir));
    },
  });
}
