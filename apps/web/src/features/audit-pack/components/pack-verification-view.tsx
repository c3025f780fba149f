import './audit-pack.css';
import type { PackVerification } from '@rondin/contracts';
import { BrandMark } from '../../../components/layouts/brand-mark';
import { Loading } from '../../../components/ui/loading';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { formatDateTime } from '../../../lib/format';
import { PackVerifyError, usePackVerification } from '../api/verify-pack';
import { PACK_VERIFY_MESSAGES as TEXT } from '../messages';

/** The shape of a verification code (random, lowercase letters and digits): anything else is no pack. */
const CODE = /^[a-z0-9]{1,64}$/;

const day = (iso: string) => iso.split('-').reverse().join('-');

/**
 * /verificar/dossier/{code}: what anyone holding an audit pack (its cover's QR) can confirm without signing in:
 * the site, period and issue time, the fingerprint printed on the cover, and whether the records still match it.
 */
export function PackVerificationView({ code }: { code: string }) {
  return (
    <main className="pack-verify">
      <BrandMark />
      <h1>{TEXT.title}</h1>
      {CODE.test(code) ? (
        <PackVerificationOf code={code} />
      ) : (
        <Notice notice={{ tone: 'error', text: TEXT.notFound, detail: TEXT.notFoundHint }} />
      )}
    </main>
  );
}

function problemNotice(error: unknown): NoticeMessage {
  const problem = error instanceof PackVerifyError ? error.problem : 'failed';
  switch (problem) {
    case 'not-found':
      return { tone: 'error', text: TEXT.notFound, detail: TEXT.notFoundHint };
    case 'too-many':
      return { tone: 'error', text: TEXT.tooMany };
    case 'offline':
      return { tone: 'error', text: TEXT.offline };
    case 'failed':
      return { tone: 'error', text: TEXT.failed, detail: error instanceof PackVerifyError ? error.detail : undefined };
  }
}

function PackVerificationOf({ code }: { code: string }) {
  const verification = usePackVerification(code);
  if (verification.data) return <PackFacts verification={verification.data} />;
  if (verification.isError) {
    const notFound = verification.error instanceof PackVerifyError && verification.error.problem === 'not-found';
    return (
      <>
        <Notice notice={problemNotice(verification.error)} />
        {notFound ? null : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void verification.refetch()}
            disabled={verification.isFetching}
          >
            {TEXT.retry}
          </button>
        )}
      </>
    );
  }
  return <Loading text={TEXT.loading} />;
}

function PackFacts({ verification }: { verification: PackVerification }) {
  const facts: [string, string][] = [
    [TEXT.site, verification.site],
    [TEXT.client, verification.client ?? '—'],
    [TEXT.company, verification.company ?? TEXT.noCompany],
    [TEXT.period, TEXT.periodRange(day(verification.fromDay), day(verification.toDay))],
    [TEXT.issuedAt, formatDateTime(verification.issuedAt)],
  ];
  return (
    <>
      <p className="pack-verify__intro">{TEXT.intro}</p>
      <Notice
        notice={verification.matches ? { tone: 'success', text: TEXT.matches } : { tone: 'error', text: TEXT.differs }}
      />
      <dl className="fact-list">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{TEXT.fingerprint}</dt>
          <dd>
            <code data-testid="pack-fingerprint">{verification.fingerprint}</code>
          </dd>
        </div>
        {verification.matches ? null : (
          <div>
            <dt>{TEXT.currentFingerprint}</dt>
            <dd>
              <code>{verification.currentFingerprint}</code>
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}
