import type { AcceptProgrammeBody, ProgrammeVersion, SaveProgrammeBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Saves the whole programme: the server keeps it as the site's next version. */
export function saveProgramme(siteId: number, body: SaveProgrammeBody): Promise<ProgrammeVersion> {
  return apiRequest<ProgrammeVersion>(`/sites/${siteId}/programme`, { method: 'PUT', body });
}

export function approveProgramme(siteId: number, version: number): Promise<ProgrammeVersion> {
  return apiRequest<ProgrammeVersion>(`/sites/${siteId}/programme/versions/${version}/approve`, { method: 'POST' });
}

export function acceptProgramme(siteId: number, version: number, body: AcceptProgrammeBody): Promise<ProgrammeVersion> {
  return apiRequest<ProgrammeVersion>(`/sites/${siteId}/programme/versions/${version}/accept`, {
    method: 'POST',
    body,
  });
}

/** Save, approve and accept, each reading the site's versions again once done. */
export function useProgrammeMutations(siteId: number) {
  const queryClient = useQueryClient();
  // An approval changes what the coverage is measured against.
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.programmeVersions(siteId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.programmeCoverageOf(siteId) }),
    ]);
  return {
    save: useMutation({ mutationFn: (body: SaveProgrammeBody) => saveProgramme(siteId, body), onSuccess }),
    approve: useMutation({ mutationFn: (version: number) => approveProgramme(siteId, version), onSuccess }),
    accept: useMutation({
      mutationFn: ({ version, body }: { version: number; body: AcceptProgrammeBody }) =>
        acceptProgramme(siteId, version, body),
      onSuccess,
    }),
  };
}
