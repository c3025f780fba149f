import type { Inspection } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerRequests } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { FindingsSection } from './findings-section';

const ROW: Inspection = {
  itemId: 5,
  sessionId: 12,
  inspectedAt: '2026-06-02T12:10:00.000Z',
  site: { id: 4, name: 'Planta Norte' },
  trap: { id: 9, code: 'CEB-07', type: 'OTRO', zone: null, area: 'Muelle de carga' },
  inspectedBy: { id: 3, fullName: 'Rosa Díaz' },
  outcome: 'SCANNED',
  exception: null,
  manual: null,
  finding: null,
  photoIds: [],
};

describe('FindingsSection', () => {
  it("reads the site's findings with activity by default, and every device on request", async () => {
    const calls = answerRequests(({ url }) =>
      url.pathname === '/api/portal/sites/4/findings'
        ? { body: { items: [ROW], total: 1, page: 1, pageSize: 25 } }
        : { status: 503, body: { message: 'x' } },
    );
    renderWithApp(<FindingsSection siteId={4} timeZone="UTC" />);
    const list = await screen.findByRole('list', { name: 'Hallazgos del sitio' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('CEB-07');
    expect(within(list).getByRole('listitem')).toHaveTextContent('Visita nº 12');
    const first = calls.find((call) => call.url.pathname === '/api/portal/sites/4/findings')!;
    expect(first.url.searchParams.get('activityMin')).toBe('BAJA');
    expect(first.url.searchParams.get('from')).not.toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Todos los dispositivos' }));
    await user.click(screen.getByRole('radio', { name: 'Todo' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.pathname === '/api/portal/sites/4/findings' &&
            !call.url.searchParams.has('activityMin') &&
            !call.url.searchParams.has('from'),
        ),
      ).toBe(true),
    );
    expect(calls.every((call) => call.url.pathname.startsWith('/api/portal/'))).toBe(true);
  });

  it('says when nothing had activity in the period', async () => {
    answerRequests(({ url }) =>
      url.pathname === '/api/portal/sites/4/findings'
        ? { body: { items: [], total: 0, page: 1, pageSize: 25 } }
        : undefined,
    );
    renderWithApp(<FindingsSection siteId={4} timeZone={null} />);
    expect(await screen.findByText('Ningún dispositivo con actividad en este período.')).toBeInTheDocument();
  });
});
