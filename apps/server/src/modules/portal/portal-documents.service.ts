import type {
  AssessmentSummary,
  PortalCompany,
  PortalDocuments,
  PortalProduct,
  PortalTechnician,
  ProductDocumentKind,
  ProgrammeVersion,
} from '@rondin/contracts';
import type { ServedFile } from '../../files/send-file.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { AssessmentsService } from '../assessments/assessments.service.js';
import type { CompanyService } from '../company/company.service.js';
import type { ProductsService } from '../products/products.service.js';
import type { ProgrammesService } from '../programmes/programmes.service.js';
import type { TechniciansRepository } from '../technicians/technicians.repository.js';
import type { PortalService } from './portal.service.js';

/** Where each of a site's documents comes from: the module that owns it (wired in app.ts). */
export interface PortalDocumentSources {
  /** ProgrammesService.programmeInForceToday. */
  programme(siteId: number): Promise<ProgrammeVersion | null>;
  /** AssessmentsService.signedOf. */
  assessments(siteId: number): Promise<AssessmentSummary[]>;
  /** CompanyService.company, without the logo. */
  company(): Promise<PortalCompany>;
  /** TechniciansRepository.servedSite. */
  technicians(siteId: number): Promise<PortalTechnician[]>;
  /** ProductsService.appliedAt. */
  products(siteId: number): Promise<PortalProduct[]>;
  /** AssessmentsService.scopedReport: checks the caller's scope itself. */
  assessmentReport(user: AuthUser, assessmentId: number): Promise<ServedFile>;
  /** AssessmentsService.acknowledge: checks the caller's scope itself. */
  acknowledgeAssessment(user: AuthUser, assessmentId: number, note: string | null): Promise<AssessmentSummary>;
  /** ProductsService.siteDocument, for a site already checked. */
  productDocument(siteId: number, productId: number, kind: ProductDocumentKind): Promise<ServedFile>;
}

/** The documents of a site its plant reads in the portal, each from the module that owns it; no SQL here. */
export class PortalDocumentsService {
  constructor(
    private readonly portal: PortalService,
    private readonly sources: PortalDocumentSources,
  ) {}

  async list(user: AuthUser, siteId: number): Promise<PortalDocuments> {
    const site = this.portal.site(user, siteId);
    const [programme, assessments, company, technicians, products] = await Promise.all([
      this.sources.programme(site),
      this.sources.assessments(site),
      this.sources.company(),
      this.sources.technicians(site),
      this.sources.products(site),
    ]);
    return { programme, assessments, company, technicians, products };
  }

  assessmentReport(user: AuthUser, assessmentId: number): Promise<ServedFile> {
    return this.sources.assessmentReport(user, assessmentId);
  }

  acknowledgeAssessment(user: AuthUser, assessmentId: number, note: string | null): Promise<AssessmentSummary> {
    return this.sources.acknowledgeAssessment(user, assessmentId, note);
  }

  productDocument(user: AuthUser, siteId: number, productId: number, kind: ProductDocumentKind): Promise<ServedFile> {
    return this.sources.productDocument(this.portal.site(user, siteId), productId, kind);
  }
}

/** The owning modules' services as the portal's documents read them (app.ts builds one of each). */
export interface PortalDocumentOwners {
  programmes: Pick<ProgrammesService, 'programmeInForceToday'>;
  assessments: Pick<AssessmentsService, 'signedOf' | 'scopedReport' | 'acknowledge'>;
  company: Pick<CompanyService, 'company'>;
  technicians: Pick<TechniciansRepository, 'servedSite'>;
  products: Pick<ProductsService, 'appliedAt' | 'siteDocument'>;
}

export function portalDocumentSources(owners: PortalDocumentOwners): PortalDocumentSources {
  const { programmes, assessments, company, technicians, products } = owners;
  return {
    programme: (siteId) => programmes.programmeInForceToday(siteId),
    assessments: (siteId) => assessments.signedOf(siteId),
    company: async () => {
      const { hasLogo: _logo, updatedAt: _updated, ...printed } = await company.company();
      return printed;
    },
    technicians: (siteId) => technicians.servedSite(siteId),
    products: (siteId) => products.appliedAt(siteId),
    assessmentReport: (user, id) => assessments.scopedReport(user, id),
    acknowledgeAssessment: (user, id, note) => assessments.acknowledge(user, id, note),
    productDocument: (siteId, productId, kind) => products.siteDocument(siteId, productId, kind),
  };
}
