import { useEffect, useId, useRef, useState } from 'react';

/** The API's limit on a search text (SearchText in the contracts). */
const SEARCH_MAX = 80;

interface SearchFieldProps {
  label: string;
  placeholder?: string;
  /** The search in force (from the address); the field follows it when it changes elsewhere. */
  value: string;
  /** Called with the trimmed text once typing pauses, or at once on Enter. */
  onSearch: (value: string) => void;
  delay?: number;
}

/** A search box that asks the server only once typing pauses, never once per keystroke. */
export function SearchField({ label, placeholder, value, onSearch, delay = 300 }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // The search changed without typing (back button, 'Limpiar filtros'): show what is in force.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setText(value);
  }, [value]);

  function commit(next: string) {
    const trimmed = next.trim();
    if (trimmed === committed.current) return;
    committed.current = trimmed;
    onSearchRef.current(trimmed);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `commit` reads refs only; the debounce restarts on typing.
  useEffect(() => {
    const timer = setTimeout(() => commit(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);

  return (
    <div className="field field--search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        maxLength={SEARCH_MAX}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Inside a form (the order dialog) Enter would submit it: here it only searches.
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(text);
          }
        }}
      />
    </div>
  );
}
