import { useState } from 'react';

export type OrdersLayout = 'cards' | 'table';

/** Where the office's choice is kept: this browser remembers it from one visit to the next. */
const STORAGE_KEY = 'rondin.orders.layout';

function stored(): OrdersLayout {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    // Storage refused (a private window's policy): the cards, as before the choice existed.
    return 'cards';
  }
}

/** The orders list as cards or as a table, remembered in this browser. */
export function useOrdersLayout(): [OrdersLayout, (layout: OrdersLayout) => void] {
  const [layout, setLayout] = useState<OrdersLayout>(stored);
  function choose(next: OrdersLayout) {
    setLayout(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered, but shown: the choice holds until the page is left.
    }
  }
  return [layout, choose];
}
