export type BadgeTone = 'success' | 'neutral' | 'warning' | 'info' | 'danger';

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
