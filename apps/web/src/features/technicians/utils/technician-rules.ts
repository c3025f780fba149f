import type {
  CreateTechnicianBody,
  Qualification,
  StaffRole,
  Technician,
  UpdateTechnicianBody,
} from '@rondin/contracts';
import { formatLocalDate, licenceStatus } from '@rondin/contracts/technician-rules';
import { TECHNICIAN_MESSAGES } from '../messages';

export interface TechnicianFormValues {
  fullName: string;
  email: string;
  password: string;
  role: StaffRole;
  isActive: boolean;
  licenceNumber: string;
  /** YYYY-MM-DD, or '' for none. */
  licenceExpiresAt: string;
  qualification: Qualification | '';
}

export const emptyTechnicianForm: TechnicianFormValues = {
  fullName: '',
  email: '',
  password: '',
  role: 'TECH',
  isActive: true,
  licenceNumber: '',
  licenceExpiresAt: '',
  qualification: '',
};

export function technicianToForm(technician: Technician): TechnicianFormValues {
  return {
    fullName: technician.fullName,
    email: technician.email,
    password: '',
    // Only the office's accounts are listed here; a CLIENTE is the portal's.
    role: technician.role === 'ADMIN' ? 'ADMIN' : 'TECH',
    isActive: technician.isActive,
    licenceNumber: technician.licenceNumber ?? '',
    licenceExpiresAt: technician.licenceExpiresAt ?? '',
    qualification: technician.qualification ?? '',
  };
}

/** The licence fields as the API takes them: an empty field is null. */
function licenceBody(values: TechnicianFormValues) {
  return {
    licenceNumber: values.licenceNumber.trim() || null,
    licenceExpiresAt: values.licenceExpiresAt || null,
    qualification: values.qualification || null,
  };
}

/** Today in the browser's calendar, YYYY-MM-DD. */
export function todayLocal(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The warning a technician's licence calls for: "Carné caducado" or "Caduca el …"; null when none. */
export function licenceWarning(
  technician: Technician,
  today = todayLocal(),
): { tone: 'danger' | 'warning'; text: string } | null {
  const status = licenceStatus(technician.licenceExpiresAt, today);
  if (status === 'EXPIRED') return { tone: 'danger', text: 'Carné caducado' };
  if (status === 'EXPIRING')
    return { tone: 'warning', text: `Caduca el ${formatLocalDate(technician.licenceExpiresAt!)}` };
  return null;
}

/** The question asked before assigning an order to someone whose licence has expired. */
export function expiredLicenceQuestion(technician: Pick<Technician, 'fullName' | 'licenceExpiresAt'>): string {
  return `El carné de ${technician.fullName} caducó el ${formatLocalDate(technician.licenceExpiresAt ?? '')}. ¿Asignar igualmente?`;
}

/** True when `technician` is the only active administrator: it can be neither demoted nor deactivated. */
export function isLastActiveAdmin(technician: Technician, all: Technician[]): boolean {
  if (technician.role !== 'ADMIN' || !technician.isActive) return false;
  return all.filter((other) => other.role === 'ADMIN' && other.isActive).length === 1;
}

/** Create: full name, email and an initial password are required. */
export function validateNewTechnician(values: TechnicianFormValues): string | null {
  if (!values.fullName.trim() || !values.email.trim()) return TECHNICIAN_MESSAGES.nameAndEmailRequired;
  if (!values.password) return TECHNICIAN_MESSAGES.passwordRequired;
  return null;
}

export function toCreateTechnicianBody(values: TechnicianFormValues): CreateTechnicianBody {
  return {
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    password: values.password,
    role: values.role,
    isActive: values.isActive,
    ...licenceBody(values),
  };
}

export interface EditContext {
  original: Technician;
  currentUserId: number | undefined;
  all: Technician[];
}

/** Edit rules checked before the request: not deactivating yourself, not removing the last active admin. */
export function validateTechnicianEdit(
  values: TechnicianFormValues,
  { original, currentUserId, all }: EditContext,
): string | null {
  if (!values.fullName.trim() || !values.email.trim()) return TECHNICIAN_MESSAGES.nameAndEmailRequired;
  if (original.id === currentUserId && !values.isActive) return TECHNICIAN_MESSAGES.selfDeactivate;
  if (isLastActiveAdmin(original, all) && (values.role !== 'ADMIN' || !values.isActive))
    return TECHNICIAN_MESSAGES.lastAdmin;
  return null;
}

/**
 * Spec section 5: an empty password keeps the current one; email and full name only when changed; role and
 * isActive always.
 */
export function toUpdateTechnicianBody(values: TechnicianFormValues, original: Technician): UpdateTechnicianBody {
  const body: UpdateTechnicianBody = { role: values.role, isActive: values.isActive };
  const fullName = values.fullName.trim();
  const email = values.email.trim();
  if (fullName !== original.fullName) body.fullName = fullName;
  if (email.toLowerCase() !== original.email.toLowerCase()) body.email = email;
  if (values.password) body.password = values.password;
  const licence = licenceBody(values);
  if (licence.licenceNumber !== original.licenceNumber) body.licenceNumber = licence.licenceNumber;
  if (licence.licenceExpiresAt !== original.licenceExpiresAt) body.licenceExpiresAt = licence.licenceExpiresAt;
  if (licence.qualification !== original.qualification) body.qualification = licence.qualification;
  return body;
}

/** Why the status toggle is refused before asking the server, if it is. */
export function toggleRefusal(
  technician: Technician,
  currentUserId: number | undefined,
  all: Technician[],
): string | null {
  if (!technician.isActive) return null;
  if (technician.id === currentUserId) return TECHNICIAN_MESSAGES.selfDeactivate;
  if (isLastActiveAdmin(technician, all)) return TECHNICIAN_MESSAGES.lastAdmin;
  return null;
}

/** Why 'Eliminar' is disabled on a row, in the few words shown beside it; null when it is offered. */
export function deleteBlockedReason(technician: Technician, currentUserId: number | undefined): string | null {
  if (technician.id === currentUserId) return TECHNICIAN_MESSAGES.selfDelete;
  if (technician.isActive) return TECHNICIAN_MESSAGES.deleteBlockedActive;
  return null;
}

/** Which accounts the list shows. */
export type RoleFilter = 'ALL' | StaffRole;

export function filterByRole(all: readonly Technician[], role: RoleFilter): Technician[] {
  return role === 'ALL' ? [...all] : all.filter((technician) => technician.role === role);
}

/** Why a delete is refused before asking the server, if it is: never yourself, only inactive accounts. */
export function deleteRefusal(technician: Technician, currentUserId: number | undefined): string | null {
  if (technician.id === currentUserId) return TECHNICIAN_MESSAGES.selfDelete;
  if (technician.isActive) return TECHNICIAN_MESSAGES.deleteActive;
  return null;
}
