/**
 * Reads a form body. A body that is not a well-formed form (a multipart part without a name,
 * a truncated upload, the wrong content type) is the client's mistake: answer 400 with a clear
 * message instead of letting the parser's TypeError become a 500.
 */
const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please reload the page and try again.";

export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    console.warn(`Unreadable form body on ${new URL(request.url).pathname}:`, error instanceof Error ? error.message : error);
    throw new Response(UNREADABLE_FORM_MESSAGE, {
      status: 400,
      statusText: "Bad Request",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
