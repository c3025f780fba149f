/**
 * Where a plan is read: its devices, their heat, its image and its printed map. The office reads /plans/{id}…;
 * the plant's portal reads its own routes, scoped to the account's sites, and shows the same heat map.
 */
export interface PlanSource {
  plan: (id: number) => string;
  heat: (id: number) => string;
  image: (id: number) => string;
  mapPdf: (id: number) => string;
}

export const OFFICE_PLANS: PlanSource = {
  plan: (id) => `/plans/${id}`,
  heat: (id) => `/plans/${id}/heat`,
  image: (id) => `/plans/${id}/image`,
  mapPdf: (id) => `/plans/${id}/map.pdf`,
};
