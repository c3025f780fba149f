import { z } from 'zod';
import { AssessmentSummary } from './assessments.js';
import { Id } from './common.js';
import { ProductDocument, ProductDocumentKind } from './products.js';
import { ProgrammeVersion } from './programmes.js';
import { QUALIFICATIONS } from './technician-rules.js';
import { AcknowledgeActionBody } from './portal.js';

/**
 * The documents a plant reads in its portal (DESIGN-plant.md, "The plant's portal"): the control programme in
 * force, the signed assessments with their reports, the pest-control company's registry, the qualifications of
 * the technicians who served the site, and the labels and safety data sheets of the products applied there.
 */

/** The pest-control company as its documents print it (the office's company settings, without the logo). */
export const PortalCompany = z.object({
  name: z.string().nullable(),
  taxId: z.string().nullable(),
  registryNumber: z.string().nullable(),
  technicalManager: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PortalCompany = z.infer<typeof PortalCompany>;

/** A person who served the site (ran one of its orders or applied a product there), with their qualification. */
export const PortalTechnician = z.object({
  id: z.number().int(),
  fullName: z.string(),
  qualification: z.enum(QUALIFICATIONS).nullable(),
  licenceNumber: z.string().nullable(),
  /** YYYY-MM-DD; null when the qualification does not expire or it is not recorded. */
  licenceExpiresAt: z.string().nullable(),
  /** When they last served the site. */
  lastVisitAt: z.string(),
});
export type PortalTechnician = z.infer<typeof PortalTechnician>;

/** A product applied at the site, with its documents (GET /portal/sites/{id}/products/{productId}/documents/{kind}). */
export const PortalProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  registrationNumber: z.string(),
  sds: ProductDocument.nullable(),
  label: ProductDocument.nullable(),
  lastAppliedAt: z.string(),
});
export type PortalProduct = z.infer<typeof PortalProduct>;

/** GET /portal/sites/{id}/documents. */
export const PortalDocuments = z.object({
  /** The version of the control programme in force today (approved, effective); null when none is. */
  programme: ProgrammeVersion.nullable(),
  /** The signed assessments (superseded ones too, marked), newest first: GET /portal/assessments/{id}/report.pdf. */
  assessments: z.array(AssessmentSummary),
  company: PortalCompany,
  technicians: z.array(PortalTechnician),
  products: z.array(PortalProduct),
});
export type PortalDocuments = z.infer<typeof PortalDocuments>;

export const PortalProductDocumentParams = z.strictObject({ id: Id, productId: Id, kind: ProductDocumentKind });
export type PortalProductDocumentParams = z.infer<typeof PortalProductDocumentParams>;

/** POST /portal/assessments/{id}/acknowledge: an optional note, as a recommendation's acknowledgement. */
export const AcknowledgeAssessmentBody = AcknowledgeActionBody;
export type AcknowledgeAssessmentBody = AcknowledgeActionBody;
