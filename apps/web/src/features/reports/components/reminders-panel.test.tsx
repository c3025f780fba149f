import type { Reminders } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { RemindersPanel } from './reminders-panel';

const NOTHING: Reminders = {
  today: '2026-06-15',
  licences: [],
  products: [],
  overdueOrders: 0,
  overdueActions: 0,
  visitsThisWeek: 0,
};

describe('RemindersPanel', () => {
  it('says nothing is due when nothing is', async () => {
    mockApi({ 'GET /api/reports/reminders': () => ({ body: NOTHING }) });
    renderWithApp(<RemindersPanel />);
    expect(
      await screen.findByText(
        'Nada pendiente: ninguna licencia ni autorización vence en 30 días y no hay nada atrasado.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('lists each reminder with when it expires, linking to where it is dealt with', async () => {
    mockApi({
      'GET /api/reports/reminders': () => ({
        body: {
          ...NOTHING,
          licences: [
            { technicianId: 3, fullName: 'Ana Ruiz', licenceNumber: null, expiresOn: '2026-06-15', daysLeft: 0 },
          ],
          products: [
            {
              productId: 8,
              name: 'Cebo X',
              registrationNumber: 'ES/RM-1',
              expiresOn: '2026-06-12',
              daysLeft: -3,
            },
          ],
          overdueOrders: 1,
          overdueActions: 4,
          visitsThisWeek: 2,
        } satisfies Reminders,
      }),
    });
    renderWithApp(<RemindersPanel />);
    const panel = await screen.findByRole('region', { name: 'Pendientes' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Licencia de Ana Ruizvence hoy (15 de junio de 2026)',
      'Autorización de Cebo X (ES/RM-1)venció hace 3 días (12 de junio de 2026)',
      '1 orden atrasadaprogramadas antes de ahora y sin completar',
      '4 acciones correctivas vencidascon la fecha límite pasada y sin cerrar',
      '2 visitas de planes de serviciode hoy al domingo, sin completar',
    ]);
    const links = within(panel)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/admin/technicians',
      '/admin/settings',
      '/admin/sessions?overdue=true',
      '/admin/actions?overdue=true',
      '/admin/calendar',
    ]);
  });

  it('says when the reminders could not be loaded, with a retry', async () => {
    mockApi({ 'GET /api/reports/reminders': () => ({ status: 500, body: { message: 'Error interno.' } }) });
    renderWithApp(<RemindersPanel />);
    expect(await screen.findByText('No se pudieron cargar los pendientes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
