import type { CreateProductInput, Product, ProductDocumentKind, UpdateProductBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProductInput) => apiRequest<Product>('/products', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateProductBody }) =>
      apiRequest<Product>(`/products/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}

/** PUT /api/products/{id}/documents/{kind}: the PDF and the date printed on it. */
export function useUploadProductDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      kind,
      file,
      issuedOn,
    }: {
      id: number;
      kind: ProductDocumentKind;
      file: File;
      issuedOn: string;
    }) => {
      const form = new FormData();
      form.append('issuedOn', issuedOn);
      form.append('file', file);
      return apiRequest<Product>(`/products/${id}/documents/${kind}`, { method: 'PUT', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
