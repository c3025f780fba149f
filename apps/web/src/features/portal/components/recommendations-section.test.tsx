import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import type { PortalActions } from '../api/get-portal-actions';
import { RecommendationsSection } from './recommendations-section';

type Item = PortalActions['items'][number];

function item(overrides: Partial<Item>): Item {
  return {
    id: 1,
    description: 'Una',
    status: 'ABIERTA',
    overdue: false,
    dueDate: '2026-07-01',
    area: null,
    severity: 'MEDIA',
    detectedAt: '2026-06-01T10:00:00.000Z',
    closedAt: null,
    responsible: 'CLIENTE',
    acknowledgement: null,
    responses: [],
    ...overrides,
  };
}

const ACK = { by: { id: 3, fullName: 'Carla Calidad' }, at: '2026-06-02T09:00:00.000Z', note: null };

describe('RecommendationsSection', () => {
  it("lists the client's recommendations, those waiting for her first, and leaves the company's actions out", async () => {
    mockApi({
      'GET /api/portal/sites/4/actions': () => ({
        body: {
          items: [
            item({ id: 1, description: 'Cerrada hace tiempo', status: 'CERRADA', acknowledgement: ACK }),
            item({ id: 2, description: 'Ya reconocida', acknowledgement: ACK, dueDate: '2026-06-20' }),
            item({ id: 3, description: 'Revisar cebos', responsible: 'EMPRESA' }),
            item({ id: 4, description: 'Espera por ella', dueDate: '2026-08-01' }),
          ],
        },
      }),
    });
    renderWithApp(<RecommendationsSection siteId={4} />);
    const list = await screen.findByRole('list');
    const titles = within(list)
      .getAllByRole('article')
      .map((article) => within(article).getByRole('heading').textContent);
    expect(titles).toEqual(['Espera por ella', 'Ya reconocida', 'Cerrada hace tiempo']);
    expect(screen.queryByText('Revisar cebos')).not.toBeInTheDocument();
  });

  it('says when the site has no recommendations', async () => {
    mockApi({
      'GET /api/portal/sites/4/actions': () => ({ body: { items: [item({ responsible: 'EMPRESA' })] } }),
    });
    renderWithApp(<RecommendationsSection siteId={4} />);
    expect(await screen.findByText('No hay recomendaciones para este sitio.')).toBeInTheDocument();
  });
});
