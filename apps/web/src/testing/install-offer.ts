import { vi } from 'vitest';
import type { BeforeInstallPromptEvent } from '../features/install/install-prompt';

/** What Chromium dispatches when installation is possible: a cancelable event with prompt() and the user's answer. */
export function installOffer(outcome: 'accepted' | 'dismissed' = 'accepted'): BeforeInstallPromptEvent {
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
}
