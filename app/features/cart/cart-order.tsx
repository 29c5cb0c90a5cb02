import { notify } from "~/features/toast/toaster";
import { type IconProps, LineIcon } from "~/ui/icons";

function CopyIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </LineIcon>
  );
}

/** Puts the same order text on the clipboard, for shoppers whose Telegram does not pre-fill it. */
export function CopyOrderButton({ text, disabled }: { text: string; disabled: boolean }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title: "Order copied", description: "Paste it into your Telegram chat with us." });
    } catch (error) {
      console.error("Copy order failed", error);
      notify({
        title: "Copy failed",
        description: "Your browser blocked the clipboard. Select the order text on the checkout page and copy it.",
        variant: "destructive",
      });
    }
  }
  return (
    <button type="button" className="btn-secondary w-full" onClick={copy} disabled={disabled}>
      <CopyIcon className="h-4 w-4" />
      Copy order
    </button>
  );
}
