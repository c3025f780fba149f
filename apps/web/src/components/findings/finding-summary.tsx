import './findings.css';
import type { SessionItem } from '@rondin/contracts';
import { ACTIVITY_NAMES, type ActivityLevel, FINDING_FLAG_NAMES } from '@rondin/contracts/finding-rules';
import { exceptionText, findingFacts, outcomeName } from '@rondin/contracts/finding-text';
import { type BadgeTone, StatusBadge } from '../ui/status-badge';

type ItemRecord = Pick<SessionItem, 'outcome' | 'exception' | 'manual' | 'finding'>;

const ACTIVITY_TONES: Record<ActivityLevel, BadgeTone> = {
  NINGUNA: 'neutral',
  BAJA: 'info',
  MEDIA: 'warning',
  ALTA: 'danger',
};

/**
 * How a device's visit ended: only 'Escaneada' (green) proves the technician was there; 'Código escrito' (its
 * label unreadable), 'No encontrada' and 'Inaccesible' (amber) were recorded without reading its QR.
 */
export function OutcomeBadge({ outcome, exception, manual }: Pick<ItemRecord, 'outcome' | 'exception' | 'manual'>) {
  const tone: BadgeTone = outcome === 'SCANNED' ? 'success' : outcome === null ? 'neutral' : 'warning';
  return <StatusBadge tone={tone}>{outcomeName(outcome, exception, manual)}</StatusBadge>;
}

/**
 * What was found at a device, as the office reads it: the activity first (as a badge), then each fact that is
 * not "nothing" on a line of its own, then what the office is warned of. For a device that could not be
 * scanned, why (its preset detail, and the note of an «Otro»); for one scanned with nothing recorded, that nothing
 * was.
 */
export function FindingSummary({ outcome, exception, finding }: Omit<ItemRecord, 'manual'>) {
  if (exception) return <p className="finding__note">{exceptionText(exception)}</p>;
  if (!finding) {
    return <span className="muted">{outcome === 'SCANNED' ? 'Sin hallazgo registrado' : '—'}</span>;
  }
  const facts = findingFacts(finding);
  const lines = [facts.status, facts.bait, facts.captures, facts.evidence, facts.actions, facts.notes].filter(
    (line): line is string => line !== null,
  );
  return (
    <div className="finding">
      <StatusBadge tone={ACTIVITY_TONES[finding.activity]}>
        {finding.activity === finding.derivedActivity ? ACTIVITY_NAMES[finding.activity] : facts.activity}
      </StatusBadge>
      {lines.length ? (
        <ul className="finding__facts">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {facts.correction ? <p className="finding__correction">{facts.correction}</p> : null}
      {finding.flags.length ? (
        <ul className="finding__flags" aria-label="Advertencias">
          {finding.flags.map((flag) => (
            <li key={flag}>{FINDING_FLAG_NAMES[flag]}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
