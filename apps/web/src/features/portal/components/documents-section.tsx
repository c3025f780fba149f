import type { AssessmentSummary, PortalDocuments, PortalProduct, ProgrammeVersion } from '@rondin/contracts';
import { ASSESSMENT_KIND_NAMES } from '@rondin/contracts/assessment-names';
import { PRODUCT_DOCUMENT_LABELS } from '@rondin/contracts/product-names';
import { formatLocalDate, QUALIFICATION_LABELS } from '@rondin/contracts/technician-rules';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import {
  assessmentReportFile,
  type PortalFile,
  productDocumentFile,
  useAcknowledgeAssessment,
  useDownloadPortalFile,
  usePortalDocuments,
} from '../api/portal-documents';
import { DOCUMENT_MESSAGES as TEXT } from '../messages';

/** Today in the browser's calendar, YYYY-MM-DD: enough to say whether a licence has expired. */
const today = () => new Date().toLocaleDateString('sv');

/**
 * The site's documents, grouped by kind: the programme in force (drawn by `programme`, composed in app/), the
 * signed assessments with their report and «Aceptar», the company's registry, the qualifications of who served
 * the site, and the labels and safety data sheets of the products applied there. Files download with her session.
 */
export function DocumentsSection({
  siteId,
  programme,
}: {
  siteId: number;
  programme: (version: ProgrammeVersion) => ReactNode;
}) {
  const documents = usePortalDocuments(siteId);
  const download = useDownloadPortalFile();
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const save = (file: PortalFile) => {
    setNotice(null);
    download.mutate(file, {
      onError: (error) => setNotice({ tone: 'error', text: TEXT.downloadFailed, detail: describeError(error) }),
    });
  };
  const busy = download.isPending ? download.variables?.path : undefined;
  return (
    <section className="panel portal-section portal-documents" aria-labelledby="portal-documents">
      <h2 id="portal-documents" className="panel__title">
        {TEXT.title}
      </h2>
      <p className="panel__text">{TEXT.intro}</p>
      {notice ? <Notice notice={notice} /> : null}
      <QueryState
        isPending={documents.isPending}
        isError={documents.isError}
        error={documents.error}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        onRetry={() => void documents.refetch()}
      >
        {documents.data ? (
          <Documents siteId={siteId} documents={documents.data} programme={programme} save={save} busy={busy} />
        ) : null}
      </QueryState>
    </section>
  );
}

interface DocumentsProps {
  siteId: number;
  documents: PortalDocuments;
  programme: (version: ProgrammeVersion) => ReactNode;
  save: (file: PortalFile) => void;
  /** The path being downloaded, if any. */
  busy: string | undefined;
}

