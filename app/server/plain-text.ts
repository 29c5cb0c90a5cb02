/** A plain-text answer (a refusal, a 404, a 503 with Retry-After): one shape for every resource route and the Worker's checks. */
export function plainText(status: number, body: string, headers: Record<string, string> = {}) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}
