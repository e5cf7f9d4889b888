// A stand-in for Cloudflare's edge in front of the local server, for page-load benchmarks
// (Lighthouse). Phones reach the edge over TLS with HTTP/2 (or 3), and the edge compresses
// text responses (Brotli or gzip); `wrangler dev` on loopback speaks plain HTTP/1.1 and does
// not compress. Lighthouse simulates a phone's network from what it observes: over HTTP/1.1
// it models six connections per origin, each opened and warmed up on its own, so the page's
// 15 scripts queue as they never do in production. The proxy therefore serves HTTPS + HTTP/2
// with a throwaway self-signed certificate, which the benchmark's Chromium is told to trust
// by its key (`--ignore-certificate-errors-spki-list`, see `spki`). WebSocket upgrades go
// through HTTP/1.1 on the same port, as browsers do when the server does not offer them
// over HTTP/2.
import { execFileSync, spawn } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { behindTheBrowser } from "./server.ts";

const COMPRESSIBLE =
  /^(text\/|application\/(javascript|json|manifest\+json|xml|gpx\+xml)|image\/svg\+xml)/;

/** Headers HTTP/2 forbids (RFC 9113 §8.2.2); an HTTP/1.1 upstream may send them. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"];

export interface EdgeProxy {
  /** https://127.0.0.1:<port> */
  url: string;
  /** Base64 SHA-256 of the certificate's public key, for Chromium's trust flag. */
  spki: string;
  close: () => Promise<void>;
}

/** A compressed answer kept by the proxy, as the edge keeps static assets in its cache. */
interface Cached {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

/** A self-signed certificate for 127.0.0.1, made with the system's openssl for this run only. */
function throwawayCertificate(): { key: Buffer; cert: Buffer; spki: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "rodamos-edge-tls-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"],
        ...["-nodes", "-days", "2", "-subj", "/CN=127.0.0.1"],
        ...["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", keyFile, "-out", certFile],
      ],
      { stdio: "ignore" },
    );
    const cert = readFileSync(certFile);
    const publicKey = new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" });
    return {
      key: readFileSync(keyFile),
      cert,
      spki: createHash("sha256").update(publicKey).digest("base64"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Chromium flags that make it trust the proxy's certificate (needs a --user-data-dir). */
export function trustFlags(proxy: Pick<EdgeProxy, "spki">): string[] {
  return [`--ignore-certificate-errors-spki-list=${proxy.spki}`];
}

export function startEdgeProxy(target: string): Promise<EdgeProxy> {
  const upstream = new URL(target);
  const { key, cert, spki } = throwawayCertificate();
  // Built assets have content-hashed names: the edge caches them compressed and does not
  // compress them again for every visitor. Compressing 400 KB of JS with Brotli per page load
  // on the two cores the browser runs on blurred the page-load figures.
  const cache = new Map<string, Cached>();
  const sockets = new Set<net.Socket>();
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const cacheKey =
      req.method === "GET" && req.url?.startsWith("/assets/")
        ? `${req.headers["accept-encoding"] ?? ""}|${req.url}`
        : null;
    const hit = cacheKey ? cache.get(cacheKey) : undefined;
    if (hit) {
      res.writeHead(hit.status, hit.headers);
      res.end(hit.body);
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: upstreamHeaders(req.headers),
      },
      (answer) => {
        // The browser may have given up on this request already (navigation, aborted fetch).
        if (closedByBrowser(res)) return void answer.resume();
        const type = String(answer.headers["content-type"] ?? "");
        const accepts = String(req.headers["accept-encoding"] ?? "");
        const encoding =
          !COMPRESSIBLE.test(type) || answer.headers["content-encoding"]
            ? null
            : accepts.includes("br")
              ? "br"
              : accepts.includes("gzip")
                ? "gzip"
                : null;
        const headers: http.OutgoingHttpHeaders = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        if (encoding) {
          delete headers["content-length"];
          headers["content-encoding"] = encoding;
          headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        if (!encoding) return void answer.pipe(res);
        const compressor =
          encoding === "br"
            ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
            : zlib.createGzip({ level: 6 });
        const keepAs = answer.statusCode === 200 ? cacheKey : null;
        const chunks: Buffer[] = [];
        if (keepAs) compressor.on("data", (c: Buffer) => chunks.push(c));
        pipeline(answer, compressor, res, (error) => {
          if (!error && keepAs)
            cache.set(keepAs, { status: 200, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on("close", () => forward.destroy());
    req.pipe(forward);
  });
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  // WebSockets (the app's notification channel) arrive over HTTP/1.1 and pass through as is.
  server.on("upgrade", (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const target = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const value =
          req.rawHeaders[i]!.toLowerCase() === "origin"
            ? asUpstreamOrigin(req.rawHeaders[i + 1]!)
            : req.rawHeaders[i + 1];
        lines.push(`${req.rawHeaders[i]}: ${value}`);
      }
      target.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) target.write(head);
      target.pipe(socket);
      socket.pipe(target);
    });
    const end = () => {
      target.destroy();
      socket.destroy();
    };
    target.on("error", end);
    socket.on("error", end);
  });

  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        url: `https://127.0.0.1:${address.port}`,
        spki,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * The request as the worker receives it behind the edge: HTTP/2's pseudo-headers become a
 * Host, and the edge's TLS ends here. The worker compares Origin with its own URL (CSRF check),
 * which on loopback is http://, so the browser's https:// origin is passed on as http://.
 */
function upstreamHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(":") && !HOP_BY_HOP.includes(name)) out[name] = value;
  }
  out.host = String(headers[":authority"] ?? headers.host ?? "");
  if (typeof headers.origin === "string") out.origin = asUpstreamOrigin(headers.origin);
  out["accept-encoding"] = "identity";
  return out;
}

/** Whether the browser has closed this request already (an HTTP/2 stream or an HTTP/1.1 one). */
function closedByBrowser(res: http2.Http2ServerResponse | http.ServerResponse): boolean {
  return "stream" in res && res.stream
    ? res.stream.destroyed
    : (res as http.ServerResponse).destroyed;
}

function asUpstreamOrigin(origin: string): string {
  return origin.replace(/^https:\/\//, "http://");
}

/**
 * The proxy in a process of its own: in Lighthouse's process, its event loop (busy with the
 * trace it receives) would delay the page's requests and blur the figures.
 */
export function startEdgeProxyProcess(target: string): Promise<EdgeProxy> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), target], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  behindTheBrowser(child);
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`edge proxy exited (${code})`)));
    child.stdout.setEncoding("utf8");
    child.stdout.once("data", (line: string) =>
      resolve({
        ...(JSON.parse(line) as Pick<EdgeProxy, "url" | "spki">),
        close: () =>
          new Promise<void>((done) => {
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.kill();
          }),
      }),
    );
  });
}

// `node tests/bench/edge-proxy.ts <target>` prints the proxy's URL and key hash (JSON) and serves
// until killed.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const proxy = await startEdgeProxy(process.argv[2] ?? "");
  process.stdout.write(`${JSON.stringify({ url: proxy.url, spki: proxy.spki })}\n`);
}
