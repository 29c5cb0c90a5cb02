/**
 * Where an uncached render's time goes (decision 031). Runs the built Remix server (build/server)
 * in Node with the Worker's export conditions (React's server.browser build, as in the Worker) and
 * NODE_ENV=production, on the local D1 (wrangler's getPlatformProxy; each distinct statement read
 * once, then answered from memory: D1 is I/O, and the proxy's serialisation would swamp the profile),
 * and renders one page N times through Remix's request handler, reading every body to its end:
 *
 *   npm run build && npm run bench:render -- [--path /shop] [--n 300] [--profile FILE.cpuprofile] [--real-d1]
 *   npm run bench:render -- --floor --floor-html page.html [--n 40] [--rounds 8]
 *   npm run bench:render -- --compare-build ../other/build/server/index.js [--n 40] [--rounds 8]
 *   npx tsx scripts/render-profile.ts --summarise FILE.cpuprofile [--callers functionName]
 *
 * Prints the handler's time per request (p50/mean) and the render part Server-Timing reports.
 * --profile records a CPU profile of the measured renders only; --summarise attributes its self-time
 * by package, by stage (whole stack), by component, and (--callers) a function's inclusive time by
 * caller. --floor renders the page's own HTML as plain React elements, alternated with the real
 * request; --compare-build alternates this build with another in one process.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { ReactNode } from "react";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index > -1 ? args[index + 1]! : fallback;
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

const PARTS: Array<[string, RegExp]> = [
  ["react-dom/server", /react-dom\/(cjs\/)?react-dom-server/],
  ["react (elements, hooks)", /node_modules\/react\/|react-jsx-runtime|react\.production/],
  ["turbo-stream", /turbo-stream/],
  ["@remix-run/server-runtime", /@remix-run\/server-runtime/],
  ["@remix-run/router", /@remix-run\/router/],
  ["@remix-run/react", /@remix-run\/react/],
  ["drizzle-orm", /drizzle-orm/],
  ["zod", /node_modules\/zod/],
  ["wrangler D1 proxy (not in a Worker)", /wrangler|miniflare|undici|capnp|devalue/],
  ["app code (build/server)", /build\/server/],
  ["tsx / harness", /tsx|render-profile/],
];

export function summarise(file: string) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // A builtin's or native function's time (no URL) counts for the nearest caller that has one.
  const owner = (id: number) => {
    let current: number | undefined = id;
    while (current !== undefined && !byId.get(current)!.callFrame.url) current = parent.get(current);
    return current === undefined ? id : current;
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of self) {
    const { functionName } = byId.get(id)!.callFrame;
    const { url } = byId.get(owner(id))!.callFrame;
    let part: string;
    if (functionName === "(idle)") part = "(idle: waiting for D1)";
    else if (functionName === "(garbage collector)") part = "(garbage collector)";
    else if (functionName === "(program)") part = "(program: V8/engine)";
    else if (!url) part = "(native, no JS caller)";
    else part = PARTS.find(([, pattern]) => pattern.test(url))?.[0] ?? `other: ${url.replace(/.*node_modules\//, "").split("/")[0]}`;
    parts.set(part, (parts.get(part) ?? 0) + micros);
    const key = `${functionName || "(anonymous)"} ${url.replace(/.*node_modules\//, "").replace(/.*build\/server\//, "build/")}`;
    functions.set(key, (functions.get(key) ?? 0) + micros);
    total += micros;
  }
  const busy = total - (parts.get("(idle: waiting for D1)") ?? 0);
  console.log(`| part | self ms | share of busy time |\n|---|---:|---:|`);
  for (const [part, micros] of [...parts].sort((a, b) => b[1] - a[1])) {
    console.log(
      `| ${part} | ${(micros / 1000).toFixed(0)} | ${part.startsWith("(idle") ? "-" : `${((100 * micros) / busy).toFixed(1)}%`} |`,
    );
  }
  // Inclusive time of the functions that head each stage of a render.
  const inclusive = new Map<string, number>();
  const stages = (
    option("stages", "") ||
    "handleRequest,handleDocumentRequest,renderToReadableStream,encodeViaTurboStream,loader,matchRoutes,encode,decode,textEncoderEncode,startWork,performWork"
  ).split(",");
  for (const [id, micros] of self) {
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const frame = byId.get(current)!.callFrame;
      const name = `${frame.functionName} ${frame.url.replace(/.*node_modules\//, "").replace(/.*build\/server\//, "build/")}`;
      if (stages.includes(frame.functionName) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
      }
    }
  }
  console.log(`\nInclusive time (self + callees):`);
  for (const [name, micros] of [...inclusive].sort((a, b) => b[1] - a[1])) {
    console.log(`${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`);
  }
  // Stages: each sample goes to the first stage (in this order) with a frame anywhere on its stack.
  const STAGES: Array<[string, (frame: ProfileNode["callFrame"]) => boolean]> = [
    ["turbo-stream (loader data for hydration)", (f) => /turbo-stream/.test(f.url)],
    ["React render (renderer, components, hooks, HTML encoding)", (f) => /react-dom-server/.test(f.url)],
    [
      "loaders (app code, drizzle, zod, D1 calls)",
      (f) => /drizzle-orm|node_modules\/zod|build\/server|callLoaderOrAction/.test(f.url + f.functionName),
    ],
    ["Remix request handling (matching, headers, meta)", (f) => /@remix-run\/(server-runtime|router)/.test(f.url)],
  ];
  const stageTime = new Map<string, number>();
  for (const [id, micros] of self) {
    const name = byId.get(id)!.callFrame.functionName;
    let stage = name === "(idle)" ? "" : name === "(garbage collector)" ? "(garbage collector)" : "other (harness, Node streams, profiler)";
    if (stage.startsWith("other")) {
      const stack: ProfileNode["callFrame"][] = [];
      for (let current: number | undefined = id; current !== undefined; current = parent.get(current))
        stack.push(byId.get(current)!.callFrame);
      stage = STAGES.find(([, test]) => stack.some(test))?.[0] ?? stage;
    }
    if (stage) stageTime.set(stage, (stageTime.get(stage) ?? 0) + micros);
  }
  console.log(`\n| stage | share of busy time |\n|---|---:|`);
  for (const [stage, micros] of [...stageTime].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${stage} | ${((100 * micros) / busy).toFixed(1)}% |`);
  }
  // Each component's body and hooks (React renders its children later, outside its frame): the
  // innermost app-code or Remix/React Router frame on each sample's stack.
  const components = new Map<string, number>();
  for (const [id, micros] of self) {
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const frame = byId.get(current)!.callFrame;
      if (/build\/server|@remix-run\/react|react-router/.test(frame.url) && /^[A-Z]/.test(frame.functionName)) {
        const name = `${frame.functionName} (${
          /build\/server/.test(frame.url)
            ? "app"
            : frame.url
                .replace(/.*node_modules\//, "")
                .split("/")
                .slice(0, 2)
                .join("/")
        })`;
        components.set(name, (components.get(name) ?? 0) + micros);
        break;
      }
    }
  }
  console.log(`\nComponents (body and hooks, innermost capitalised frame):`);
  for (const [name, micros] of [...components].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`);
  }
  const callersOf = option("callers", "");
  if (callersOf) {
    const callers = new Map<string, number>();
    for (const [sampled, micros] of self) {
      // The outermost call of the function on this sample's stack: its time includes its callees.
      let id: number | undefined;
      for (let current: number | undefined = sampled; current !== undefined; current = parent.get(current)) {
        if (byId.get(current)!.callFrame.functionName === callersOf) id = current;
      }
      if (id === undefined) continue;
      const chain: string[] = [];
      for (let current = parent.get(id); current !== undefined && chain.length < 5; current = parent.get(current)) {
        const frame = byId.get(current)!.callFrame;
        chain.push(`${frame.functionName || "(anon)"}@${frame.url.replace(/.*node_modules\//, "").replace(/.*\//, "")}`);
      }
      const key = chain.join(" < ");
      callers.set(key, (callers.get(key) ?? 0) + micros);
    }
    console.log(`\nCallers of ${callersOf} (its inclusive time):`);
    for (const [chain, micros] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      console.log(`${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${chain}`);
    }
  }
  console.log(`\nTop functions by self time:`);
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`);
  }
}

/**
 * The local D1, each distinct statement read once and then answered from memory: D1 time is I/O
 * (Server-Timing measures it in the Worker), and the proxy's own serialisation in Node would
 * otherwise drown the render in the profile. Only for reads; a page render writes nothing.
 */
