/**
 * Ports for the scripts that start a server (start, e2e server, bench, load, Lighthouse): a taken
 * port fails at once with a clear message instead of a server that hangs or answers for another
 * checkout; a script without a fixed port takes a free one.
 */
import { createServer } from "node:net";

export const LOCAL_HOST = "127.0.0.1";

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    hint: string,
  ) {
    super(`Port ${port} is already in use (another npm start, test or bench run?). ${hint}`);
    this.name = "PortInUseError";
  }
}

function listen(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen({ port, host, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}

/** Resolves when nothing listens on the port; rejects at once with PortInUseError when something does. */
export async function assertPortFree(port: number, hint = "Stop that process, or choose another port.", host = LOCAL_HOST): Promise<void> {
  try {
    await listen(port, host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") throw new PortInUseError(port, hint);
    throw error;
  }
}

/** A port nothing listens on right now. */
export function freePort(host = LOCAL_HOST): Promise<number> {
  return listen(0, host);
}

/**
 * `--port N` when given (it must be free), else a free port. Exits the script with the message
 * when the port is taken: a script that starts a server never hangs on a busy port.
 */
export async function portForScript(args: readonly string[], hint: string): Promise<number> {
  const index = args.indexOf("--port");
  const wanted = index > -1 ? Number(args[index + 1]) : null;
  if (wanted !== null && !(Number.isInteger(wanted) && wanted > 0 && wanted < 65536)) {
    exitWith(`--port needs a port number, got ${JSON.stringify(args[index + 1] ?? "")}.`);
  }
  if (wanted === null) return freePort();
  await exitIfTaken(wanted, hint);
  return wanted;
}

/** Checks a fixed port; prints the reason and exits with status 1 when it is taken. */
export async function exitIfTaken(port: number, hint: string) {
  try {
    await assertPortFree(port, hint);
  } catch (error) {
    exitWith(error instanceof Error ? error.message : String(error));
  }
}

function exitWith(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}
