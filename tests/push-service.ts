// An HTTPS server on 127.0.0.1 standing in for a browser's push service (Web Push), with a certificate of
// its own (for a server process: NODE_EXTRA_CA_CERTS=certFile; in the test's process: an Agent with `ca`),
// and the browser's side of a subscription: its own P-256 key pair and auth secret, with which a test
// decrypts each payload as the browser would (RFC 8291, aes128gcm).
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";

export interface Pushed {
  /** The endpoint's path: which subscription it was for. */
  path: string;
  topic: string;
  body: Buffer;
}

export interface PushService {
  /** https://127.0.0.1:PORT: a subscription's endpoint is this plus a path of the test's choosing. */
  url: string;
  /** The certificate's PEM file, and its bytes. */
  certFile: string;
  ca: Buffer;
  /** Each push received, in the order it came (answered 201). */
  pushes: Pushed[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "na-push-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", `${dir}/key.pem`, "-out", `${dir}/cert.pem`, "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], { stdio: "ignore" });
  const ca = fs.readFileSync(`${dir}/cert.pem`);
  const pushes: Pushed[] = [];
  const server = https.createServer({ key: fs.readFileSync(`${dir}/key.pem`), cert: ca }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => { pushes.push({ path: req.url ?? "", topic: String(req.headers.topic ?? ""), body: Buffer.concat(chunks) }); res.writeHead(201).end(); });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as { port: number }).port}`,
    certFile: `${dir}/cert.pem`, ca, pushes,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(dir, { recursive: true, force: true });
    }),
  };
}

/** A browser's subscription keys: what it sends with its endpoint, and how it reads a payload. */
export function browserKeys(): { keys: { p256dh: string; auth: string }; decrypt(body: Buffer): string } {
  const ua = createECDH("prime256v1");
  ua.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ua.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const idlen = body[20]!;
      const asPublic = body.subarray(21, 21 + idlen);
      const cipher = body.subarray(21 + idlen);
      const secret = ua.computeSecret(asPublic);
      const ikm = Buffer.from(hkdfSync("sha256", secret, auth, Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic]), 32));
      const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
      const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
      const d = createDecipheriv("aes-128-gcm", cek, nonce);
      d.setAuthTag(cipher.subarray(cipher.length - 16));
      const plain = Buffer.concat([d.update(cipher.subarray(0, cipher.length - 16)), d.final()]);
      return plain.subarray(0, plain.lastIndexOf(2)).toString();
    },
  };
}
