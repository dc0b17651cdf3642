import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { BASE, bootServer } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

async function post(path: string, body: string, contentType = "application/json") {
  const res = await fetch(`${BASE}${path}`, { method: "POST", body, headers: { "content-type": contentType } });
  return { status: res.status, text: await res.text() };
}

describe("matchmaking refusals are client errors (4xx), never 5xx", () => {
  it("refuses a table made without the lobby's invite code with 400", async () => {
    const res = await post("/matchmake/create/new_angeles", "{}");
    expect(res.status).toBe(400);
    expect(res.text).toContain("invite code");
  });

  it("answers an unknown room name or room id with 404", async () => {
    expect((await post("/matchmake/joinOrCreate/no_such_room", "{}")).status).toBe(404);
    expect((await post("/matchmake/joinById/notARoomId", "{}")).status).toBe(404);
  });

  it("answers a body that is not JSON with 4xx", async () => {
    expect((await post("/matchmake/create/new_angeles", "zz", "multipart/form-data; boundary=x")).status).toBe(415);
    expect((await post("/matchmake/create/new_angeles", "{\"seats\": 4,")).status).toBe(400);
  });
});
