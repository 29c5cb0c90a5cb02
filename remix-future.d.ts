// Remix's single-fetch types, for `future.v3_singleFetch` in remix.config.ts: loaders' and actions'
// data reach components as what the server sends. In a declaration file of its own so the Worker's
// tsconfig can take it without remix.config.ts, whose @remix-run/dev types bring Node's globals.
declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
