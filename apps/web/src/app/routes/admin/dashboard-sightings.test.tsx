import type { Sighting } from '@rondin/contracts';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGHTING_MESSAGES as TEXT } from '../../../features/sightings/messages';
import { sockets } from '../../../testing/fake-socket';
import { answerRequests } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { makeSighting } from '../../../testing/sightings';
import { AppRoutes } from '../../router';

vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

const admin = makeTechnician({ role: 'ADMIN' });

describe('the dashboard’s open sightings', () => {
  beforeEach(() => {
    sockets.length = 0;
  });

  it('shows a sighting reported at a plant without a reload, when the office hears sighting.created', async () => {
    storeSignIn(admin);
    const open: Sighting[] = [makeSighting({ id: 30, area: 'Producción', description: 'Una polilla' })];
    const reads: string[] = [];
    answerRequests((call) => {
      if (call.key === 'GET /api/technicians/me/profile') return { body: admin };
      if (call.key === 'GET /api/sightings?status=ABIERTO&limit=10') {
        reads.push(call.path);
        return { body: { items: [...open], openCount: open.length } };
      }
      // The dashboard's other panels are not this test's: they show their own error states.
      return undefined;
    });
    renderWithApp(<AppRoutes />, { path: '/admin/dashboard' });

    const panel = await screen.findByRole('region', { name: TEXT.dashboardTitle }, { timeout: 10_000 });
    expect(await within(panel).findByText(TEXT.dashboardCount(1))).toBeInTheDocument();
    expect(within(panel).getAllByRole('article')).toHaveLength(1);
    expect(sockets).toHaveLength(1);

    // The server stores a sighting from a poster; the office's socket is told.
    open.unshift(makeSighting({ id: 31, area: 'Muelle de carga', reporter: { accountId: null, name: 'Pedro' } }));
    act(() => sockets[0]!.handlers.get('sighting.created')!({ sightingId: 31, siteId: 7, actionId: 91 }));

    expect(await within(panel).findByText(TEXT.dashboardCount(2))).toBeInTheDocument();
    const items = within(panel).getAllByRole('article');
    expect(items[0]).toHaveTextContent('Planta Norte · Muelle de carga');
    expect(items[0]).toHaveTextContent('Pedro');
    expect(within(items[0]!).getByRole('link', { name: TEXT.actionLink(90) })).toHaveAttribute(
      'href',
      '/admin/actions/90',
    );
    expect(reads).toHaveLength(2);
  }, 20_000);

  it('says when no sighting is open', async () => {
    storeSignIn(admin);
    answerRequests((call) => {
      if (call.key === 'GET /api/technicians/me/profile') return { body: admin };
      if (call.key === 'GET /api/sightings?status=ABIERTO&limit=10') return { body: { items: [], openCount: 0 } };
      return undefined;
    });
    renderWithApp(<AppRoutes />, { path: '/admin/dashboard' });
    const panel = await screen.findByRole('region', { name: TEXT.dashboardTitle }, { timeout: 10_000 });
    expect(await within(panel).findByText(TEXT.dashboardEmpty)).toBeInTheDocument();
  }, 20_000);
});
