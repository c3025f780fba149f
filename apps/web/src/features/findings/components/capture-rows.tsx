import type { Pest } from '@rondin/contracts';
import { PEST_GROUP_NAMES, PEST_GROUPS } from '@rondin/contracts/devices';
import { CAPTURE_BANDS, type CaptureBand, MAX_CAPTURE_COUNT } from '@rondin/contracts/finding-rules';
import { useId } from 'react';
import { FINDINGS_MESSAGES as TEXT } from '../messages';
import type { CaptureDraft } from '../utils/finding-form';

interface CaptureRowsProps {
  captures: readonly CaptureDraft[];
  /** The active pests, to name the rows and offer others; undefined while they cannot be read. */
  pests: readonly Pest[] | undefined;
  saturated: boolean;
  /** The type counts by band when saturated (glue boards, light traps). */
  bands: boolean;
  /** A light trap counts by group, not species. */
  byGroup: boolean;
  onChange: (captures: CaptureDraft[]) => void;
  onSaturatedChange: (saturated: boolean) => void;
}

/** Catches per pest: − and + for the few a technician counts, the number typed for more, bands on a saturated board. */
export function CaptureRows({
  captures,
  pests,
  saturated,
  bands,
  byGroup,
  onChange,
  onSaturatedChange,
}: CaptureRowsProps) {
  const headingId = useId();
  const addId = useId();
  const name = (pestId: number) => pests?.find((pest) => pest.id === pestId)?.name ?? `#${pestId}`;
  const update = (pestId: number, change: Partial<CaptureDraft>) =>
    onChange(captures.map((capture) => (capture.pestId === pestId ? { ...capture, ...change } : capture)));
  const shown = new Set(captures.map((capture) => capture.pestId));
  const others = (pests ?? []).filter((pest) => pest.isActive && !shown.has(pest.id));

  return (
    <section className="captures" aria-labelledby={headingId}>
      <h3 id={headingId} className="finding-form__heading">
        {TEXT.capturesTitle}
      </h3>
      <p className="finding-form__hint">{byGroup ? TEXT.capturesGroupsHint : TEXT.capturesHint}</p>
      {pests === undefined ? <p className="finding-form__hint">{TEXT.pestsUnavailable}</p> : null}
      {bands ? (
        <label className="check-line">
          <input type="checkbox" checked={saturated} onChange={(event) => onSaturatedChange(event.target.checked)} />
          <span>{TEXT.saturated}</span>
        </label>
      ) : null}
      <ul className="captures__list">
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
          <label htmlFor={addId}>{TEXT.addPest}</label>
          <select
            id={addId}
            value=""
            onChange={(event) => {
              const pestId = Number(event.target.value);
              if (pestId)
                onChange([...captures, { pestId, count: saturated ? 0 : 1, band: saturated ? '1-10' : null }]);
            }}
          >
            <option value="">{TEXT.addPestChoose}</option>
            {PEST_GROUPS.map((group) => {
              const inGroup = others.filter((pest) => pest.group === group);
              return inGroup.length === 0 ? null : (
                <optgroup key={group} label={PEST_GROUP_NAMES[group]}>
                  {inGroup.map((pest) => (
                    <option key={pest.id} value={pest.id}>
                      {pest.name}
                    </option>
                  ))}
                </optgroup>
              );
            })}
          </select>
        </div>
      ) : null}
    </section>
  );
}
