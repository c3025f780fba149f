import './actions.css';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { useActionCounts } from '../api/get-actions';
import { ACTION_MESSAGES as TEXT } from '../messages';

/** The dashboard's corrective actions: how many are open and overdue, each linking to the list. */
export function ActionsSummary() {
  const actions = useActionCounts();
  if (!actions.data) return null;
  const { openCount, overdueCount } = actions.data;
  return (
    <section className="panel actions-summary" aria-labelledby="actions-summary-title">
      <h2 id="actions-summary-title" className="panel__title">
        {TEXT.summaryTitle}
      </h2>
      <div className="actions-summary__figures">
        <Link className="actions-summary__link" to="/admin/actions?status=ABIERTA">
          <span className="actions-summary__figure">{formatCount(openCount)}</span>
          <span>{TEXT.summaryOpen}</span>
        </Link>
        <Link
          className={`actions-summary__link${overdueCount > 0 ? ' actions-summary__link--late' : ''}`}
          to="/admin/actions?overdue=true"
        >
          <span className="actions-summary__figure">{formatCount(overdueCount)}</span>
          <span>{TEXT.summaryOverdue}</span>
        </Link>
      </div>
    </section>
  );
}
