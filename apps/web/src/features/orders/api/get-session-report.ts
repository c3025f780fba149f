import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** A closed order's service report (PDF). */
export function getSessionReport(id: number): Promise<Blob> {
  return apiBlob(`/sessions/${id}/report`);
}

export function useDownloadSessionReport() {
  return useMutation({
    mutationFn: async (id: number) => saveBlob(await getSessionReport(id), `orden-${id}.pdf`),
  });
}
