import type { DevicePhotos } from './certificate-photos.js';
import type { CertificateAction } from './certificates.repository.js';

/** A product applied during the visit, as the certificate lists it. */
export interface CertificateApplication {
  product: string;
  registrationNumber: string | null;
  activeIngredients: string | null;
  batch: string;
  dose: string | null;
  quantity: string;
  method: string | null;
  where: string | null;
  applicator: string;
  safetyInterval: string | null;
  /** When the treated place may be used again: the application's end plus the safety interval (ISO). */
  reentryAt: string | null;
}

/**
 * A signature as the certificate draws it: a PNG pdfkit embeds as it is (lib/pdf-image.ts), or 'unreadable' when
 * the stored file cannot be decoded (saved before signatures were checked whole): the certificate then says so in
 * the signature's box, and is still drawn.
 */
export type PrintedSignature = Buffer | 'unreadable' | null;

/** What a service certificate holds beyond the order itself (DESIGN-audit.md "Certificates and the audit pack"). */
export interface CertificateContent {
  folio: string;
  revision: number;
  issuedAt: string;
  /** What the QR holds: {PUBLIC_URL}/verificar/{code}. */
  verifyUrl: string;
  technician: {
    licenceNumber: string | null;
    licenceExpiresAt: string | null;
    qualification: string | null;
  };
  /**
   * Who closed the order and signed it with the signature stored in their profile: the order's technician, or the
   * administrator who closed it from the office.
   */
  closer: { fullName: string; isTechnician: boolean; signature: PrintedSignature };
  client: {
    name: string | null;
    role: string | null;
    absent: boolean;
    /** Why nobody of the client signed (null for certificates issued before it was asked). */
    absentReason: string | null;
    signature: PrintedSignature;
  };
  actionsOpened: CertificateAction[];
  recommendationsPending: CertificateAction[];
  nextVisit: string | null;
  applications: CertificateApplication[];
  /** Each device's photos, by the order item's id; devices without photos are not in it. */
  photos: Map<number, DevicePhotos>;
}
