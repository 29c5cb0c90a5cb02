/**
 * A form post sent the way a hostile or streaming client sends it: `Transfer-Encoding: chunked`
 * (no Content-Length), or with a declared length, optionally trickling on after its bytes. Used by
 * the load test's attacker and tests/server/body-limit.ts against wrangler's local engine.
 */
import { request } from "node:http";

export type ChunkedPost = {
  origin: string;
  path: string;
  bytes: number;
  /** Send Content-Length instead of chunked. */
  declareLength?: boolean;
  /** After `bytes`, keep sending 1 KB every 200 ms until the server answers (or trickleMs is up, then end the body). */
  trickle?: boolean;
  trickleMs?: number;
  /** PUT for the video parts; POST by default. */
  method?: "POST" | "PUT";
  /** Bytes sent first (a file's signature), counted in `bytes`; the rest is the letter a. */
  first?: Uint8Array;
  headers?: Record<string, string>;
  /** Give up after this long (ms). */
  timeoutMs?: number;
};

/** The answer: status and body, or the transport error ("ECONNRESET": the server cut the body off), and how long it took. */
export type ChunkedAnswer = { status: number | null; body: string; error: string | null; ms: number };

export function chunkedPost({
  origin,
  path,
  bytes,
  declareLength = false,
  trickle = false,
  trickleMs,
  method = "POST",
  first,
  headers = {},
  timeoutMs = 30_000,
}: ChunkedPost) {
  const started = Date.now();
  return new Promise<ChunkedAnswer>((resolve) => {
    let settled = false;
    let ticker: ReturnType<typeof setInterval> | undefined;
    const finish = (answer: Omit<ChunkedAnswer, "ms">) => {
      if (settled) return;
      settled = true;
      clearInterval(ticker);
      clearTimeout(timer);
      req.destroy();
      resolve({ ...answer, ms: Date.now() - started });
    };
    const req = request(`${origin}${path}`, {
      method,
      headers: {
        Origin: origin,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(declareLength ? { "Content-Length": String(bytes) } : { "Transfer-Encoding": "chunked" }),
        ...headers,
      },
    });
    const timer = setTimeout(() => finish({ status: null, body: "", error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (body.length < 10_000) body += chunk;
      });
      res.on("end", () => finish({ status: res.statusCode ?? null, body, error: null }));
      res.on("error", (error) => finish({ status: res.statusCode ?? null, body, error: error.message }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => finish({ status: null, body: "", error: error.code ?? error.message }));

    const chunk = Buffer.alloc(8192, "a");
    let sent = 0;
    if (first) {
      sent = Math.min(first.byteLength, bytes);
      req.write(first.subarray(0, sent));
    }
    const write = () => {
      while (sent < bytes && !settled) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", write);
      }
      if (!trickle) req.end();
      else {
        const trickleStarted = Date.now();
        ticker = setInterval(() => {
          if (settled) return;
          if (trickleMs !== undefined && Date.now() - trickleStarted >= trickleMs) {
            clearInterval(ticker);
            req.end();
          } else {
            req.write(chunk.subarray(0, 1024));
          }
        }, 200);
      }
    };
    write();
  });
}
