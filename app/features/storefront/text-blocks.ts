/**
 * The owner's long texts (policies, the About story) are plain text: blocks separated by a blank
 * line; a line starting with "## " is a heading, a block whose lines start with "- " a list.
 * Plain text keeps every word the owner's without letting markup reach the page.
 */
export type TextBlock = { kind: "heading"; text: string } | { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

export function textBlocks(text: string): TextBlock[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .flatMap((block) => {
      const lines = block
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "");
      const blocks: TextBlock[] = [];
      let run: string[] = [];
      const flush = () => {
        if (run.length === 0) return;
        blocks.push(
          run.every((line) => line.startsWith("- "))
            ? { kind: "list", items: run.map((line) => line.slice(2).trim()) }
            : { kind: "paragraph", text: run.join(" ") },
        );
        run = [];
      };
      for (const line of lines) {
        if (line.startsWith("## ")) {
          flush();
          blocks.push({ kind: "heading", text: line.slice(3).trim() });
        } else run.push(line);
      }
      flush();
      return blocks;
    });
}
