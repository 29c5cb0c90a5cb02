import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState } from "react";

/**
 * Files a form is still sending: each upload field reports what it is sending (a word such as
 * "photo"), and the form reads the list to hold its save until every file has arrived, so nothing
 * the owner picked is saved without them knowing.
 */
type Report = (id: string, what: string | null) => void;

const PendingUploadsContext = createContext<Report | null>(null);

/** The form's side: the words of the files still uploading (each once, in the order they started), and the provider for its fields. */
export function usePendingUploads() {
  const [pending, setPending] = useState<ReadonlyMap<string, string>>(new Map());
  const report = useCallback<Report>((id, what) => {
    setPending((current) => {
      if ((current.get(id) ?? null) === what) return current;
      const next = new Map(current);
      if (what === null) next.delete(id);
      else next.set(id, what);
      return next;
    });
  }, []);
  const uploading = useMemo(() => [...new Set(pending.values())], [pending]);
  return { uploading, report };
}

export const PendingUploadsProvider = PendingUploadsContext.Provider;

/** A field's side: `what` while its file is uploading, null once it is done (or the field is gone). */
export function useUploadPending(what: string | null) {
  const report = useContext(PendingUploadsContext);
  const id = useId();
  useEffect(() => {
    if (!report) return;
    report(id, what);
    return () => report(id, null);
  }, [report, id, what]);
}

/** 'Wait for the photo to finish uploading…', 'Wait for the photo and video to finish uploading…'. */
export function waitForUploadsLabel(uploading: readonly string[]): string {
  const list = uploading.length > 1 ? `${uploading.slice(0, -1).join(", ")} and ${uploading.at(-1) ?? ""}` : (uploading[0] ?? "file");
  return `Wait for the ${list} to finish uploading…`;
}
