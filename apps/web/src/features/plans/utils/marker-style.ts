import type { TrapType } from '@rondin/contracts/devices';

export type MarkerShapeName = 'circle' | 'square' | 'diamond' | 'triangle' | 'hexagon' | 'star';

// TEMPORARY until the plans API's type → marker map lands in @rondin/contracts/devices (the map PDF and the
// screens must share one): only the lookup below changes then.
const STYLES: Record<TrapType, { shape: MarkerShapeName; color: string }> = {
  CEBADERO: { shape: 'square', color: '#b42318' },
  CAPTURA: { shape: 'diamond', color: '#8a4b00' },
  LAMINA: { shape: 'triangle', color: '#1d4ed8' },
  LUZ_UV: { shape: 'star', color: '#6d28d9' },
  FEROMONA: { shape: 'hexagon', color: '#0b6e5f' },
  OTRO: { shape: 'circle', color: '#52606d' },
};

export function markerStyle(type: TrapType): { shape: MarkerShapeName; color: string } {
  return STYLES[type];
}
