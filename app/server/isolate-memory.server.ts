/**
 * What an isolate remembers between requests (page copies, the catalogue-version memo, listing counts,
 * parsed documents) is kept by the module that owns it, which registers here how to forget it. A fresh
 * isolate starts with nothing remembered; `forgetIsolateMemory` brings a running one back to that, so the
 * worker tests, which run many files one after another in one isolate, start each file as a new isolate would.
 */
const forgetters: (() => void)[] = [];

/** Registers how to forget one module's isolate memory (called once, at the module's top). */
export function rememberedInIsolate(forget: () => void) {
  forgetters.push(forget);
}

/** Forgets everything every loaded module remembers in this isolate. */
export function forgetIsolateMemory() {
  for (const forget of forgetters) forget();
}
