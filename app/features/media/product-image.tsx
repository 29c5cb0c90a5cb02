import { useEffect, useRef, useState } from "react";
import { useRootData } from "~/features/site/root-data";
import { imageSrcSet, PLACEHOLDER_IMAGE, sizedImageUrl } from "./images";

export type ImagePriority = "high" | "eager" | "lazy";

/**
 * A product image with explicit dimensions (no layout shift), sized through Image Resizing when
 * it is on, lazy unless it is in the first row, and a placeholder reading 'Image not available'
 * when the file fails to load (also when it failed before hydration).
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  widths,
  sizes,
  priority = "lazy",
  className = "",
}: {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  /** Candidate widths for srcset. */
  widths: number[];
  sizes: string;
  priority?: ImagePriority;
  className?: string;
}) {
  const resizing = useRootData()?.imageResizing ?? false;
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(!src);

  useEffect(() => {
    setFailed(!src);
  }, [src]);

  useEffect(() => {
    // An image that errored before React attached its handler never calls onError.
    // A lazy image not yet requested can also read as complete with no size: probe before judging.
    const img = ref.current;
    if (!img || !img.complete || img.naturalWidth > 0) return;
    const probe = new Image();
    probe.onerror = () => setFailed(true);
    probe.src = img.currentSrc || img.src;
    return () => {
      probe.onerror = null;
    };
  }, []);

  if (failed) {
    return (
      <span
        role="img"
        aria-label={`${alt}: image not available`}
        className={`relative flex flex-col items-center justify-center overflow-hidden bg-forest-50 ${className}`}
      >
        <img
          src={PLACEHOLDER_IMAGE}
          alt=""
          width={width}
          height={height}
          className="absolute inset-0 h-full w-full object-cover opacity-60"
        />
        <span className="relative rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-ink-700">Image not available</span>
      </span>
    );
  }

  return (
    <img
      ref={ref}
      src={sizedImageUrl(src, width, resizing)}
      srcSet={imageSrcSet(src, widths, resizing)}
      sizes={imageSrcSet(src, widths, resizing) ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority === "lazy" ? "lazy" : "eager"}
      decoding={priority === "lazy" ? "async" : "auto"}
      {...(priority === "high" ? { fetchpriority: "high" } : {})}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
