/** A labelled progress bar; `percent` is already rounded (lib/format's progressPercent). */
export function ProgressBar({ percent, label, className }: { percent: number; label: string; className?: string }) {
  return (
    <div
      className={className ? `progress ${className}` : 'progress'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
