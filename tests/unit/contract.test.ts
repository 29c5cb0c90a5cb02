import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One way to read a form: an action parses posted form data with conform's `parseWithZod` and answers
 * with the reply helpers (docs/decisions/049). A bare zod `safeParse` of form data skips conform's
 * reading of empty fields and repeated names and invites a hand-made reply, so it is refused here.
 * `safeParse` stays right for what is not a form: URL params, JSON bodies, queue messages, stored rows.
 */

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A safeParse whose argument is posted form data, or built from it. */
const FORM_SAFE_PARSE =
  /\.safeParse\(\s*(?:Object\.fromEntries\(\s*(?:form|formData|await\s+readFormData)\b|(?:form|formData)\b|[^)]*\b(?:form|formData)\.get\()/;

function formSafeParses(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) => (FORM_SAFE_PARSE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe("the form contract", () => {
  const files = [...sourceFiles("app/routes"), ...sourceFiles("app/features")];

  it("reads real source (the walk found the routes)", () => {
    expect(files).toContain("app/routes/contact.tsx");
  });

  it("no action parses form data with a bare safeParse", () => {
    expect(formSafeParses(files)).toEqual([]);
  });

  it("the check catches each way a form reaches safeParse", () => {
    const samples = [
      "const parsed = Schema.safeParse(Object.fromEntries(formData));",
      "const parsed = Schema.safeParse(Object.fromEntries(await readFormData(request)));",
      "const parsed = Schema.safeParse(Object.fromEntries(form));",
      'const parsed = Schema.safeParse({ id: formData.get("id") ?? undefined });',
      'const parsed = Schema.safeParse(formData.get("basedOn"));',
    ];
    for (const sample of samples) expect(FORM_SAFE_PARSE.test(sample), sample).toBe(true);
    for (const fine of [
      "Schema.safeParse(params.id)",
      "Schema.safeParse(await request.json())",
      "Schema.safeParse(Object.fromEntries(url.searchParams))",
    ])
      expect(FORM_SAFE_PARSE.test(fine), fine).toBe(false);
  });
});
