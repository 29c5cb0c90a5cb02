import { Suspense, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { lazyNamed } from "~/ui/lazy";
import { SquareThumb, ProductImage } from "~/features/photos/product-image";
import { Icon, type IconProps, LineIcon } from "~/ui/icons";
import { wrapIndex, type GalleryItem } from "./gallery-items";

/** ‹ or ›: a gallery's previous and next. */
function ChevronIcon({ direction, ...props }: IconProps & { direction: "left" | "right" }) {
  return (
    <LineIcon strokeWidth="2.2" {...props}>
      <path d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}

/** ▶: a video. */
function PlayIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 24 24" fill="currentColor" {...props}>
      <path d="M8 5.5v13l10.5-6.5L8 5.5z" />
    </Icon>
  );
}

/** The zoom dialog loads when the shopper first points at or focuses the image, not with the page. */
const loadZoomDialog = () => import("./zoom-dialog");
const ZoomDialog = lazyNamed(loadZoomDialog, "ZoomDialog");

function VideoTile() {
  return (
    <span className="flex aspect-square w-full items-center justify-center rounded-xl bg-forest-900 text-cream-50">
      <PlayIcon className="h-6 w-6" />
    </span>
  );
}

/**
 * The product gallery: cover, extra images, then an optional video. Previous / next wrap around,
 * 'n / total' counts (not shown for a single image), thumbnails sit 6 per row, arrow keys move through the items, and the image
 * opens a full-screen zoom dialog. Without JavaScript the image and the thumbnails are links to
 * the full-size files.
 */
export function Gallery({ items, productName }: { items: GalleryItem[]; productName: string }) {
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const openerRef = useRef<HTMLAnchorElement>(null);
  const total = items.length;
  const current = items[wrapIndex(index, total)]!;
  const position = wrapIndex(index, total) + 1;
  const label = (item: GalleryItem, i: number) =>
    item.kind === "video" ? `${productName} video` : i === 0 ? productName : `${productName}, image ${i + 1}`;

  const go = (step: number) => setIndex((value) => wrapIndex(value + step, total));

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys bubble here from the focused slide controls (the carousel pattern)
    <section
      aria-roledescription="carousel"
      aria-label={`${productName} photos`}
      onKeyDown={(event) => {
        if (total < 2 || zoomOpen || event.target instanceof HTMLVideoElement) return;
        if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
          event.preventDefault();
          go(event.key === "ArrowLeft" ? -1 : 1);
        }
      }}
    >
      <div className="card relative overflow-hidden bg-cream-100">
        {current.kind === "image" ? (
          <a
            ref={openerRef}
            href={current.src}
            className="block cursor-zoom-in"
            aria-label={`Zoom in on ${label(current, position - 1)}`}
            onClick={(event) => {
              event.preventDefault();
              setZoomOpen(true);
            }}
            onPointerEnter={() => void loadZoomDialog()}
            onFocus={() => void loadZoomDialog()}
          >
            <ProductImage
              key={current.src}
              src={current.src}
              alt={label(current, position - 1)}
              width={800}
              height={800}
              layout="gallery"
              priority={position === 1 ? "high" : "eager"}
              className="aspect-square h-full w-full object-cover"
            />
          </a>
        ) : (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- an owner-uploaded clip comes with no caption file to offer
          <video key={current.src} src={current.src} controls preload="metadata" className="aspect-square w-full bg-ink-900 object-contain">
            <a href={current.src}>Download the video</a>
          </video>
        )}

        {hydrated && total > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label="Previous image"
              className="absolute top-1/2 left-3 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-forest-900 shadow-md hover:bg-white"
            >
              <ChevronIcon direction="left" className="h-5 w-5" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label="Next image"
              className="absolute top-1/2 right-3 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-forest-900 shadow-md hover:bg-white"
            >
              <ChevronIcon direction="right" className="h-5 w-5" />
            </button>
          </>
        ) : null}
        {total > 1 ? (
          <p
            className="absolute right-3 bottom-3 rounded-full bg-ink-900/80 px-3 py-1 text-sm font-semibold text-white tabular-nums"
            aria-live="polite"
          >
            <span className="sr-only">Item </span>
            {position} / {total}
          </p>
        ) : null}
      </div>

      {total > 1 ? (
        <ul className="mt-3 grid grid-cols-6 gap-2" aria-label="Thumbnails">
          {items.map((item, i) => {
            const selected = i === position - 1;
            const ring = selected ? "ring-2 ring-forest-800 ring-offset-2 ring-offset-cream-50" : "opacity-80 hover:opacity-100";
            const thumb =
              item.kind === "video" ? (
                <VideoTile />
              ) : (
                <SquareThumb src={item.src} layout="thumb" size={120} className="aspect-square w-full" />
              );
            return (
              <li key={`${item.src}-${i}`}>
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => setIndex(i)}
                    aria-label={`Show ${item.kind === "video" ? "video" : "image"} ${i + 1} of ${total}`}
                    aria-current={selected ? "true" : undefined}
                    className={`block w-full rounded-xl ${ring}`}
                  >
                    {thumb}
                  </button>
                ) : (
                  <a
                    href={item.src}
                    aria-label={`Open ${item.kind === "video" ? "video" : "image"} ${i + 1} of ${total}`}
                    className={`block rounded-xl ${ring}`}
                  >
                    {thumb}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}

      {zoomOpen && current.kind === "image" ? (
        <Suspense fallback={null}>
          <ZoomDialog
            src={current.src}
            alt={label(current, position - 1)}
            onClose={() => {
              setZoomOpen(false);
              openerRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
