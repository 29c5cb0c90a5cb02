/** The zoom dialog's scale: 0.5x to 4x in steps of 0.3, starting at 1x. */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 4;
const ZOOM_STEP = 0.3;
export const ZOOM_DEFAULT = 1;

/** One decimal is all a 0.3 step needs; it keeps 1 + 0.3 + 0.3 from drifting to 1.5999. */
function tidy(scale: number) {
  return Math.round(scale * 10) / 10;
}

export function zoomIn(scale: number): number {
  return Math.min(ZOOM_MAX, tidy(scale + ZOOM_STEP));
}

export function zoomOut(scale: number): number {
  return Math.max(ZOOM_MIN, tidy(scale - ZOOM_STEP));
}

export function zoomPercent(scale: number): string {
  return `${Math.round(scale * 100)}%`;
}

/** Panning is only possible once the image is larger than the screen's 1x fit. */
export function canPan(scale: number): boolean {
  return scale > 1;
}
