import type { Contact, Product, ServicePlanOptions } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the programme's form and the acceptance offer: products, the site's device areas and types, contacts. */
export interface ProgrammeChoices {
  products: Product[];
  /** The areas and types of the site's active devices (the same the service plans offer). */
  areas: string[];
  types: ServicePlanOptions['types'];
  contacts: Contact[];
}

export async function getProgrammeChoices(
  siteId: number,
  clientId: number,
  signal?: AbortSignal,
): Promise<ProgrammeChoices> {
  const [products, options, contacts] = await Promise.all([
    apiRequest<Product[]>('/products?all=true', { signal }),
    apiRequest<ServicePlanOptions>(`/service-plans/options?siteId=${siteId}`, { signal }),
    apiRequest<Contact[]>(`/clients/${clientId}/contacts`, { signal }),
  ]);
  // A contact attends every site of its client (siteIds empty) or the ones it names.
  const ofSite = contacts.filter((contact) => contact.siteIds.length === 0 || contact.siteIds.includes(siteId));
  return { products, areas: options.areas, types: options.types, contacts: ofSite };
}

export function useProgrammeChoices(siteId: number, clientId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.programmeChoices(siteId, clientId ?? 0),
    queryFn: ({ signal }) => getProgrammeChoices(siteId, clientId!, signal),
    enabled: enabled && clientId !== undefined,
  });
}
