/**
 * What an isolate remembers between requests (page copies, the catalogue-version memo, listing counts,
 * parsed documents) is kept by the module that owns it, which registers here how to forget it. A fresh
 * isolate starts with nothing remembered; `forgetIsolateMemory` brings a running one back to that, so the
 * worker tests, which run many files one after another in one isolate, start each file as a new isolate would.
 *
 * The list lives on the isolate's global, not in this module: the Remix server build bundles its own copy
 * of the modules the Worker entry imports too, and both copies' memory must be forgotten together.
 */
const FORGETTERS = Symbol.for("greenleaf.isolateMemory");
// A property of our own on the global, under a symbol no one else uses.
const isolate = globalThis as typeof globalThis & { [FORGETTERS]?: (() => void)[] };
const forgetters = (isolate[FORGETTERS] ??= []);

/** Registers how to forget one module's isolate memory (called once, at the module's top). */
export function rememberedInIsolate(forget: () => void) {
  forgetters.push(forget);
}

/** Forgets everything every loaded module remembers in this isolate. */
export function forgetIsolateMemory() {
  for (const forget of forgetters) forget();
}
