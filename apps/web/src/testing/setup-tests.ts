import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB; the offline queue and the saved orders use it.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { reloadAuthFromStorage } from '../lib/auth-store';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The auth store keeps its value in memory: each test starts signed out.
  reloadAuthFromStorage();
});
