import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { describe, expect, it } from "vitest";
import { assertPortFree, freePort, PortInUseError } from "../../scripts/port";

function occupy(port: number) {
  return new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

describe("ports for scripts that start a server", () => {
  it("a taken port fails at once with a clear message", async () => {
    const port = await freePort();
    const server = await occupy(port);
    try {
      const started = Date.now();
      const error = await assertPortFree(port, "Run it with --port 9999.").catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as Error).message).toBe(
        `Port ${port} is already in use (another npm start, test or bench run?). Run it with --port 9999.`,
      );
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      server.close();
    }
  });

  it("a free port passes, and freePort finds one", async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(1023);
    await expect(assertPortFree(port)).resolves.toBeUndefined();
  });

  it.each([
    "scripts/start.ts",
    "scripts/e2e-server.ts",
    "scripts/local-worker.ts",
    "scripts/load.ts",
    "scripts/bench.ts",
    "scripts/lighthouse.ts",
    "scripts/hydration-window.ts",
  ])("%s checks its port before starting a server (no fixed port without the check)", (file) => {
    const source = readFileSync(file, "utf8");
    expect(source).toMatch(/from "\.\/port"/);
    expect(source).not.toMatch(/const port = \d{4}/);
  });
});
