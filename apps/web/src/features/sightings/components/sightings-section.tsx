import './sightings.css';
import type { Sighting } from '@rondin/contracts';
import { SIGHTING_STATUS_NAMES } from '@rondin/contracts/sighting-names';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessage } from '../../../lib/api-client';
import { useSiteSightings } from '../api/get-sightings';
import { useReportOfficeSighting } from '../api/report-office-sighting';
import { useDownloadSightingPoster, useRotateSightingLink, useSightingLink } from '../api/sighting-link';
import { SIGHTING_MESSAGES as TEXT } from '../messages';
import { SightingCard } from './sighting-card';
import { SightingForm } from './sighting-form';

interface SightingsSectionProps {
  siteId: number;
  /** The site's areas (of its devices): one poster each. Undefined while they load. */
  areas: readonly string[] | undefined;
  /** Where a sighting's corrective action opens. */
  actionPath: (actionId: number) => string;
}

/**
 * A site's «Avistamientos» for the office: the link its posters' QR opens (to copy, or to change when a poster
 * went where it should not: the old ones stop working), a poster per area, and the site's sightings with their
 * corrective actions.
 */
export function SightingsSection({ siteId, areas, actionPath }: SightingsSectionProps) {
  const titleId = useId();
  const sightings = useSiteSightings(siteId);
  const items = sightings.data?.items ?? [];
  return (
    <section className="panel sightings" id="avistamientos" aria-labelledby={titleId}>
      <div>
        <h2 className="panel__title" id={titleId}>
          {TEXT.sectionTitle}
        </h2>
        <p className="panel__text">{TEXT.sectionIntro}</p>
      </div>
      <SightingLinkBlock siteId={siteId} />
      <PostersBlock siteId={siteId} areas={areas} />
      <div>
        <div className="sightings__list-head">
          <h3 className="sightings__subtitle">{TEXT.listTitle}</h3>
          {areas && areas.length > 0 ? <OfficeReport siteId={siteId} areas={areas} /> : null}
        </div>
        <QueryState
          isPending={sightings.isPending}
          isError={sightings.isError}
          error={sightings.error}
          isEmpty={items.length === 0}
          emptyText={TEXT.listEmpty}
          loadingText={TEXT.listLoading}
          errorText={TEXT.listFailed}
          onRetry={() => void sightings.refetch()}
        >
          <SightingItems items={items} actionPath={actionPath} headingLevel={4} />
        </QueryState>
      </div>
    </section>
  );
}

/** Sightings with their state and a link to the action each one opened (the office's lists). */
export function SightingItems({
  items,
  actionPath,
  headingLevel,
  showSite = false,
}: {
  items: readonly Sighting[];
  actionPath: (actionId: number) => string;
  headingLevel: 3 | 4;
  showSite?: boolean;
}) {
  return (
    <ul className="sighting-list">
      {items.map((sighting) => (
        <li key={sighting.id}>
          <SightingCard
            headingLevel={headingLevel}
            closed={sighting.status === 'ATENDIDO'}
            sighting={{
              ...sighting,
              area: showSite ? `${sighting.site.name} · ${sighting.area}` : sighting.area,
              reporterName: sighting.reporter.name,
            }}
            status={
              <StatusBadge tone={sighting.status === 'ATENDIDO' ? 'success' : 'warning'}>
                {SIGHTING_STATUS_NAMES[sighting.status]}
              </StatusBadge>
            }
            action={<Link to={actionPath(sighting.action.id)}>{TEXT.actionLink(sighting.action.id)}</Link>}
          />
        </li>
      ))}
    </ul>
  );
}

