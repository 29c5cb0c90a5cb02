import { useId, useRef, useState } from "react";
import { useModalDialog } from "~/ui/modal-dialog";
import { canPan, ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut, zoomPercent } from "./zoom";

const PAN_STEP = 48;

/**
 * Full-screen zoom for a product image: a modal <dialog> (the page behind is inert), zoom in and
 * out by 0.3 between 0.5x and 4x, reset, drag (or arrow keys) to pan when zoomed, the percentage
 * shown and announced. Escape closes, and focus goes back to the opener.
 */
export function ZoomDialog({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useModalDialog(true, closeRef);
  const titleId = useId();
  const [scale, setScale] = useState(ZOOM_DEFAULT);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; startX: number; startY: number; originX: number; originY: number } | null>(null);

  function zoomTo(next: number) {
    setScale(next);
    if (!canPan(next)) setOffset({ x: 0, y: 0 });
  }

  function pan(dx: number, dy: number) {
    if (canPan(scale)) setOffset((current) => ({ x: current.x + dx, y: current.y + dy }));
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    const keys: Record<string, () => void> = {
      "+": () => zoomTo(zoomIn(scale)),
      "=": () => zoomTo(zoomIn(scale)),
      "-": () => zoomTo(zoomOut(scale)),
      "0": () => zoomTo(ZOOM_DEFAULT),
      ArrowLeft: () => pan(PAN_STEP, 0),
      ArrowRight: () => pan(-PAN_STEP, 0),
      ArrowUp: () => pan(0, PAN_STEP),
      ArrowDown: () => pan(0, -PAN_STEP),
    };
    const action = keys[event.key];
    if (action && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      action();
    }
  }

  const pannable = canPan(scale);
  const button =
    "inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40";
  const control = `${button} bg-white/10 text-cream-50 hover:bg-white/20`;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={onKeyDown}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-ink-900 p-0 text-cream-50 backdrop:bg-ink-900"
    >
      <div className="flex h-full flex-col">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <h2 id={titleId} className="min-w-0 truncate font-display text-lg">
            {alt}
          </h2>
          <div className="flex items-center gap-2" role="group" aria-label="Zoom controls">
            <button
              type="button"
              className={control}
              onClick={() => zoomTo(zoomOut(scale))}
              disabled={scale <= ZOOM_MIN}
              aria-label="Zoom out"
            >
              <span aria-hidden="true" className="text-xl leading-none">
                −
              </span>
            </button>
            <output aria-live="polite" aria-label="Zoom level" className="w-14 text-center text-sm font-semibold tabular-nums">
              {zoomPercent(scale)}
            </output>
            <button
              type="button"
              className={control}
              onClick={() => zoomTo(zoomIn(scale))}
              disabled={scale >= ZOOM_MAX}
              aria-label="Zoom in"
            >
              <span aria-hidden="true" className="text-xl leading-none">
                +
              </span>
            </button>
            <button type="button" className={control} onClick={() => zoomTo(ZOOM_DEFAULT)}>
              Reset
            </button>
            <button
              type="button"
              className={`${button} bg-gold-500 text-forest-950 hover:bg-gold-600`}
              onClick={() => dialogRef.current?.close()}
              ref={closeRef}
            >
              Close
            </button>
          </div>
        </div>
        <div
          className={`relative flex-1 touch-none overflow-hidden select-none ${pannable ? "cursor-grab active:cursor-grabbing" : ""}`}
          onPointerDown={(event) => {
            if (!pannable) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            drag.current = {
              pointerId: event.pointerId,
              startX: event.clientX,
              startY: event.clientY,
              originX: offset.x,
              originY: offset.y,
            };
          }}
          onPointerMove={(event) => {
            const start = drag.current;
            if (!start || start.pointerId !== event.pointerId) return;
            setOffset({ x: start.originX + event.clientX - start.startX, y: start.originY + event.clientY - start.startY });
          }}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
        >
          <img
            src={src}
            alt={alt}
            draggable={false}
            className="absolute inset-0 m-auto max-h-full max-w-full object-contain transition-transform duration-150 ease-out"
            style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})` }}
          />
        </div>
        <p className="px-4 py-3 text-center text-xs text-cream-200">
          {pannable ? "Drag or use the arrow keys to move around. " : ""}Press + or − to zoom, 0 to reset, Escape to close.
        </p>
      </div>
    </dialog>
  );
}
