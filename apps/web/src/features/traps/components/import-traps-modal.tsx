import type { TrapImportResult } from '@rondin/contracts';
import { TRAP_TYPE_MARKS, TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { importTypeOf, MAX_IMPORT_BYTES, useImportTraps } from '../api/import-traps';
import { IMPORT_MESSAGES as TEXT } from '../messages';

/** Rows of the preview shown at once; the rest are counted (a plant's file may hold thousands). */
const PREVIEW_ROWS = 8;

interface ImportTrapsModalProps {
  /** With several active sites the preview says which site each row goes to. */
  showSite: boolean;
  /** Opened from a site's page: every row is this site's, and no «sitio» column is needed. */
  site?: { id: number; name: string } | undefined;
  onImported: (count: number) => void;
  onClose: () => void;
}

/**
 * A file chosen here is first checked by the server without writing (the preview, every problem of every row);
 * only a file without problems can be imported, and then all its rows are written at once or none.
 */
export function ImportTrapsModal({ showSite, site, onImported, onClose }: ImportTrapsModalProps) {
  const inputId = useId();
  const importTraps = useImportTraps();
  const [file, setFile] = useState<{ file: File; type: string } | null>(null);
  const [preview, setPreview] = useState<TrapImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  function choose(chosen: File | undefined) {
    setPreview(null);
    setError(null);
    setFile(null);
    if (!chosen) return;
    const type = importTypeOf(chosen);
    if (!type) return setError(TEXT.wrongType);
    if (chosen.size > MAX_IMPORT_BYTES) return setError(TEXT.tooLarge);
    setFile({ file: chosen, type });
    importTraps.mutate(
      { file: chosen, type, dryRun: true, siteId: site?.id },
      {
        onSuccess: setPreview,
        onError: (failure) => setError(serverMessage(failure) ?? TEXT.previewFailed),
      },
    );
  }

  function confirm() {
    if (!file || !preview) return;
    setError(null);
    importTraps.mutate(
      { ...file, dryRun: false, siteId: site?.id },
      {
        onSuccess: (result) => onImported(result.created),
        onError: (failure) => setError(serverMessage(failure) ?? TEXT.importFailed),
      },
    );
  }

  const count = preview?.rows.length ?? 0;
  const ready = preview !== null && preview.problems.length === 0 && count > 0;
  const working = importTraps.isPending;
  return (
    <Modal
      title={site ? TEXT.titleFor(site.name) : TEXT.title}
      onClose={onClose}
      locked={working && importTraps.variables?.dryRun === false}
      size="large"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={working}>
            Cancelar
          </button>
          <button type="button" className="button button--primary" onClick={confirm} disabled={!ready || working}>
            {working && importTraps.variables?.dryRun === false
              ? TEXT.importing
              : ready
                ? TEXT.confirm(count)
                : 'Importar'}
          </button>
        </>
      }
    >
      <div className="form">
        <p>{site ? TEXT.introFor(site.name) : TEXT.intro}</p>
        <div className="field">
          <label htmlFor={inputId}>Archivo</label>
          <input
            id={inputId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={working}
            onChange={(event) => choose(event.target.files?.[0])}
            data-autofocus
          />
        </div>
        {working && importTraps.variables?.dryRun ? (
          <p role="status" className="muted">
            {TEXT.checking}
          </p>
        ) : null}
        {error ? <Notice notice={{ tone: 'error', text: error }} /> : null}
        {preview ? (
          preview.problems.length > 0 ? (
            <>
              <Notice notice={{ tone: 'error', text: TEXT.problems(preview.problems.length) }} />
              <div className="table-card import-preview">
                <table className="data-table data-table--plain">
                  <caption className="visually-hidden">Problemas del archivo</caption>
                  <thead>
                    <tr>
                      <th scope="col">Fila</th>
                      <th scope="col">Columna</th>
                      <th scope="col">Problema</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.problems.map((problem) => (
                      <tr key={`${problem.row}-${problem.column}-${problem.message}`}>
                        <th scope="row">{problem.row}</th>
                        <td>{problem.column ?? '—'}</td>
                        <td>{problem.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            <>
              <Notice notice={{ tone: 'success', text: TEXT.ready(count) }} />
              <div className="table-card import-preview">
                <table className="data-table data-table--plain">
                  <caption className="visually-hidden">Vista previa de las trampas</caption>
                  <thead>
                    <tr>
                      <th scope="col">Fila</th>
                      <th scope="col">Código</th>
                      <th scope="col">Tipo</th>
                      {showSite ? <th scope="col">Sitio</th> : null}
                      <th scope="col">Área</th>
                      <th scope="col">Estado</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.rows.slice(0, PREVIEW_ROWS).map((row) => (
                      <tr key={row.row}>
                        <td>{row.row}</td>
                        <th scope="row">{row.code}</th>
                        <td>
                          <abbr title={TRAP_TYPE_NAMES[row.type]}>{TRAP_TYPE_MARKS[row.type]}</abbr>
                        </td>
                        {showSite ? <td>{row.siteName}</td> : null}
                        <td>{row.area ?? 'Sin área'}</td>
                        <td>{row.isActive ? 'Activa' : 'Inactiva'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {count > PREVIEW_ROWS ? (
                <p className="muted">
                  … y {formatCount(count - PREVIEW_ROWS)} {count - PREVIEW_ROWS === 1 ? 'fila más' : 'filas más'}.
                </p>
              ) : null}
            </>
          )
        ) : null}
      </div>
    </Modal>
  );
}
