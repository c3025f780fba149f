import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installOffer } from '../../../testing/install-offer';
import { createInstallPromptStore, INSTALL_DISMISSED_KEY } from '../install-prompt';
import { InstallBanner } from './install-banner';

function renderBanner() {
  const target = new EventTarget();
  const store = createInstallPromptStore(target, localStorage);
  render(<InstallBanner store={store} />);
  return { offer: (event = installOffer()) => act(() => void target.dispatchEvent(event)) };
}

describe('InstallBanner', () => {
  it('renders nothing until the browser offers installation', () => {
    renderBanner();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it("is a labelled region with 'Más tarde' and 'Instalar' buttons", () => {
    const { offer } = renderBanner();
    offer();
    const banner = screen.getByRole('region', { name: 'Instala Rondín en este dispositivo' });
    expect(banner).toContainElement(screen.getByRole('button', { name: 'Más tarde' }));
    expect(banner).toContainElement(screen.getByRole('button', { name: 'Instalar' }));
  });

  it("'Más tarde' hides it and sets the dismissed flag", async () => {
    const { offer } = renderBanner();
    offer();
    await userEvent.click(screen.getByRole('button', { name: 'Más tarde' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
  });

  it("'Instalar' asks the browser to prompt", async () => {
    const { offer } = renderBanner();
    const event = installOffer();
    offer(event);
    await userEvent.click(screen.getByRole('button', { name: 'Instalar' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
