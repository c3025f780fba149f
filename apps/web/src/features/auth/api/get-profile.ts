import type { Technician } from '@rondin/contracts';
import { apiRequest } from '../../../lib/api-client';

export function getProfile(signal?: AbortSignal): Promise<Technician> {
  return apiRequest<Technician>('/technicians/me/profile', { signal });
}
