import './certificates.css';
import type { Verification, VerifiedContent } from '@rondin/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import { BrandMark } from '../../../components/layouts/brand-mark';
import { Loading } from '../../../components/ui/loading';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { useVerification, VerifyError } from '../api/verify-certificate';
import { CERTIFICATE_MESSAGES as TEXT } from '../messages';
import { sha256Hex } from '../utils/sha256';

/** The shape of a verification code (random, lowercase letters and digits): anything else is no certificate. */
const CODE = /^[a-z0-9]{1,64}$/;

/**
 * /verificar/{code}: what anyone holding a certificate (its QR) can confirm without signing in: folio, date of issue,
 * site, company, what the certificate says (service date and times, technician, devices, products with lot and
 * dose) to compare a paper copy with, and the SHA-256 of the PDF as issued, which 'Comprueba tu PDF' compares with
 * a file, in the browser.
 */
export function VerificationView({ code }: { code: string }) {
  return (
    <main className="verify-page">
      <BrandMark />
      <h1>{TEXT.verifyTitle}</h1>
      {CODE.test(code) ? (
        <VerificationOf code={code} />
      ) : (
        <Problem notice={{ tone: 'error', text: TEXT.verifyNotFound, detail: TEXT.verifyNotFoundHint }} />
      )}
    </main>
  );
}

function VerificationOf({ code }: { code: string }) {
  const verification = useVerification(code);
  if (verification.data) return <VerificationFacts verification={verification.data} />;
  if (verification.isError) {
    return (
      <Problem
        notice={problemNotice(verification.error)}
        onRetry={notFound(verification.error) ? undefined : () => void verification.refetch()}
        retrying={verification.isFetching}
      />
    );
  }
  return <Loading text={TEXT.verifyLoading} />;
}

function notFound(error: unknown): boolean {
  return error instanceof VerifyError && error.problem.kind === 'not-found';
}

function problemNotice(error: unknown): NoticeMessage {
  if (!(error instanceof VerifyError)) return { tone: 'error', text: TEXT.verifyFailed };
  const { problem } = error;
  switch (problem.kind) {
    case 'not-found':
      return { tone: 'error', text: TEXT.verifyNotFound, detail: TEXT.verifyNotFoundHint };
    case 'too-many':
      return {
        tone: 'error',
        text: problem.retryAfterSeconds ? TEXT.verifyTooManyAfter(problem.retryAfterSeconds) : TEXT.verifyTooMany,
      };
    case 'offline':
      return { tone: 'error', text: TEXT.verifyOffline };
    case 'failed':
      return { tone: 'error', text: TEXT.verifyFailed, detail: problem.message };
  }
}

function Problem({
  notice,
  onRetry,
  retrying = false,
}: {
  notice: NoticeMessage;
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
}) {
  return (
    <>
      <Notice notice={notice} />
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
          {TEXT.verifyRetry}
        </button>
      ) : null}
    </>
  );
}

function VerificationFacts({ verification }: { verification: Verification }) {
  return (
    <>
      <p className="verify-page__intro">{TEXT.verifyIntro}</p>
      {verification.replaced ? (
        <Notice notice={{ tone: 'error', text: TEXT.replaced, detail: TEXT.replacedHint }} />
      ) : null}
      <dl className="fact-list">
        <div>
          <dt>{TEXT.folio}</dt>
          <dd>
            {verification.folio}
            {verification.revision > 1 ? ` · ${TEXT.revision(verification.revision)}` : ''}{' '}
            {verification.replaced ? (
              <StatusBadge tone="danger">{TEXT.replaced}</StatusBadge>
            ) : (
              <StatusBadge tone="success">{TEXT.current}</StatusBadge>
            )}
          </dd>
        </div>
        <div>
          <dt>{TEXT.issuedAt}</dt>
          <dd>{verification.content?.issued ?? formatDateTime(verification.issuedAt)}</dd>
        </div>
        <div>
          <dt>{TEXT.site}</dt>
          <dd>{verification.site}</dd>
        </div>
        <div>
          <dt>{TEXT.company}</dt>
          <dd>{verification.company ?? TEXT.noCompany}</dd>
        </div>
        <div>
          <dt>{TEXT.sha256}</dt>
          <dd>
            <code data-testid="verify-sha256">{verification.sha256 ?? TEXT.noHash}</code>
          </dd>
        </div>
      </dl>
      {verification.content ? (
        <CertificateContent content={verification.content} />
      ) : (
        <Notice notice={{ tone: 'info', text: TEXT.contentMissing }} />
      )}
      {verification.sha256 ? <CompareFile expected={verification.sha256} /> : null}
    </>
  );
}

