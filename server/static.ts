// The built client (dist/client) over HTTP: the build precompresses each text file (.br and .gz beside
// it, see client/vite.config.ts), and the answer is the smallest copy the browser accepts, with
// Vary: Accept-Encoding. Files whose names carry a content hash (assets/) never change under that
// name, so browsers keep them a year without asking again; everything else (index.html, which names
// the current hashes, and the rules reference) is revalidated on every use.
import path from "node:path";
import type { ServerResponse } from "node:http";
import expressStaticGzip from "express-static-gzip";

/** The folder of hashed file names in the build (Vite's build.assetsDir). */
export const HASHED_DIR = "assets";

/** A year, the most a browser is told to keep a file (RFC 9111 caps max-age freshness there in practice). */
export const YEAR_SECONDS = 365 * 24 * 60 * 60;
export const HASHED_CACHE = `public, max-age=${YEAR_SECONDS}, immutable`;
/** Kept, but checked with the server (ETag / Last-Modified) before each use. */
export const REVALIDATE_CACHE = "no-cache";

/** Serves `root` (the built client) with precompressed copies and the cache rules above. */
export function staticClient(root: string) {
  const hashed = path.join(path.resolve(root), HASHED_DIR) + path.sep;
  return expressStaticGzip(root, {
    enableBrotli: true,
    // brotli is smaller than gzip for the same file: chosen whenever the browser takes both
    orderPreference: ["br", "gzip"],
    index: "index.html",
    serveStatic: {
      // serve-static's own max-age would apply to every file: the headers are set per file below
      cacheControl: false,
      // never list a folder, never answer for dotfiles
      redirect: false,
      dotfiles: "ignore",
      setHeaders: (res: ServerResponse, file: string) => {
        res.setHeader("Cache-Control", file.startsWith(hashed) ? HASHED_CACHE : REVALIDATE_CACHE);
      },
    },
  });
}
