import { describe, expect, it } from 'vitest';
import { packDays } from './pack-period';

describe('the period asked for', () => {
  it('sends no days for the last twelve months: the server counts them in the site zone', () => {
    expect(packDays('last-12-months', '', '')).toEqual({ days: undefined });
  });

  it('sends both chosen days, the same day allowed', () => {
    expect(packDays('chosen', '2026-01-01', '2026-06-30')).toEqual({ days: { from: '2026-01-01', to: '2026-06-30' } });
    expect(packDays('chosen', '2026-03-03', '2026-03-03')).toEqual({ days: { from: '2026-03-03', to: '2026-03-03' } });
  });

  it('refuses a missing or impossible day, days out of order and more than 24 months, in Spanish', () => {
    expect(packDays('chosen', '', '2026-06-30').error).toBe('Indica las fechas de inicio y de término del período.');
    expect(packDays('chosen', '2026-02-30', '2026-06-30').error).toBe(
      'Indica las fechas de inicio y de término del período.',
    );
    expect(packDays('chosen', '2026-07-01', '2026-06-30').error).toBe(
      'La fecha inicial no puede ser posterior a la final.',
    );
    expect(packDays('chosen', '2024-01-01', '2025-12-31').days).toEqual({ from: '2024-01-01', to: '2025-12-31' });
    expect(packDays('chosen', '2024-01-01', '2026-01-01').error).toBe(
      'El período del dossier no puede superar 24 meses.',
    );
    // 24 months after 29 February is the last day of February, as the server counts.
    expect(packDays('chosen', '2024-02-29', '2026-02-27').days).toBeDefined();
    expect(packDays('chosen', '2024-02-29', '2026-02-28').error).toBe(
      'El período del dossier no puede superar 24 meses.',
    );
  });
});
