import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params';

const KEYS = ['q', 'area', 'active'] as const;

function setup(initial = '/admin/traps?q=trp') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ list: useListParams(KEYS), location: useLocation() }), { wrapper });
}

describe('useListParams', () => {
  it('keeps both of two changes made before the next render (a search pause ending as a filter is picked)', () => {
    const hook = setup('/admin/traps?q=trp&page=2');
    act(() => {
      hook.result.current.list.setFilters({ area: 'Nave 1' });
      hook.result.current.list.setFilters({ q: '' });
      hook.result.current.list.setFilters({ active: 'false' });
    });
    expect(new URLSearchParams(hook.result.current.location.search).toString()).toBe('area=Nave+1&active=false');
    expect(hook.result.current.list.params).toEqual({ q: '', area: 'Nave 1', active: 'false', page: 1 });
  });

  it('a new page keeps the filters; clearing them starts again at page 1', () => {
    const hook = setup('/admin/traps?q=trp&area=Nave');
    act(() => hook.result.current.list.setPage(3));
    expect(hook.result.current.location.search).toBe('?q=trp&area=Nave&page=3');
    act(() => hook.result.current.list.clearFilters());
    expect(hook.result.current.location.search).toBe('');
  });
});
