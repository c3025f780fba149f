import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { PlantAnswers } from './plant-answers';

describe('PlantAnswers', () => {
  it('shows who acknowledged the recommendation and what the plant did, with its photos', () => {
    // The photo's small JPEG, which the thumbnail reads.
    mockApi({
      'GET /api/actions/41/photos/7': () =>
        new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } }),
    });
    renderWithApp(
      <PlantAnswers
        actionId={41}
        acknowledgement={{ by: { id: 3, fullName: 'Carla Calidad' }, at: '2026-06-02T09:00:00.000Z', note: 'Lo vemos' }}
        responses={[
          {
            id: 1,
            note: 'Cambiamos el burlete.',
            by: { id: 3, fullName: 'Carla Calidad' },
            at: '2026-06-03T09:00:00.000Z',
            photoIds: [7],
          },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Respuesta de la planta' });
    expect(region).toHaveTextContent(/Reconocida por Carla Calidad el .* «Lo vemos»/);
    expect(within(region).getByText('Cambiamos el burlete.')).toBeInTheDocument();
    expect(
      within(region).getByRole('button', { name: 'Ver foto 1 de 1 de la respuesta de Carla Calidad' }),
    ).toBeInTheDocument();
  });

  it('says when the plant has not answered yet', () => {
    renderWithApp(<PlantAnswers actionId={41} acknowledgement={null} responses={[]} />);
    expect(screen.getByText('La planta aún no la ha reconocido en su portal.')).toBeInTheDocument();
    expect(screen.getByText('La planta aún no ha contado qué hizo.')).toBeInTheDocument();
  });
});