/** What the certificate prints, in its words and formats, to hold a paper copy against. */
function CertificateContent({ content }: { content: VerifiedContent }) {
  const titleId = useId();
  const { technician, devices } = content;
  return (
    <section className="verify-page__content" aria-labelledby={titleId}>
      <h2 id={titleId}>{TEXT.contentTitle}</h2>
      <p className="muted">{TEXT.contentIntro}</p>
      <dl className="fact-list">
        <div>
          <dt>{TEXT.serviceDate}</dt>
          <dd>{content.serviceDate}</dd>
        </div>
        <div>
          <dt>{TEXT.technician}</dt>
          <dd>
            {[
              technician.name,
              technician.qualification,
              technician.licenceNumber ? TEXT.licence(technician.licenceNumber) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </dd>
        </div>
        <div>
          <dt>{TEXT.devices}</dt>
          <dd>
            <dl className="verify-page__counts">
              {(
                [
                  [TEXT.devicesDue, devices.due],
                  [TEXT.devicesInspected, devices.inspected],
                  [TEXT.devicesExceptions, devices.exceptions],
                  [TEXT.devicesPending, devices.pending],
                  [TEXT.devicesWithActivity, devices.withActivity],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </dd>
        </div>
      </dl>
      <h3>{TEXT.applications}</h3>
      {content.applications.length === 0 ? (
        <p>{TEXT.noApplications}</p>
      ) : (
        <ul className="verify-page__applications">
          {content.applications.map((application, index) => (
            // The certificate's own order: two applications of one product and lot are two lines there too.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
            <li key={index}>
              <strong>{application.product}</strong>
              <dl>
                <div>
                  <dt>{TEXT.registrationNumber}</dt>
                  <dd>{application.registrationNumber ?? '—'}</dd>
                </div>
                <div>
                  <dt>{TEXT.batch}</dt>
                  <dd>{application.batch.replace(/^Lote /, '')}</dd>
                </div>
                <div>
                  <dt>{TEXT.dose}</dt>
                  <dd>{application.dose ?? '—'}</dd>
                </div>
                <div>
                  <dt>{TEXT.quantity}</dt>
                  <dd>{application.quantity}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">{TEXT.timeZoneNote(content.timeZone)}</p>
    </section>
  );
}

type Comparison =
  | { state: 'idle' }
  | { state: 'working' }
  | { state: 'done'; hash: string; matches: boolean }
  | { state: 'failed'; text: string };

/** 'Comprueba tu PDF': the chosen file's SHA-256, computed in the browser, against the issued one. */
function CompareFile({ expected }: { expected: string }) {
  const inputId = useId();
  const hintId = useId();
  const [comparison, setComparison] = useState<Comparison>({ state: 'idle' });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) {
      setComparison({ state: 'idle' });
      return;
    }
    setComparison({ state: 'working' });
    try {
      const hash = await sha256Hex(await file.arrayBuffer());
      if (hash === null) setComparison({ state: 'failed', text: TEXT.compareUnavailable });
      else setComparison({ state: 'done', hash, matches: hash === expected.toLowerCase() });
    } catch {
      setComparison({ state: 'failed', text: TEXT.compareFailed });
    }
  }

  return (
    <section className="verify-page__compare" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{TEXT.compareTitle}</h2>
      <div className="field">
        <label htmlFor={inputId}>{TEXT.compareLabel}</label>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          onChange={(event) => void onFile(event)}
          aria-describedby={hintId}
        />
        <p id={hintId} className="muted">
          {TEXT.compareHint}
        </p>
      </div>
      {comparison.state === 'working' ? <Loading text={TEXT.comparing} /> : null}
      {comparison.state === 'failed' ? <Notice notice={{ tone: 'error', text: comparison.text }} /> : null}
      {comparison.state === 'done' ? (
        <>
          <Notice
            notice={
              comparison.matches
                ? { tone: 'success', text: TEXT.compareMatch }
                : { tone: 'error', text: TEXT.compareMismatch }
            }
          />
          <p className="muted">
            {TEXT.yourHash}: <code>{comparison.hash}</code>
          </p>
        </>
      ) : null}
    </section>
  );
}
