// Cloudflare's edge compresses text responses (Brotli or gzip) on their way to the browser;
// `vite preview` on loopback does not. Page-load benchmarks (Lighthouse) put this proxy in
// front of the preview so they measure the bytes a phone really downloads. WebSocket upgrades
// pass through untouched (the app's notification channel).
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { pipeline } from "node:stream";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { behindTheBrowser } from "./server.ts";

const COMPRESSIBLE =
  /^(text\/|application\/(javascript|json|manifest\+json|xml|gpx\+xml)|image\/svg\+xml)/;

export interface EdgeProxy {
  url: string;
  close: () => Promise<void>;
}

/** A compressed answer kept by the proxy, as the edge keeps static assets in its cache. */
interface Cached {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

export function startEdgeProxy(target: string): Promise<EdgeProxy> {
  const upstream = new URL(target);
  // Built assets have content-hashed names: the edge caches them compressed and does not
  // compress them again for every visitor. Compressing 400 KB of JS with Brotli per page load
  // on the two cores the browser runs on blurred the page-load figures.
  const cache = new Map<string, Cached>();
  const server = http.createServer((req, res) => {
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
        // The Host stays the proxy's: the worker's Origin check compares it with Origin.
        headers: { ...req.headers, "accept-encoding": "identity" },
      },
      (answer) => {
        // The browser may have given up on this request already (navigation, aborted fetch).
        if (res.destroyed) return void answer.resume();
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
        const headers = { ...answer.headers };
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

  server.on("upgrade", (req, socket, head) => {
    const target = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
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
        url: `http://127.0.0.1:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
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
        url: line.trim(),
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

// `node tests/bench/edge-proxy.ts <target>` prints the proxy's URL and serves until killed.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const proxy = await startEdgeProxy(process.argv[2] ?? "");
  process.stdout.write(`${proxy.url}\n`);
}
