import type { Plan } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, FILE_TIMEOUT_MS } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

function planForm(fields: { name?: string; file?: Blob; fileName?: string }): FormData {
  const form = new FormData();
  // The name first: the server reads the fields in order and the file streams last.
  if (fields.name !== undefined) form.append('name', fields.name);
  if (fields.file) form.append('file', fields.file, fields.fileName ?? 'plano');
  return form;
}

export interface NewPlan {
  siteId: number;
  name: string;
  image: Blob;
  fileName: string;
}

/** POST /sites/{id}/plans as multipart: `name`, then the image in `file`. */
export function createPlan({ siteId, name, image, fileName }: NewPlan): Promise<Plan> {
  return apiRequest<Plan>(`/sites/${siteId}/plans`, {
    method: 'POST',
    body: planForm({ name, file: image, fileName }),
    timeoutMs: FILE_TIMEOUT_MS,
  });
}

/** A new name, or a new image: the devices stay where they were on it. */
export type PlanChange = { id: number; name: string } | { id: number; image: Blob; fileName: string };

/** PATCH /plans/{id} renames; PUT /plans/{id}/image (multipart, `file`) replaces the image. */
export function updatePlan(change: PlanChange): Promise<Plan> {
  if ('name' in change)
    return apiRequest<Plan>(`/plans/${change.id}`, { method: 'PATCH', body: { name: change.name } });
  return apiRequest<Plan>(`/plans/${change.id}/image`, {
    method: 'PUT',
    body: planForm({ file: change.image, fileName: change.fileName }),
    timeoutMs: FILE_TIMEOUT_MS,
  });
}

export function deletePlan(id: number): Promise<void> {
  return apiRequest<void>(`/plans/${id}`, { method: 'DELETE' });
}

/**
 * Plan changes touch the site's list (thumbnails, counts), the plan's detail, where devices stand (a deleted
 * plan unplaces its devices) and the inventory's 'placed' filter.
 */
function useRefreshPlans() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.plans }),
      queryClient.invalidateQueries({ queryKey: queryKeys.traps }),
    ]);
}

export function useCreatePlan() {
  const refresh = useRefreshPlans();
  return useMutation({ mutationFn: createPlan, onSuccess: refresh });
}

export function useUpdatePlan() {
  const refresh = useRefreshPlans();
  return useMutation({ mutationFn: updatePlan, onSuccess: refresh });
}

export function useDeletePlan() {
  const refresh = useRefreshPlans();
  return useMutation({ mutationFn: deletePlan, onSuccess: refresh });
}
