import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+react+2.17.5.patch (applied by `npm install`'s postinstall, decision 021): a
 * production page boots after its first frame. Both builds of @remix-run/react carry it alike, so
 * whichever one a bundler picks (the Worker's, the browser's) renders the same boot. The behaviour is
 * proven in the browser by tests/e2e/boot.spec.ts.
 */
const require = createRequire(import.meta.url);
const root = require.resolve("@remix-run/react/package.json").replace(/package\.json$/, "");
const builds = ["dist/esm/components.js", "dist/components.js"].map((file) => [file, readFileSync(`${root}${file}`, "utf8")] as const);

describe("the patched Remix <Scripts>", () => {
  it.each(builds)("%s waits for the first frame, then preloads the page's modules with its nonce", (_file, source) => {
    expect(source).toContain("function deferredBoot(manifest, enableFogOfWar)");
    expect(source).toContain("await new Promise(r=>document.hidden?r():requestAnimationFrame(()=>setTimeout(r)));");
    expect(source).toContain('let n=document.querySelector("script[nonce]")?.nonce;');
    expect(source).toContain('l.rel="modulepreload";l.href=h;if(n)l.nonce=n;');
    // The page's modulepreload links are no longer rendered into the HTML (but dev keeps Remix's boot).
    expect(source).toMatch(/return isHydrated \? null : deferredBoot\(manifest, enableFogOfWar\) \?/);
    expect(source).toContain("return enableFogOfWar && !(manifest.hmr && manifest.hmr.runtime);");
  });

  it("is applied by npm install", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.postinstall).toBe("patch-package");
    expect(readFileSync("patches/@remix-run+react+2.17.5.patch", "utf8")).toContain("Greenleaf patch (docs/decisions/021)");
  });
});
