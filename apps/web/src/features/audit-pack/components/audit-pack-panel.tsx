import './audit-pack.css';
import { useId, useRef, useState } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { ApiError, isUnreachable, serverMessage } from '../../../lib/api-client';
import { type AuditPackFormat, type AuditPackPath, useDownloadAuditPack } from '../api/download-audit-pack';
import { AUDIT_PACK_MESSAGES as M } from '../messages';
import { type PackPeriodChoice, packDays } from '../utils/pack-period';

export interface SiteOption {
  id: number;
  name: string;
  /** A site no longer served still has its history to show an auditor: listed, after the active ones' default. */
  isActive?: boolean;
}

/** Why a download failed, in Spanish: the server's reason for a refused period, or the general words. */
function failureNotice(error: unknown): NoticeMessage {
  if (isUnreachable(error)) return { tone: 'error', text: M.offline, detail: serverMessage(error) };
  const detail = error instanceof ApiError && error.status < 500 ? serverMessage(error) : undefined;
  return { tone: 'error', text: M.failed, detail };
}

/**
 * "Dossier de auditoría": the site's audit pack (PDF) and its Excel annex, for the last twelve months or two chosen
 * days. Given `siteId` (the site's page) it is that site's; otherwise a select of `sites` chooses, the first by
 * default. A pack takes the server several seconds: the button says so and the status line is read out.
 */
export function AuditPackPanel({
  sites,
  siteId,
  sitesFailed = false,
  path,
}: {
  sites: readonly SiteOption[] | undefined;
  siteId?: number;
  sitesFailed?: boolean;
  /** Where the pack is read; the office's route unless told (the plant's portal has its own). */
  path?: AuditPackPath;
}) {
  const ids = {
    title: useId(),
    site: useId(),
    from: useId(),
    to: useId(),
    error: useId(),
    status: useId(),
  };
  const [chosenSite, setChosenSite] = useState<number | undefined>(undefined);
  const [choice, setChoice] = useState<PackPeriodChoice>('last-12-months');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const download = useDownloadAuditPack(path);
  const running: AuditPackFormat | null = download.isPending ? download.variables.format : null;

  const fixed = siteId !== undefined;
  const site: SiteOption | undefined = fixed
    ? { id: siteId, name: sites?.find((option) => option.id === siteId)?.name ?? '' }
    : (sites?.find((option) => option.id === chosenSite) ??
      sites?.find((option) => option.isActive !== false) ??
      sites?.[0]);
  const period = packDays(choice, from, to);
  // A missing day is pointed out once a download was tried; days out of order or too far apart as soon as typed.
  const shownError =
    period.error && (attempted || (period.error !== M.missingDays && from !== '' && to !== ''))
      ? period.error
      : undefined;

  function start(format: AuditPackFormat) {
    if (running !== null || !site) return;
    setAttempted(true);
    if (period.error) {
      setNotice(null);
      fromInput.current?.focus();
      return;
    }
    setNotice(null);
    download.mutate(
      { site, format, days: period.days },
      {
        onSuccess: () => setNotice({ tone: 'success', text: M.done }),
        onError: (error) => setNotice(failureNotice(error)),
      },
    );
  }

  return (
    <section className="panel audit-pack" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="panel__title">
        {M.title}
      </h2>
      <p className="panel__text">{M.intro}</p>
      {!fixed && sitesFailed ? <Notice notice={{ tone: 'error', text: M.sitesFailed }} /> : null}
      {!fixed && !sitesFailed && sites === undefined ? <p className="panel__text">{M.loadingSites}</p> : null}
      {!fixed && sites?.length === 0 ? <p className="panel__text">{M.noSites}</p> : null}
      {site ? (
        <>
          <div className="audit-pack__fields">
            {fixed ? null : (
              <div className="field audit-pack__site">
                <label htmlFor={ids.site}>{M.site}</label>
                <select
                  id={ids.site}
                  value={site.id}
                  onChange={(event) => {
                    setChosenSite(Number(event.target.value));
                    setNotice(null);
                  }}
                >
                  {sites?.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.isActive === false ? `${option.name} ${M.inactive}` : option.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <fieldset className="audit-pack__period">
              <legend>{M.period}</legend>
              <div className="audit-pack__choices">
                {(
                  [
                    ['last-12-months', M.lastYear],
                    ['chosen', M.chosen],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="audit-pack__choice">
                    <input
                      type="radio"
                      name={`${ids.title}-period`}
                      value={value}
                      checked={choice === value}
                      onChange={() => {
                        setChoice(value);
                        setAttempted(false);
                        setNotice(null);
                      }}
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            {choice === 'chosen' ? (
              <div className="audit-pack__days">
                <div className="field">
                  <label htmlFor={ids.from}>{M.from}</label>
                  <input
                    ref={fromInput}
                    id={ids.from}
                    type="date"
                    value={from}
                    max={to || undefined}
                    required
                    aria-invalid={shownError ? true : undefined}
                    aria-describedby={shownError ? ids.error : undefined}
                    onChange={(event) => setFrom(event.target.value)}
                  />
                </div>
                <div className="field">
                  <label htmlFor={ids.to}>{M.to}</label>
                  <input
                    id={ids.to}
                    type="date"
                    value={to}
                    min={from || undefined}
                    required
                    aria-invalid={shownError ? true : undefined}
                    aria-describedby={shownError ? ids.error : undefined}
                    onChange={(event) => setTo(event.target.value)}
                  />
                </div>
                {shownError ? (
                  <p id={ids.error} className="audit-pack__error" role="alert">
                    {shownError}
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
          <div className="panel__actions audit-pack__actions">
            {(['pdf', 'excel'] as const).map((format) => (
              <button
                key={format}
                type="button"
                className={`button ${format === 'pdf' ? 'button--primary' : 'button--secondary'}`}
                aria-disabled={running !== null || undefined}
                aria-busy={running === format || undefined}
                aria-describedby={running === format ? ids.status : undefined}
                onClick={() => start(format)}
              >
                {running === format ? <span className="spinner audit-pack__spinner" aria-hidden="true" /> : null}
                {running === format
                  ? format === 'pdf'
                    ? M.preparingPdf
                    : M.preparingExcel
                  : format === 'pdf'
                    ? M.downloadPdf
                    : M.downloadExcel}
              </button>
            ))}
          </div>
          <p id={ids.status} className="audit-pack__status" role="status">
            {running !== null ? M.working : ''}
          </p>
          {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
        </>
      ) : null}
    </section>
  );
}