function SightingLinkBlock({ siteId }: { siteId: number }) {
  const inputId = useId();
  const link = useSightingLink(siteId);
  const rotate = useRotateSightingLink(siteId);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setNotice({ tone: 'success', text: TEXT.copied });
    } catch {
      setNotice({ tone: 'error', text: TEXT.copyFailed });
    }
  }

  return (
    <div>
      <h3 className="sightings__subtitle">{TEXT.linkTitle}</h3>
      <QueryState
        isPending={link.isPending}
        isError={link.isError}
        error={link.error}
        loadingText={TEXT.linkLoading}
        errorText={TEXT.linkFailed}
        onRetry={() => void link.refetch()}
      >
        {link.data ? (
          <div className="sightings__link">
            <label htmlFor={inputId} className="visually-hidden">
              {TEXT.linkTitle}
            </label>
            <input
              id={inputId}
              type="text"
              readOnly
              value={link.data.url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button--secondary" onClick={() => void copy(link.data.url)}>
              {TEXT.copy}
            </button>
            <button
              type="button"
              className="button button--ghost-danger"
              disabled={rotate.isPending}
              onClick={() => setConfirming(true)}
            >
              {TEXT.rotate}
            </button>
          </div>
        ) : null}
      </QueryState>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      {confirming ? (
        <ConfirmDialog
          title={TEXT.rotateTitle}
          message={TEXT.rotateMessage}
          confirmLabel={TEXT.rotate}
          busy={rotate.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            rotate.mutate(undefined, {
              onSuccess: () => setNotice({ tone: 'success', text: TEXT.rotated }),
              onError: (error) => setNotice({ tone: 'error', text: TEXT.rotateFailed, detail: serverMessage(error) }),
              onSettled: () => setConfirming(false),
            })
          }
        />
      ) : null}
    </div>
  );
}

function PostersBlock({ siteId, areas }: { siteId: number; areas: readonly string[] | undefined }) {
  const download = useDownloadSightingPoster(siteId);
  const [asked, setAsked] = useState<string | null>(null);
  if (areas === undefined) return null;
  return (
    <div>
      <h3 className="sightings__subtitle">{TEXT.postersTitle}</h3>
      {areas.length === 0 ? (
        <p className="muted">{TEXT.postersNoAreas}</p>
      ) : (
        <>
          <p className="panel__text">{TEXT.postersIntro}</p>
          <ul className="sightings__posters">
            {areas.map((area) => (
              <li key={area}>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={download.isPending}
                  onClick={() => {
                    setAsked(area);
                    download.mutate(area);
                  }}
                >
                  {download.isPending && asked === area ? TEXT.posterDownloading : `${TEXT.posterOf(area)} (PDF)`}
                </button>
              </li>
            ))}
            {areas.length > 1 ? (
              <li>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={download.isPending}
                  onClick={() => {
                    setAsked(null);
                    download.mutate(null);
                  }}
                >
                  {download.isPending && asked === null ? TEXT.posterDownloading : TEXT.posterAll}
                </button>
              </li>
            ) : null}
          </ul>
        </>
      )}
      {download.isError ? (
        <Notice notice={{ tone: 'error', text: TEXT.posterFailed, detail: serverMessage(download.error) }} />
      ) : null}
    </div>
  );
}

/** «Registrar aviso telefónico»: what someone at the plant told the office, with who told it. */
function OfficeReport({ siteId, areas }: { siteId: number; areas: readonly string[] }) {
  const report = useReportOfficeSighting(siteId);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          report.reset();
          setDone(null);
          setOpen(true);
        }}
      >
        {TEXT.officeReport}
      </button>
      {done !== null ? (
        <Notice notice={{ tone: 'success', text: TEXT.officeReported(done) }} onDismiss={() => setDone(null)} />
      ) : null}
      {open ? (
        <Modal
          title={TEXT.officeReportTitle}
          description={TEXT.officeReportIntro}
          locked={report.isPending}
          onClose={() => setOpen(false)}
        >
          <SightingForm
            areas={areas}
            askName
            nameLabel={TEXT.officeReporter}
            rememberName={false}
            sending={report.isPending}
            problem={
              report.isError ? { tone: 'error', text: TEXT.sendFailed, detail: serverMessage(report.error) } : null
            }
            onSubmit={(form) =>
              report.mutate(form, {
                onSuccess: (sighting) => {
                  setDone(sighting.id);
                  setOpen(false);
                },
              })
            }
          />
        </Modal>
      ) : null}
    </>
  );
}