function Documents({ siteId, documents, programme, save, busy }: DocumentsProps) {
  const { company } = documents;
  const companyRows: [string, string | null][] = [
    [TEXT.companyName, company.name],
    [TEXT.taxId, company.taxId],
    [TEXT.registryNumber, company.registryNumber],
    [TEXT.technicalManager, company.technicalManager],
    [TEXT.address, company.address],
    [TEXT.phone, company.phone],
  ];
  return (
    <div className="portal-documents__groups">
      <section aria-labelledby={`portal-programme-${siteId}`}>
        <h3 id={`portal-programme-${siteId}`} className="portal-documents__title">
          {TEXT.programme}
        </h3>
        {documents.programme ? (
          <details className="portal-documents__programme">
            <summary>
              {TEXT.programmeVersion(documents.programme.version, formatLocalDate(documents.programme.effectiveFrom))}
              {' · '}
              {TEXT.programmeShow}
            </summary>
            {programme(documents.programme)}
          </details>
        ) : (
          <p className="muted">{TEXT.noProgramme}</p>
        )}
      </section>

      <section aria-labelledby={`portal-assessments-${siteId}`}>
        <h3 id={`portal-assessments-${siteId}`} className="portal-documents__title">
          {TEXT.assessments}
        </h3>
        {documents.assessments.length === 0 ? (
          <p className="muted">{TEXT.noAssessments}</p>
        ) : (
          <ul className="portal-list portal-list--cards">
            {documents.assessments.map((assessment) => (
              <li key={assessment.id}>
                <AssessmentCard siteId={siteId} assessment={assessment} save={save} busy={busy} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`portal-company-${siteId}`}>
        <h3 id={`portal-company-${siteId}`} className="portal-documents__title">
          {TEXT.company}
        </h3>
        {company.name === null ? (
          <p className="muted">{TEXT.companyMissing}</p>
        ) : (
          <dl className="portal-facts">
            {companyRows.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value ?? <span className="muted">{TEXT.notRecorded}</span>}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby={`portal-technicians-${siteId}`}>
        <h3 id={`portal-technicians-${siteId}`} className="portal-documents__title">
          {TEXT.technicians}
        </h3>
        {documents.technicians.length === 0 ? (
          <p className="muted">{TEXT.noTechnicians}</p>
        ) : (
          <ul className="portal-list">
            {documents.technicians.map((person) => {
              const expired = person.licenceExpiresAt !== null && person.licenceExpiresAt < today();
              return (
                <li key={person.id}>
                  <div className="portal-list__main">
                    <strong>{person.fullName}</strong>
                    <span>
                      {person.qualification ? QUALIFICATION_LABELS[person.qualification] : TEXT.noQualification}
                      {' · '}
                      {person.licenceNumber ? TEXT.licence(person.licenceNumber) : TEXT.noLicence}
                      {person.licenceExpiresAt && !expired
                        ? `, ${TEXT.licenceUntil(formatLocalDate(person.licenceExpiresAt))}`
                        : ''}
                    </span>
                    <span className="muted">{TEXT.lastVisit(formatDateTime(person.lastVisitAt))}</span>
                  </div>
                  {expired && person.licenceExpiresAt ? (
                    <StatusBadge tone="danger">
                      {TEXT.licenceExpired(formatLocalDate(person.licenceExpiresAt))}
                    </StatusBadge>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby={`portal-products-${siteId}`}>
        <h3 id={`portal-products-${siteId}`} className="portal-documents__title">
          {TEXT.products}
        </h3>
        {documents.products.length === 0 ? (
          <p className="muted">{TEXT.noProducts}</p>
        ) : (
          <ul className="portal-list">
            {documents.products.map((product) => (
              <li key={product.id}>
                <div className="portal-list__main">
                  <strong>{product.name}</strong>
                  <span>{TEXT.registration(product.registrationNumber)}</span>
                  <span className="muted">{TEXT.lastApplied(formatDateTime(product.lastAppliedAt))}</span>
                </div>
                <div className="portal-documents__files">
                  <ProductFile siteId={siteId} product={product} kind="label" save={save} busy={busy} />
                  <ProductFile siteId={siteId} product={product} kind="sds" save={save} busy={busy} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ProductFile({
  siteId,
  product,
  kind,
  save,
  busy,
}: {
  siteId: number;
  product: PortalProduct;
  kind: 'label' | 'sds';
  save: (file: PortalFile) => void;
  busy: string | undefined;
}) {
  const document = product[kind];
  const name = kind === 'label' ? TEXT.label : TEXT.sds;
  if (!document) return <span className="muted">{TEXT.missingDocument(name)}</span>;
  const file = productDocumentFile(siteId, product, kind);
  const day = formatLocalDate(document.issuedOn);
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      aria-label={TEXT.documentFor(PRODUCT_DOCUMENT_LABELS[kind], product.name, day)}
      disabled={busy === file.path}
      onClick={() => save(file)}
    >
      {busy === file.path ? TEXT.downloading : TEXT.documentOf(name, day)}
    </button>
  );
}

function titleOf(assessment: AssessmentSummary): string {
  const kind = ASSESSMENT_KIND_NAMES[assessment.kind];
  return assessment.periodFrom && assessment.periodTo
    ? `${kind} ${TEXT.period(formatLocalDate(assessment.periodFrom), formatLocalDate(assessment.periodTo))}`
    : `${kind} N.º ${assessment.id}`;
}

function AssessmentCard({
  siteId,
  assessment,
  save,
  busy,
}: {
  siteId: number;
  assessment: AssessmentSummary;
  save: (file: PortalFile) => void;
  busy: string | undefined;
}) {
  const headingId = useId();
  const title = titleOf(assessment);
  const superseded = assessment.supersededBy !== null;
  const waiting = assessment.status === 'FIRMADA' && !superseded;
  const report = assessmentReportFile(assessment.id);
  return (
    <article
      className={`portal-recommendation${waiting ? ' portal-recommendation--waiting' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="portal-recommendation__head">
        <h4 id={headingId} className="portal-recommendation__title">
          {title}
        </h4>
        <span className="portal-counts">
          {assessment.status === 'ACEPTADA' ? (
            <StatusBadge tone="success">{TEXT.accepted}</StatusBadge>
          ) : superseded ? (
            <StatusBadge tone="neutral">{TEXT.superseded}</StatusBadge>
          ) : (
            <StatusBadge tone="warning">{TEXT.waiting}</StatusBadge>
          )}
        </span>
      </div>
      {assessment.signedBy && assessment.signedAt ? (
        <p className="muted">{TEXT.signedBy(assessment.signedBy.fullName, formatDateTime(assessment.signedAt))}</p>
      ) : null}
      {assessment.acceptedAt ? (
        <p>
          {TEXT.acceptedBy(assessment.acceptedBy?.fullName ?? '—', formatDateTime(assessment.acceptedAt))}
          {assessment.acceptanceNote ? ` «${assessment.acceptanceNote}»` : ''}
        </p>
      ) : null}
      <p>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={TEXT.reportOf(title)}
          disabled={busy === report.path}
          onClick={() => save(report)}
        >
          {busy === report.path ? TEXT.downloading : TEXT.report}
        </button>
      </p>
      {waiting ? <AcceptForm siteId={siteId} id={assessment.id} title={title} /> : null}
    </article>
  );
}

function AcceptForm({ siteId, id, title }: { siteId: number; id: number; title: string }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const accept = useAcknowledgeAssessment(siteId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (accept.isPending) return;
    setNotice(null);
    accept.mutate(
      { id, note },
      { onError: (error) => setNotice({ tone: 'error', text: TEXT.acceptFailed, detail: describeError(error) }) },
    );
  }

  return (
    <form className="form portal-recommendation__form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={noteId}>{TEXT.acceptNote}</label>
        <input
          id={noteId}
          value={note}
          maxLength={4000}
          placeholder={TEXT.acceptNotePlaceholder}
          onChange={(event) => setNote(event.target.value)}
          disabled={accept.isPending}
        />
      </div>
      {notice ? <Notice notice={notice} /> : null}
      <button
        type="submit"
        className="button button--primary"
        aria-label={TEXT.acceptFor(title)}
        disabled={accept.isPending}
      >
        {accept.isPending ? TEXT.accepting : TEXT.accept}
      </button>
    </form>
  );
}
