import type { Session } from '@rondin/contracts';
import { FINDINGS_MISSING_CODE } from '@rondin/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateOrders } from './invalidate-orders';

interface CloseSessionRequest {
  id: number;
  force: boolean;
  /** Record «Sin novedad» for every inspected device still without a finding, in the close itself. */
  defaultNoActivity?: boolean;
}

export function closeSession({ id, force, defaultNoActivity }: CloseSessionRequest): Promise<Session> {
  return apiRequest<Session>(`/sessions/${id}/close`, {
    method: 'POST',
    body: { force, ...(defaultNoActivity ? { defaultNoActivity: true } : {}) },
  });
}

export function useCloseSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeSession, onSuccess: () => invalidateOrders(queryClient) });
}

/** An office close the server refused for inspected devices without a finding: which, to ask about them. */
export interface MissingFindings {
  id: number;
  force: boolean;
  codes: string[];
}

/**
 * The office's close: when the server refuses it because inspected devices have no finding (409
 * FINDINGS_MISSING), `missing` says which, and `closeWithNoNews` closes again recording «Sin novedad» for them.
 * Any other failure goes to `onFailed`.
 */
export function useOfficeClose({ onClosed, onFailed }: { onClosed: () => void; onFailed: (error: unknown) => void }) {
  const mutation = useCloseSession();
  const [missing, setMissing] = useState<MissingFindings | null>(null);

  function close(id: number, force: boolean, defaultNoActivity = false) {
    mutation.mutate(
      { id, force, defaultNoActivity },
      {
        onSuccess: () => {
          setMissing(null);
          onClosed();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === FINDINGS_MISSING_CODE) {
            setMissing({ id, force, codes: (error.details.items ?? []).map((item) => item.code) });
            return;
          }
          setMissing(null);
          onFailed(error);
        },
      },
    );
  }

  return {
    close,
    missing,
    closeWithNoNews: () => missing && close(missing.id, missing.force, true),
    keepOpen: () => setMissing(null),
    isPending: mutation.isPending,
    closingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}
