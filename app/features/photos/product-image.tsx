import { useEffect, useRef, useState } from "react";
import { responsiveImage, type ImageLayoutName } from "./photo-variants";
import { PLACEHOLDER_IMAGE } from "./photo-urls";

export type ImagePriority = "high" | "eager" | "lazy";

/**
 * src, srcset and sizes of an image in one layout, to spread on an <img> (thumbnails, cart lines,
 * admin lists): an upload offers its variants, anything else (SVG packshots, art) is used as is.
 */
export function imageSources(value: string | null | undefined, layout: ImageLayoutName) {
  const { src, srcSet, sizes } = responsiveImage(value, layout);
  return { src, srcSet, sizes };
}

/**
 * A small square product picture at `size` CSS px in a layout's slot: lazy, rounded on the cream
 * ground, decorative unless given `alt` (cart lines, admin rows, gallery thumbnails).
 */
export function SquareThumb({
  src,
  layout,
  size,
  alt = "",
  className,
}: {
  src: string | null | undefined;
  layout: ImageLayoutName;
  size: number;
  alt?: string;
  className: string;
}) {
  return (
    <img
      {...imageSources(src, layout)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      className={`rounded-xl bg-cream-100 object-cover ${className}`}
    />
  );
}

/**
 * A product image with explicit dimensions (no layout shift), its variants offered by srcset and
 * sizes for its layout (the server picks AVIF, WebP or JPEG by Accept, so this works without
 * JavaScript too), a tiny blurred copy painted behind it while it loads, lazy unless it is in the
 * first row, and a placeholder reading 'Image not available' when the file fails to load (also
 * when it failed before hydration).
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  layout,
  priority = "lazy",
  className = "",
}: {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  /** Where it is drawn: which variants to offer and how wide it is (photo-variants.ts). */
  layout: ImageLayoutName;
  priority?: ImagePriority;
  className?: string;
}) {
  const image = responsiveImage(src, layout);
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
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority === "lazy" ? "lazy" : "eager"}
      decoding={priority === "lazy" ? "async" : "auto"}
      {...(priority === "high" ? { fetchpriority: "high" } : {})}
      onError={() => setFailed(true)}
      // The placeholder sits behind the photo (photos are opaque), so no script has to remove it.
      style={
        image.placeholder
          ? { backgroundImage: `url(${image.placeholder})`, backgroundSize: "cover", backgroundPosition: "center" }
          : undefined
      }
      className={className}
    />
  );
}
