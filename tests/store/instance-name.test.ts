// The name a process claims its games under must survive what a restart changes: a re-created
// container's host name, a restored backup's folder.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { instanceName } from "../../server/store/index.ts";

describe("a process's name for its claims", () => {
  it("is INSTANCE_NAME, else PUBLIC_ADDRESS", () => {
    expect(instanceName("games.example.org/s1", 2567, { instanceName: "blue" })).toBe("blue");
    expect(instanceName("games.example.org/s1", 2567, { databaseUrl: "postgres://db/games" })).toBe("games.example.org/s1");
  });

  it("on SQLite is one name, whatever the host, so a re-created container takes its games at once", () => {
    expect(instanceName(undefined, 2567, {})).toBe(instanceName(undefined, 2567, {}));
    expect(instanceName(undefined, 2567, {})).not.toContain(os.hostname());
  });

  it("on PostgreSQL without a name falls back to host and port (set INSTANCE_NAME there)", () => {
    expect(instanceName(undefined, 2567, { databaseUrl: "postgres://db/games" })).toBe(`${os.hostname()}:2567`);
  });
});
