import { describe, expect, it } from "vitest";
import {
  VIDEO_MAX_BYTES,
  VIDEO_PART_SIZE,
  checkVideoFile,
  declaredVideoType,
  expectedPartLength,
  looksLikeVideo,
  partCount,
} from "../../app/features/videos/video-types";

const GB = 1024 * 1024 * 1024;
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

describe("video type and size checks", () => {
  it("accepts the product's types and stores MOV and AVI variants under one type", () => {
    for (const type of [
      "video/mp4",
      "video/quicktime",
      "video/mov",
      "video/x-msvideo",
      "video/avi",
      "video/webm",
      "video/3gpp",
      "video/3gpp2",
      "video/mp4v-es",
      "video/x-m4v",
    ]) {
      expect(checkVideoFile({ type, size: 1000 }).ok, type).toBe(true);
    }
    expect(checkVideoFile({ type: "video/mov", size: 5 })).toEqual({ ok: true, contentType: "video/quicktime", ext: "mov" });
    expect(checkVideoFile({ type: "video/avi", size: 5 })).toMatchObject({ contentType: "video/x-msvideo", ext: "avi" });
  });

  it("refuses other types with the product's message", () => {
    expect(checkVideoFile({ type: "image/png", size: 10 })).toEqual({
      ok: false,
      message: 'File type "image/png" not supported. Please use MP4, MOV, AVI, or WebM.',
    });
    expect(checkVideoFile({ type: "video/x-flv", size: 10 })).toMatchObject({ ok: false });
  });

  it("refuses files over 10GB with the size in GB to one decimal", () => {
    expect(VIDEO_MAX_BYTES).toBe(10 * GB);
    expect(checkVideoFile({ type: "video/mp4", size: 10 * GB }).ok).toBe(true);
    expect(checkVideoFile({ type: "video/mp4", size: 12.34 * GB })).toEqual({
      ok: false,
      message: "File size (12.3GB) exceeds 10GB limit.",
    });
    expect(checkVideoFile({ type: "video/mp4", size: 10 * GB + 1 })).toEqual({
      ok: false,
      message: "File size (10.0GB) exceeds 10GB limit.",
    });
  });

  it("reads the type from the name when the browser gives none", () => {
    expect(declaredVideoType({ name: "clip.MOV", type: "" })).toBe("video/quicktime");
    expect(declaredVideoType({ name: "clip.mp4", type: "Video/MP4" })).toBe("video/mp4");
    expect(declaredVideoType({ name: "notes.txt", type: "" })).toBe("");
  });

  it("splits files into 10 MiB parts, all but the last exactly that size", () => {
    expect(VIDEO_PART_SIZE).toBe(10 * 1024 * 1024);
    const size = 2 * VIDEO_PART_SIZE + 123;
    expect(partCount(size)).toBe(3);
    expect(expectedPartLength(size, 1)).toBe(VIDEO_PART_SIZE);
    expect(expectedPartLength(size, 2)).toBe(VIDEO_PART_SIZE);
    expect(expectedPartLength(size, 3)).toBe(123);
    expect(expectedPartLength(size, 4)).toBe(0);
    expect(partCount(VIDEO_PART_SIZE)).toBe(1);
    expect(expectedPartLength(500, 1)).toBe(500);
  });

  it("recognises video containers by their first bytes", () => {
    expect(looksLikeVideo(Uint8Array.from([0, 0, 0, 0x20, ...ascii("ftypisom")]))).toBe(true);
    expect(looksLikeVideo(Uint8Array.from([0, 0, 0, 0x14, ...ascii("ftypqt  ")]))).toBe(true);
    expect(looksLikeVideo(Uint8Array.from([...ascii("RIFF"), 1, 2, 3, 4, ...ascii("AVI LIST")]))).toBe(true);
    expect(looksLikeVideo(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toBe(true);
    expect(looksLikeVideo(Uint8Array.from(ascii("MZ this is an executable")))).toBe(false);
    expect(looksLikeVideo(Uint8Array.from([...ascii("RIFF"), 1, 2, 3, 4, ...ascii("WEBPVP8 ")]))).toBe(false);
    expect(looksLikeVideo(new Uint8Array())).toBe(false);
  });
});
