import type { CompanySettings, PutCompanySettingsBody } from '@rondin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest, FILE_TIMEOUT_MS } from '../../../lib/api-client';

/** The company heading every document: its data, and its logo as the server keeps it. */
export const companyKeys = {
  settings: ['settings', 'company'] as const,
  logo: ['settings', 'company', 'logo'] as const,
};

export function useCompanySettings() {
  return useQuery({
    queryKey: companyKeys.settings,
    queryFn: () => apiRequest<CompanySettings>('/settings/company'),
  });
}

/** The stored logo (PNG), fetched with the session's token; only asked for when there is one. */
export function useCompanyLogo(hasLogo: boolean, version: string | null) {
  return useQuery({
    queryKey: [...companyKeys.logo, version],
    queryFn: () => apiBlob('/settings/company/logo'),
    enabled: hasLogo,
  });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutCompanySettingsBody) =>
      apiRequest<CompanySettings>('/settings/company', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(companyKeys.settings, saved),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest<CompanySettings>('/settings/company/logo', {
        method: 'PUT',
        body: form,
        timeoutMs: FILE_TIMEOUT_MS,
      });
    },
    onSuccess: (saved) => queryClient.setQueryData(companyKeys.settings, saved),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('/settings/company/logo', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.settings }),
  });
}
