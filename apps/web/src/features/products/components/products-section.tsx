import type { Product, ProductDocumentKind, UserCategory } from '@rondin/contracts';
import {
  PRODUCT_DOCUMENT_KINDS,
  PRODUCT_DOCUMENT_LABELS,
  USER_CATEGORIES,
  USER_CATEGORY_LABELS,
} from '@rondin/contracts/product-names';
import { type FormEvent, useId, useState } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { apiBlob, serverMessage } from '../../../lib/api-client';
import { useAllProducts } from '../api/get-products';
import { useCreateProduct, useUpdateProduct, useUploadProductDocument } from '../api/save-product';
import { PRODUCT_MESSAGES as TEXT } from '../messages';
import './products.css';

const formatDate = (value: string) => value.split('-').reverse().join('/');
const today = () => new Date().toISOString().slice(0, 10);

/** Configuración › Productos biocidas: the catalogue, with each product's safety data sheet and label. */
export function ProductsSection() {
  const products = useAllProducts();
  const update = useUpdateProduct();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const headingId = useId();
  const list = products.data ?? [];
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <div className="settings-section__header">
        <h2 id={headingId} className="settings-section__title">
          {TEXT.title}
        </h2>
        <p className="settings-section__intro">{TEXT.intro}</p>
      </div>
      {notice ? <Notice notice={notice} /> : null}
      {!adding ? (
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          {TEXT.add}
        </button>
      ) : (
        <ProductForm
          onSaved={(product) => {
            setAdding(false);
            setNotice({ tone: 'success', text: TEXT.created(product.name) });
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {products.isPending ? <p className="muted">Cargando…</p> : null}
      {products.isError ? (
        <Notice notice={{ tone: 'error', text: TEXT.loadFailed, detail: serverMessage(products.error) }} />
      ) : null}
      {products.isSuccess && list.length === 0 ? <p className="muted">{TEXT.empty}</p> : null}
      {list.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table products-table">
            <thead>
              <tr>
                <th scope="col">{TEXT.name}</th>
                <th scope="col">{TEXT.registrationNumber}</th>
                <th scope="col">{TEXT.expires}</th>
                <th scope="col">{TEXT.sds}</th>
                <th scope="col">{TEXT.label}</th>
                <th scope="col">
                  <span className="visually-hidden">Estado</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((product) => (
                <tr key={product.id}>
                  <td>
                    <span className="data-table__primary">{product.name}</span>
                    <br />
                    <span className="muted">
                      {product.type} · {product.activeIngredients} · {USER_CATEGORY_LABELS[product.userCategory]}
                      {product.foodIndustryAllowed ? ' · industria alimentaria' : ''}
                      {product.toxic ? ' · tóxico' : ''}
                      {product.cmr ? ' · CMR' : ''}
                      {product.anticoagulant ? ' · anticoagulante' : ''} · plazo {product.safetyIntervalHours} h
                    </span>
                    {product.isActive ? null : <span className="muted"> · {TEXT.inactive}</span>}
                  </td>
                  <td data-label={TEXT.registrationNumber}>{product.registrationNumber}</td>
                  <td data-label={TEXT.expires}>{formatDate(product.authorisationExpiresAt)}</td>
                  {PRODUCT_DOCUMENT_KINDS.map((kind) => (
                    <td key={kind} data-label={PRODUCT_DOCUMENT_LABELS[kind]}>
                      <DocumentCell product={product} kind={kind} onNotice={setNotice} />
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => update.mutate({ id: product.id, changes: { isActive: !product.isActive } })}
                    >
                      {product.isActive ? TEXT.deactivate : TEXT.activate}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function DocumentCell({
  product,
  kind,
  onNotice,
}: {
  product: Product;
  kind: ProductDocumentKind;
  onNotice: (notice: NoticeMessage) => void;
}) {
  const upload = useUploadProductDocument();
  const id = useId();
  const [issuedOn, setIssuedOn] = useState(today);
  const document = product[kind];
  async function open() {
    const blob = await apiBlob(`/products/${product.id}/documents/${kind}`);
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  }
  return (
    <div className="applications__form">
      {document ? (
        <button type="button" className="button button--link" onClick={() => void open()}>
          {TEXT.documentOf(formatDate(document.issuedOn))}
        </button>
      ) : (
        <span className="muted">{TEXT.noDocument}</span>
      )}
      <label className="field" htmlFor={`${id}-date`}>
        <span className="visually-hidden">
          {TEXT.documentDate} · {PRODUCT_DOCUMENT_LABELS[kind]}
        </span>
        <input
          id={`${id}-date`}
          type="date"
          value={issuedOn}
          max={today()}
          onChange={(e) => setIssuedOn(e.target.value)}
        />
      </label>
      <label className="button button--secondary button--small" htmlFor={`${id}-file`}>
        {upload.isPending ? TEXT.saving : TEXT.upload}
        <input
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept="application/pdf"
          aria-label={`${TEXT.upload} · ${PRODUCT_DOCUMENT_LABELS[kind]} · ${product.name}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            upload.mutate(
              { id: product.id, kind, file, issuedOn },
              {
                onSuccess: () => onNotice({ tone: 'success', text: TEXT.uploaded }),
                onError: (error) => onNotice({ tone: 'error', text: TEXT.uploadFailed, detail: serverMessage(error) }),
              },
            );
          }}
        />
      </label>
    </div>
  );
}

function ProductForm({ onSaved, onCancel }: { onSaved: (product: Product) => void; onCancel: () => void }) {
  const create = useCreateProduct();
  const id = useId();
  const [values, setValues] = useState({
    name: '',
    activeIngredients: '',
    registrationNumber: '',
    type: 'TP14',
    authorisationExpiresAt: '',
    userCategory: 'PROFESIONAL' as UserCategory,
    foodIndustryAllowed: true,
    safetyIntervalHours: '0',
    toxic: false,
    cmr: false,
    anticoagulant: false,
  });
  const set = (key: keyof typeof values) => (event: { target: HTMLInputElement | HTMLSelectElement }) =>
    setValues((current) => ({
      ...current,
      [key]:
        event.target instanceof HTMLInputElement && event.target.type === 'checkbox'
          ? event.target.checked
          : event.target.value,
    }));
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ ...values, safetyIntervalHours: Number(values.safetyIntervalHours) }, { onSuccess: onSaved });
  }
  const text = (key: 'name' | 'activeIngredients' | 'registrationNumber' | 'type', label: string) => (
    <label className="field" htmlFor={`${id}-${key}`}>
      {label}
      <input id={`${id}-${key}`} required value={values[key]} onChange={set(key)} />
    </label>
  );
  const check = (key: 'foodIndustryAllowed' | 'toxic' | 'cmr' | 'anticoagulant', label: string) => (
    <label className="checkbox-field" htmlFor={`${id}-${key}`}>
      <input id={`${id}-${key}`} type="checkbox" checked={values[key]} onChange={set(key)} />
      {label}
    </label>
  );
  return (
    <form className="form" onSubmit={submit}>
      {text('name', TEXT.name)}
      {text('activeIngredients', TEXT.activeIngredients)}
      {text('registrationNumber', TEXT.registrationNumber)}
      {text('type', TEXT.type)}
      <label className="field" htmlFor={`${id}-expires`}>
        {TEXT.expires}
        <input
          id={`${id}-expires`}
          type="date"
          required
          value={values.authorisationExpiresAt}
          onChange={set('authorisationExpiresAt')}
        />
      </label>
      <label className="field" htmlFor={`${id}-category`}>
        {TEXT.userCategory}
        <select id={`${id}-category`} value={values.userCategory} onChange={set('userCategory')}>
          {USER_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {USER_CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-interval`}>
        {TEXT.safetyInterval}
        <input
          id={`${id}-interval`}
          type="number"
          min={0}
          max={8760}
          required
          value={values.safetyIntervalHours}
          onChange={set('safetyIntervalHours')}
        />
      </label>
      {check('foodIndustryAllowed', TEXT.foodIndustry)}
      {check('toxic', TEXT.toxic)}
      {check('cmr', TEXT.cmr)}
      {check('anticoagulant', TEXT.anticoagulant)}
      {create.isError ? (
        <Notice notice={{ tone: 'error', text: TEXT.failed, detail: serverMessage(create.error) }} />
      ) : null}
      <div className="applications__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? TEXT.saving : TEXT.save}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {TEXT.cancel}
        </button>
      </div>
    </form>
  );
}
