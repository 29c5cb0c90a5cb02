/**
 * Every request body is read to its end before its answer leaves, whoever answered it and however
 * early: a route that refuses an upload after peeking at its first bytes (415), an admin route that
 * answers 401/403 without touching the body, the form limit's 413. Why: wrangler's local engine
 * (npm start, the browser tests, the bench and the load test) breaks the connection behind its dev
 * proxy when a Worker answers while the client is still sending, and the next request on it answers
 * 503 "Your worker restarted mid-request" or hangs (measured: draining after the answer, in
 * waitUntil, is not enough). A deployed Worker needs none of this, and reading a body to its end
 * costs next to nothing: discarded bytes arrive only as fast as the client sends them.
 */

/** How long the rest of a body is read at the pace the client sends it; after that, at a bounded pace (see drainBody). */
export const DRAIN_TIME_LIMIT_MS = 5_000;
/** After DRAIN_TIME_LIMIT_MS, the pause between two reads: a client that is still sending is slowed down, never cut off. */
const SLOW_DRAIN_PAUSE_MS = 1;
/** A client that sends nothing at all for this long has stalled: its body is cancelled and it gets its answer. */
const DRAIN_IDLE_LIMIT_MS = 5_000;

/**
 * Reads what is left of a body and throws it away. A client still sending is never cut off: on the
 * local engine a body cancelled while bytes are still arriving costs *another* visitor's request a
 * 503 or a hang (measured with a 20 KB/s sender beside a stream of cart posts), just as answering
 * early does. Past DRAIN_TIME_LIMIT_MS each read waits SLOW_DRAIN_PAUSE_MS first, so an endless fast
 * sender costs little CPU (backpressure slows it) while it waits for its answer. Only a client that
 * has stalled (nothing for DRAIN_IDLE_LIMIT_MS, e.g. one waiting for the answer before it sends on)
 * is cut off. Never throws: a client that went away has nothing left to read.
 */
export async function drainBody(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const started = Date.now();
  try {
    for (;;) {
      if (Date.now() - started > DRAIN_TIME_LIMIT_MS) await new Promise((resolve) => setTimeout(resolve, SLOW_DRAIN_PAUSE_MS));
      const next = await withinIdleLimit(reader.read());
      if (next === "stalled") {
        await reader.cancel("nothing sent for the idle limit").catch(() => {});
        return;
      }
      if (next.done) return;
    }
  } catch {
    // the client went away: nothing left to read
  }
}

async function withinIdleLimit<T>(read: Promise<T>): Promise<T | "stalled"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<"stalled">((resolve) => {
    timer = setTimeout(() => resolve("stalled"), DRAIN_IDLE_LIMIT_MS);
  });
  try {
    return await Promise.race([read, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

export type TrackedRequest = {
  /** The request to hand to the app: the same, its body read through a stream that knows when it ended. */
  request: Request;
  /** Reads and discards whatever of the body the app left unread (or cancelled), then hands back the response. */
  settle: (response: Response) => Promise<Response>;
};

/**
 * Wraps a request's body so the Worker entry can tell, once the app has answered, whether it was
 * read to its end — and read the rest if not. A route that cancels the body (a refused upload) only
 * cancels the wrapper: the bytes still on their way are read here, after the answer is ready.
 */
export function trackRequestBody(request: Request): TrackedRequest {
  const source = request.body;
  if (source === null) return { request, settle: (response) => Promise.resolve(response) };
  const reader = source.getReader();
  let ended = false;
  let answered = false;
  // The app's read still on its way when it answered (or cancelled): the drain waits for it, as the
  // source takes one read at a time.
  let inFlight: Promise<void> = Promise.resolve();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // After the answer the rest belongs to the drain, not to a late reader.
        if (answered) return controller.close();
        const read = reader.read();
        inFlight = read.then(
          (next) => {
            if (next.done) ended = true;
          },
          () => {},
        );
        const next = await read;
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      // Nothing to do: settle reads the rest of the source.
      cancel() {},
    },
    { highWaterMark: 0 },
  );
  return {
    request: new Request(request, { body }),
    async settle(response) {
      answered = true;
      await inFlight;
      if (!ended) await drainBody(reader);
      return response;
    },
  };
}
