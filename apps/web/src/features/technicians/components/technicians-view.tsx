import './technicians.css';
import type { Technician } from '@rondin/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-client';
import { useCreateTechnician } from '../api/create-technician';
import { useDeleteTechnician } from '../api/delete-technician';
import { useTechnicians } from '../api/get-technicians';
import { useUpdateTechnician } from '../api/update-technician';
import { TECHNICIAN_MESSAGES } from '../messages';
import {
  deleteRefusal,
  filterByRole,
  type RoleFilter,
  toCreateTechnicianBody,
  toggleRefusal,
  toUpdateTechnicianBody,
  type TechnicianFormValues,
  licenceWarning,
} from '../utils/technician-rules';
import { TechnicianFormModal } from './technician-form-modal';
import { TechniciansTable } from './technicians-table';

type Editing = { mode: 'create' } | { mode: 'edit'; technician: Technician };

/** The spec's failure sentence, with the server's reason (email taken, password too short…) beneath it. */
const failure = (text: string, error: unknown): NoticeMessage => ({
  tone: 'error',
  text,
  detail: serverMessage(error),
});

interface TechniciansViewProps {
  currentUserId: number | undefined;
  /** Called after an edit, so a change to the signed-in account reaches the user menu. */
  onUpdated?: (technician: Technician) => void;
}

export function TechniciansView({ currentUserId, onUpdated }: TechniciansViewProps) {
  const technicians = useTechnicians();
  const createTechnician = useCreateTechnician();
  const updateTechnician = useUpdateTechnician();
  const toggleTechnician = useUpdateTechnician();
  const deleteTechnician = useDeleteTechnician();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [formError, setFormError] = useState<NoticeMessage | null>(null);
  const [deleting, setDeleting] = useState<Technician | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);

  const [role, setRole] = useState<RoleFilter>('ALL');
  const list = technicians.data ?? [];
  const shown = filterByRole(list, role);
  const techCount = list.filter((each) => each.role === 'TECH').length;
  const adminCount = list.length - techCount;
  const warnings = list.map((each) => licenceWarning(each)).filter((warning) => warning !== null);
  const expired = warnings.filter((warning) => warning.tone === 'danger').length;

  function openForm(next: Editing) {
    setFormError(null);
    setEditing(next);
  }

  function save(values: TechnicianFormValues) {
    if (!editing) return;
    setFormError(null);
    if (editing.mode === 'create') {
      createTechnician.mutate(toCreateTechnicianBody(values), {
        onSuccess: (created) => {
          setEditing(null);
          setNotice({ tone: 'success', text: TECHNICIAN_MESSAGES.created(created.fullName) });
        },
        onError: (error) => setFormError(failure(TECHNICIAN_MESSAGES.createFailed, error)),
      });
      return;
    }
    updateTechnician.mutate(
      { id: editing.technician.id, changes: toUpdateTechnicianBody(values, editing.technician) },
      {
        onSuccess: (updated) => {
          onUpdated?.(updated);
          setEditing(null);
          setNotice({ tone: 'success', text: TECHNICIAN_MESSAGES.updated(updated.fullName) });
        },
        onError: (error) => setFormError(failure(TECHNICIAN_MESSAGES.updateFailed, error)),
      },
    );
  }

  function toggle(technician: Technician) {
    const refusal = toggleRefusal(technician, currentUserId, list);
    if (refusal) {
      setNotice({ tone: 'error', text: refusal });
      return;
    }
    setNotice(null);
    toggleTechnician.mutate(
      {
        id: technician.id,
        // The screen lists the office's accounts only (never a CLIENTE), each sent back with its role.
        changes: {
          ...(technician.role === 'CLIENTE' ? {} : { role: technician.role }),
          isActive: !technician.isActive,
        },
      },
      {
        onSuccess: (updated) => setNotice({ tone: 'success', text: TECHNICIAN_MESSAGES.updated(updated.fullName) }),
        onError: (error) => setNotice(failure(TECHNICIAN_MESSAGES.updateFailed, error)),
      },
    );
  }

  function askDelete(technician: Technician) {
    const refusal = deleteRefusal(technician, currentUserId);
    if (refusal) {
      setNotice({ tone: 'error', text: refusal });
      return;
    }
    setNotice(null);
    setDeleting(technician);
  }

  function confirmDelete() {
    if (!deleting) return;
    const { id, fullName } = deleting;
    deleteTechnician.mutate(id, {
      onSuccess: () => setNotice({ tone: 'success', text: TECHNICIAN_MESSAGES.deleted(fullName) }),
      onError: (error) => setNotice(failure(TECHNICIAN_MESSAGES.deleteFailed, error)),
      onSettled: () => setDeleting(null),
    });
  }

  const busyId = toggleTechnician.isPending
    ? (toggleTechnician.variables?.id ?? null)
    : deleteTechnician.isPending
      ? (deleteTechnician.variables ?? null)
      : null;

  return (
    <>
      <PageHeader
        title="Técnicos"
        subtitle={
          technicians.isSuccess
            ? TECHNICIAN_MESSAGES.summary(techCount, adminCount) +
              TECHNICIAN_MESSAGES.licenceSummary(expired, warnings.length - expired)
            : 'Cuentas de técnicos y administradores'
        }
        actions={
          <button type="button" className="button button--primary" onClick={() => openForm({ mode: 'create' })}>
            + Crear técnico
          </button>
        }
      />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      {technicians.isSuccess && list.length > 0 ? (
        <fieldset className="role-filter">
          <legend className="role-filter__legend">{TECHNICIAN_MESSAGES.roleFilter}</legend>
          {(
            [
              ['ALL', TECHNICIAN_MESSAGES.roleAll(list.length)],
              ['TECH', TECHNICIAN_MESSAGES.roleTech(techCount)],
              ['ADMIN', TECHNICIAN_MESSAGES.roleAdmin(adminCount)],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              className="button button--secondary role-filter__option"
              aria-pressed={role === value}
              onClick={() => setRole(value)}
            >
              {label}
            </button>
          ))}
        </fieldset>
      ) : null}
      <QueryState
        isPending={technicians.isPending}
        isError={technicians.isError}
        error={technicians.error}
        isEmpty={shown.length === 0}
        loadingText={TECHNICIAN_MESSAGES.loading}
        errorText={TECHNICIAN_MESSAGES.loadFailed}
        emptyText={list.length === 0 ? TECHNICIAN_MESSAGES.empty : TECHNICIAN_MESSAGES.emptyRole}
        onRetry={() => void technicians.refetch()}
      >
        <TechniciansTable
          technicians={shown}
          currentUserId={currentUserId}
          busyId={busyId}
          onEdit={(technician) => openForm({ mode: 'edit', technician })}
          onToggle={toggle}
          onDelete={askDelete}
        />
      </QueryState>
      {editing ? (
        <TechnicianFormModal
          technician={editing.mode === 'edit' ? editing.technician : undefined}
          all={list}
          currentUserId={currentUserId}
          saving={createTechnician.isPending || updateTechnician.isPending}
          error={formError}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Eliminar técnico"
          message={TECHNICIAN_MESSAGES.confirmDelete(deleting.fullName)}
          confirmLabel="Eliminar definitivamente"
          busy={deleteTechnician.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
