import { useCallback, useEffect, useRef, type Ref } from 'react';
import { formatCount } from '../../lib/format';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

interface ListSummaryProps {
  /** The page on screen; undefined until the first one arrives. */
  shown: { page: number; pageSize: number; total: number } | undefined;
  /** What is counted, singular and plural: ['trampa', 'trampas']. */
  noun: readonly [string, string];
  ref?: Ref<HTMLParagraphElement>;
}

/**
 * 'Mostrando 1–50 de 50.000 trampas', or 'Sin resultados'. A live region that stays mounted, so every new
 * search or page is announced, the empty ones too. Focusable from script: after a page change focus lands
 * here, at the top of the new rows, rather than on a button that may have just been disabled.
 */
export function ListSummary({ shown, noun, ref }: ListSummaryProps) {
  let text = '';
  if (shown && shown.total === 0) text = 'Sin resultados';
  else if (shown) {
    const from = (shown.page - 1) * shown.pageSize + 1;
    const to = Math.min(shown.total, shown.page * shown.pageSize);
    text = `Mostrando ${formatCount(from)}–${formatCount(to)} de ${formatCount(shown.total)} ${shown.total === 1 ? noun[0] : noun[1]}`;
  }
  return (
    <p ref={ref} className="list-summary" tabIndex={-1} aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** The navigation's accessible name: 'Páginas de trampas'. */
  label: string;
  onPageChange: (page: number) => void;
}

/** 'Anterior' and 'Siguiente' with the position between them; nothing when everything fits on one page. */
export function Pagination({ page, pageSize, total, label, onPageChange }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <span aria-hidden="true">←</span> Anterior
      </button>
      <span className="pagination__position">
        Página {formatCount(page)} de {formatCount(pages)}
      </span>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        Siguiente <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}

/**
 * Focus management for paged lists: `turnPage` remembers that the user asked for another page, and once that
 * page is on screen (`shown`), focus moves to `target` (the list summary).
 */
export function usePageFocus<T extends HTMLElement>(page: number, shown: boolean) {
  const target = useRef<T>(null);
  const wanted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `page` is the trigger: each new page on screen takes focus.
  useEffect(() => {
    if (!wanted.current || !shown) return;
    wanted.current = false;
    target.current?.focus();
  }, [page, shown]);
  const turnPage = useCallback((change: () => void) => {
    wanted.current = true;
    change();
  }, []);
  return { target, turnPage };
}
