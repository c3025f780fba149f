import { createHmac, randomBytes } from 'node:crypto';
import {
  PEST_GROUP_NAMES,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_DIMENSION,
  PHOTO_MAX_PIXELS,
  PHOTO_TYPES,
  PhotoMessages,
  SIGHTING_FORM_FIELDS,
  SIGHTING_PHOTOS_MAX,
  SightingFields,
  SightingMessages,
  sightingPagePath,
  type OrderSighting,
  type PublicSightingPage,
  type PublicSightingReceipt,
  type Sighting,
  type SightingAreas,
  type SightingLink,
  type SightingList,
  type SightingListQuery,
  type SightingSource,
  type SiteSightingsQuery,
} from '@rondin/contracts';
import { areaKey } from '@rondin/contracts/trap-areas';
import type { Transaction } from '../../db/database.js';
import type { FileStorage } from '../../files/file-storage.js';
import { type ImageRules, withoutMetadata } from '../../files/images.js';
import type { ReadUpload, UploadSpec } from '../../files/multipart.js';
import type { ServedFile } from '../../files/send-file.js';
import type { SpooledFile } from '../../files/spool.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { OrderEvents } from '../../lib/order-events.js';
import type { LetterheadSource } from '../../lib/pdf-letterhead.js';
import { spoolPrintThumbnail } from '../../lib/print-thumbnail.js';
import type { SightingSite, SightingsRepository } from './sightings.repository.js';
import { renderSightingPoster } from './sighting-poster.js';

/** A sighting's form: its fields and up to 3 photos in `file`, each with the findings' photos' rules. */
export const SIGHTING_FORM: UploadSpec = {
  accept: PHOTO_TYPES,
  maxBytes: PHOTO_MAX_BYTES,
  messages: { tooLarge: PhotoMessages.tooLarge, wrongType: PhotoMessages.wrongType, empty: PhotoMessages.emptyFile },
  fields: SIGHTING_FORM_FIELDS,
  maxFiles: { count: SIGHTING_PHOTOS_MAX, message: SightingMessages.photosTooMany },
};
const SIGHTING_IMAGE: ImageRules = {
  maxWidth: PHOTO_MAX_DIMENSION,
  maxHeight: PHOTO_MAX_DIMENSION,
  maxPixels: PHOTO_MAX_PIXELS,
  messages: { unreadable: PhotoMessages.unreadable, tooManyPixels: PhotoMessages.tooManyPixels },
};

/** Days the office has to act on a sighting (the site's calendar): a pest seen in a food plant does not wait a week. */
const SIGHTING_DUE_DAYS = 2;
/** A phone's clock a little ahead of the server's is not a sighting in the future. */
const CLOCK_SLACK_MS = 5 * 60_000;
const DEFAULT_LIMIT = 50;

/** Reads the request's form: the routes know the request, the service decides when to read it. */
export type ReadForm = () => Promise<ReadUpload>;

/** Who reports: an account (the portal's or the office's), or the public page's sender by their address. */
type Reporter =
  | { source: 'PORTAL' | 'OFICINA'; account: { id: number; fullName: string } }
  | { source: 'PUBLICO'; address: string };

/** What a stored sighting is, for what must happen with it in its transaction. */
export interface StoredSighting {
  id: number;
  siteId: number;
  actionId: number;
  source: SightingSource;
}

export interface SightingsOptions {
  /** The server's TIME_ZONE: the calendar of sites without their own. */
  timeZone: string;
  /** Posters' QR and the link point at {publicUrl}/avistamiento/{token}; without it, at the address the request came to. */
  publicUrl?: string | undefined;
  /** Keys the public page's address hashes: the database never holds an address. */
  addressKey: Buffer;
  /** Sightings the public page stores per address and hour. */
  perHour: number;
  company: LetterheadSource;
  /**
   * Runs in the sighting's own transaction once it and its action are stored: what must happen with it or not at
   * all. The office's email is queued here (the notifications' outbox), so a sighting is never stored unannounced.
   */
  withinTransaction?: (tx: Transaction, sighting: StoredSighting) => Promise<void>;
}

