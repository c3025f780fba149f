import type { Pest, SessionItem } from '@rondin/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSession } from '../../../testing/sessions';
import { FindingsSheet } from './findings-sheet';

const pest = (id: number, name: string, scientificName: string | null, group: Pest['group']): Pest => ({
  id,
  name,
  scientificName,
  group,
  isActive: true,
  createdAt: '',
});
const PESTS: Pest[] = [
  pest(1, 'Rata parda', 'Rattus norvegicus', 'ROEDORES'),
  pest(2, 'Ratón doméstico', 'Mus musculus', 'ROEDORES'),
  pest(3, 'Cucaracha alemana', 'Blattella germanica', 'RASTREROS'),
  pest(4, 'Cucaracha americana', 'Periplaneta americana', 'RASTREROS'),
  pest(5, 'Mosca doméstica', 'Musca domestica', 'VOLADORES'),
  pest(6, 'Polilla india', 'Plodia interpunctella', 'PRODUCTO_ALMACENADO'),
];

function openForm(commonPests?: readonly number[]) {
  const item: SessionItem = makeSession({}, [
    {
      id: 7,
      status: 'COMPLETED',
      outcome: 'SCANNED',
      trap: { code: 'CAP-7', area: 'Muelle', type: 'CAPTURA', qrHash: 'c'.repeat(64), routeOrder: null },
    },
  ]).items[0]!;
  render(
    <FindingsSheet
      sessionId={12}
      item={item}
      pests={PESTS}
      commonPests={commonPests}
      waitingPhotos={0}
      send={vi.fn(async () => ({ queued: true as const }))}
      onDone={vi.fn()}
      onHold={vi.fn()}
      onFailed={vi.fn()}
    />,
  );
  return userEvent.setup();
}

const rows = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('spinbutton', { name: /^Capturas de / })
    .map((input) => input.getAttribute('aria-label')?.replace('Capturas de ', ''));
const choices = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Plagas para añadir' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('capture form', () => {
  it('offers first the species most caught at the site in this type of device, then the type’s usual ones', async () => {
    const user = openForm([5, 2]);
    await user.click(screen.getByRole('button', { name: 'Registrar hallazgo' }));
    const dialog = screen.getByRole('dialog', { name: 'Hallazgo en CAP-7' });
    expect(rows(dialog)).toEqual(['Mosca doméstica', 'Ratón doméstico', 'Rata parda']);
    expect(
      within(dialog).getByText('Primero, las plagas más capturadas en este sitio en este tipo de dispositivo.'),
    ).toBeInTheDocument();
    expect(choices(dialog)).toEqual(['Cucaracha alemana', 'Cucaracha americana', 'Polilla india']);
  });

  it('without the site’s catches, offers the type’s usual species alone', async () => {
    const user = openForm();
    await user.click(screen.getByRole('button', { name: 'Registrar hallazgo' }));
    const dialog = screen.getByRole('dialog', { name: 'Hallazgo en CAP-7' });
    expect(rows(dialog)).toEqual(['Rata parda', 'Ratón doméstico']);
    expect(within(dialog).queryByText(/más capturadas en este sitio/)).not.toBeInTheDocument();
  });

  it('finds a species by name or scientific name, accents aside, and adds it counted once with one tap', async () => {
    const user = openForm([2]);
    await user.click(screen.getByRole('button', { name: 'Registrar hallazgo' }));
    const dialog = screen.getByRole('dialog', { name: 'Hallazgo en CAP-7' });
    const search = within(dialog).getByRole('searchbox', { name: 'Buscar otra plaga' });

    await user.type(search, 'CUCA');
    expect(choices(dialog)).toEqual(['Cucaracha alemana', 'Cucaracha americana']);
    expect(search).toHaveAccessibleDescription('2 plagas coinciden.');
    await user.clear(search);
    await user.type(search, 'plodia');
    expect(choices(dialog)).toEqual(['Polilla india']);
    await user.clear(search);
    await user.type(search, 'mosca domestica');
    expect(choices(dialog)).toEqual(['Mosca doméstica']);
    await user.clear(search);
    await user.type(search, 'xyz');
    expect(within(dialog).queryByRole('list', { name: 'Plagas para añadir' })).not.toBeInTheDocument();
    expect(search).toHaveAccessibleDescription('Ninguna plaga coincide con la búsqueda.');

    await user.clear(search);
    await user.type(search, 'polilla');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir Polilla india' }));
    expect(rows(dialog)).toEqual(['Ratón doméstico', 'Rata parda', 'Polilla india']);
    expect(within(dialog).getByRole('spinbutton', { name: 'Capturas de Polilla india' })).toHaveValue(1);
    // The chosen chip is gone: the keyboard goes on from the new row.
    expect(within(dialog).getByRole('button', { name: 'Una captura más de Polilla india' })).toHaveFocus();
    expect(search).toHaveValue('');
    expect(choices(dialog)).not.toContain('Polilla india');
  });
});
