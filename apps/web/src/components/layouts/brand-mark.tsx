/** The product's name with its mark; the mark is decorative, the name is the text. */
export function BrandMark({ inverted = false, subtitle }: { inverted?: boolean; subtitle?: string }) {
  return (
    <div className={`brand${inverted ? ' brand--inverted' : ''}`}>
      <span className="brand__mark" aria-hidden="true">
        <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" width="28" height="28">
          <rect width="32" height="32" rx="8" fill="currentColor" />
          <path
            d="M9 16.5l4.5 4.5L23 11.5"
            fill="none"
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <span className="brand__text">
        <span className="brand__name">Rondín</span>
        {subtitle ? <span className="brand__subtitle">{subtitle}</span> : null}
      </span>
    </div>
  );
}
