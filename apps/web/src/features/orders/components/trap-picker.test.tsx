import type { Trap } from '@rondin/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TrapPicker } from './trap-picker';

const traps: Trap[] = [
  ['TRP-10', 'Cocina'],
  ['TRP-2', 'Cocina'],
  ['TRP-1', 'Bodega'],
  ['TRP-3', null],
  ['TRP-4', 'Bodega', false],
].map(([code, area, isActive = true], index) => ({
  id: index + 1,
  code: code as string,
  area: area as string | null,
  description: null,
  isActive: isActive as boolean,
  qrSlug: `s${index}`,
  createdAt: '2025-01-01T00:00:00.000Z',
}));

function Harness() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  return <TrapPicker traps={traps} selected={selected} onChange={setSelected} />;
}

describe('TrapPicker', () => {
  it('lists active traps by area in natural order', () => {
    render(<Harness />);
    const kitchen = screen.getByRole('checkbox', { name: 'Seleccionar área Cocina' }).closest('.trap-picker__group') as HTMLElement;
    expect(within(kitchen).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['TRP-2', 'TRP-10']);
    expect(screen.queryByText('TRP-4')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar área Sin área' })).toBeInTheDocument();
  });

  it('shows a partial state on the area and on select-all, and fills it on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const area = screen.getByRole('checkbox', { name: 'Seleccionar área Cocina' }) as HTMLInputElement;
    const all = screen.getByRole('checkbox', { name: 'Seleccionar todas' }) as HTMLInputElement;
    await user.click(screen.getByRole('checkbox', { name: 'TRP-2' }));
    expect(area.indeterminate).toBe(true);
    expect(area).toHaveAttribute('aria-checked', 'mixed');
    expect(all.indeterminate).toBe(true);
    expect(screen.getByText('1 de 4 seleccionadas')).toBeInTheDocument();

    await user.click(area);
    expect(area.indeterminate).toBe(false);
    expect(area).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'TRP-10' })).toBeChecked();

    await user.click(all);
    expect(all).toBeChecked();
    expect(screen.getByText('4 de 4 seleccionadas')).toBeInTheDocument();
    await user.click(all);
    expect(screen.getByText('0 de 4 seleccionadas')).toBeInTheDocument();
  });
});
