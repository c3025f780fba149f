import type { Site, Trap } from '@rondin/contracts';
import {
  EXTERNAL_ID_MAX,
  RISK_LEVEL_NAMES,
  RISK_LEVELS,
  TRAP_TYPE_NAMES,
  TRAP_TYPES,
  ZONE_NAMES,
  ZONES,
  type RiskLevel,
  type Zone,
} from '@rondin/contracts/devices';
import { areaVariantMessage, existingAreaVariant } from '@rondin/contracts/trap-areas';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { TRAP_MESSAGES } from '../messages';
import { emptyTrapForm, trapToForm, type TrapFormValues } from '../utils/trap-payload';

interface TrapFormModalProps {
  /** The trap being edited; undefined to create one. */
  trap?: Trap | undefined;
  /** The values a new trap starts with ('Guardar y crear otra': the next code, the same area). */
  initial?: TrapFormValues | undefined;
  /** The areas in use, offered as the area's choices; a variant of one of them is pointed out. */
  areas: readonly string[];
  /**
   * The sites a new trap can go to: the active ones when there are several, else none and no site field (the
   * server puts the trap in the only active site). An edit names the trap's site; a trap never changes site.
   */
  sites: readonly Site[];
  /** The edited trap's site, named when there are several. */
  siteName?: string | undefined;
  saving: boolean;
  /** A failure from the last save, shown inside the dialog so the typed values are not lost. */
  error: string | null;
  /** What the last 'Guardar y crear otra' saved, shown above the next one. */
  saved?: NoticeMessage | null | undefined;
  /** `again`: the user chose 'Guardar y crear otra'. */
  onSubmit: (values: TrapFormValues, again: boolean) => void;
  onClose: () => void;
}

export function TrapFormModal({
  trap,
  initial,
  areas,
  sites,
  siteName,
  saving,
  error,
  saved,
  onSubmit,
  onClose,
}: TrapFormModalProps) {
  const ids = {
    site: useId(),
    type: useId(),
    zone: useId(),
    risk: useId(),
    code: useId(),
    area: useId(),
    areas: useId(),
    areaHint: useId(),
    description: useId(),
    externalId: useId(),
    externalIdHint: useId(),
    active: useId(),
  };
  const [values, setValues] = useState<TrapFormValues>(() => (trap ? trapToForm(trap) : (initial ?? emptyTrapForm)));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof TrapFormValues>(key: K, value: TrapFormValues[K]) => {
    setProblem(null);
    setValues((old) => ({ ...old, [key]: value }));
  };
  const variant = values.area.trim() ? existingAreaVariant(values.area.trim(), areas) : null;
  const askSite = !trap && sites.length > 0;
  // The dialog opens on the site while none is chosen ('Guardar y crear otra' keeps it: then on the code).
  const [focusSite] = useState(() => askSite && !values.siteId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const again = (event.nativeEvent as SubmitEvent).submitter?.dataset.again === 'true';
    if (askSite && !sites.some((site) => String(site.id) === values.siteId)) {
      setProblem(TRAP_MESSAGES.siteRequired);
      return;
    }
    if (!values.code.trim()) {
      setProblem(TRAP_MESSAGES.codeRequired);
      return;
    }
    if (variant !== null) {
      setProblem(areaVariantMessage(values.area.trim(), variant));
      return;
    }
    setProblem(null);
    onSubmit(values, again);
  }

  const shown = problem ?? error;
  return (
    <Modal title={trap ? `Editar trampa ${trap.code}` : 'Nueva trampa'} onClose={onClose} locked={saving}>
      <form className="form" onSubmit={submit} noValidate>
        {saved ? <Notice notice={saved} /> : null}
        {askSite ? (
          <div className="field">
            <label htmlFor={ids.site}>
              Sitio <span className="required-mark">(obligatorio)</span>
            </label>
            <select
              id={ids.site}
              value={values.siteId}
              onChange={(event) => set('siteId', event.target.value)}
              aria-invalid={problem === TRAP_MESSAGES.siteRequired ? true : undefined}
              data-autofocus={focusSite ? true : undefined}
            >
              <option value="">Selecciona un sitio</option>
              {sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {trap && siteName ? (
          <p className="field-static">
            <span className="field-static__label">Sitio</span> {siteName}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={ids.code}>
            Código <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={ids.code}
            value={values.code}
            onChange={(event) => set('code', event.target.value)}
            placeholder="Ej.: TRP-001"
            maxLength={40}
            autoComplete="off"
            aria-invalid={problem === TRAP_MESSAGES.codeRequired ? true : undefined}
            data-autofocus={focusSite ? undefined : true}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.type}>Tipo de dispositivo</label>
          <select
            id={ids.type}
            value={values.type}
            onChange={(event) => set('type', TRAP_TYPES.find((type) => type === event.target.value) ?? 'OTRO')}
          >
            {TRAP_TYPES.map((type) => (
              <option key={type} value={type}>
                {TRAP_TYPE_NAMES[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="form__row">
          <div className="field">
            <label htmlFor={ids.zone}>Zona</label>
            <select
              id={ids.zone}
              value={values.zone}
              onChange={(event) => set('zone', ZONES.find((zone) => zone === event.target.value) ?? ('' as Zone | ''))}
            >
              <option value="">Sin clasificar</option>
              {ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {ZONE_NAMES[zone]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.risk}>Nivel de riesgo</label>
            <select
              id={ids.risk}
              value={values.riskLevel}
              onChange={(event) =>
                set('riskLevel', RISK_LEVELS.find((level) => level === event.target.value) ?? ('' as RiskLevel | ''))
              }
            >
              <option value="">Sin clasificar</option>
              {RISK_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {RISK_LEVEL_NAMES[level]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor={ids.area}>Área</label>
          <input
            id={ids.area}
            value={values.area}
            onChange={(event) => set('area', event.target.value)}
            placeholder="Elige una o escribe una nueva"
            maxLength={80}
            list={ids.areas}
            autoComplete="off"
            aria-describedby={variant ? ids.areaHint : undefined}
            aria-invalid={variant ? true : undefined}
          />
          <datalist id={ids.areas}>
            {areas.map((area) => (
              <option key={area} value={area} />
            ))}
          </datalist>
          {variant ? (
            <div className="field__hint field__hint--action" id={ids.areaHint}>
              <span>{TRAP_MESSAGES.areaExists(variant)}</span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => set('area', variant)}
              >
                Usar «{variant}»
              </button>
            </div>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={ids.description}>Descripción</label>
          <textarea
            id={ids.description}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            rows={3}
            maxLength={500}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.externalId}>Identificador externo (opcional)</label>
          <input
            id={ids.externalId}
            value={values.externalId}
            onChange={(event) => set('externalId', event.target.value)}
            maxLength={EXTERNAL_ID_MAX}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={ids.externalIdHint}
          />
          <div className="field__hint" id={ids.externalIdHint}>
            El que usa la trampa electrónica al informar sus eventos.
          </div>
        </div>
        <div className="checkbox-field">
          <input
            id={ids.active}
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
          />
          <label htmlFor={ids.active}>Trampa activa</label>
        </div>
        {shown ? <Notice notice={{ tone: 'error', text: shown }} /> : null}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            Cancelar
          </button>
          {trap ? null : (
            <button type="submit" className="button button--secondary" data-again="true" disabled={saving}>
              Guardar y crear otra
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Guardando…' : trap ? 'Guardar cambios' : 'Crear trampa'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
