import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { useSendPortalSighting } from '../api/send-portal-sighting';
import { SIGHTING_MESSAGES as TEXT } from '../messages';
import { SightingForm } from './sighting-form';

export interface PortalSightingFormProps {
  siteId: number;
  /** The site's areas (of its devices), as the portal's site answers them. */
  areas: readonly string[];
  /** Told with the new sighting's id once the server has it (to close a dialog, say). */
  onSent?: (sightingId: number) => void;
}

/**
 * The client's portal's report of a sighting (POST /portal/sites/{id}/sightings), as the signed-in contact: the
 * public page's form without the name. After each report it says so and offers a fresh form.
 */
export function PortalSightingForm({ siteId, areas, onSent }: PortalSightingFormProps) {
  const send = useSendPortalSighting(siteId);
  const [sent, setSent] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  if (areas.length === 0) return <Notice notice={{ tone: 'info', text: TEXT.noAreas }} />;
  return (
    <div className="sighting-portal">
      {sent !== null ? <Notice notice={{ tone: 'success', text: TEXT.sent, detail: TEXT.sentNumber(sent) }} /> : null}
      <SightingForm
        key={round}
        areas={areas}
        askName={false}
        sending={send.isPending}
        problem={send.isError ? { tone: 'error', text: TEXT.sendFailed, detail: serverMessage(send.error) } : null}
        onSubmit={(form) =>
          send.mutate(form, {
            onSuccess: (sighting) => {
              setSent(sighting.id);
              setRound((value) => value + 1);
              onSent?.(sighting.id);
            },
          })
        }
      />
    </div>
  );
}
