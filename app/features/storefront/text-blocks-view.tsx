import { textBlocks } from "./text-blocks";

/** The owner's long text as headings, paragraphs and lists (plain text only, never markup). */
export function TextBlocks({ text, className, heading: Heading = "h2" }: { text: string; className?: string; heading?: "h2" | "h3" }) {
  return (
    <div className={className}>
      {textBlocks(text).map((block, index) =>
        block.kind === "heading" ? (
          <Heading key={index} className="pt-4 font-display text-2xl break-words text-forest-900 first:pt-0">
            {block.text}
          </Heading>
        ) : block.kind === "list" ? (
          <ul key={index} className="list-disc space-y-2 pl-6 break-words">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index} className="break-words">
            {block.text}
          </p>
        ),
      )}
    </div>
  );
}
