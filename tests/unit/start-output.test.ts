import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createOutputFilter, READY, startBanner } from "../../scripts/start-output";

/** What `wrangler dev` printed on `npm start` before (trimmed from a real run, colours kept). */
const WRANGLER_OUTPUT = `
 ⛅️ wrangler 4.86.0 (update available 4.164.0)
──────────────────────────────────────────────
Using secrets defined in .dev.vars
Your Worker has access to the following bindings:
Binding                                            Resource                  Mode
env.MIGRATION_QUEUE (catalogue-migration)          Queue                     local
env.DB (greenleaf-shop)                            D1 Database               local
env.ADMIN_PASSWORD_HASH ("(hidden)")               Environment Variable      local

\x1b[33m▲ \x1b[43;33m[\x1b[43;30mWARNING\x1b[43;33m]\x1b[0m \x1b[1mScheduled Workers are not automatically triggered during local development.\x1b[0m

  To manually trigger a scheduled event, run:
    curl "http://127.0.0.1:8787/cdn-cgi/handler/scheduled"
  For more details, see https://developers.cloudflare.com/workers/configuration/cron-triggers/#test-cron-triggers-locally

⎔ Starting local server...
[wrangler:info] ✨ Parsed 2 valid header rules.
[wrangler:info] Ready on http://127.0.0.1:8787
[wrangler:info] GET / 200 OK (731ms)
\x1b[31m✘ \x1b[41;31m[\x1b[41;97mERROR\x1b[41;31m]\x1b[0m \x1b[1mUncaught Error: Network connection lost. \x1b[0m
    at async Promise.all (index 0)
[wrangler:info] POST /cart 303 See Other (20ms)
Catalogue migration 3f2a: inserted 54 products
\x1b[31m✘ \x1b[41;31m[\x1b[41;97mERROR\x1b[41;31m]\x1b[0m \x1b[1mProduct form: could not load Error: D1_ERROR\x1b[0m
`;

describe("npm start's output", () => {
  it("keeps the shop's own logs and real errors, drops wrangler's banner, bindings, tips, request lines and dropped connections", () => {
    const keep = createOutputFilter();
    const kept = WRANGLER_OUTPUT.split("\n")
      .filter(keep)
      .map((line) => line.replace(/\x1b\[[0-9;]*m/g, ""));
    expect(kept).toEqual(["Catalogue migration 3f2a: inserted 54 products", "✘ [ERROR] Product form: could not load Error: D1_ERROR"]);
  });

  it("drops a broken pipe from a browser that left mid-answer, with its stack, and keeps the next real error", () => {
    const keep = createOutputFilter();
    const stack = Array.from({ length: 10 }, (_, frame) => `    at frame${frame} (node:internal/stream_base_commons:${frame})`);
    const output = [
      "\x1b[31m✘ \x1b[41;31m[\x1b[41;97mERROR\x1b[41;31m]\x1b[0m \x1b[1mError: write EPIPE\x1b[0m",
      ...stack,
      // As wrangler 4.86's engine prints it when a browser leaves mid-answer (seen in the browser tests' server output).
      "✘ [ERROR] kj::getCaughtExceptionAsKj() = kj/async-io-unix.c++:186: disconnected: ::write(fd, buffer.begin(), buffer.size()): Broken pipe",
      ...stack,
      "✘ [ERROR] Product form: could not load Error: D1_ERROR",
    ];
    expect(output.filter(keep)).toEqual(["✘ [ERROR] Product form: could not load Error: D1_ERROR"]);
  });

  it("finds the address wrangler is ready on", () => {
    expect(READY.exec("[wrangler:info] Ready on http://127.0.0.1:8787")?.[1]).toBe("http://127.0.0.1:8787");
  });

  it("closes with the shop URL, the admin URL and the local credentials", () => {
    const banner = startBanner({ url: "http://localhost:8787", username: "admin", devPassword: "dev-password" });
    expect(banner).toContain("Shop    http://localhost:8787");
    expect(banner).toContain("Admin   http://localhost:8787/admin   (username admin, password dev-password)");
    expect(startBanner({ url: "http://localhost:8787", username: "owner", devPassword: null })).toContain(
      "username owner, the password whose hash is in .dev.vars",
    );
  });
});

describe("the server build wrangler bundles on start", () => {
  it("has no bare side-effect imports of packages (each made esbuild print an ignored-bare-import warning)", () => {
    const files = readdirSync("build/server", { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".js"))
      .map((name) => join("build/server", name));
    expect(files.length).toBeGreaterThan(0);
    const bare = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/import\s*"([^./"][^"]*)";/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(bare).toEqual([]);
  });
});
