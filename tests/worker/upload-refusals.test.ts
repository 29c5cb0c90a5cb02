import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, adminCookie } from "./helpers";

/** Every upload route refuses a wrong method or unreadable input in the one shape the product form reads. */
describe("upload routes' refusals", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await adminCookie();
  });

  it.each([
    ["/admin/uploads/image", "DELETE", "PUT, POST", "Send the image with PUT or POST."],
    ["/admin/uploads/lab-report", "DELETE", "PUT, POST", "Send the lab report with PUT or POST."],
    ["/admin/uploads/video/part?uploadId=x&partNumber=1", "POST", "PUT", "Send parts with PUT."],
    ["/admin/uploads/video", "DELETE", "GET, POST", "Use POST."],
  ])("%s answers %s with 405, its Allow header and its text", async (path, method, allow, description) => {
    const response = await SELF.fetch(`${ORIGIN}${path}`, { method, headers: { Cookie: cookie, Origin: ORIGIN } });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe(allow);
    expect(await response.json()).toEqual({ error: { title: "Method not allowed", description } });
  });

  it("a video part without its query is a 400 that says what is needed", async () => {
    const response = await SELF.fetch(`${ORIGIN}/admin/uploads/video/part?partNumber=0`, {
      method: "PUT",
      body: "x",
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { title: "Invalid request", description: "uploadId and a partNumber from 1 to 10000 are required." },
    });
  });
});
