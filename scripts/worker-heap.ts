/**
 * The Worker's own memory, the figure Cloudflare limits (128 MB per isolate): the live JavaScript heap
 * of its isolate after a full collection, read through the runtime's DevTools inspector. The resident
 * size of the local workerd process is no measure of it: that process also holds the engine's asset
 * server and local D1/R2/Queue simulators, and grows by hundreds of MiB under load when every
 * request is a static file the Worker never sees (docs/decisions/058).
 */
import WebSocket from "ws";

export type WorkerHeap = {
  /** Bytes the isolate's heap holds after a full collection (a heap snapshot forces one). */
  liveBytes: () => Promise<number>;
  close: () => void;
};

const ANSWER_TIMEOUT_MS = 60_000;

export async function connectWorkerHeap(inspectorPort: number): Promise<WorkerHeap> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl?: string }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`the inspector on port ${inspectorPort} lists no Worker`);
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });

  let lastId = 0;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.on("message", (data: WebSocket.RawData) => {
    // A snapshot's chunks arrive as events and are dropped: only the collection it forces is wanted.
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call || message.id === undefined) return;
    waiting.delete(message.id);
    if (message.error) call.reject(new Error(message.error.message));
    else call.resolve(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++lastId;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the inspector did not answer ${method} in ${ANSWER_TIMEOUT_MS / 1000} s`));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket.send(JSON.stringify({ id, method, params }));
    });

  // wrangler's inspector proxy turns DevTools' Network domain on, and workerd then reports every
  // subrequest with its body: a third of the engine's throughput under load. Nothing here needs it.
  await send("Network.disable");
  // workerd does not answer HeapProfiler.collectGarbage; taking a snapshot collects first.
  await send("HeapProfiler.enable");
  return {
    liveBytes: async () => {
      await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      const usage = (await send("Runtime.getHeapUsage")) as { usedSize: number };
      return usage.usedSize;
    },
    close: () => socket.close(),
  };
}