function replayD1(d1: D1Database): D1Database {
  const answers = new Map<string, Promise<unknown>>();
  const remember = (key: string, read: () => Promise<unknown>) => {
    if (!answers.has(key)) {
      if (process.env.REPLAY_DEBUG) console.log("D1 miss", key.slice(0, 300));
      answers.set(key, read());
    }
    return answers.get(key)! as Promise<never>;
  };
  // The proxy's prepare and bind are synchronous round trips to workerd: made only on a miss.
  const real = (sql: string, values: unknown[]) => (values.length ? d1.prepare(sql).bind(...values) : d1.prepare(sql));
  const statement = (sql: string, values: unknown[]): D1PreparedStatement => {
    const key = (method: string, extra: unknown) => JSON.stringify([sql, values, method, extra ?? null]);
    return {
      bind: (...next: unknown[]) => statement(sql, next),
      all: () => remember(key("all", null), () => real(sql, values).all()),
      raw: (options?: { columnNames?: boolean }) => remember(key("raw", options), () => real(sql, values).raw(options as never)),
      first: (column?: string) => remember(key("first", column), () => real(sql, values).first(column as never)),
      run: () => remember(key("run", null), () => real(sql, values).run()),
      __key: key("batch", null),
      __real: () => real(sql, values),
    } as unknown as D1PreparedStatement;
  };
  return {
    prepare: (sql: string) => statement(sql, []),
    batch: (statements: D1PreparedStatement[]) => {
      const parts = statements as unknown as Array<{ __key: string; __real: () => D1PreparedStatement }>;
      return remember(JSON.stringify(parts.map((p) => p.__key)), () => d1.batch(parts.map((p) => p.__real())));
    },
    exec: (sql: string) => d1.exec(sql),
    withSession: () => {
      throw new Error("not in a render");
    },
    dump: () => d1.dump(),
  } as unknown as D1Database;
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const RENAMED: Record<string, string> = { class: "className", for: "htmlFor", charset: "charSet", crossorigin: "crossOrigin" };

/** The page's HTML as plain React elements: the same markup with no components, hooks or data. */
async function plainTree(html: string) {
  const { createElement } = await import("react");
  type Node = { type: string; props: Record<string, unknown>; children: Array<Node | string> };
  const root: Node = { type: "root", props: {}, children: [] };
  const stack = [root];
  const tokens = /<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|<\/([a-zA-Z0-9-]+)\s*>|<([a-zA-Z0-9-]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)/g;
  const unescape = (text: string) =>
    text.replace(
      /&(amp|lt|gt|quot|#x27|#39);/g,
      (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[e]!,
    );
  let match: RegExpExecArray | null;
  while ((match = tokens.exec(html))) {
    const [, close, open, attributes, text] = match;
    const top = stack[stack.length - 1]!;
    if (text !== undefined) top.children.push(unescape(text));
    else if (close) stack.pop();
    else if (open) {
      const props: Record<string, unknown> = {};
      for (const [, name, value] of attributes!.matchAll(/\s+([^\s=>/]+)(?:="([^"]*)")?/g)) {
        const key = RENAMED[name!] ?? name!;
        if (key === "style") {
          props.style = Object.fromEntries(
            value!
              .split(";")
              .filter(Boolean)
              .map((rule) => {
                const [k, ...v] = rule.split(":");
                return [k!.trim().replace(/-([a-z])/g, (_: string, c: string) => c.toUpperCase()), v.join(":").trim()];
              }),
          );
        } else props[key] = value === undefined ? true : unescape(value);
      }
      const node: Node = { type: open, props, children: [] };
      top.children.push(node);
      if (open === "script" || open === "style") {
        const end = html.indexOf(`</${open}>`, tokens.lastIndex);
        node.props.dangerouslySetInnerHTML = { __html: html.slice(tokens.lastIndex, end) };
        tokens.lastIndex = end + open.length + 3;
      } else if (!VOID.has(open) && !match[0].endsWith("/>")) stack.push(node);
    }
  }
  const toElement = (node: Node | string, key: number): ReactNode =>
    typeof node === "string"
      ? node
      : createElement(node.type, { ...node.props, key }, ...(node.children.length ? node.children.map(toElement) : []));
  const html0 = root.children.find((c) => typeof c !== "string" && c.type === "html") as Node;
  return toElement(html0, 0);
}

/**
 * The floor: the same page's markup rendered by React 18 as plain elements (renderToReadableStream,
 * read to the end, as the page is), alternated with the real handler in one run.
 */
async function floor(once: () => Promise<{ wall: number; d1: number; render: number }>, htmlFile: string) {
  const { renderToReadableStream } = await import("react-dom/server");
  const html = htmlFile ? readFileSync(htmlFile, "utf8") : "";
  const tree = await plainTree(html);
  // `render` as Server-Timing measures it (until the shell is ready), `wall` to the stream's end.
  const plain = async () => {
    const start = performance.now();
    const stream = await renderToReadableStream(tree as never);
    const render = performance.now() - start;
    const text = await new Response(stream).text();
    return { wall: performance.now() - start, render, bytes: text.length };
  };
  console.log(`plain tree renders ${(await plain()).bytes} characters (the page: ${html.length})`);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rounds = Number(option("rounds", "6"));
  const per = Number(option("n", "60"));
  const wallRatios: number[] = [];
  const renderRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const page = { wall: [] as number[], render: [] as number[] };
    const bare = { wall: [] as number[], render: [] as number[] };
    const order = round % 2 === 0 ? ["page", "plain"] : ["plain", "page"];
    for (const which of order) {
      for (let i = 0; i < per; i++) {
        const sample = which === "page" ? await once() : await plain();
        const into = which === "page" ? page : bare;
        into.wall.push(which === "page" ? sample.wall - (sample as { d1: number }).d1 : sample.wall);
        into.render.push(sample.render);
      }
    }
    wallRatios.push(median(bare.wall) / median(page.wall));
    renderRatios.push(median(bare.render) / median(page.render));
    console.log(
      `round ${round + 1}: page p50 ${median(page.wall).toFixed(2)} ms (render ${median(page.render).toFixed(2)}), ` +
        `plain markup p50 ${median(bare.wall).toFixed(2)} ms (render ${median(bare.render).toFixed(2)}), ` +
        `ratios ${wallRatios[round]!.toFixed(2)} / ${renderRatios[round]!.toFixed(2)}`,
    );
  }
  console.log(
    `plain markup / page, median of ${rounds} rounds: whole request ${median(wallRatios).toFixed(2)}, render (to shell) ${median(renderRatios).toFixed(2)}`,
  );
}

type Sample = { wall: number; render: number; d1: number };

/** This build (A) and another (B) in one process on the same D1, alternated A,B / B,A per round. */
async function compareBuilds(a: () => Promise<Sample>, b: () => Promise<Sample>) {
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  for (let i = 0; i < 50; i++) {
    await a();
    await b();
  }
  const rounds = Number(option("rounds", "6"));
  const per = Number(option("n", "60"));
  const wallRatios: number[] = [];
  const renderRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const got = { A: [] as Sample[], B: [] as Sample[] };
    for (const name of round % 2 === 0 ? (["A", "B"] as const) : (["B", "A"] as const)) {
      for (let i = 0; i < per; i++) got[name].push(await (name === "A" ? a : b)());
    }
    const work = (samples: Sample[]) => median(samples.map((s) => s.wall - s.d1));
    const render = (samples: Sample[]) => median(samples.map((s) => s.render));
    wallRatios.push(work(got.A) / work(got.B));
    renderRatios.push(render(got.A) / render(got.B));
    console.log(
      `round ${round + 1}: A request−D1 p50 ${work(got.A).toFixed(2)} ms, render ${render(got.A).toFixed(2)} · ` +
        `B ${work(got.B).toFixed(2)} ms, render ${render(got.B).toFixed(2)} · A/B ${wallRatios[round]!.toFixed(2)} / ${renderRatios[round]!.toFixed(2)}`,
    );
  }
  console.log(`A/B, median of ${rounds} rounds: request−D1 ${median(wallRatios).toFixed(2)}, render ${median(renderRatios).toFixed(2)}`);
}

async function run() {
  const path = option("path", "/shop");
  const n = Number(option("n", "300"));
  const { getPlatformProxy } = await import("wrangler");
  const { createRequestHandler } = await import("@remix-run/cloudflare");
  const { getLoadContext } = await import("../app/server/load-context");
  const { prepareLocal } = await import("./prepare-local");
  const persistTo = ".wrangler/render-profile";
  await prepareLocal(persistTo, undefined, { quiet: true });
  const proxy = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } });
  const env = args.includes("--real-d1") ? proxy.env : { ...proxy.env, DB: replayD1(proxy.env.DB) };
  // The Worker's global Cache API (the listing counts keep theirs in it, decision 032): wrangler's
  // stand-in in Node, which keeps nothing; the isolate's own map still keeps counts, as in a Worker.
  (globalThis as { caches?: unknown }).caches ??= proxy.caches;
  // As the Worker's entry does before React's renderer loads (decision 033).
  const { installShortStringTextEncoder } = await import("../app/server/text-encoder.server");
  installShortStringTextEncoder();
  const build = await import(pathToFileURL("build/server/index.js").href);
  const ctx = { waitUntil: () => {}, passThroughOnException: () => {} };
  const handlerFor = (serverBuild: typeof build) => {
    const handleBuild = createRequestHandler(serverBuild, "production");
    return async () => {
      const request = new Request(`http://127.0.0.1${path}`, { headers: { "User-Agent": "Mozilla/5.0 render-profile" } });
      const start = performance.now();
      const response = await handleBuild(request, getLoadContext({ request, context: { cloudflare: { env, ctx } } }));
      await response.arrayBuffer();
      const wall = performance.now() - start;
      const timing = response.headers.get("Server-Timing") ?? "";
      return { wall, render: Number(/render;dur=([\d.]+)/.exec(timing)?.[1]), d1: Number(/d1;dur=([\d.]+)/.exec(timing)?.[1]) };
    };
  };
  const otherBuild = option("compare-build", "");
  if (otherBuild) {
    await compareBuilds(handlerFor(build), handlerFor(await import(pathToFileURL(otherBuild).href)));
    await proxy.dispose();
    return;
  }
  const handle = createRequestHandler(build, "production");
  const once = async () => {
    const request = new Request(`http://127.0.0.1${path}`, { headers: { "User-Agent": "Mozilla/5.0 render-profile" } });
    const start = performance.now();
    const response = await handle(request, getLoadContext({ request, context: { cloudflare: { env, ctx } } }));
    const html = await response.text();
    const wall = performance.now() - start;
    const timing = response.headers.get("Server-Timing") ?? "";
    return {
      wall,
      render: Number(/render;dur=([\d.]+)/.exec(timing)?.[1]),
      d1: Number(/d1;dur=([\d.]+)/.exec(timing)?.[1]),
      bytes: html.length,
      status: response.status,
    };
  };
  const first = await once();
  // A profile of an error page says nothing about the page: stop instead of measuring it.
  if (first.status !== 200) throw new Error(`render-profile: ${path} answered ${first.status}, not 200; nothing measured`);
  for (let i = 0; i < 50; i++) await once();
  if (args.includes("--floor")) {
    await floor(once, option("floor-html", ""));
    await proxy.dispose();
    return;
  }
  const profileTo = option("profile", "");
  const session = profileTo ? new (await import("node:inspector")).Session() : null;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((done, fail) => session!.post(method, params ?? {}, (error, result) => (error ? fail(error) : done(result))));
  if (session) {
    session.connect();
    await post("Profiler.enable");
    await post("Profiler.setSamplingInterval", { interval: 100 });
    await post("Profiler.start");
  }
  const samples = [];
  for (let i = 0; i < n; i++) samples.push(await once());
  if (session) {
    const { profile } = (await post("Profiler.stop")) as { profile: unknown };
    writeFileSync(profileTo, JSON.stringify(profile));
    console.log(`CPU profile of the measured renders: ${profileTo}`);
  }
  const stat = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms, mean ${(values.reduce((s, v) => s + v, 0) / values.length).toFixed(2)} ms`;
  };
  console.log(`${path} × ${n} (status ${samples[0]!.status}, ${samples[0]!.bytes} characters of HTML)`);
  console.log(`  handler wall (D1 included): ${stat(samples.map((s) => s.wall))}`);
  console.log(`  D1 (Server-Timing):          ${stat(samples.map((s) => s.d1))}`);
  console.log(`  render (Server-Timing):      ${stat(samples.map((s) => s.render))}`);
  console.log(`  wall − D1:                   ${stat(samples.map((s) => s.wall - s.d1))}`);
  await proxy.dispose();
}

if (args.includes("--summarise")) summarise(option("summarise", ""));
else await run();
