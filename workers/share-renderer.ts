import { initWasm, Resvg } from "@resvg/resvg-wasm";
// A compiled WebAssembly module (wrangler's CompiledWasm rule): Workers may not compile wasm from bytes at run time.
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
// Inter (SIL Open Font License 1.1) as TrueType: resvg reads no woff2, and a Worker has no system fonts.
import interSemiBold from "@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf";
import interExtraBold from "@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf";
import type { RenderPng } from "../app/server/load-context";

/**
 * SVG to PNG with resvg-wasm, for share images (docs/decisions/051). The wasm is instantiated on the
 * first render in an isolate, not at start-up: no page but a share image that is not yet in R2 pays it.
 */

let ready: Promise<void> | null = null;

function instantiate(): Promise<void> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    // A failed start may be tried again by the next render.
    ready = null;
    throw error;
  });
  return ready;
}

export const renderPng: RenderPng = async (svg) => {
  await instantiate();
  const resvg = new Resvg(svg, {
    font: {
      fontBuffers: [new Uint8Array(interSemiBold), new Uint8Array(interExtraBold)],
      defaultFontFamily: "Inter",
      sansSerifFamily: "Inter",
    },
  });
  try {
    const image = resvg.render();
    try {
      // A Uint8Array made in JavaScript from the wasm memory (a copy), so its buffer is a plain ArrayBuffer.
      return image.asPng() as Uint8Array<ArrayBuffer>;
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
};
