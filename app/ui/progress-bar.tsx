/**
 * A 0–100 progress bar announced to screen readers. The bar is drawn `width` wide, which is
 * `percent` unless the caller shows a sliver at 0.
 */
export function ProgressBar({
  label,
  percent,
  valueText,
  width = percent,
  className,
  barClassName,
}: {
  label: string;
  percent: number;
  valueText?: string;
  width?: number;
  className: string;
  barClassName: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={className}
    >
      <div className={barClassName} style={{ width: `${width}%` }} />
    </div>
  );
}
