import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** The dated device map of a plan, to print for the auditor. */
export function getMapPdf(id: number): Promise<Blob> {
  return apiBlob(`/plans/${id}/map.pdf`);
}

/** Downloads the map as 'mapa-{plan}.pdf'. */
export function useDownloadMapPdf() {
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) => {
      saveBlob(await getMapPdf(id), mapFileName(name));
    },
  });
}

export function mapFileName(planName: string): string {
  const slug = planName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `mapa-${slug || 'plano'}.pdf`;
}
