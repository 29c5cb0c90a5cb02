import { z } from "zod";
import { signedCookie } from "./cookies.server";

/**
 * D1 read replication (docs/decisions/030): every request reads through one D1 Sessions API
 * session, opened here. A shopper's session starts at the catalogue's bookmark (the D1 state the
 * current catalogue version was written at) or anywhere; an admin's at the bookmark of their own
 * last request (a signed cookie) or at the primary. Writes always go to the primary, whatever the
 * session; queue consumers and the hourly job use `env.DB` itself, which always talks to the primary.
 */

/** What the app's queries need of D1: the binding and a session both have these two (drizzle calls nothing else). */
export type D1Client = Pick<D1Database, "prepare" | "batch">;

/**
 * A bookmark is opaque. Cloudflare's look like `00000085-0000024c-00004c6d-8e61117b…` (hex groups,
 * 59 characters; wrangler 4.86's local engine gives the same shape); anything outside this bounded,
 * cookie-safe alphabet is not one of ours and reads as no bookmark.
 */
export const BOOKMARK_MAX_LENGTH = 128;
const bookmarkSchema = z
  .string()
  .min(1)
  .max(BOOKMARK_MAX_LENGTH)
  .regex(/^[0-9A-Za-z._:-]+$/);

/** A bookmark, or null for anything else (never throws). */
export function parseBookmark(value: unknown): string | null {
  const parsed = bookmarkSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Where a session starts: at a bookmark, or at a constraint (`"first-unconstrained"`) when there is none. */
type SessionStart = NonNullable<Parameters<D1Database["withSession"]>[0]>;

/** A shopper's session: no older than the catalogue they were shown, from the nearest replica that has it. */
function shopperStart(catalogueBookmark: string | null): SessionStart {
  return catalogueBookmark ?? "first-unconstrained";
}

/** An admin's session: at least their own last write, or the primary when we have no bookmark of theirs. */
function adminStart(ownBookmark: string | null): SessionStart {
  return ownBookmark ?? "first-primary";
}

/**
 * The primary's current bookmark: one trivial read on the primary. Used after writes made through
 * `env.DB` (the queue consumer), whose bookmark the binding never reports.
 */
export async function primaryBookmark(d1: D1Database): Promise<string | null> {
  const session = d1.withSession("first-primary");
  await session.prepare("select 1").first();
  return parseBookmark(session.getBookmark());
}

// ---------------------------------------------------------------------------------------------
// The admin's bookmark cookie

export const D1_BOOKMARK_COOKIE = "d1Bookmark";
/** As long as an admin session may sit unused (decision 013); after it, the admin reads from the primary again. */
const D1_BOOKMARK_MAX_AGE = 2 * 60 * 60;

// Signed, so only a bookmark this Worker handed out is ever sent to D1.
const bookmarkCookie = (request: Request, secret: string | undefined) =>
  signedCookie(D1_BOOKMARK_COOKIE, request, { path: "/", maxAge: D1_BOOKMARK_MAX_AGE, secret });

/** The admin's bookmark from their cookie; tampered, unsigned, oversized or malformed reads as none. */
export async function readBookmarkCookie(request: Request, secret: string | undefined): Promise<string | null> {
  if (!secret) return null;
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${D1_BOOKMARK_COOKIE}=`)) return null;
  try {
    return parseBookmark(await bookmarkCookie(request, secret).parse(header));
  } catch {
    // A signature or value that is not even base64 makes the parser throw: no bookmark.
    return null;
  }
}

/** The Set-Cookie that carries `bookmark` to the admin's next request. */
function bookmarkCookieHeader(request: Request, secret: string, bookmark: string): Promise<string> {
  return bookmarkCookie(request, secret).serialize(bookmark);
}

/** The Set-Cookie that forgets the bookmark (on sign-out). */
function clearBookmarkCookie(request: Request): Promise<string> {
  return bookmarkCookie(request, undefined).serialize("", { maxAge: 0, expires: new Date(0) });
}

// ---------------------------------------------------------------------------------------------
// One session per request

export interface RequestReads {
  /** The request's session, opened on first call (every later call gets the same one). */
  open(): Promise<D1DatabaseSession>;
  /** The latest bookmark the request's queries saw; null when none ran. */
  bookmark(): string | null;
  /** For an admin: the response carrying their bookmark to their next request (or forgetting it on sign-out). */
  carry(response: Response): Promise<Response>;
}

export interface RequestReadsOptions {
  /** An admin request (under /admin, or with an admin session cookie): reads its own writes. */
  admin: boolean;
  /** The admin cookie secret; without one no bookmark cookie is read or written. */
  secret: string | undefined;
  /** The bookmark the current catalogue version was written at (a shopper never reads older). */
  catalogueBookmark: () => Promise<string | null>;
  /** Whether this response signs the admin out (then the bookmark cookie goes too). */
  signsOut: (response: Response) => boolean;
}

export function requestReads(request: Request, d1: D1Database, options: RequestReadsOptions): RequestReads {
  let opened: Promise<D1DatabaseSession> | undefined;
  let current: D1DatabaseSession | undefined;
  /** The admin's bookmark this request came with. */
  let own: string | null = null;

  async function start(): Promise<D1DatabaseSession> {
    if (options.admin) {
      own = await readBookmarkCookie(request, options.secret);
      current = d1.withSession(adminStart(own));
    } else {
      const floor = await options.catalogueBookmark().catch(() => null);
      current = d1.withSession(shopperStart(parseBookmark(floor)));
    }
    return current;
  }

  function bookmark() {
    return current ? parseBookmark(current.getBookmark()) : null;
  }

  return {
    open: () => (opened ??= start()),
    bookmark,
    async carry(response) {
      if (!options.admin || !options.secret) return response;
      let cookie: string | null = null;
      if (options.signsOut(response)) {
        if (own !== null) cookie = await clearBookmarkCookie(request);
      } else {
        const latest = bookmark();
        if (latest !== null && latest !== own) cookie = await bookmarkCookieHeader(request, options.secret, latest);
      }
      if (cookie === null) return response;
      const carried = new Response(response.body, response);
      carried.headers.append("Set-Cookie", cookie);
      return carried;
    },
  };
}
