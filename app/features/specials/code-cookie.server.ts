import { createCookie } from "@remix-run/cloudflare";
import { specialCodeSchema } from "./special";

/**
 * The code a shopper brought with a deal link or typed in the cart: one cookie, read by every cart
 * read (drawer, cart page, order). It holds the code only; whether it still applies is decided at
 * each read from the live specials, so a code that ended simply stops saving.
 */
const SPECIAL_CODE_COOKIE_NAME = "special-code";
const MAX_AGE = 60 * 60 * 24 * 7;

const codeCookie = (request: Request) =>
  createCookie(SPECIAL_CODE_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: MAX_AGE,
    secure: new URL(request.url).protocol === "https:",
  });

/** The saved code, or null (none, or one that no longer reads as a code). */
export async function readSpecialCode(request: Request): Promise<string | null> {
  const raw: unknown = await codeCookie(request).parse(request.headers.get("Cookie"));
  const parsed = specialCodeSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export async function specialCodeCookieHeader(request: Request, code: string): Promise<string> {
  return codeCookie(request).serialize(code);
}
