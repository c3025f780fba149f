import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/network';
import { shrinkPhoto } from '../../../lib/shrink-photo';
import { renderWithApp } from '../../../testing/render';
import type { Recommendation } from '../api/get-portal-actions';
import { RecommendationCard } from './recommendation-card';

// jsdom draws no pictures: the photo comes back "shrunk" as a small JPEG, as Chromium's canvas makes it (the
// browser test sends a real one).
vi.mock('../../../lib/shrink-photo', () => ({
  shrinkPhoto: vi.fn(async (file: Blob) => new Blob([`pequeña ${file.size}`], { type: 'image/jpeg' })),
}));

function recommendation(overrides: Partial<Recommendation> = {}): Recommendation {
  return {
    id: 41,
    description: 'Sellar la puerta del muelle 2',
    status: 'ABIERTA',
    overdue: false,
    dueDate: '2026-07-15',
    area: 'Muelle',
    severity: 'MEDIA',
    detectedAt: '2026-06-01T10:00:00.000Z',
    closedAt: null,
    acknowledgement: null,
    responses: [],
    ...overrides,
  };
}

const photo = (name: string) => new File(['x'.repeat(5000)], name, { type: 'image/jpeg' });

describe('RecommendationCard', () => {
  it('acknowledges a recommendation that waits for her, with her note', async () => {
    const calls = mockApi({
      'POST /api/portal/actions/41/acknowledge': () => ({
        body: { by: { id: 3, fullName: 'Carla Calidad' }, at: '2026-06-02T09:00:00.000Z', note: 'Lo vemos' },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<RecommendationCard action={recommendation()} />);
    const card = screen.getByRole('article', { name: 'Sellar la puerta del muelle 2' });
    expect(within(card).getByText('Espera tu respuesta')).toBeInTheDocument();
    expect(within(card).getByText(/Plazo: 15\/07\/2026/)).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Nota (opcional)'), 'Lo vemos');
    await user.click(within(card).getByRole('button', { name: 'Reconocer: Sellar la puerta del muelle 2' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ note: 'Lo vemos' });
  });

  it('says what the plant did with two photos, shrunk before they are sent', async () => {
    const calls = mockApi({
      'POST /api/portal/actions/41/responses': () => ({
        status: 201,
        body: {
          id: 1,
          note: 'Sellada',
          by: { id: 3, fullName: 'Carla Calidad' },
          at: '2026-06-03T09:00:00.000Z',
          photoIds: [7, 8],
        },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(
      <RecommendationCard
        action={recommendation({
          acknowledgement: { by: { id: 3, fullName: 'Carla Calidad' }, at: '2026-06-02T09:00:00.000Z', note: null },
        })}
      />,
    );
    const card = screen.getByRole('article', { name: 'Sellar la puerta del muelle 2' });
    expect(within(card).getByText('Reconocida')).toBeInTheDocument();
    expect(within(card).getByText(/Reconocida por Carla Calidad el/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Contar qué hizo la planta' }));
    await user.click(within(card).getByRole('button', { name: 'Enviar respuesta' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Escribe qué hizo la planta.');
    await user.type(within(card).getByLabelText('Qué hizo la planta'), 'Sellada con burlete nuevo');
    await user.upload(within(card).getByLabelText('Añadir foto'), [photo('a.jpg'), photo('b.jpg')]);
    expect(await within(card).findByRole('img', { name: 'Foto 2 de la respuesta' })).toBeInTheDocument();
    expect(within(card).getByText('Fotos (2 de 3, opcional)')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText('Respuesta enviada. La empresa la verificará.')).toBeInTheDocument();
    // The multipart body as the server receives it: the note, and two photos, each the JPEG shrinkPhoto made
    // of what she chose (jsdom's FormData does not carry a Blob's bytes; the browser test sends real ones).
    const body = String(calls[0]?.body);
    expect(body).toMatch(/name="note"\r\n\r\nSellada con burlete nuevo\r\n/);
    expect(body.match(/name="file"; filename="[^"]+"\r\nContent-Type: image\/jpeg/g)).toHaveLength(2);
    expect(vi.mocked(shrinkPhoto).mock.calls.map(([file]) => (file as File).name)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('takes at most three photos', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <RecommendationCard
        action={recommendation({
          acknowledgement: { by: { id: 3, fullName: 'Carla Calidad' }, at: '2026-06-02T09:00:00.000Z', note: null },
        })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Contar qué hizo la planta' }));
    await user.upload(screen.getByLabelText('Añadir foto'), [
      photo('a.jpg'),
      photo('b.jpg'),
      photo('c.jpg'),
      photo('d.jpg'),
    ]);
    expect(await screen.findByText('Ya tiene las 3 fotos que admite una respuesta.')).toBeInTheDocument();
    // Each preview shows once its object URL is made, a render after the photos are kept.
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Añadir foto' })).not.toBeInTheDocument();
  });

  it('shows a closed recommendation with the responses, and no form', () => {
    renderWithApp(
      <RecommendationCard
        action={recommendation({
          status: 'CERRADA',
          closedAt: '2026-06-10T09:00:00.000Z',
          acknowledgement: { by: { id: 3, fullName: 'Carla Calidad' }, at: '2026-06-02T09:00:00.000Z', note: null },
          responses: [
            {
              id: 1,
              note: 'Sellada',
              by: { id: 3, fullName: 'Carla Calidad' },
              at: '2026-06-03T09:00:00.000Z',
              photoIds: [],
            },
          ],
        })}
      />,
    );
    expect(screen.getByText('Cerrada')).toBeInTheDocument();
    expect(screen.getByText('Sellada')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
