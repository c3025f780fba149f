import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { SettingsSection } from '../../../components/ui/settings-section';
import { ShownOnceDialog, type ShownOnceTexts } from '../../../components/ui/shown-once-dialog';

interface ListTexts {
  title: string;
  intro: string;
  create: string;
  loading: string;
  loadFailed: string;
  empty: string;
  /** The created item's secret, shown once: every text but the title, which names what was created. */
  shownOnce: Omit<ShownOnceTexts, 'title'>;
}

/**
 * A section of the integrations screen: its title, «Crear …» beside it, the list's three states, the create
 * dialog while open, and the created secret shown once (a token, a signing secret).
 */
export function IntegrationListSection<T>({
  texts,
  query,
  notice,
  onNotice,
  onCreate,
  dialogs,
  shown,
  onShownClose,
  children,
}: {
  texts: ListTexts;
  query: UseQueryResult<T[]>;
  notice: NoticeMessage | null;
  onNotice: (notice: NoticeMessage | null) => void;
  onCreate: () => void;
  /** The create dialog while open, and any other (a revoke's question). */
  dialogs: ReactNode;
  shown: { title: string; secret: string } | null;
  onShownClose: () => void;
  children: (list: T[]) => ReactNode;
}) {
  const list = query.data ?? [];
  return (
    <SettingsSection
      title={texts.title}
      intro={texts.intro}
      notice={notice}
      onDismiss={() => onNotice(null)}
      action={
        <button type="button" className="button button--primary" onClick={onCreate}>
          {texts.create}
        </button>
      }
    >
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        error={query.error}
        loadingText={texts.loading}
        errorText={texts.loadFailed}
        onRetry={() => void query.refetch()}
        isEmpty={list.length === 0}
        emptyText={texts.empty}
      >
        {children(list)}
      </QueryState>
      {dialogs}
      {shown ? (
        <ShownOnceDialog
          value={shown.secret}
          valueClassName="integrations-secret"
          texts={{ ...texts.shownOnce, title: shown.title }}
          onClose={onShownClose}
        />
      ) : null}
    </SettingsSection>
  );
}

/** The dialog that creates a token or a hook: its fields, the problem found, «Cancelar» and the submit button. */
export function CreateDialog({
  title,
  submitLabel,
  saving,
  problem,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  saving: boolean;
  problem: string | null;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onClose={onClose} locked={saving}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        {children}
        {problem ? <Notice notice={{ tone: 'error', text: problem }} /> : null}
        <FormActions saving={saving} submitLabel={submitLabel} savingLabel="Creando…" onCancel={onClose} />
      </form>
    </Modal>
  );
}
