import './certificates.css';
import type { CertificateSummary } from '@rondin/contracts';
import { useState } from 'react';
import { Loading } from '../../../components/ui/loading';
import { Notice } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { isWithoutCertificate, useCertificate } from '../api/get-certificate';
import { CERTIFICATE_MESSAGES as TEXT } from '../messages';
import { shortHash } from '../utils/sha256';

/** On the phone once the order is closed: 'Certificado 2026-000001' and who signed. */
export function CertificateFolio({ sessionId }: { sessionId: number }) {
  const certificate = useCertificate(sessionId, true);
  if (certificate.data) {
    return (
      <div className="certificate-facts">
        <p className="certificate-facts__title">
          <strong>{TEXT.certificate(certificate.data.folio)}</strong>
        </p>
        <p className="muted">{signerText(certificate.data)}</p>
      </div>
    );
  }
  return <CertificateState query={certificate} />;
}

/**
 * A closed order's certificate for the office: folio and revision, when it was issued, who signed for the client
 * (or that nobody could), the public verification address and the SHA-256 of the issued PDF, with a copy button.
 */
export function CertificateFacts({ sessionId }: { sessionId: number }) {
  const certificate = useCertificate(sessionId, true);
  const data = certificate.data;
  if (!data) return <CertificateState query={certificate} />;
  return (
    <section className="certificate-facts" aria-label={TEXT.certificate(data.folio)}>
      <h2 className="certificate-facts__title">{TEXT.certificate(data.folio)}</h2>
      <dl>
        <div>
          <dt>{TEXT.folio}</dt>
          <dd>
            {data.folio}
            {data.revision > 1 ? ` · ${TEXT.revision(data.revision)}` : ''} · {formatDateTime(data.issuedAt)}
          </dd>
        </div>
        <div>
          <dt>{TEXT.signer}</dt>
          <dd>{signerText(data)}</dd>
        </div>
        <div>
          <dt>{TEXT.verifyLink}</dt>
          <dd>
            <a href={data.verifyUrl} target="_blank" rel="noreferrer">
              {TEXT.verifyOpen}
            </a>
          </dd>
        </div>
        <div>
          <dt>{TEXT.sha256}</dt>
          <dd>{data.sha256 ? <HashWithCopy hash={data.sha256} /> : TEXT.noHash}</dd>
        </div>
      </dl>
    </section>
  );
}

function signerText(certificate: CertificateSummary): string {
  if (certificate.clientAbsent) {
    return certificate.clientAbsentReason
      ? `${TEXT.clientAbsent}: ${certificate.clientAbsentReason}`
      : TEXT.clientAbsent;
  }
  return certificate.clientName ? `${TEXT.signer}: ${certificate.clientName}` : TEXT.noSigner;
}

function CertificateState({ query }: { query: ReturnType<typeof useCertificate> }) {
  if (query.isError) {
    return isWithoutCertificate(query.error) ? (
      <p className="muted">{TEXT.certificateMissing}</p>
    ) : (
      <Notice notice={{ tone: 'error', text: TEXT.certificateFailed, detail: serverMessage(query.error) }} />
    );
  }
  return <Loading text={TEXT.certificateLoading} />;
}

/** The hash in short (first and last 8 digits), the whole of it for screen readers and in the clipboard. */
export function HashWithCopy({ hash }: { hash: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  function copy() {
    if (!navigator.clipboard) {
      setState('failed');
      return;
    }
    navigator.clipboard.writeText(hash).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  }
  return (
    <span className="certificate-hash">
      <code title={hash}>
        <span aria-hidden="true">{shortHash(hash)}</span>
        <span className="visually-hidden">{hash}</span>
      </code>
      <button type="button" className="button button--secondary button--small" onClick={copy}>
        {state === 'copied' ? TEXT.copied : TEXT.copy}
      </button>
      <span role="status" className="muted">
        {state === 'failed' ? TEXT.copyFailed : ''}
      </span>
    </span>
  );
}
