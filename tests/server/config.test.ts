// The settings of the limits, the proxy and CORS, read from the environment; and how addresses are counted.
import { describe, expect, it } from "vitest";
import { LIMIT_SETTINGS, readConfig } from "../../server/config.ts";
import { DEFAULT_LIMITS, addressKey, type Limits } from "../../server/access/throttle.ts";

describe("readConfig", () => {
  it("has every limit's default without settings, and reads each from its variable", () => {
    const none = readConfig({});
    expect(none.limits).toEqual(DEFAULT_LIMITS);
    expect(none.trustProxy).toBe(0);
    expect(none.corsOrigins).toEqual([]);
    const env: Record<string, string> = {};
    (Object.keys(LIMIT_SETTINGS) as (keyof Limits)[]).forEach((key, i) => { env[LIMIT_SETTINGS[key]] = String(i + 3); });
    const set = readConfig({ ...env, TRUST_PROXY: "2", CORS_ORIGINS: " https://a.example , http://b.example:8080 " });
    (Object.keys(LIMIT_SETTINGS) as (keyof Limits)[]).forEach((key, i) => expect(set.limits[key], key).toBe(i + 3));
    expect(set.trustProxy).toBe(2);
    expect(set.corsOrigins).toEqual(["https://a.example", "http://b.example:8080"]);
  });

  it("refuses a setting that is not a whole number, or an origin that is not one", () => {
    expect(() => readConfig({ MAX_TABLES: "lots" })).toThrow(/MAX_TABLES/);
    expect(() => readConfig({ WEBSOCKETS_PER_ADDRESS: "0" })).toThrow(/WEBSOCKETS_PER_ADDRESS/);
    expect(() => readConfig({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
    expect(() => readConfig({ CORS_ORIGINS: "https://a.example/path" })).toThrow(/CORS_ORIGINS/);
  });
});

describe("addressKey", () => {
  it("counts IPv4 alone (also IPv4-mapped), and IPv6 by its /64", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2::1")).toBe(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
    expect(addressKey("fe80::1%eth0")).toBe(addressKey("fe80::2"));
    expect(addressKey(undefined)).toBe("unknown");
  });
});
