import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Page() {
  return <p>Órdenes asignadas</p>;
}

describe('lazyScreen', () => {
  it('renders a screen fetched ahead at once, without showing the fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const page = lazyScreen(load);
    await page.preload();
    render(
      <Suspense fallback={<p>Cargando…</p>}>
        <page.Screen />
      </Suspense>,
    );
    expect(screen.getByText('Órdenes asignadas')).toBeInTheDocument();
    expect(screen.queryByText('Cargando…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches a screen nobody preloaded when it first renders, showing the fallback meanwhile', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const page = lazyScreen(load);
    render(
      <Suspense fallback={<p>Cargando…</p>}>
        <page.Screen />
      </Suspense>,
    );
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    expect(await screen.findByText('Órdenes asignadas')).toBeInTheDocument();
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
