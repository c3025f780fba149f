import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UpdateStore } from '../update-store';
import { UpdateToast } from './update-toast';

function fakeUpdates() {
  let waiting = false;
  const listeners = new Set<() => void>();
  const store: UpdateStore = {
    getSnapshot: () => waiting,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update: vi.fn(),
  };
  const newVersionWaiting = () =>
    act(() => {
      waiting = true;
      for (const listener of listeners) listener();
    });
  return { store, newVersionWaiting };
}

describe('UpdateToast', () => {
  it('shows nothing while no new version waits', () => {
    const { store } = fakeUpdates();
    render(<UpdateToast store={store} />);
    expect(screen.queryByText('Nueva versión disponible')).not.toBeInTheDocument();
  });

  it("offers a waiting version and takes it on 'Actualizar'", async () => {
    const { store, newVersionWaiting } = fakeUpdates();
    render(<UpdateToast store={store} />);
    newVersionWaiting();
    expect(screen.getByRole('status')).toHaveTextContent('Nueva versión disponible');
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(store.update).toHaveBeenCalledTimes(1);
  });
});
