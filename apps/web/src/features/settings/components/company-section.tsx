import type { CompanySettings } from '@rondin/contracts';
import { CompanySettingsMessages, LOGO_MAX_BYTES } from '@rondin/contracts/company-settings';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-client';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useCompanyLogo, useCompanySettings, useRemoveLogo, useSaveCompany, useUploadLogo } from '../api/company';
import { COMPANY_MESSAGES } from '../messages';
import { RemoveSettingButton } from './remove-setting-button';
import { SettingsSection } from '../../../components/ui/settings-section';

const FIELDS = [
  { key: 'name', label: 'Nombre o razón social', required: true, max: 160, placeholder: 'Ej.: Plagas Levante S.L.' },
  { key: 'taxId', label: 'NIF/CIF', required: false, max: 30, placeholder: 'Ej.: B12345678' },
  {
    key: 'registryNumber',
    label: 'Número de registro (ROESB)',
    required: false,
    max: 80,
    placeholder: 'Ej.: ROESB 0123-CAT',
  },
  { key: 'technicalManager', label: 'Responsable técnico', required: false, max: 120, placeholder: 'Ej.: Ana Ruiz' },
  { key: 'phone', label: 'Teléfono', required: false, max: 40, placeholder: 'Ej.: +34 961 234 567' },
  { key: 'address', label: 'Dirección', required: false, max: 300, placeholder: 'Ej.: Calle Mayor 1, 46001 Valencia' },
] as const;
type FieldKey = (typeof FIELDS)[number]['key'];
type Values = Record<FieldKey, string>;

const toValues = (settings: CompanySettings | undefined): Values =>
  Object.fromEntries(FIELDS.map(({ key }) => [key, settings?.[key] ?? ''])) as Values;

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** "Empresa": the company that heads every PDF and label, and its logo. */
export function CompanySection() {
  const settings = useCompanySettings();
  const save = useSaveCompany();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [values, setValues] = useState<Values>(() => toValues(undefined));
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const ids = { form: useId(), logo: useId() };
  const data = settings.data;
  const logo = useCompanyLogo(Boolean(data?.hasLogo), data?.updatedAt ?? null);
  const logoUrl = useObjectUrl(data?.hasLogo ? logo.data : undefined);

  useEffect(() => {
    if (data) setValues(toValues(data));
  }, [data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (!values.name.trim()) {
      setProblem(CompanySettingsMessages.nameRequired);
      return;
    }
    setProblem(null);
    save.mutate(Object.fromEntries(FIELDS.map(({ key }) => [key, values[key].trim() || null])) as never, {
      onSuccess: () => setNotice({ tone: 'success', text: COMPANY_MESSAGES.saved }),
      onError: (error) => setProblem(serverMessage(error) ?? COMPANY_MESSAGES.saveFailed),
    });
  }

  function chooseLogo(file: File | undefined) {
    setNotice(null);
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) {
      setNotice({ tone: 'error', text: CompanySettingsMessages.logoWrongType });
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setNotice({ tone: 'error', text: CompanySettingsMessages.logoTooLarge });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => setNotice({ tone: 'success', text: COMPANY_MESSAGES.logoSaved }),
      onError: (error) => setNotice({ tone: 'error', text: COMPANY_MESSAGES.logoFailed, detail: serverMessage(error) }),
    });
  }

  return (
    <SettingsSection
      title={COMPANY_MESSAGES.title}
      intro={COMPANY_MESSAGES.intro}
      notice={notice}
      onDismiss={() => setNotice(null)}
    >
      <QueryState
        isPending={settings.isPending}
        isError={settings.isError}
        error={settings.error}
        loadingText={COMPANY_MESSAGES.loading}
        errorText={COMPANY_MESSAGES.loadFailed}
        onRetry={() => void settings.refetch()}
      >
        <form id={ids.form} className="form company-form" onSubmit={submit} noValidate aria-label="Datos de la empresa">
          {FIELDS.map((field) => (
            <div className="field" key={field.key}>
              <label htmlFor={`${ids.form}-${field.key}`}>
                {field.label}
                {field.required ? <span className="required-mark"> (obligatorio)</span> : null}
              </label>
              <input
                id={`${ids.form}-${field.key}`}
                name={field.key}
                value={values[field.key]}
                onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))}
                placeholder={field.placeholder}
                maxLength={field.max}
                autoComplete={field.key === 'phone' ? 'tel' : field.key === 'name' ? 'organization' : 'off'}
                aria-invalid={
                  field.key === 'name' && problem === CompanySettingsMessages.nameRequired ? true : undefined
                }
              />
            </div>
          ))}
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {save.isPending ? COMPANY_MESSAGES.saving : COMPANY_MESSAGES.save}
            </button>
            {data?.updatedAt ? (
              <span className="company-form__saved">
                {COMPANY_MESSAGES.savedAt(new Date(data.updatedAt).toLocaleString('es-ES'))}
              </span>
            ) : null}
          </div>
        </form>
        <div className="company-logo">
          <h3 className="company-logo__title">{COMPANY_MESSAGES.logoTitle}</h3>
          {data?.hasLogo && logoUrl ? (
            <img className="company-logo__preview" src={logoUrl} alt={COMPANY_MESSAGES.logoAlt} />
          ) : (
            <p className="company-logo__none">{COMPANY_MESSAGES.noLogo}</p>
          )}
          <div className="form-actions">
            <label htmlFor={ids.logo} className="button" aria-disabled={!data?.name || upload.isPending}>
              {upload.isPending ? COMPANY_MESSAGES.uploading : COMPANY_MESSAGES.chooseLogo}
            </label>
            <input
              id={ids.logo}
              className="visually-hidden"
              type="file"
              accept={LOGO_TYPES.join(',')}
              disabled={!data?.name || upload.isPending}
              onChange={(event) => {
                chooseLogo(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {data?.hasLogo ? (
              <RemoveSettingButton texts={COMPANY_MESSAGES.removeLogo} mutation={remove} onNotice={setNotice} />
            ) : null}
          </div>
          <p className="field-hint">{data?.name ? COMPANY_MESSAGES.logoHint : CompanySettingsMessages.nameFirst}</p>
        </div>
      </QueryState>
    </SettingsSection>
  );
}