/**
 * Sightings reported by the plant's staff. Each opens a corrective action (origin AVISTAMIENTO, responsible
 * EMPRESA) in its own transaction and reaches the office at once; its state is the action's.
 */
export class SightingsService {
  constructor(
    private readonly repository: SightingsRepository,
    private readonly events: Pick<OrderEvents, 'actionOpened' | 'sightingCreated'>,
    private readonly files: FileStorage,
    private readonly options: SightingsOptions,
  ) {}

  /** The site, when the caller may see it: any for the office, its scope's for a CLIENTE (404 otherwise). */
  private async site(siteId: number, user?: AuthUser): Promise<SightingSite> {
    const hidden = user?.role === 'CLIENTE' && !(user.siteIds ?? []).includes(siteId);
    const site = hidden ? undefined : await this.repository.site(siteId);
    if (!site) throw AppError.notFound(SightingMessages.siteNotFound);
    return site;
  }

  list(query: SightingListQuery): Promise<SightingList> {
    return this.repository.list({ ...query, limit: query.limit ?? DEFAULT_LIMIT });
  }

  async listOfSite(siteId: number, query: SiteSightingsQuery, user?: AuthUser): Promise<SightingList> {
    await this.site(siteId, user);
    return this.repository.list({ ...query, siteId, limit: query.limit ?? DEFAULT_LIMIT });
  }

  /** Where a sighting of the site may be reported (its active devices' areas), for a caller who may see it. */
  async areasOf(siteId: number, user?: AuthUser): Promise<SightingAreas> {
    return { areas: (await this.site(siteId, user)).areas };
  }

  /** The site's open sightings, for the technician's order of that site. */
  openOfSite(siteId: number): Promise<OrderSighting[]> {
    return this.repository.openOfSite(siteId);
  }

  /** Open sightings per site: the portal's overview. */
  openCounts(siteIds: readonly number[]): Promise<Map<number, number>> {
    return this.repository.openCounts(siteIds);
  }

  async get(id: number, siteId?: number): Promise<Sighting> {
    const sighting = await this.repository.get(id, siteId);
    if (!sighting) throw AppError.notFound(SightingMessages.notFound);
    return sighting;
  }

  /** A photo of a sighting (of that site, when given), or its small JPEG. */
  async photoFile(
    sightingId: number,
    photoId: number,
    thumbnail: boolean,
    siteIds?: readonly number[],
  ): Promise<ServedFile> {
    const found = await this.repository.photoFiles(sightingId, photoId);
    if (!found || (siteIds && !siteIds.includes(found.siteId))) throw AppError.notFound(PhotoMessages.notFound);
    const fileId = thumbnail ? (found.thumbnailFileId ?? found.fileId) : found.fileId;
    const opened = await this.files.open(fileId);
    if (!opened) throw AppError.notFound(PhotoMessages.notFound);
    const name = `avistamiento-${sightingId}-foto-${photoId}${thumbnail ? '-miniatura' : ''}`;
    return { file: opened.file, name, open: () => opened.content };
  }

  // --- The site's public link and its posters ---

  private url(token: string, origin: string): string {
    return `${this.options.publicUrl ?? origin}${sightingPagePath(token)}`;
  }

  /** The site's link, made on first asking. */
  async link(siteId: number, user: AuthUser, origin: string): Promise<SightingLink> {
    await this.site(siteId);
    let link = await this.repository.link(siteId);
    if (!link) {
      await this.repository.createLinkIfMissing(siteId, newToken(), user.id);
      link = (await this.repository.link(siteId))!;
    }
    return { ...link, url: this.url(link.token, origin) };
  }

