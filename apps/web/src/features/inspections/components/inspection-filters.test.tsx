import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InspectionFilters } from './inspection-filters';

const values = { siteId: '', type: '', activityMin: '', pestId: '', technicianId: '', outcome: '' };

describe('inspection filters', () => {
  it('lists a typed code as its own outcome, never among the scans', async () => {
    const onChange = vi.fn();
    render(
      <InspectionFilters
        values={values}
        periodPicker={null}
        sites={[]}
        technicians={[]}
        pests={[]}
        onChange={onChange}
      />,
    );
    const outcome = screen.getByLabelText('Resultado');
    expect(
      within(outcome)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([expect.any(String), 'Escaneada', 'Código escrito (no prueba presencia)', 'No encontrada o inaccesible']);
    await userEvent.setup().selectOptions(outcome, 'MANUAL');
    expect(onChange).toHaveBeenCalledWith({ outcome: 'MANUAL' });
  });
});
