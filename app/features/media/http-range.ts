/**
 * HTTP Range requests (RFC 9110 section 14) for video seeking: a single byte range, as
 * `bytes=a-b`, `bytes=a-` or the suffix `bytes=-n`. Anything else is ignored (the whole
 * file is served), as the RFC allows; a range starting past the end is unsatisfiable (416).
 */
export type RangeRequest = { kind: "none" } | { kind: "range"; start: number; end: number } | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

export function parseRange(header: string | null | undefined, size: number): RangeRequest {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return { kind: "none" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "none" };

  if (first === "") {
    // Suffix range: the last n bytes.
    const length = Number(last);
    if (!Number.isSafeInteger(length)) return { kind: "none" };
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", start: Math.max(0, size - length), end: size - 1 };
  }

  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: "none" };
  if (last !== "" && end < start) return { kind: "none" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", start, end: Math.min(end, size - 1) };
}

/** The If-None-Match header names this entity tag (weak comparison, as RFC 9110 requires for it). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const normalize = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = normalize(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || normalize(tag) === wanted);
}
