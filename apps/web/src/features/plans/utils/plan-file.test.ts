import { describe, expect, it } from 'vitest';
import { nameFromFile, planFileKind } from './plan-file';

describe('a chosen plan file', () => {
  it('is an image, a PDF or refused, by its type', () => {
    expect(planFileKind(new File(['x'], 'a.png', { type: 'image/png' }))).toBe('image');
    expect(planFileKind(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBe('image');
    expect(planFileKind(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe('pdf');
    expect(planFileKind(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBeNull();
    expect(planFileKind(new File(['x'], 'a.png', { type: 'text/html' }))).toBeNull();
  });

  it('is judged by its name when the system gives no type', () => {
    expect(planFileKind(new File(['x'], 'PLANO.PDF'))).toBe('pdf');
    expect(planFileKind(new File(['x'], 'plano.jpeg'))).toBe('image');
    expect(planFileKind(new File(['x'], 'plano.dwg'))).toBeNull();
    expect(planFileKind(new File(['x'], 'plano'))).toBeNull();
  });

  it("gives the plan a name from the file's", () => {
    expect(nameFromFile('Bodega_planta__baja.pdf')).toBe('Bodega planta baja');
    expect(nameFromFile(`${'a'.repeat(200)}.png`)).toHaveLength(120);
  });
});
