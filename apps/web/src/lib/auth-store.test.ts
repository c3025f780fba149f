import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, getAuth, reloadAuthFromStorage } from './auth-store';

describe('auth store', () => {
  it('follows a sign-out made in another tab', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ accessToken: 'abc', user: null }));
    reloadAuthFromStorage();
    localStorage.removeItem(AUTH_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY }));
    expect(getAuth()).toBeNull();
  });
});
