import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { OFFICE_PLANS, type PlanSource } from './plan-source';

/** The dated device map of a plan, to print for the auditor; with a period, its heat map. */
export function getMapPdf(
  id: number,
  period?: { from: string; to: string },
  source: PlanSource = OFFICE_PLANS,
): Promise<Blob> {
  const query = period ? `?${new URLSearchParams({ from: period.from, to: period.to })}` : '';
  return apiBlob(`${source.mapPdf(id)}${query}`);
}

/** Downloads the map as 'mapa-{plan}.pdf', or the heat map of a period as 'mapa-calor-{plan}.pdf'. */
export function useDownloadMapPdf(source: PlanSource = OFFICE_PLANS) {
  return useMutation({
    mutationFn: async ({ id, name, period }: { id: number; name: string; period?: { from: string; to: string } }) => {
      saveBlob(await getMapPdf(id, period, source), mapFileName(name, period ? 'mapa-calor' : 'mapa'));
    },
  });
}

export function mapFileName(planName: string, prefix = 'mapa'): string {
  const slug = planName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${prefix}-${slug || 'plano'}.pdf`;
}
