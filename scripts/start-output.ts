/**
 * What `npm start` shows of wrangler's output: the Worker's own logs and real errors, not
 * wrangler's banner, binding table, tips, per-request lines or the error a browser causes by
 * dropping a connection mid-response. Pure, so tests/unit/start-output.test.ts covers it.
 */

const ANSI = /\x1b\[[0-9;]*m/g;

/** Lines (after colours are stripped) that are wrangler's chatter, never a problem of the shop's. */
const NOISE: readonly RegExp[] = [
  /^\s*$/,
  /^\s*⛅️ wrangler /,
  /^\s*─+\s*$/,
  /^Using secrets defined in \.dev\.vars/,
  /^Your Worker has access to the following bindings:/,
  /^Binding\s+Resource\s+Mode/,
  /^env\.\w+ \(.*\)\s+\S.*\s(local|remote)$/,
  /^⎔ Starting local server/,
  /^\[wrangler:info\] ✨ Parsed \d+ valid header rules/,
  // One line per request: the shop's own errors are logged separately.
  /^\[wrangler:info\] (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ \d{3} /,
  /^npm warn /,
];

/** Multi-line blocks wrangler prints: a first line, then indented lines that belong to it. */
const NOISY_BLOCKS: readonly RegExp[] = [
  // Cron triggers do not run locally; the shop's hourly clean-up is not needed for trying it out.
  /Scheduled Workers are not automatically triggered during local development/,
  // A browser that closes a tab or cancels a request mid-response: harmless, not an error of ours.
  /Uncaught Error: Network connection lost\./,
  // The same from the socket's side: the answer was still being written when the browser left.
  /^✘ \[ERROR\].*\b(Broken pipe|EPIPE|ECONNRESET|socket hang up)\b/,
];

export const READY = /Ready on (http:\/\/\S+)/;

/** A line filter that remembers when it is inside a block it drops. */
export function createOutputFilter() {
  let inBlock = false;
  return function keep(rawLine: string): boolean {
    const line = rawLine.replace(ANSI, "").replace(/\r$/, "");
    if (inBlock) {
      if (/^\s+\S/.test(line) || /^\s*$/.test(line)) return false;
      inBlock = false;
    }
    if (NOISY_BLOCKS.some((pattern) => pattern.test(line))) {
      inBlock = true;
      return false;
    }
    if (READY.test(line)) return false;
    return !NOISE.some((pattern) => pattern.test(line));
  };
}

export interface BannerInput {
  url: string;
  username: string | null;
  /** the local password when it is the documented development one, else null */
  devPassword: string | null;
}

/** The closing message of `npm start`: where the shop and the admin are, and how to sign in. */
export function startBanner({ url, username, devPassword }: BannerInput): string {
  const signIn =
    username && devPassword
      ? `username ${username}, password ${devPassword}`
      : `username ${username ?? "(ADMIN_USERNAME in .dev.vars)"}, the password whose hash is in .dev.vars`;
  return [
    "",
    "  Greenleaf Supply is running.",
    "",
    `  Shop    ${url}`,
    `  Admin   ${url}/admin   (${signIn})`,
    "",
    "  The shop's data lives in .wrangler/ (delete it for a clean start). Press Ctrl+C to stop.",
    "",
  ].join("\n");
}
