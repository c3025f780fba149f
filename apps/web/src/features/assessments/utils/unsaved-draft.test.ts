import { describe, expect, it } from 'vitest';
import { dropUnsaved, keepUnsaved, readUnsaved } from './unsaved-draft';

const body = {
  areas: [{ area: 'Muelle', pressure: 'MEDIA', conditions: ['HIGIENE'], notes: null, photoIds: [] }],
  conclusions: 'Orden y limpieza.',
  recommendations: [{ text: 'Barrer a diario.', dueDate: '2026-12-15' }],
};

describe('a draft’s unsaved change', () => {
  it('is read back as kept, for its own assessment only', () => {
    keepUnsaved(5, JSON.stringify(body));
    expect(readUnsaved(5)).toEqual(body);
    expect(readUnsaved(6)).toBeNull();
  });

  it('is not opened when it is not a save’s body (edited by hand, cut short)', () => {
    const [area] = body.areas;
    for (const stored of [
      '{"areas": [',
      JSON.stringify({ ...body, areas: [{ ...area, pressure: 'MUCHA' }] }),
      JSON.stringify({ ...body, areas: [{ ...area, conditions: ['HUMEDAD'] }] }),
      JSON.stringify({ ...body, recommendations: [{ text: 'Barrer a diario.' }] }),
      JSON.stringify([body]),
    ]) {
      localStorage.setItem('rondin.assessment-unsaved.5', stored);
      expect(readUnsaved(5)).toBeNull();
    }
  });

  it('goes once a save took it, but not when a later change replaced it', () => {
    const later = JSON.stringify({ ...body, conclusions: 'Orden, limpieza y sellado.' });
    keepUnsaved(5, later);
    dropUnsaved(5, JSON.stringify(body));
    expect(readUnsaved(5)?.conclusions).toBe('Orden, limpieza y sellado.');
    dropUnsaved(5, later);
    expect(readUnsaved(5)).toBeNull();
  });
});
