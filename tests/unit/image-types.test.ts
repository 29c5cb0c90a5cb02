import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, detectImageType } from "../../app/features/photos/photo-types";
import { uploadFailedMessage } from "../../app/features/media/media-message";

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((value) => (typeof value === "string" ? Array.from(value, (c) => c.charCodeAt(0)) : [value])));

describe("image magic bytes", () => {
  it("recognises JPEG, PNG, GIF87a, GIF89a and WEBP by their first bytes", () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))?.contentType).toBe("image/jpeg");
    expect(detectImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d))?.ext).toBe("png");
    expect(detectImageType(bytes("GIF87a", 1, 0))?.contentType).toBe("image/gif");
    expect(detectImageType(bytes("GIF89a", 1, 0))?.ext).toBe("gif");
    expect(detectImageType(bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 "))?.contentType).toBe("image/webp");
  });

  it("refuses text, SVG, executables, other RIFF files and truncated headers", () => {
    expect(detectImageType(bytes("hello, I am a PNG"))).toBeNull();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(bytes("MZ", 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0))).toBeNull();
    expect(detectImageType(bytes("RIFF", 0x24, 0, 0, 0, "WAVEfmt "))).toBeNull();
    expect(detectImageType(bytes(0x89, "PN"))).toBeNull();
    expect(detectImageType(bytes("GIF88a"))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });

  it("uses the product's texts and limit", () => {
    expect(IMAGE_MAX_BYTES).toBe(50 * 1024 * 1024);
    expect(IMAGE_MESSAGES.tooLarge).toEqual({ title: "File too large", description: "Please select an image smaller than 50MB" });
    expect(IMAGE_MESSAGES.invalidType).toEqual({
      title: "Invalid file type",
      description: "Please select a valid image file (JPG, PNG, WEBP, or GIF)",
    });
    expect(IMAGE_MESSAGES.uploaded(true)).toEqual({ title: "Image uploaded successfully!", description: "Cover image has been updated" });
    expect(IMAGE_MESSAGES.uploaded(false).description).toBe("Extra image has been added");
    expect(IMAGE_MESSAGES.removed).toEqual({ title: "Image removed!", description: "Image removed from form (file preserved in storage)" });
    expect(uploadFailedMessage("Network down")).toEqual({ title: "Upload failed", description: "Error: Network down. Please try again." });
    expect(uploadFailedMessage()).toEqual({ title: "Upload failed", description: "An error occurred while uploading. Please try again." });
  });
});
