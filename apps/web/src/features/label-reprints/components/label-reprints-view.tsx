import { MANUAL_REASON_NAMES } from '@rondin/contracts/finding-rules';
import { useState } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useLabelReprints, usePrintLabelReprints } from '../api/label-reprints';
import { LABEL_REPRINT_MESSAGES as TEXT } from '../messages';

/**
 * «Reimpresión de etiquetas»: each device a technician recorded by its typed code because its label could not be
 * read, oldest first. «Imprimir todas» downloads one label sheet of them and empties the list.
 */
export function LabelReprintsView() {
  const reprints = useLabelReprints();
  const print = usePrintLabelReprints();
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const rows = reprints.data ?? [];

  function printAll() {
    setNotice(null);
    const count = rows.length;
    print.mutate(undefined, {
      onSuccess: (blob) => {
        saveBlob(blob, 'etiquetas-reimpresion.pdf');
        setNotice({ tone: 'success', text: TEXT.printed(count) });
      },
      onError: (error) => setNotice({ tone: 'error', text: TEXT.printFailed, detail: serverMessage(error) }),
    });
  }

  return (
    <div className="page">
      <PageHeader
        title={TEXT.title}
        subtitle={rows.length > 0 ? `${TEXT.subtitle} ${TEXT.pending(rows.length)}.` : TEXT.subtitle}
        actions={
          rows.length > 0 ? (
            <button type="button" className="button button--primary" onClick={printAll} disabled={print.isPending}>
              {print.isPending ? TEXT.printing : TEXT.printAll}
            </button>
          ) : undefined
        }
      />
      {notice ? <Notice notice={notice} /> : null}
      <QueryState
        isPending={reprints.isPending}
        isError={reprints.isError}
        error={reprints.error}
        isEmpty={rows.length === 0}
        emptyText={TEXT.empty}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        onRetry={() => void reprints.refetch()}
      >
        <div className="table-card">
          <table className="data-table">
            <caption className="visually-hidden">{TEXT.caption}</caption>
            <thead>
              <tr>
                {TEXT.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((reprint) => (
                <tr key={reprint.id}>
                  <th scope="row" data-label={TEXT.columns[0]}>
                    {reprint.trap.code}
                  </th>
                  <td data-label={TEXT.columns[1]}>
                    {reprint.trap.area ?? <span className="muted">{TEXT.noArea}</span>}
                  </td>
                  <td data-label={TEXT.columns[2]}>{reprint.trap.siteName}</td>
                  <td data-label={TEXT.columns[3]}>{MANUAL_REASON_NAMES[reprint.reason]}</td>
                  <td data-label={TEXT.columns[4]}>
                    {TEXT.requested(reprint.requestedBy?.fullName ?? TEXT.nobody, formatDateTime(reprint.requestedAt))}
                  </td>
                  <td data-label={TEXT.columns[5]}>
                    {reprint.sessionId === null ? '—' : TEXT.order(reprint.sessionId)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
    </div>
  );
}
