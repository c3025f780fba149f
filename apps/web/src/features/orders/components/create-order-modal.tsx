import type { CreateSessionBody, Site, Technician } from '@rondin/contracts';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { useServerTimeZone } from '../../../lib/server-time-zone';
import { siteHourHint } from '../../../lib/format';
import { ORDER_MESSAGES } from '../messages';
import { localInputToIso } from '../utils/local-date-time';
import type { PickedTraps } from '../utils/trap-selection';
import { TrapPicker } from './trap-picker';

interface CreateOrderModalProps {
  technicians: readonly Technician[];
  /**
   * The active sites when there are several: the form starts by choosing one and offers only its traps. Empty
   * with a single active site: no site field, and the form is the spec's.
   */
  sites: readonly Site[];
  /**
   * The sites are still loading (a page opened right here): which form it is depends on them, so the dialog says
   * so until they come, and then gives its first field the focus.
   */
  sitesLoading?: boolean;
  /** Shown instead of 'No hay técnicos activos' while the list is loading or failed (composed by the route). */
  techniciansProblem?: ReactNode;
  saving: boolean;
  error: string | null;
  onSubmit: (body: CreateSessionBody) => void;
  onClose: () => void;
}

export function CreateOrderModal({
  technicians,
  sites,
  sitesLoading = false,
  techniciansProblem = null,
  saving,
  error,
  onSubmit,
  onClose,
}: CreateOrderModalProps) {
  const ids = { site: useId(), siteHint: useId(), technician: useId(), date: useId(), dateHint: useId() };
  const [siteId, setSiteId] = useState('');
  const [technicianId, setTechnicianId] = useState('');
  const [scheduledAt, setScheduledAt] = useState('');
  const [selected, setSelected] = useState<PickedTraps>(() => new Map());
  /** 'Crear orden' was pressed: from then on a missing technician or trap is said, until it is fixed. */
  const [attempted, setAttempted] = useState(false);

  const activeTechnicians = useMemo(() => technicians.filter((technician) => technician.isActive), [technicians]);
  const technicianAvailable = activeTechnicians.some((technician) => String(technician.id) === technicianId);
  const askSite = sites.length > 0;
  const site = sites.find((each) => String(each.id) === siteId);
  const siteChosen = !askSite || site !== undefined;
  // The date is typed in the site's hour, as every screen shows it.
  const serverTimeZone = useServerTimeZone();
  const zone = site?.timeZone ?? serverTimeZone;
  const zoneHint = siteHourHint(zone);
  const complete = siteChosen && technicianAvailable && selected.size > 0;
  // Worked out from the form as it is now, not kept from the last press: it goes as soon as the form is fixed.
  const problem =
    attempted && !complete ? (siteChosen ? ORDER_MESSAGES.selectionRequired : ORDER_MESSAGES.siteRequired) : null;

  /** Another site is another set of traps: the ones picked in the last site are let go. */
  function chooseSite(next: string) {
    setSiteId(next);
    setSelected(new Map());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!complete) return;
    const body: CreateSessionBody = { technicianId: Number(technicianId), trapIds: [...selected.keys()] };
    const when = localInputToIso(scheduledAt, zone);
    if (when) body.scheduledAt = when;
    onSubmit(body);
  }

  const form = useRef<HTMLFormElement>(null);
  // Opened before the sites came, the dialog focused what it had (its close button); the form's first field takes
  // the focus once it shows, unless the user has moved into the form meanwhile.
  useEffect(() => {
    if (sitesLoading || form.current?.contains(document.activeElement)) return;
    form.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [sitesLoading]);

  const shown = problem ?? error;
  if (sitesLoading) {
    return (
      <Modal title="Nueva orden" onClose={onClose} size="large">
        <p role="status" className="muted">
          {ORDER_MESSAGES.sitesLoading}
        </p>
      </Modal>
    );
  }
  return (
    <Modal title="Nueva orden" onClose={onClose} locked={saving} size="large">
      <form ref={form} className="form" onSubmit={submit} noValidate>
        {askSite ? (
          <div className="field">
            <label htmlFor={ids.site}>{ORDER_MESSAGES.site}</label>
            <select
              id={ids.site}
              value={siteId}
              onChange={(event) => chooseSite(event.target.value)}
              aria-describedby={site ? undefined : ids.siteHint}
              aria-invalid={problem === ORDER_MESSAGES.siteRequired ? true : undefined}
              data-autofocus
            >
              <option value="">Selecciona un sitio</option>
              {sites.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                  {each.client ? ` · ${each.client}` : ''}
                </option>
              ))}
            </select>
            {site ? null : (
              <p id={ids.siteHint} className="field-hint">
                {ORDER_MESSAGES.chooseSiteFirst}
              </p>
            )}
          </div>
        ) : null}
        <div className="form__row">
          <div className="field">
            <label htmlFor={ids.technician}>Técnico</label>
            <select
              id={ids.technician}
              value={technicianId}
              onChange={(event) => setTechnicianId(event.target.value)}
              data-autofocus={askSite ? undefined : true}
            >
              <option value="">Selecciona un técnico</option>
              {activeTechnicians.map((technician) => (
                <option key={technician.id} value={technician.id}>
                  {technician.fullName} · {technician.email}
                </option>
              ))}
            </select>
            {techniciansProblem ??
              (activeTechnicians.length === 0 ? <p className="field-hint">{ORDER_MESSAGES.noTechnicians}</p> : null)}
          </div>
          <div className="field">
            <label htmlFor={ids.date}>Fecha programada (opcional)</label>
            <input
              id={ids.date}
              type="datetime-local"
              value={scheduledAt}
              onChange={(event) => setScheduledAt(event.target.value)}
              aria-describedby={zoneHint ? ids.dateHint : undefined}
            />
            {zoneHint ? (
              <p id={ids.dateHint} className="field-hint">
                {ORDER_MESSAGES.siteHour(zoneHint)}
              </p>
            ) : null}
          </div>
        </div>
        {siteChosen ? (
          // A new site is a new search: the picker starts over, scrolled to the top.
          <TrapPicker
            key={site?.id ?? 'all'}
            siteId={site?.id}
            selected={selected}
            onChange={setSelected}
            disabled={saving}
          />
        ) : null}
        {shown ? <Notice notice={{ tone: 'error', text: shown }} /> : null}
        <FormActions saving={saving} submitLabel="Crear orden" savingLabel="Creando…" onCancel={onClose} />
      </form>
    </Modal>
  );
}
