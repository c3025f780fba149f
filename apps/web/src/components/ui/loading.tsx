/** A spinner with its text, announced politely. */
export function Loading({ text, className = 'state state--loading' }: { text: string; className?: string }) {
  return (
    <div className={className} role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </div>
  );
}
