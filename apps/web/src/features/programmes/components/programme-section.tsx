import type { ProgrammeVersion } from '@rondin/contracts';
import { useState } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { describeError } from '../../../lib/api-client';
import { dayKeyIn } from '../../../lib/format';
import { useProgrammeChoices } from '../api/get-programme-choices';
import { useProgrammeVersions } from '../api/get-programme-versions';
import { useProgrammeMutations } from '../api/save-programme';
import { longDate, PROGRAMME_MESSAGES as TEXT } from '../messages';
import { formToBody } from '../utils/programme-form';
import { AcceptProgrammeModal } from './accept-programme-modal';
import { ProgrammeCoverageBlock } from './programme-coverage';
import { ProgrammeBadges, ProgrammeDetails, ProgrammeSignoff } from './programme-details';
import { ProgrammeFormModal } from './programme-form-modal';
import './programmes.css';

interface ProgrammeSectionProps {
  siteId: number;
  /** The site's client, whose contacts may accept; undefined while the site is loading. */
  clientId: number | undefined;
  /** The site's zone (null while unknown): the days shown are the site's. */
  timeZone: string | null;
}

/**
 * «Programa de control» on a site's page: the latest version with its approval and acceptance, which one is in
 * force today, a new version as a form, approve and record the client's acceptance, the coverage against the
 * contracted frequency over the last 12 months, and every version readable.
 */
export function ProgrammeSection({ siteId, clientId, timeZone }: ProgrammeSectionProps) {
  const versions = useProgrammeVersions(siteId);
  const [open, setOpen] = useState<'form' | 'accept' | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  // Read once the page is up, so the forms open with their lists.
  const choices = useProgrammeChoices(siteId, clientId, versions.isSuccess);
  const { save, approve, accept } = useProgrammeMutations(siteId);
  const today = dayKeyIn(new Date().toISOString(), timeZone);
  const latest: ProgrammeVersion | undefined = versions.data?.[0];
  const inForce = versions.data?.find((version) => version.inForce);
  const headingId = `programme-${siteId}`;

  function close() {
    save.reset();
    accept.reset();
    setOpen(null);
  }

  function runApprove(version: number) {
    setNotice(null);
    approve.mutate(version, {
      onSuccess: () => setNotice({ tone: 'success', text: TEXT.approved(version) }),
      onError: (error) => setNotice({ tone: 'error', text: describeError(error) ?? TEXT.loadFailed }),
    });
  }

  const failure = (error: unknown): NoticeMessage | null =>
    error ? { tone: 'error', text: describeError(error) ?? TEXT.loadFailed } : null;
  return (
    <section className="programme" aria-labelledby={headingId}>
      <div className="programme__header">
        <h2 className="plan-page__section-title" id={headingId}>
          {TEXT.title}
        </h2>
        {versions.isSuccess ? (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => {
              setNotice(null);
              setOpen('form');
            }}
          >
            {latest ? TEXT.edit : TEXT.create}
          </button>
        ) : null}
      </div>
      <p className="muted">{TEXT.intro}</p>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        isPending={versions.isPending}
        isError={versions.isError}
        error={versions.error}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        onRetry={() => void versions.refetch()}
      >
        {latest ? (
          <>
            <p className="programme__in-force">{inForce ? TEXT.inForceIs(inForce.version) : TEXT.inForceNone}</p>
            <article className="programme__card" aria-label={TEXT.versionTitle(latest.version)}>
              <h3 className="programme__card-title">
                {TEXT.versionTitle(latest.version)} <ProgrammeBadges version={latest} />
              </h3>
              <p className="muted programme__effective">
                {TEXT.effectiveFrom(longDate(latest.effectiveFrom), latest.approval !== null)}
              </p>
              <ProgrammeSignoff version={latest} timeZone={timeZone} />
              <div className="programme__actions">
                {latest.approval ? null : (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => runApprove(latest.version)}
                    disabled={approve.isPending}
                    title={TEXT.approveHint}
                  >
                    {approve.isPending ? TEXT.approving : TEXT.approve(latest.version)}
                  </button>
                )}
                {latest.approval && !latest.acceptance ? (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => {
                      setNotice(null);
                      setOpen('accept');
                    }}
                  >
                    {TEXT.accept}
                  </button>
                ) : null}
              </div>
              <ProgrammeDetails version={latest} />
            </article>
            <ProgrammeCoverageBlock siteId={siteId} timeZone={timeZone} />
            <h3 className="programme__versions-title">{TEXT.versions}</h3>
            <p className="muted">{TEXT.versionsIntro}</p>
            <ul className="programme__versions">
              {(versions.data ?? []).map((version) => (
                <li key={version.id}>
                  <details className="programme__version">
                    <summary>
                      <span className="programme__version-name">{TEXT.versionTitle(version.version)}</span>{' '}
                      <ProgrammeBadges version={version} />
                    </summary>
                    <p className="muted programme__effective">
                      {TEXT.effectiveFrom(longDate(version.effectiveFrom), version.approval !== null)}
                    </p>
                    <ProgrammeSignoff version={version} timeZone={timeZone} />
                    <ProgrammeDetails version={version} />
                  </details>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <p className="muted">{TEXT.none}</p>
            <ProgrammeCoverageBlock siteId={siteId} timeZone={timeZone} />
          </>
        )}
      </QueryState>
      {open === 'form' ? (
        <ProgrammeFormModal
          latest={latest}
          choices={choices.data}
          choicesState={choices.status}
          today={today}
          saving={save.isPending}
          error={failure(save.error)}
          onSubmit={(values) =>
            save.mutate(formToBody(values), {
              onSuccess: (saved) => {
                setNotice({ tone: 'success', text: TEXT.saved(saved.version) });
                close();
              },
            })
          }
          onClose={close}
        />
      ) : null}
      {open === 'accept' && latest ? (
        <AcceptProgrammeModal
          key={choices.data ? 'ready' : 'loading'}
          version={latest.version}
          contacts={choices.data?.contacts ?? []}
          today={today}
          saving={accept.isPending}
          error={failure(accept.error ?? (choices.isError ? new Error(TEXT.choicesFailed) : null))}
          onSubmit={(body) =>
            accept.mutate(
              { version: latest.version, body },
              {
                onSuccess: () => {
                  setNotice({ tone: 'success', text: TEXT.accepted(latest.version) });
                  close();
                },
              },
            )
          }
          onClose={close}
        />
      ) : null}
    </section>
  );
}
