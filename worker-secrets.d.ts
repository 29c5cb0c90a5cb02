// The Worker's secrets: `wrangler secret put NAME` in production, .dev.vars locally (npm start makes it
// from .dev.vars.example). `wrangler types` only lists them when .dev.vars exists, so they are declared
// here too, and a fresh clone typechecks the same as a developer's machine.
declare namespace Cloudflare {
  interface Env {
    ADMIN_USERNAME: string;
    ADMIN_PASSWORD_HASH: string;
    SESSION_SECRET: string;
    /** "true" only where `npm run deploy` ships the Worker: CF-Connecting-IP is then Cloudflare's own. */
    BEHIND_CLOUDFLARE_EDGE?: string;
  }
}
