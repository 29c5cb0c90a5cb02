import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Everything a browser can download: the client build (run `npm run build` first). */
function clientFiles(dir = "build/client"): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? clientFiles(path) : [path];
  });
}

const devVars = readFileSync(".dev.vars.example", "utf8");
const exampleHash = /^ADMIN_PASSWORD_HASH=(.+)$/m.exec(devVars)?.[1] ?? "";

describe("the client build holds no secret", () => {
  it("exists (npm test builds before this layer)", () => {
    expect(existsSync("build/client"), "run `npm run build` first").toBe(true);
  });

  it.each([
    ["the local admin password", "dev-password"],
    ["the local admin password hash", exampleHash],
    ["any PBKDF2 hash", "pbkdf2-sha256$"],
    ["the password hash variable", "ADMIN_PASSWORD_HASH"],
    ["the session secret variable", "SESSION_SECRET"],
    ["the test session secret", "test-session-secret"],
  ])("no file contains %s", (_label, needle) => {
    expect(needle.length).toBeGreaterThan(5);
    const offenders = clientFiles().filter((file) => readFileSync(file, "utf8").includes(needle));
    expect(offenders).toEqual([]);
  });
});

describe("a page's JavaScript carries no copy it never shows", () => {
  const scripts = () => clientFiles("build/client/assets").filter((file) => file.endsWith(".js"));
  const chunk = (prefix: string) => scripts().filter((file) => file.split("/").pop()!.startsWith(prefix));

  it("the fixed category pages' copy stays on the server (the loader sends the one page it needs)", () => {
    const offenders = scripts().filter((file) => readFileSync(file, "utf8").includes("Light-deprivation flower with greenhouse character"));
    expect(offenders).toEqual([]);
  });

  it("the storefront's words stay on the server: no chunk holds the home, FAQ or policy texts (the loaders send them)", () => {
    expect(chunk("_index-")).toHaveLength(1);
    for (const text of ["Lab reports you can read", "What if something is wrong with my order?", "What this shop keeps in your browser"]) {
      const offenders = scripts().filter((file) => readFileSync(file, "utf8").includes(text));
      expect(offenders, text).toEqual([]);
    }
  });
});
