import { describe, expect, it } from 'vitest';
import { makeTechnician } from '../../../testing/render';
import { TECHNICIAN_MESSAGES } from '../messages';
import {
  deleteBlockedReason,
  deleteRefusal,
  emptyTechnicianForm,
  expiredLicenceQuestion,
  licenceWarning,
  filterByRole,
  isLastActiveAdmin,
  technicianToForm,
  toggleRefusal,
  toUpdateTechnicianBody,
  validateNewTechnician,
  validateTechnicianEdit,
} from './technician-rules';

const admin = makeTechnician({ id: 1, role: 'ADMIN' });
const otherAdmin = makeTechnician({ id: 2, role: 'ADMIN', email: 'b@rondin.test', fullName: 'B' });
const tech = makeTechnician({ id: 3, role: 'TECH', email: 'c@rondin.test', fullName: 'C' });

describe('technician rules', () => {
  it('requires an initial password on create', () => {
    const values = { ...emptyTechnicianForm, fullName: 'Ana', email: 'a@b.c' };
    expect(validateNewTechnician(values)).toBe('Debes definir una contraseña inicial.');
    expect(validateNewTechnician({ ...values, password: 'x' })).toBeNull();
  });

  it('knows the last active administrator', () => {
    expect(isLastActiveAdmin(admin, [admin, tech])).toBe(true);
    expect(isLastActiveAdmin(admin, [admin, otherAdmin, tech])).toBe(false);
    expect(isLastActiveAdmin(admin, [admin, { ...otherAdmin, isActive: false }])).toBe(true);
    expect(isLastActiveAdmin(tech, [tech])).toBe(false);
  });

  it('refuses to deactivate yourself or the last administrator', () => {
    const context = { original: admin, currentUserId: 1, all: [admin, tech] };
    expect(validateTechnicianEdit({ ...technicianToForm(admin), isActive: false }, context)).toBe(
      TECHNICIAN_MESSAGES.selfDeactivate,
    );
    expect(validateTechnicianEdit({ ...technicianToForm(admin), role: 'TECH' }, context)).toBe(
      TECHNICIAN_MESSAGES.lastAdmin,
    );
    expect(toggleRefusal(admin, 1, [admin, tech])).toBe('No puedes desactivar tu propia cuenta.');
    expect(toggleRefusal(admin, 99, [admin, tech])).toBe('Debe permanecer al menos un administrador activo.');
    expect(toggleRefusal(tech, 1, [admin, tech])).toBeNull();
  });

  it('refuses to delete yourself or an active account', () => {
    expect(deleteRefusal(admin, 1)).toBe('No puedes eliminar tu propia cuenta.');
    expect(deleteRefusal(tech, 1)).toBe(TECHNICIAN_MESSAGES.deleteActive);
    expect(deleteRefusal({ ...tech, isActive: false }, 1)).toBeNull();
  });

  it('sends email and name only when changed, the password only when typed, role and status always', () => {
    expect(toUpdateTechnicianBody(technicianToForm(tech), tech)).toEqual({ role: 'TECH', isActive: true });
    expect(
      toUpdateTechnicianBody(
        { ...technicianToForm(tech), fullName: ' Carla ', email: 'NUEVO@rondin.test', password: 'clave-nueva' },
        tech,
      ),
    ).toEqual({
      role: 'TECH',
      isActive: true,
      fullName: 'Carla',
      email: 'NUEVO@rondin.test',
      password: 'clave-nueva',
    });
  });
});

describe('the list by role, and why Eliminar is disabled', () => {
  it('filters the accounts by role, or shows them all', () => {
    const all = [admin, otherAdmin, tech];
    expect(filterByRole(all, 'ALL')).toEqual(all);
    expect(filterByRole(all, 'TECH')).toEqual([tech]);
    expect(filterByRole(all, 'ADMIN')).toEqual([admin, otherAdmin]);
  });

  it('disables Eliminar on your own account and on active ones, and offers it on an inactive one', () => {
    expect(deleteBlockedReason(admin, admin.id)).toBe('No puedes eliminar tu propia cuenta.');
    expect(deleteBlockedReason(tech, admin.id)).toBe('Desactívalo para poder eliminarlo.');
    expect(deleteBlockedReason({ ...tech, isActive: false }, admin.id)).toBeNull();
  });

  it('warns of a licence that has expired or expires within 30 days, and asks before assigning', () => {
    const on = (licenceExpiresAt: string | null) => licenceWarning({ ...tech, licenceExpiresAt }, '2026-05-10');
    expect(on('2026-05-09')).toEqual({ tone: 'danger', text: 'Carné caducado' });
    expect(on('2026-06-09')).toEqual({ tone: 'warning', text: 'Caduca el 09/06/2026' });
    expect(on('2026-06-10')).toBeNull();
    expect(on(null)).toBeNull();
    expect(expiredLicenceQuestion({ fullName: 'Luis', licenceExpiresAt: '2026-05-09' })).toBe(
      'El carné de Luis caducó el 09/05/2026. ¿Asignar igualmente?',
    );
  });
});
