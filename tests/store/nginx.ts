// nginx from Debian's package in front of game server processes, configured by the project's own
// deploy/nginx template (the one docker-compose.yml mounts), for the proxy tests.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitFor } from "./services.ts";

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((f) => fs.existsSync(f));

/** The deploy template with its ${NA_…} names filled in, as the nginx image's envsubst does. */
export function renderTemplate(values: Record<string, string>): string {
  const template = fs.readFileSync(path.resolve("deploy/nginx/newangeles.conf.template"), "utf8");
  return template.replace(/\$\{(NA_[A-Z0-9_]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`the template asks for ${name}`);
    return values[name]!;
  });
}

/** nginx in the foreground on `port`, with its own prefix, pid and temp folders. */
export async function startNginx(port: number, servers: [number, number]): Promise<{ port: number; stop(): void }> {
  if (!NGINX) {
    if (process.env.REQUIRE_SERVICES === "1") throw new Error("REQUIRE_SERVICES=1 but nginx is not installed");
    throw new Error("nginx is not installed (apt-get install nginx)");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "na-nginx-"));
  fs.writeFileSync(path.join(dir, "site.conf"), renderTemplate({
    NA_LISTEN: `127.0.0.1:${port}`, NA_SERVER1: `127.0.0.1:${servers[0]}`, NA_SERVER2: `127.0.0.1:${servers[1]}`,
  }));
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), `
daemon off;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  include ${path.join(dir, "site.conf")};
}
`);
  execFileSync(NGINX, ["-t", "-q", "-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")], { stdio: "pipe" });
  const child = spawn(NGINX, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 15_000, "nginx in front of the servers");
  return {
    port,
    stop() {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

