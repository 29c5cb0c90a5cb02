/** A title + description pair, shown as a toast in the form and returned by the upload routes. */
export interface MediaMessage {
  title: string;
  description: string;
}

/** 'Upload failed' with the error's message when there is one. */
export function uploadFailedMessage(message?: string | null): MediaMessage {
  const text = message?.trim().replace(/\.+$/, "");
  return {
    title: "Upload failed",
    description: text ? `Error: ${text}. Please try again.` : "An error occurred while uploading. Please try again.",
  };
}
