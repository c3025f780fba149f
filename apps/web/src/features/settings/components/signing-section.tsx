import { SIGNING_CERTIFICATE_MAX_BYTES, SigningCertificateMessages } from '@rondin/contracts/company-settings';
import { type FormEvent, useId, useState } from 'react';
import type { NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import {
  useRemoveSigningCertificate,
  useSigningCertificate,
  useUploadSigningCertificate,
} from '../api/signing-certificate';
import { SIGNING_MESSAGES } from '../messages';
import { RemoveSettingButton } from './remove-setting-button';
import { SettingsSection } from '../../../components/ui/settings-section';

/** The file's bytes in base64, as the API takes them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** "Firma digital": the company's PKCS#12 certificate that signs certificates and audit packs. */
export function SigningSection() {
  const state = useSigningCertificate();
  const upload = useUploadSigningCertificate();
  const remove = useRemoveSigningCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const ids = { file: useId(), password: useId() };
  const certificate = state.data?.certificate ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (!file) return setProblem(SigningCertificateMessages.fileRequired);
    if (file.size > SIGNING_CERTIFICATE_MAX_BYTES) return setProblem(SigningCertificateMessages.fileTooLarge);
    if (!password) return setProblem(SigningCertificateMessages.passwordRequired);
    setProblem(null);
    upload.mutate(
      { pkcs12: await base64Of(file), password },
      {
        onSuccess: () => {
          setPassword('');
          setFile(null);
          setNotice({ tone: 'success', text: SIGNING_MESSAGES.uploaded });
        },
        onError: (error) => setProblem(serverMessage(error) ?? SIGNING_MESSAGES.uploadFailed),
      },
    );
  }

  return (
    <SettingsSection
      title={SIGNING_MESSAGES.title}
      intro={SIGNING_MESSAGES.intro}
      notice={notice}
      onDismiss={() => setNotice(null)}
    >
      <QueryState
        isPending={state.isPending}
        isError={state.isError}
        error={state.error}
        loadingText={SIGNING_MESSAGES.loading}
        errorText={SIGNING_MESSAGES.loadFailed}
        onRetry={() => void state.refetch()}
      >
        {certificate ? (
          <dl className="signing-certificate" aria-label={SIGNING_MESSAGES.title}>
            <dt>{SIGNING_MESSAGES.subject}</dt>
            <dd>{certificate.subject}</dd>
            <dt>{SIGNING_MESSAGES.issuer}</dt>
            <dd>{certificate.issuer}</dd>
            <dt>{SIGNING_MESSAGES.serialNumber}</dt>
            <dd>{certificate.serialNumber}</dd>
            <dt>{SIGNING_MESSAGES.validity}</dt>
            <dd>
              {SIGNING_MESSAGES.validityRange(
                formatDateTime(certificate.validFrom),
                formatDateTime(certificate.validTo),
              )}
            </dd>
            <dd
              className={`signing-certificate__status signing-certificate__status--${certificate.status.toLowerCase()}`}
            >
              {SIGNING_MESSAGES.status[certificate.status]}
            </dd>
          </dl>
        ) : (
          <p className="signing-certificate__none">{SIGNING_MESSAGES.none}</p>
        )}
        <form className="form signing-form" onSubmit={(event) => void submit(event)} noValidate>
          <div className="field">
            <label htmlFor={ids.file}>{SIGNING_MESSAGES.file}</label>
            <input
              id={ids.file}
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.password}>{SIGNING_MESSAGES.password}</label>
            <input
              id={ids.password}
              type="password"
              autoComplete="off"
              value={password}
              maxLength={256}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={upload.isPending}>
              {upload.isPending
                ? SIGNING_MESSAGES.uploading
                : certificate
                  ? SIGNING_MESSAGES.replace
                  : SIGNING_MESSAGES.upload}
            </button>
            {certificate ? (
              <RemoveSettingButton texts={SIGNING_MESSAGES.remove} mutation={remove} onNotice={setNotice} />
            ) : null}
          </div>
        </form>
      </QueryState>
    </SettingsSection>
  );
}
