import './search-box.css';
import type { SearchResult } from '@rondin/contracts';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { serverMessage } from '../../../lib/api-client';
import { SEARCH_MIN_LENGTH, useSearch } from '../api/search';

/** What typing waits for before asking the server: a pause, not every key. */
const DEBOUNCE_MS = 200;
const MAX_LENGTH = 80;

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The office's search everywhere: a button in the top bar, also opened with Ctrl+K (⌘K on a Mac), that opens a
 * dialog (a full-screen sheet on a phone) holding the search box.
 */
export function SearchBox() {
  const [open, setOpen] = useState(false);
  const shortcut = isMac() ? '⌘K' : 'Ctrl+K';

  // Attached while the button is committed, before it is painted: a passive effect runs after paint, later still on
  // a busy phone, and a Ctrl+K pressed as soon as the button shows would be lost.
  useLayoutEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        className="search-trigger"
        aria-keyshortcuts="Control+K Meta+K"
        aria-label={`Buscar (${shortcut})`}
        onClick={() => setOpen(true)}
      >
        <SearchIcon />
        <span className="search-trigger__text">Buscar</span>
        <kbd className="search-trigger__keys">{shortcut}</kbd>
      </button>
      {open ? <SearchDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SearchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const inputId = useId();
  const listboxId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const listbox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim().replace(/\s+/g, ' ')), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const tooShort = q.length < SEARCH_MIN_LENGTH;
  const query = useSearch(q);
  // An answer for an earlier text is shown while the next one comes; an answer for nothing is never shown.
  const groups = tooShort ? [] : (query.data?.groups ?? []);
  const results = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  const optionId = (index: number) => `${listboxId}-${index}`;
  const expanded = results.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer starts again at its first result.
  useEffect(() => setActive(0), [query.data, q]);

  useEffect(() => {
    if (!expanded) return;
    listbox.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
  });

  function open(result: SearchResult) {
    onClose();
    void navigate(result.url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && expanded) {
      event.preventDefault();
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive((index) => (index - 1 + results.length) % results.length);
    } else if (event.key === 'Home' && expanded && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && expanded && event.ctrlKey) {
      event.preventDefault();
      setActive(results.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[active];
      if (chosen) open(chosen);
    } else if (event.key === 'Escape' && text !== '') {
      // Escape clears the box first; with nothing typed, the dialog closes.
      event.stopPropagation();
      setText('');
    }
  }

  const status = statusText({
    tooShort,
    typed: text.trim().length,
    loading: !tooShort && (query.isPending || (query.isFetching && query.isPlaceholderData)),
    error: query.isError ? (serverMessage(query.error) ?? 'No se pudo buscar. Inténtalo de nuevo.') : undefined,
    count: results.length,
    q,
  });

  let index = 0;
  return (
    <Modal title="Buscar" onClose={onClose} size="medium">
      <div className="search-box">
        <label htmlFor={inputId} className="visually-hidden">
          Buscar dispositivos, órdenes, sitios, clientes y certificados
        </label>
        <div className="search-box__field">
          <SearchIcon />
          <input
            id={inputId}
            type="search"
            role="combobox"
            className="search-box__input"
            data-autofocus
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_LENGTH}
            placeholder="Código, zona, sitio, cliente, n.º de orden o folio"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-describedby={hintId}
            aria-activedescendant={expanded ? optionId(active) : undefined}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <p id={hintId} className="search-box__status" role="status" aria-live="polite">
          {status}
        </p>
        <div
          ref={listbox}
          id={listboxId}
          role="listbox"
          aria-label="Resultados"
          className="search-box__results"
          hidden={!expanded}
        >
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${listboxId}-${group.kind}`}>
              <div id={`${listboxId}-${group.kind}`} role="presentation" className="search-box__group">
                {group.label}
                {group.more ? <span className="search-box__more"> (hay más: escribe más para acotar)</span> : null}
              </div>
              {group.items.map((result) => {
                const position = index++;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses from the combobox (arrows and Enter), as the ARIA pattern has it.
                  <div
                    key={`${result.kind}-${result.id}`}
                    id={optionId(position)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={position === active}
                    className="search-box__option"
                    onMouseMove={() => setActive(position)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => open(result)}
                  >
                    <span className="search-box__label">{result.label}</span>
                    {result.detail ? <span className="search-box__detail">{result.detail}</span> : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </Modal>
  );
}

function statusText(state: {
  tooShort: boolean;
  typed: number;
  loading: boolean;
  error: string | undefined;
  count: number;
  q: string;
}): string {
  if (state.tooShort) {
    return state.typed === 0
      ? 'Escribe un código de dispositivo, una zona, un sitio, un cliente, un número de orden o un folio.'
      : `Escribe al menos ${SEARCH_MIN_LENGTH} caracteres.`;
  }
  if (state.error) return state.error;
  if (state.loading) return 'Buscando…';
  if (state.count === 0) return `Sin resultados para «${state.q}».`;
  return state.count === 1
    ? '1 resultado. Flechas para elegir, Intro para abrir.'
    : `${state.count} resultados. Flechas para elegir, Intro para abrir.`;
}

function SearchIcon() {
  return (
    <svg
      className="search-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}
