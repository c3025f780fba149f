import type { ActionPhoto } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { ActionPhotos } from './action-photos';

const jpeg = () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } });
const photo = (id: number, fullName: string): ActionPhoto => ({
  id,
  mediaType: 'image/jpeg',
  size: 3,
  by: { id, fullName },
  createdAt: '2026-06-03T09:00:00.000Z',
});

/** An open action with these photos, the plant's response holding photo 7. */
const action = (photos: ActionPhoto[]) => ({
  id: 41,
  status: 'EN_CURSO' as const,
  photos,
  responses: [
    {
      id: 1,
      note: 'Burlete nuevo.',
      by: { id: 3, fullName: 'Carla Calidad' },
      at: '2026-06-03T09:00:00.000Z',
      photoIds: [7],
    },
  ],
});

describe('ActionPhotos', () => {
  it("offers to remove the office's photos only: the plant's, shown with its response, stay", () => {
    mockApi({ 'GET /api/actions/41/photos/7': jpeg, 'GET /api/actions/41/photos/8': jpeg });
    renderWithApp(<ActionPhotos action={action([photo(7, 'Carla Calidad'), photo(8, 'Oficina')])} />);
    const region = screen.getByRole('region', { name: 'Fotos de evidencia' });
    expect(within(region).getAllByRole('button', { name: /^Ver foto/ })).toHaveLength(1);
    expect(within(region).getAllByRole('button', { name: /^Quitar la foto/ })).toHaveLength(1);
  });

  it('says there are none when the only photos are the plant’s', () => {
    renderWithApp(<ActionPhotos action={action([photo(7, 'Carla Calidad')])} />);
    const region = screen.getByRole('region', { name: 'Fotos de evidencia' });
    expect(within(region).getByText('Sin fotos.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /^Quitar la foto/ })).toBeNull();
  });
});