  /** A new token for the site: every poster printed before stops working. */
  async rotateLink(siteId: number, user: AuthUser, origin: string): Promise<SightingLink> {
    await this.site(siteId);
    await this.repository.setLink(siteId, newToken(), user.id);
    const link = (await this.repository.link(siteId))!;
    return { ...link, url: this.url(link.token, origin) };
  }

  /** One area's A4 poster, or one page per area of the site. */
  async poster(
    siteId: number,
    area: string | undefined,
    user: AuthUser,
    origin: string,
  ): Promise<{ fileName: string; content: PDFKit.PDFDocument }> {
    const site = await this.site(siteId);
    if (site.areas.length === 0) throw AppError.conflict(SightingMessages.noAreas);
    const areas = area === undefined ? site.areas : [siteArea(site, area)];
    const link = await this.link(siteId, user, origin);
    const content = renderSightingPoster({
      siteName: site.name,
      areas,
      url: link.url,
      letterhead: await this.options.company(),
    });
    const fileName = `avistamientos-${slug(site.name)}${area === undefined ? '' : `-${slug(areas[0]!)}`}.pdf`;
    return { fileName, content };
  }

  // --- Reporting ---

  /** What the public page shows: the site's name and areas, nothing else of it. */
  async publicPage(token: string): Promise<PublicSightingPage> {
    const site = await this.repository.site(await this.siteOfToken(token));
    if (!site) throw AppError.notFound(SightingMessages.linkNotFound);
    return { siteName: site.name, areas: site.areas };
  }

  private async siteOfToken(token: string): Promise<number> {
    const siteId = await this.repository.siteOfToken(token);
    if (siteId === undefined) throw AppError.notFound(SightingMessages.linkNotFound);
    return siteId;
  }

  /** A sighting from the poster's page: the token's site only, limited per address and hour. */
  async reportPublic(token: string, address: string, readForm: ReadForm): Promise<PublicSightingReceipt> {
    const siteId = await this.siteOfToken(token);
    const hash = createHmac('sha256', this.options.addressKey).update(address).digest('base64url');
    const stored = await this.report(siteId, { source: 'PUBLICO', address: hash }, readForm);
    return { id: stored.id, message: SightingMessages.received };
  }

  /** A sighting from the portal (a CLIENTE of the site, checked by the caller) or the office. */
  async reportAs(user: AuthUser, siteId: number, readForm: ReadForm): Promise<Sighting> {
    const fullName = await this.repository.accountName(user.id);
    const source = user.role === 'CLIENTE' ? 'PORTAL' : 'OFICINA';
    const stored = await this.report(siteId, { source, account: { id: user.id, fullName } }, readForm, user);
    return this.get(stored.id);
  }

