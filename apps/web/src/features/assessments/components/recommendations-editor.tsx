import { useId } from 'react';
import { ASSESSMENT_MESSAGES as TEXT } from '../messages';
import { type RecommendationDraft, recommendationRow } from '../utils/draft';

interface RecommendationsEditorProps {
  rows: readonly RecommendationDraft[];
  onChange: (rows: RecommendationDraft[]) => void;
}

/** Each recommendation: its text and the date the client should have it done by. */
export function RecommendationsEditor({ rows, onChange }: RecommendationsEditorProps) {
  const id = useId();
  const update = (key: string, change: Partial<RecommendationDraft>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <div className="assessment-recommendations">
      {rows.length === 0 ? <p className="muted">{TEXT.recommendationsNone}</p> : null}
      <ol className="assessment-recommendations__list">
        {rows.map((row, index) => (
          <li key={row.key} className="assessment-recommendations__row">
            <div className="field assessment-recommendations__text">
              <label htmlFor={`${id}-${row.key}-text`}>{TEXT.recommendationText(index + 1)}</label>
              <textarea
                id={`${id}-${row.key}-text`}
                rows={2}
                maxLength={2000}
                value={row.text}
                onChange={(event) => update(row.key, { text: event.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-${row.key}-due`}>{TEXT.recommendationDue(index + 1)}</label>
              <input
                id={`${id}-${row.key}-due`}
                type="date"
                value={row.dueDate}
                onChange={(event) => update(row.key, { dueDate: event.target.value })}
              />
            </div>
            <button
              type="button"
              className="button button--ghost-danger button--small"
              onClick={() => onChange(rows.filter((each) => each.key !== row.key))}
            >
              {TEXT.removeRecommendation(index + 1)}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => onChange([...rows, recommendationRow()])}
      >
        {TEXT.addRecommendation}
      </button>
    </div>
  );
}
