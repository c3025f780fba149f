import type { PutSigningCertificateBody, SigningCertificateState } from '@rondin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const signingKey = ['settings', 'signing-certificate'] as const;

/** The company's certificate that signs certificates and audit packs, as the server shows it (never its file). */
export function useSigningCertificate() {
  return useQuery({
    queryKey: signingKey,
    queryFn: () => apiRequest<SigningCertificateState>('/settings/signing-certificate'),
  });
}

export function useUploadSigningCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutSigningCertificateBody) =>
      apiRequest<SigningCertificateState>('/settings/signing-certificate', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(signingKey, saved),
  });
}

export function useRemoveSigningCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('/settings/signing-certificate', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(signingKey, { certificate: null }),
  });
}
