import type { ProgrammeVersion } from '@rondin/contracts';
import { PEST_GROUP_NAMES, TRAP_TYPE_SHORT_NAMES } from '@rondin/contracts/devices';
import { SERVICE_FREQUENCY_NAMES } from '@rondin/contracts/service-plan-options';
import { PROGRAMME_PARTY_NAMES } from '@rondin/contracts/programme-names';
import { StatusBadge } from '../../../components/ui/status-badge';
import { dayKeyIn } from '../../../lib/format';
import { longDate, PROGRAMME_MESSAGES as TEXT } from '../messages';

/** Who approved and accepted a version, and when; or what it still waits for. */
export function ProgrammeSignoff({ version, timeZone }: { version: ProgrammeVersion; timeZone: string | null }) {
  return (
    <ul className="programme__signoff">
      <li>{TEXT.savedBy(version.savedBy.fullName, longDate(dayKeyIn(version.savedAt, timeZone)))}</li>
      <li>
        {version.approval
          ? TEXT.approvedBy(version.approval.by.fullName, longDate(dayKeyIn(version.approval.at, timeZone)))
          : TEXT.notApproved}
      </li>
      {version.approval ? (
        <li>
          {version.acceptance
            ? TEXT.acceptedBy(version.acceptance.name, version.acceptance.role, longDate(version.acceptance.date))
            : TEXT.notAccepted}
        </li>
      ) : null}
    </ul>
  );
}

export function ProgrammeBadges({ version }: { version: ProgrammeVersion }) {
  return (
    <span className="programme__badges">
      {version.inForce ? <StatusBadge tone="success">{TEXT.inForceBadge}</StatusBadge> : null}
      {version.approval ? (
        <StatusBadge tone="info">{TEXT.approvedBadge}</StatusBadge>
      ) : (
        <StatusBadge tone="warning">{TEXT.draft}</StatusBadge>
      )}
      {version.acceptance ? <StatusBadge tone="neutral">{TEXT.acceptedBadge}</StatusBadge> : null}
    </span>
  );
}

/** A version's content, read-only. */
export function ProgrammeDetails({ version }: { version: ProgrammeVersion }) {
  return (
    <dl className="programme__details">
      <dt>{TEXT.scope}</dt>
      <dd className="programme__text">{version.scope}</dd>
      <dt>{TEXT.pestGroups}</dt>
      <dd>{version.targetPestGroups.map((group) => PEST_GROUP_NAMES[group]).join(', ')}</dd>
      <dt>{TEXT.methods}</dt>
      <dd className="programme__text">{version.methods}</dd>
      <dt>{TEXT.frequencies}</dt>
      <dd>
        {version.frequencies.length === 0 ? (
          TEXT.frequencyNone
        ) : (
          <ul className="programme__list">
            {version.frequencies.map((row) => (
              <li key={`${row.type}-${row.zone ?? ''}`}>
                {TRAP_TYPE_SHORT_NAMES[row.type]} · {row.zone ?? TEXT.allAreas}:{' '}
                {SERVICE_FREQUENCY_NAMES[row.frequency]}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>{TEXT.responseTime}</dt>
      <dd>{TEXT.hours(version.responseTimeHours)}</dd>
      <dt>{TEXT.responsibilities}</dt>
      <dd>
        {version.responsibilities.length === 0 ? (
          TEXT.responsibilityNone
        ) : (
          <ul className="programme__list">
            {version.responsibilities.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a saved version's rows never change order.
              <li key={index}>
                <strong>{PROGRAMME_PARTY_NAMES[row.party]}:</strong> {row.text}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>{TEXT.products}</dt>
      <dd>
        {version.permittedProducts.length === 0
          ? TEXT.productNone
          : version.permittedProducts
              .map((product) => (product.isActive ? product.name : `${product.name} (${TEXT.inactiveProduct})`))
              .join(', ')}
      </dd>
    </dl>
  );
}
