import './sightings.css';
import type { PublicSightingPage as PageFacts, PublicSightingReceipt } from '@rondin/contracts';
import { useEffect, useRef, useState } from 'react';
import { BrandMark } from '../../../components/layouts/brand-mark';
import { Loading } from '../../../components/ui/loading';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PublicSightingError, usePublicSightingPage, useSendPublicSighting } from '../api/public-sighting';
import { SIGHTING_MESSAGES as TEXT } from '../messages';
import { SightingForm } from './sighting-form';

/** The shape of a sighting token: anything else is no link, and is not even asked for. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * /avistamiento/{token}: what a poster's QR opens on a plant worker's phone, without an account. It shows the
 * site's name and areas and nothing else of the site; the poster's area (`?area=`) comes chosen.
 */
export function PublicSightingPage({ token, area }: { token: string; area: string | null }) {
  return (
    <main className="sighting-page">
      <BrandMark />
      <h1>{TEXT.pageTitle}</h1>
      {TOKEN.test(token) ? (
        <PublicSightingOf token={token} area={area} />
      ) : (
        <Notice notice={{ tone: 'error', text: TEXT.linkGone, detail: TEXT.linkGoneHint }} />
      )}
    </main>
  );
}

function PublicSightingOf({ token, area }: { token: string; area: string | null }) {
  const page = usePublicSightingPage(token);
  if (page.data) return <ReportForm token={token} page={page.data} area={area} />;
  if (page.isError) {
    const gone = page.error instanceof PublicSightingError && page.error.problem.kind === 'link-gone';
    return (
      <>
        <Notice notice={problemNotice(page.error, TEXT.pageFailed)} />
        {gone ? null : (
          <button
            type="button"
            className="button button--secondary"
            disabled={page.isFetching}
            onClick={() => void page.refetch()}
          >
            {TEXT.retry}
          </button>
        )}
      </>
    );
  }
  return <Loading text={TEXT.pageLoading} />;
}

/** What the page says of a failure: the link gone, the address's limit reached, no signal, or the server's words. */
function problemNotice(error: unknown, fallback: string): NoticeMessage {
  if (!(error instanceof PublicSightingError)) return { tone: 'error', text: fallback };
  const { problem } = error;
  switch (problem.kind) {
    case 'link-gone':
      return { tone: 'error', text: TEXT.linkGone, detail: TEXT.linkGoneHint };
    case 'too-many':
      return { tone: 'error', text: TEXT.tooMany };
    case 'offline':
      return { tone: 'error', text: TEXT.offline };
    case 'refused':
      return { tone: 'error', text: problem.message ?? fallback };
    case 'failed':
      return { tone: 'error', text: fallback, detail: problem.message };
  }
}

function ReportForm({ token, page, area }: { token: string; page: PageFacts; area: string | null }) {
  const send = useSendPublicSighting(token);
  const [receipt, setReceipt] = useState<PublicSightingReceipt | null>(null);
  // Each new report is a fresh form (the name typed comes back from the phone's memory).
  const [round, setRound] = useState(0);
  if (receipt) {
    return (
      <SentScreen
        receipt={receipt}
        siteName={page.siteName}
        onAnother={() => {
          send.reset();
          setReceipt(null);
          setRound((value) => value + 1);
        }}
      />
    );
  }
  return (
    <>
      <p className="sighting-page__site">{page.siteName}</p>
      <p className="sighting-page__intro">{TEXT.pageIntro}</p>
      {page.areas.length === 0 ? (
        <Notice notice={{ tone: 'info', text: TEXT.noAreas }} />
      ) : (
        <SightingForm
          key={round}
          areas={page.areas}
          initialArea={area}
          askName
          sending={send.isPending}
          problem={send.isError ? problemNotice(send.error, TEXT.sendFailed) : null}
          onSubmit={(form) => send.mutate(form, { onSuccess: setReceipt })}
        />
      )}
    </>
  );
}

function SentScreen({
  receipt,
  siteName,
  onAnother,
}: {
  receipt: PublicSightingReceipt;
  siteName: string;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The whole screen changed: the focus goes to what it says, so a screen reader reads it first.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="sighting-sent" aria-labelledby="sighting-sent-title">
      <span className="sighting-sent__mark" aria-hidden="true">
        ✓
      </span>
      <h2 id="sighting-sent-title" ref={heading} tabIndex={-1} className="sighting-sent__title">
        {receipt.message || TEXT.sent}
      </h2>
      <p className="sighting-sent__number">{TEXT.sentNumber(receipt.id)}</p>
      <p className="muted">{TEXT.sentSite(siteName)}</p>
      <button type="button" className="button button--secondary button--large button--block" onClick={onAnother}>
        {TEXT.another}
      </button>
    </section>
  );
}
