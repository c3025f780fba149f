import type { Application, ApplicationUnit, Pest, Product, Session } from '@rondin/contracts';
import { APPLICATION_METHODS, APPLICATION_UNITS } from '@rondin/contracts/product-names';
import { type FormEvent, useId, useState } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { randomUuid } from '../../../lib/uuid';
import type { ApplicationToSend } from '../../offline/scan-queue';
import { PRODUCT_MESSAGES as TEXT } from '../messages';
import './products.css';

interface ApplicationsPanelProps {
  session: Pick<Session, 'id' | 'status' | 'items'>;
  /** What the server holds. */
  applications: readonly Application[];
  /** Applications kept on the device, not sent yet (the phone). */
  waiting?: readonly ApplicationToSend[];
  products: readonly Product[];
  pests?: readonly Pest[];
  /** Sends the application now or keeps it on the device until it can be. */
  send: (record: ApplicationToSend) => Promise<unknown>;
}

const quantityText = (quantity: number, unit: string) => `${quantity.toLocaleString('es')} ${unit}`;

/**
 * 'Aplicaciones': the products applied during the order, each with its state (por enviar / enviada), and a form
 * to add one while the order is open. The phone sends through its offline queue; the office straight away.
 */
export function ApplicationsPanel({
  session,
  applications,
  waiting = [],
  products,
  pests = [],
  send,
}: ApplicationsPanelProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const closed = session.status === 'COMPLETED';
  const sentIds = new Set(applications.map((application) => application.clientApplicationId));
  const pending = waiting.filter((record) => !sentIds.has(record.body.clientApplicationId));
  const empty = applications.length === 0 && pending.length === 0;
  return (
    <section className="applications" aria-labelledby={headingId}>
      <div className="applications__header">
        <h2 id={headingId} className="applications__title">
          {TEXT.applications}
        </h2>
        {!closed && !open ? (
          <button type="button" className="button button--secondary button--small" onClick={() => setOpen(true)}>
            {TEXT.addApplication}
          </button>
        ) : null}
      </div>
      {empty && !open ? <p className="muted">{TEXT.applicationsEmpty}</p> : null}
      <ul className="applications__list">
        {pending.map((record) => (
          <li key={record.body.clientApplicationId} className="applications__item">
            <span className="applications__product">{record.productName}</span>
            <span>
              {TEXT.batch} {record.body.batch} · {quantityText(record.body.quantity, record.body.unit)} ·{' '}
              {record.body.method}
            </span>
            <span className="status-chip status-chip--pending">{TEXT.pending}</span>
          </li>
        ))}
        {applications.map((application) => (
          <li key={application.id} className="applications__item">
            <span className="applications__product">
              {application.product.name} ({application.product.registrationNumber})
            </span>
            <span>
              {TEXT.batch} {application.batch} · {quantityText(application.quantity, application.unit)} ·{' '}
              {application.method}
              {application.dose ? ` · ${application.dose}` : ''}
              {application.trap ? ` · ${application.trap.code}` : application.area ? ` · ${application.area}` : ''}
            </span>
            <span className="muted">{TEXT.reEntry(formatDateTime(application.reEntryAt))}</span>
            <span className="status-chip status-chip--done">{TEXT.sent}</span>
          </li>
        ))}
      </ul>
      {open && !closed ? (
        <ApplicationForm
          session={session}
          products={products}
          pests={pests}
          send={send}
          onDone={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}

function ApplicationForm({
  session,
  products,
  pests,
  send,
  onDone,
}: Omit<ApplicationsPanelProps, 'applications' | 'waiting'> & { pests: readonly Pest[]; onDone: () => void }) {
  const id = useId();
  const [productId, setProductId] = useState('');
  const [batch, setBatch] = useState('');
  const [quantity, setQuantity] = useState('');
  const [unit, setUnit] = useState<ApplicationUnit>('g');
  const [method, setMethod] = useState<string>(APPLICATION_METHODS[0]);
  const [pestId, setPestId] = useState('');
  const [trapId, setTrapId] = useState('');
  const [area, setArea] = useState('');
  const [dose, setDose] = useState('');
  const [startedAt] = useState(() => new Date().toISOString());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<NoticeMessage | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const product = products.find((each) => String(each.id) === productId);
    if (!product) return;
    setSaving(true);
    setError(null);
    try {
      await send({
        kind: 'application',
        sessionId: session.id,
        qrHash: null,
        productName: product.name,
        body: {
          clientApplicationId: randomUuid(),
          productId: product.id,
          batch,
          quantity: Number(quantity.replace(',', '.')),
          unit,
          method,
          area: area || null,
          dose: dose || null,
          trapId: trapId ? Number(trapId) : null,
          targetPestId: pestId ? Number(pestId) : null,
          startedAt,
          endedAt: new Date().toISOString(),
        },
      });
      onDone();
    } catch (failure) {
      setError({ tone: 'error', text: TEXT.recordFailed, detail: serverMessage(failure) });
    } finally {
      setSaving(false);
    }
  }

  if (products.length === 0) return <p className="muted">{TEXT.noProducts}</p>;
  return (
    <form className="form applications__form" onSubmit={(event) => void submit(event)}>
      <label className="field" htmlFor={`${id}-product`}>
        {TEXT.product}
        <select id={`${id}-product`} required value={productId} onChange={(event) => setProductId(event.target.value)}>
          <option value="">{TEXT.chooseProduct}</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name} · {product.registrationNumber}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-batch`}>
        {TEXT.batch}
        <input
          id={`${id}-batch`}
          required
          maxLength={60}
          value={batch}
          onChange={(event) => setBatch(event.target.value)}
        />
      </label>
      <div className="applications__row">
        <label className="field" htmlFor={`${id}-quantity`}>
          {TEXT.quantity}
          <input
            id={`${id}-quantity`}
            required
            inputMode="decimal"
            pattern="[0-9]+([.,][0-9]+)?"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </label>
        <label className="field" htmlFor={`${id}-unit`}>
          {TEXT.unit}
          <select id={`${id}-unit`} value={unit} onChange={(event) => setUnit(event.target.value as ApplicationUnit)}>
            {APPLICATION_UNITS.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="field" htmlFor={`${id}-method`}>
        {TEXT.method}
        <input
          id={`${id}-method`}
          required
          maxLength={80}
          list={`${id}-methods`}
          value={method}
          onChange={(event) => setMethod(event.target.value)}
        />
        <datalist id={`${id}-methods`}>
          {APPLICATION_METHODS.map((each) => (
            <option key={each} value={each} />
          ))}
        </datalist>
      </label>
      <label className="field" htmlFor={`${id}-dose`}>
        {TEXT.dose}
        <input id={`${id}-dose`} maxLength={120} value={dose} onChange={(event) => setDose(event.target.value)} />
      </label>
      <label className="field" htmlFor={`${id}-pest`}>
        {TEXT.targetPest}
        <select id={`${id}-pest`} value={pestId} onChange={(event) => setPestId(event.target.value)}>
          <option value="">{TEXT.noPest}</option>
          {pests.map((pest) => (
            <option key={pest.id} value={pest.id}>
              {pest.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-trap`}>
        {TEXT.device}
        <select id={`${id}-trap`} value={trapId} onChange={(event) => setTrapId(event.target.value)}>
          <option value="">{TEXT.noDevice}</option>
          {session.items.map((item) => (
            <option key={item.id} value={item.trapId}>
              {item.trap.code}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-area`}>
        {TEXT.area}
        <input id={`${id}-area`} maxLength={120} value={area} onChange={(event) => setArea(event.target.value)} />
      </label>
      {error ? <Notice notice={error} /> : null}
      <div className="applications__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? TEXT.saving : TEXT.record}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {TEXT.cancel}
        </button>
      </div>
    </form>
  );
}
