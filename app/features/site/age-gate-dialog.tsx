import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import { useModalDialog } from "~/ui/modal-dialog";
import { LeafMark } from "./logo";

/**
 * The 21+ age gate: a <dialog> over the server-rendered page (its content stays in the HTML for
 * search engines). The server renders it open, over a page made inert, and confirming is a real form
 * post to /age-gate, which sets the cookie and returns here, so it works without JavaScript. With
 * JavaScript it becomes a modal dialog starting on "Yes", and the answer is posted in the background
 * while the gate simply goes (`onAnswered`): the page under it is not rendered again, so parts of it
 * still booting keep their server markup and work (docs/README.md, hydration). Escape does not
 * dismiss it: there is no way past the gate but to answer.
 */
export function AgeGate({
  shopName,
  redirectTo,
  onAnswered,
}: {
  /** the owner's trading name, over the question */
  shopName: string;
  redirectTo: string;
  onAnswered: (answered: boolean) => void;
}) {
  const yesRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useModalDialog(true, yesRef);
  const answered = useRef(false);
  const refused = () => {
    answered.current = false;
    onAnswered(false);
  };

  return (
    <dialog
      ref={dialogRef}
      open
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-description"
      onCancel={(event) => event.preventDefault()}
      onClose={(event) => {
        // Chromium lets a second Escape close a modal whatever its cancel handler says: show it again.
        const dialog = event.currentTarget;
        if (!answered.current && dialog.isConnected && !dialog.open) dialog.showModal();
      }}
      className="fixed inset-0 z-[60] m-0 size-full max-h-none max-w-none overflow-y-auto border-0 bg-forest-950/85 p-0 text-ink-900 backdrop-blur-sm backdrop:bg-transparent"
    >
      <div className="flex min-h-full items-center justify-center p-4">
        <div className="w-full max-w-md rounded-3xl bg-cream-50 p-8 text-center shadow-2xl ring-1 ring-gold-500/40 sm:p-10">
          <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-forest-50 text-forest-800">
            <LeafMark className="h-10 w-10" />
          </div>
          <p className="eyebrow mt-5 break-words">{shopName}</p>
          <h2 id="age-gate-title" className="heading-display mt-2 text-3xl">
            Are you 21 or older?
          </h2>
          <p id="age-gate-description" className="mt-3 text-ink-700">
            This shop sells cannabis products for adults only. Please confirm your age to continue.
          </p>
          <Form
            method="post"
            action="/age-gate"
            className="mt-8"
            onSubmit={(event) => {
              event.preventDefault();
              const form = event.currentTarget;
              const body = new URLSearchParams();
              new FormData(form).forEach((value, key) => typeof value === "string" && body.append(key, value));
              answered.current = true;
              onAnswered(true);
              // The cookie comes with the redirect, which is not followed; a failure shows the gate again.
              fetch(form.action, { method: "POST", body, redirect: "manual" })
                .then((response) => {
                  if (response.type !== "opaqueredirect" && !response.ok) refused();
                })
                .catch(refused);
            }}
          >
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button ref={yesRef} type="submit" className="btn-primary w-full py-3 text-base">
              Yes, I&apos;m 21 or older
            </button>
          </Form>
          <Link to="/age-gate" className="btn-secondary mt-3 w-full py-3 text-base">
            No, I&apos;m under 21
          </Link>
          <p className="mt-6 text-xs text-ink-500">We remember your answer on this device for 30 days.</p>
        </div>
      </div>
    </dialog>
  );
}
