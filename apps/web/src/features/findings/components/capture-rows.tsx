import type { Pest } from '@rondin/contracts';
import { CAPTURE_BANDS, type CaptureBand, MAX_CAPTURE_COUNT } from '@rondin/contracts/finding-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { FINDINGS_MESSAGES as TEXT } from '../messages';
import type { CaptureDraft } from '../utils/finding-form';

interface CaptureRowsProps {
  captures: readonly CaptureDraft[];
  /** The active pests, to name the rows and offer others; undefined while they cannot be read. */
  pests: readonly Pest[] | undefined;
  /** The pests most caught at the site in devices of this type: the draft's rows start with them. */
  common: readonly number[];
  saturated: boolean;
  /** The type counts by band when saturated (glue boards, light traps). */
  bands: boolean;
  /** A light trap counts by group, not species. */
  byGroup: boolean;
  onChange: (captures: CaptureDraft[]) => void;
  onSaturatedChange: (saturated: boolean) => void;
}

/** Case, accents and spacing aside: «cucaracha» finds «Cucaracha alemana», «raton» «Ratón doméstico». */
const searchKey = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Catches per pest: − and + for the few a technician counts, the number typed for more, bands on a saturated board.
 * The rows start with the pests most caught at the site (the draft's order); any other is found with a search by
 * name or scientific name and added with one tap.
 */
export function CaptureRows({
  captures,
  pests,
  common,
  saturated,
  bands,
  byGroup,
  onChange,
  onSaturatedChange,
}: CaptureRowsProps) {
  const headingId = useId();
  const searchId = useId();
  const matchesId = useId();
  const rows = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  const [added, setAdded] = useState<number | null>(null);
  const name = (pestId: number) => pests?.find((pest) => pest.id === pestId)?.name ?? `#${pestId}`;
  const update = (pestId: number, change: Partial<CaptureDraft>) =>
    onChange(captures.map((capture) => (capture.pestId === pestId ? { ...capture, ...change } : capture)));
  const shown = new Set(captures.map((capture) => capture.pestId));
  // The site's most caught are rows already (the draft starts with them): the rest in the catalogue's order.
  const others = (pests ?? []).filter((pest) => pest.isActive && !shown.has(pest.id));
  const key = searchKey(query);
  const choices = key
    ? others.filter((pest) => [pest.name, pest.scientificName ?? ''].some((text) => searchKey(text).includes(key)))
    : others;

  // The chosen pest's button goes with the choice: the keyboard's focus goes to the new row's «+».
  useEffect(() => {
    if (added === null) return;
    rows.current?.querySelector<HTMLButtonElement>(`[data-more="${added}"]`)?.focus();
    setAdded(null);
  }, [added]);

  const add = (pestId: number) => {
    onChange([...captures, { pestId, count: saturated ? 0 : 1, band: saturated ? '1-10' : null }]);
    setQuery('');
    setAdded(pestId);
  };

  return (
    <section className="captures" aria-labelledby={headingId}>
      <h3 id={headingId} className="finding-form__heading">
        {TEXT.capturesTitle}
      </h3>
      <p className="finding-form__hint">{byGroup ? TEXT.capturesGroupsHint : TEXT.capturesHint}</p>
      {common.length > 0 ? <p className="finding-form__hint">{TEXT.commonFirst}</p> : null}
      {pests === undefined ? <p className="finding-form__hint">{TEXT.pestsUnavailable}</p> : null}
      {bands ? (
        <label className="check-line">
          <input type="checkbox" checked={saturated} onChange={(event) => onSaturatedChange(event.target.checked)} />
          <span>{TEXT.saturated}</span>
        </label>
      ) : null}
      <ul className="captures__list" ref={rows}>
        {captures.map((capture) => {
          const pestName = name(capture.pestId);
          return (
            <li key={capture.pestId} className="capture-row">
              <span className="capture-row__name">{pestName}</span>
              {saturated ? (
                <select
                  className="capture-row__band"
                  aria-label={TEXT.bandOf(pestName)}
                  value={capture.band ?? '0'}
                  onChange={(event) => update(capture.pestId, { band: event.target.value as CaptureBand })}
                >
                  {CAPTURE_BANDS.map((band) => (
                    <option key={band} value={band}>
                      {TEXT.bandNames[band]}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="counter">
                  <button
                    type="button"
                    className="counter__button"
                    aria-label={TEXT.less(pestName)}
                    disabled={capture.count === 0}
                    onClick={() => update(capture.pestId, { count: Math.max(0, capture.count - 1) })}
                  >
                    −
                  </button>
                  <input
                    className="counter__value"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_CAPTURE_COUNT}
                    aria-label={TEXT.countOf(pestName)}
                    value={capture.count}
                    onFocus={(event) => event.target.select()}
                    onChange={(event) => {
                      const typed = Math.trunc(Number(event.target.value));
                      const count = Number.isFinite(typed) ? Math.min(MAX_CAPTURE_COUNT, Math.max(0, typed)) : 0;
                      update(capture.pestId, { count });
                    }}
                  />
                  <button
                    type="button"
                    className="counter__button"
                    data-more={capture.pestId}
                    aria-label={TEXT.more(pestName)}
                    onClick={() => update(capture.pestId, { count: Math.min(MAX_CAPTURE_COUNT, capture.count + 1) })}
                  >
                    +
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <div className="field captures__add">
          <label htmlFor={searchId}>{TEXT.searchPest}</label>
          <input
            id={searchId}
            type="search"
            autoComplete="off"
            placeholder={TEXT.searchPestPlaceholder}
            aria-describedby={matchesId}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <p id={matchesId} className="finding-form__hint" aria-live="polite">
            {key ? TEXT.pestMatches(choices.length) : TEXT.addPestHint}
          </p>
          {choices.length > 0 ? (
            <ul className="captures__choices" aria-label={TEXT.pestChoices}>
              {choices.map((pest) => (
                <li key={pest.id}>
                  <button
                    type="button"
                    className="captures__choice"
                    aria-label={TEXT.addPestNamed(pest.name)}
                    onClick={() => add(pest.id)}
                  >
                    {pest.name}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
