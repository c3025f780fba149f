import { describe, expect, it, vi } from 'vitest';
import { installOffer } from '../../testing/install-offer';
import { createInstallPromptStore, INSTALL_DISMISSED_KEY } from './install-prompt';

function setup() {
  const target = new EventTarget();
  const store = createInstallPromptStore(target, localStorage);
  return { target, store, visible: () => store.getSnapshot().visible };
}

describe('install prompt store', () => {
  it('stays hidden until the browser offers installation', () => {
    const { visible } = setup();
    expect(visible()).toBe(false);
  });

  it("keeps the browser's offer for the banner instead of letting the browser show its own", () => {
    const { target, visible } = setup();
    const offer = installOffer();
    target.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(visible()).toBe(true);
  });

  it("'Más tarde' hides the banner and remembers it in local storage", () => {
    const { target, store, visible } = setup();
    target.dispatchEvent(installOffer());
    store.dismiss();
    expect(visible()).toBe(false);
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
  });

  it('a remembered dismissal keeps a later page hidden until the browser offers again', () => {
    localStorage.setItem(INSTALL_DISMISSED_KEY, '2025-01-01T00:00:00.000Z');
    const { target, store, visible } = setup();
    expect(visible()).toBe(false);
    store.dismiss();
    target.dispatchEvent(installOffer());
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
    expect(visible()).toBe(true);
  });

  it("'Instalar' opens the browser's dialog once and hides the banner", async () => {
    const { target, store, visible } = setup();
    const offer = installOffer('accepted');
    target.dispatchEvent(offer);
    await store.install();
    await store.install();
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(visible()).toBe(false);
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
  });

  it('a declined install sets the dismissed flag', async () => {
    const { target, store } = setup();
    target.dispatchEvent(installOffer('dismissed'));
    await store.install();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
  });

  it('a browser that refuses to show its dialog leaves no flag and no error', async () => {
    const { target, store } = setup();
    const offer = installOffer();
    offer.prompt = vi.fn(() => Promise.reject(new DOMException('not allowed', 'NotAllowedError')));
    target.dispatchEvent(offer);
    await expect(store.install()).resolves.toBeUndefined();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
  });

  it('installing the app clears the flag and hides the banner', () => {
    const { target, store, visible } = setup();
    target.dispatchEvent(installOffer());
    store.dismiss();
    target.dispatchEvent(new Event('appinstalled'));
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
    expect(visible()).toBe(false);
  });

  it('tells subscribers about each change', () => {
    const { target, store } = setup();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    target.dispatchEvent(installOffer());
    store.dismiss();
    unsubscribe();
    target.dispatchEvent(installOffer());
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