  /**
   * Checks the form against the site (its areas, devices, the active pests), checks and spools its photos, then
   * stores the sighting, its action and its photos in one transaction, the hourly limit counted inside it.
   */
  private async report(
    siteId: number,
    reporter: Reporter,
    readForm: ReadForm,
    user?: AuthUser,
  ): Promise<StoredSighting> {
    const site = await this.site(siteId, user);
    if (reporter.source === 'PUBLICO') await this.checkLimit(reporter.address);
    const { files: uploads, fields: raw } = await readForm();
    const kept: SpooledFile[] = [];
    const thumbnails: (SpooledFile | null)[] = [];
    try {
      const parsed = SightingFields.safeParse(raw);
      if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]!.message);
      const fields = parsed.data;
      if (site.areas.length === 0) throw AppError.conflict(SightingMessages.noAreas);
      const area = siteArea(site, fields.area);
      if (Date.parse(fields.seenAt) > Date.now() + CLOCK_SLACK_MS)
        throw AppError.badRequest(SightingMessages.seenAtFuture);
      let reporterName: string;
      if (reporter.source === 'PUBLICO') {
        if (!fields.reporterName) throw AppError.badRequest(SightingMessages.reporterRequired);
        // The public page names an area and a kind of pest, never a device or a catalogue entry.
        fields.trapId = undefined;
        fields.pestId = undefined;
        reporterName = fields.reporterName;
      } else {
        reporterName = reporter.account.fullName;
      }
      if (fields.trapId !== undefined && !(await this.repository.trapOfSite(fields.trapId, siteId))) {
        throw AppError.badRequest(SightingMessages.trapOtherSite);
      }
      let pestGroup = fields.pestGroup ?? null;
      if (fields.pestId !== undefined) {
        const pest = await this.repository.activePest(fields.pestId);
        if (!pest) throw AppError.badRequest(SightingMessages.pestNotFound);
        pestGroup ??= pest.group;
      }
      for (const upload of uploads) {
        const file = await withoutMetadata(upload, SIGHTING_IMAGE);
        kept.push(file);
        thumbnails.push(await spoolPrintThumbnail(file));
      }
      const what = pestGroup ? ` (${PEST_GROUP_NAMES[pestGroup].toLowerCase()})` : '';
      const stored = await this.repository.transaction(
        reporter.source === 'PUBLICO' ? null : { id: reporter.account.id },
        async (tx) => {
          const addressHash = reporter.source === 'PUBLICO' ? reporter.address : null;
          if (addressHash && (await this.repository.sentWithinHour(tx, addressHash)) >= this.options.perHour) {
            throw new AppError(429, SightingMessages.tooMany);
          }
          const { id, actionId } = await this.repository.insert(tx, {
            siteId,
            area,
            trapId: fields.trapId ?? null,
            pestGroup,
            pestId: fields.pestId ?? null,
            description: fields.description,
            seenAt: fields.seenAt,
            reporterId: reporter.source === 'PUBLICO' ? null : reporter.account.id,
            reporterName,
            source: reporter.source,
            addressHash,
            action: {
              description: `Avistamiento en ${area}${what}, comunicado por ${reporterName}: ${fields.description}`,
              dueDays: SIGHTING_DUE_DAYS,
              timeZone: site.timeZone ?? this.options.timeZone,
            },
          });
          for (const [index, file] of kept.entries()) {
            const saved = await this.files.save(file, `Foto del avistamiento ${id}`, tx);
            const thumbnail = thumbnails[index];
            const small = thumbnail && (await this.files.save(thumbnail, `Miniatura del avistamiento ${id}`, tx));
            await this.repository.insertPhoto(tx, {
              sightingId: id,
              fileId: saved.id,
              thumbnailFileId: small ? small.id : null,
            });
          }
          const sighting: StoredSighting = { id, siteId, actionId, source: reporter.source };
          // Notifications: the office's email about the sighting is queued here, in the same transaction.
          await this.options.withinTransaction?.(tx, sighting);
          return sighting;
        },
      );
      this.events.sightingCreated(stored.id, siteId, stored.actionId);
      this.events.actionOpened(stored.actionId);
      return stored;
    } finally {
      await Promise.all([
        ...uploads.map((upload) => upload.dispose()),
        ...kept.filter((file) => !uploads.includes(file)).map((file) => file.dispose()),
        ...thumbnails.map((file) => file?.dispose()),
      ]);
    }
  }

  /** Before the form is read: an address over its limit sends no photos in vain. Counted again when storing. */
  private async checkLimit(addressHash: string): Promise<void> {
    const sent = await this.repository.transaction(null, (tx) => this.repository.sentWithinHour(tx, addressHash));
    if (sent >= this.options.perHour) throw new AppError(429, SightingMessages.tooMany);
  }
}

/** 144 random bits, URL-safe: what a poster's QR carries. */
const newToken = () => randomBytes(18).toString('base64url');

/** The site's spelling of an area typed or chosen (case, accents and spacing aside); 400 when it is none of them. */
function siteArea(site: SightingSite, area: string): string {
  const key = areaKey(area);
  const found = site.areas.find((name) => areaKey(name) === key);
  if (found === undefined) throw AppError.badRequest(SightingMessages.areaUnknown);
  return found;
}

/** A file name's piece: ASCII letters and digits, dashes between. */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'sitio';
