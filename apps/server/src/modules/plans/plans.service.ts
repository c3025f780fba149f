import {
  PLAN_IMAGE_MAX_BYTES,
  PLAN_IMAGE_TYPES,
  PlanMessages,
  PlanName,
  SiteMessages,
  TrapMessages,
  type Placement,
  type PlacementEvent,
  HEAT_CLASSES,
  markNumbers,
  type Plan,
  type PlanDetail,
  type PlanHeat,
  type PlanHeatQuery,
  type PutPlacementBody,
  type PutPlanPlacementsBody,
  type UpdatePlanBody,
} from '@rondin/contracts';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import type { Transaction } from '../../db/database.js';
import type { FileStorage } from '../../files/file-storage.js';
import type { Upload, UploadSpec } from '../../files/multipart.js';
import type { ServedFile } from '../../files/send-file.js';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { readPlanImageSize } from './plan-image.js';
import type { LetterheadSource } from '../../lib/pdf-letterhead.js';
import { renderPlanMap } from './plan-map.js';
import { plansOverPeriod } from './plan-history.js';
import type { PlanDeviceRow, PlanHeatRow, PlanWithCounts, PlansRepository, ReadScope } from './plans.repository.js';

/** Longest period a heat map covers, as a trend. */
const MAX_HEAT_YEARS = 5;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** [from, to): as given, else the twelve months up to `to` (now when not given). */
export function heatPeriod(query: PlanHeatQuery, now = new Date()): { from: Date; to: Date; weeks: number } {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to);
  if (!query.from) from.setUTCFullYear(from.getUTCFullYear() - 1);
  if (to.getTime() - from.getTime() > MAX_HEAT_YEARS * 366 * DAY_MS) {
    throw AppError.badRequest(PlanMessages.heatTooLong(MAX_HEAT_YEARS));
  }
  return { from, to, weeks: (to.getTime() - from.getTime()) / WEEK_MS };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

const uploadMessages = {
  tooLarge: PlanMessages.tooLarge,
  wrongType: PlanMessages.wrongType,
  empty: PlanMessages.emptyFile,
};
/** A new plan: its name and its image. */
export const NEW_PLAN_FORM: UploadSpec = {
  accept: PLAN_IMAGE_TYPES,
  maxBytes: PLAN_IMAGE_MAX_BYTES,
  messages: uploadMessages,
  fields: ['name'],
};
/** A plan's new image, alone. */
export const PLAN_IMAGE_FORM: UploadSpec = { ...NEW_PLAN_FORM, fields: [] };

/** Reads the request's form: the routes know the request, the service decides when to read it. */
export type ReadForm = () => Promise<Upload>;

export function toPlan(row: PlanWithCounts): Plan {
  return {
    id: row.id,
    siteId: row.siteId,
    name: row.name,
    width: row.width,
    height: row.height,
    mediaType: row.mediaType as Plan['mediaType'],
    size: row.size,
    placedCount: row.placedCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toPlacement = (row: { trapId: number; planId: number; x: number; y: number; placedAt: Date }): Placement => ({
  trapId: row.trapId,
  planId: row.planId,
  x: row.x,
  y: row.y,
  placedAt: row.placedAt.toISOString(),
});

/** Numbered in the order given (code order) by markNumbers: the numbers of the markers and of the legend. */
const numbered = (devices: PlanDeviceRow[]): PlanDetail['devices'] => {
  const numbers = markNumbers(devices.map((device) => device.code));
  return devices.map((device, index) => ({
    ...toPlacement(device),
    number: numbers[index]!,
    code: device.code,
    type: device.type,
    zone: device.zone,
    area: device.area,
    isActive: device.isActive,
  }));
};

/** An administrator reads every site's plans; a technician those of the sites of their orders. */
const scopeOf = (user: AuthUser): ReadScope => (user.role === 'ADMIN' ? {} : { technicianId: user.id });

/** A portal account (CLIENTE) reads the plans of its sites only (request.user.siteIds). */
const outsidePortal = (user: AuthUser, siteId: number) =>
  user.role === 'CLIENTE' && !(user.siteIds ?? []).includes(siteId);

/** The first of zod's Spanish messages for a bad name. */
function planName(value: string | undefined): string {
  const parsed = PlanName.safeParse(value);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? PlanMessages.nameRequired);
  return parsed.data;
}

export interface PlanMap {
  fileName: string;
  content: Readable;
}

/**
 * A site's floor plans and where each device stands on them. Every change of a device's place is kept
 * (placement_events), written in the transaction that makes it, so a map as it was on any date can be drawn.
 */
export class PlansService {
  constructor(
    private readonly repository: PlansRepository,
    private readonly files: FileStorage,
    private readonly options: { timeZone: string; company?: LetterheadSource },
  ) {}

  async list(user: AuthUser, siteId: number): Promise<Plan[]> {
    await this.readableSite(user, siteId);
    return (await this.repository.list(siteId)).map(toPlan);
  }

  /**
   * The site is checked before the form is read: an upload to a site that does not exist is refused without
   * spooling 15 MB first. The name and the image are both checked before anything is written.
   */
  async create(user: AuthUser, siteId: number, readForm: ReadForm): Promise<Plan> {
    await this.readableSite(user, siteId);
    const { file, fields } = await readForm();
    try {
      if (!file) throw AppError.badRequest(PlanMessages.fileRequired);
      const name = planName(fields.name);
      const size = await readPlanImageSize(file.path);
      const id = await this.unique(() =>
        this.repository.transaction(user, async (tx) => {
          if (await this.repository.nameTaken(tx, siteId, name)) throw AppError.conflict(PlanMessages.nameTaken);
          const stored = await this.files.save(file, name, tx);
          const plan = await this.repository.insert(tx, { siteId, name, fileId: stored.id, ...size });
          return plan.id;
        }),
      );
      return toPlan((await this.repository.find(id))!);
    } finally {
      await file?.dispose();
    }
  }

  async get(user: AuthUser, id: number): Promise<PlanDetail> {
    const plan = await this.readablePlan(user, id);
    return { ...toPlan(plan), devices: numbered(await this.repository.devices(id)) };
  }

  async rename(user: AuthUser, id: number, { name }: UpdatePlanBody): Promise<Plan> {
    await this.unique(() =>
      this.repository.transaction(user, async (tx) => {
        const plan = await this.repository.lock(tx, id, 'update');
        if (!plan) throw AppError.notFound(PlanMessages.notFound);
        if (await this.repository.nameTaken(tx, plan.siteId, name, id)) throw AppError.conflict(PlanMessages.nameTaken);
        await this.repository.update(tx, id, { name });
      }),
    );
    return toPlan((await this.repository.find(id))!);
  }

  /** A new image under the same plan: devices keep their places, as fractions of the image. */
  async replaceImage(user: AuthUser, id: number, readForm: ReadForm): Promise<Plan> {
    if (!(await this.repository.find(id))) throw AppError.notFound(PlanMessages.notFound);
    const { file } = await readForm();
    try {
      if (!file) throw AppError.badRequest(PlanMessages.fileRequired);
      const size = await readPlanImageSize(file.path);
      await this.repository.transaction(user, async (tx) => {
        const plan = await this.repository.lock(tx, id, 'update');
        if (!plan) throw AppError.notFound(PlanMessages.notFound);
        const stored = await this.files.save(file, plan.name, tx);
        await this.repository.update(tx, id, { fileId: stored.id, ...size });
        await this.files.remove(plan.fileId, tx);
      });
      return toPlan((await this.repository.find(id))!);
    } finally {
      await file?.dispose();
    }
  }

  /** The plan goes with its image; its devices stay in the inventory, on no plan, and the history says so. */
  async delete(user: AuthUser, id: number): Promise<void> {
    await this.repository.transaction(user, async (tx) => {
      const plan = await this.repository.lock(tx, id, 'update');
      if (!plan) throw AppError.notFound(PlanMessages.notFound);
      const unplaced = await this.repository.unplaceAll(tx, id);
      await this.repository.recordEvents(
        tx,
        unplaced.map((trapId) => ({ trapId, planId: null, x: null, y: null, byId: user.id })),
      );
      await this.repository.delete(tx, id);
      await this.files.remove(plan.fileId, tx);
    });
  }

  async image(user: AuthUser, id: number): Promise<ServedFile> {
    const plan = await this.readablePlan(user, id);
    const opened = await this.files.open(plan.fileId);
    // Replaced between the two reads: the client asks again and gets the new one.
    if (!opened) throw AppError.notFound(PlanMessages.notFound);
    return { file: opened.file, name: plan.name, open: () => opened.content };
  }

  /**
   * The dated device map of the plan, in the site's time zone. With a period (from or to), an administrator's
   * heat map: each marker filled with its device's heat class, and the classes' legend with the period.
   */
  async map(user: AuthUser, id: number, query: PlanHeatQuery = {}): Promise<PlanMap> {
    const withPeriod = query.from !== undefined || query.to !== undefined;
    // The heat map is the office administrators' and the plant's (its own plans); a technician's map is today's.
    if (withPeriod && user.role === 'TECH') throw AppError.forbidden(PlanMessages.heatForAdmins);
    const plan = await this.readablePlan(user, id);
    const site = (await this.repository.site(plan.siteId))!;
    const timeZone = site.timeZone ?? this.options.timeZone;
    const heat = withPeriod ? await this.heatOf(plan, query, timeZone) : undefined;
    const [devices, opened] = await Promise.all([this.repository.devices(id), this.files.open(plan.fileId)]);
    if (!opened) throw AppError.notFound(PlanMessages.notFound);
    const image = await buffer(opened.content);
    const classes = heat && new Map(heat.devices.map((device) => [device.trapId, device.heat]));
    return {
      fileName: `${heat ? 'Mapa de calor' : 'Mapa de dispositivos'} - ${plan.name}.pdf`,
      content: await renderPlanMap({
        plan: toPlan(plan),
        site,
        devices: numbered(devices),
        image,
        timeZone,
        generatedAt: new Date(),
        letterhead: await this.options.company?.(),
        heat: heat && {
          from: new Date(heat.from),
          to: new Date(heat.to),
          // A device placed between the two reads has no figures: it shows as having none.
          classOf: (trapId) => classes?.get(trapId) ?? HEAT_CLASSES[0],
        },
      }),
    };
  }

  /** What each device of the plan showed over the period, and its heat class (administrators). */
  async heat(id: number, query: PlanHeatQuery): Promise<PlanHeat> {
    const plan = await this.repository.find(id);
    if (!plan) throw AppError.notFound(PlanMessages.notFound);
    const site = (await this.repository.site(plan.siteId))!;
    return this.heatOf(plan, query, site.timeZone ?? this.options.timeZone);
  }

  /** The heat of a plan the caller may read (the portal's): another site's plan does not exist (404). */
  async scopedHeat(user: AuthUser, id: number, query: PlanHeatQuery): Promise<PlanHeat> {
    const plan = await this.readablePlan(user, id);
    const site = (await this.repository.site(plan.siteId))!;
    return this.heatOf(plan, query, site.timeZone ?? this.options.timeZone);
  }

  private async heatOf(plan: PlanWithCounts, query: PlanHeatQuery, timeZone: string): Promise<PlanHeat> {
    const period = heatPeriod(query);
    const rows = await this.repository.heat(plan.id, period);
    const numbers = markNumbers(rows.map((row) => row.code));
    return {
      planId: plan.id,
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      timeZone,
      devices: rows.map((row, index) => ({
        trapId: row.trapId,
        number: numbers[index]!,
        code: row.code,
        type: row.type,
        area: row.area,
        x: row.x,
        y: row.y,
        inspections: row.inspections,
        withActivity: row.withActivity,
        captures: row.captures,
        capturesPerWeek: period.weeks > 0 ? round(row.captures / period.weeks, 2) : 0,
        maxActivity: row.maxActivity,
        meanBaitConsumption: row.meanBait === null ? null : round(row.meanBait, 1),
        exceptions: row.exceptions,
        damaged: row.damaged,
        heat: row.heat,
      })),
    };
  }

  /** The site's plans over [from, to) as their devices' history of places tells it (plan-history.ts). */
  async overPeriod(siteId: number, period: { from: Date; to: Date }) {
    return plansOverPeriod(await this.repository.placementHistory(siteId, period.to), period.from);
  }

  /** The devices `trapIds` in code order, each with its heat class over [from, to), wherever they stand now. */
  async devicesHeat(trapIds: readonly number[], period: { from: Date; to: Date }): Promise<PlanHeatRow[]> {
    const range = heatPeriod({ from: period.from.toISOString(), to: period.to.toISOString() });
    return this.repository.trapsHeat(trapIds, range);
  }

  async sitePlacements(user: AuthUser, siteId: number): Promise<Placement[]> {
    await this.readableSite(user, siteId);
    return (await this.repository.sitePlacements(siteId)).map(toPlacement);
  }

  /**
   * Puts a device on a plan of its own site, or moves it there. Putting it where it already is changes
   * nothing and records nothing: a client that sends the same place twice (a retry) leaves one event.
   */
  async place(user: AuthUser, trapId: number, { planId, x, y }: PutPlacementBody): Promise<Placement> {
    try {
      return await this.repository.transaction(user, async (tx) => {
        const trap = await this.repository.lockTrap(tx, trapId);
        if (!trap) throw AppError.notFound(TrapMessages.notFound);
        const plan = await this.repository.lock(tx, planId, 'share');
        if (!plan) throw AppError.notFound(PlanMessages.notFound);
        if (plan.siteId !== trap.siteId) throw AppError.badRequest(PlanMessages.otherSite);
        const current = await this.repository.placementOf(tx, trapId);
        if (current && current.planId === planId && current.x === x && current.y === y) return toPlacement(current);
        const placed = await this.repository.place(tx, { trapId, planId, x, y, placedById: user.id });
        await this.recordPlace(tx, user, trapId, { planId, x, y });
        return toPlacement(placed);
      });
    } catch (error) {
      // The plan was deleted while this waited for it.
      if (isForeignKeyViolation(error)) throw AppError.notFound(PlanMessages.notFound);
      throw error;
    }
  }

  /**
   * Puts many devices of the plan's site on it at once (a line or a grid of an area's devices): all of them or,
   * when one is refused, none. Each one moved keeps its history as a single placement does; one already at its
   * point records nothing. Answers where each one named stands now, in the order given.
   */
  async placeMany(user: AuthUser, planId: number, { placements }: PutPlanPlacementsBody): Promise<Placement[]> {
    const seen = new Set<number>();
    for (const { trapId } of placements) {
      if (seen.has(trapId)) throw AppError.badRequest(PlanMessages.bulkRepeated(trapId));
      seen.add(trapId);
    }
    const ids = placements.map((placement) => placement.trapId);
    try {
      return await this.repository.transaction(user, async (tx) => {
        const plan = await this.repository.lock(tx, planId, 'share');
        if (!plan) throw AppError.notFound(PlanMessages.notFound);
        const found = await this.repository.lockTraps(tx, ids);
        const byId = new Map(found.map((trap) => [trap.id, trap]));
        const missing = ids.filter((id) => !byId.has(id));
        if (missing.length) throw AppError.notFound(PlanMessages.bulkMissing(missing.slice(0, 10)));
        const foreign = found.filter((trap) => trap.siteId !== plan.siteId).map((trap) => trap.code);
        if (foreign.length) throw AppError.badRequest(PlanMessages.bulkOtherSite(foreign.slice(0, 10)));

        const current = new Map((await this.repository.placementsOf(tx, ids)).map((row) => [row.trapId, row]));
        const changed = placements.filter(({ trapId, x, y }) => {
          const now = current.get(trapId);
          return !(now && now.planId === planId && now.x === x && now.y === y);
        });
        const saved = await this.repository.placeMany(
          tx,
          changed.map(({ trapId, x, y }) => ({ trapId, planId, x, y, placedById: user.id })),
        );
        await this.repository.recordEvents(
          tx,
          changed.map(({ trapId, x, y }) => ({ trapId, planId, x, y, byId: user.id })),
        );
        for (const row of saved) current.set(row.trapId, row);
        return ids.map((id) => toPlacement(current.get(id)!));
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw AppError.notFound(PlanMessages.notFound);
      throw error;
    }
  }

  async unplace(user: AuthUser, trapId: number): Promise<void> {
    await this.repository.transaction(user, async (tx) => {
      if (!(await this.repository.lockTrap(tx, trapId))) throw AppError.notFound(TrapMessages.notFound);
      if (!(await this.repository.placementOf(tx, trapId))) throw AppError.notFound(PlanMessages.notPlaced);
      await this.repository.unplace(tx, trapId);
      await this.recordPlace(tx, user, trapId, null);
    });
  }

  async events(trapId: number): Promise<PlacementEvent[]> {
    if (!(await this.repository.trapExists(trapId))) throw AppError.notFound(TrapMessages.notFound);
    return (await this.repository.events(trapId)).map((row) => ({
      id: row.id,
      trapId: row.trapId,
      planId: row.planId,
      planName: row.planName,
      x: row.x,
      y: row.y,
      at: row.at.toISOString(),
      by: row.byId === null ? null : { id: row.byId, fullName: row.byName! },
    }));
  }

  private recordPlace(
    tx: Transaction,
    user: AuthUser,
    trapId: number,
    place: { planId: number; x: number; y: number } | null,
  ): Promise<void> {
    return this.repository.recordEvents(tx, [
      { trapId, planId: place?.planId ?? null, x: place?.x ?? null, y: place?.y ?? null, byId: user.id },
    ]);
  }

  /** A technician is told a site outside their orders does not exist, as the sites module answers. */
  private async readableSite(user: AuthUser, siteId: number) {
    if (outsidePortal(user, siteId)) throw AppError.notFound(SiteMessages.notFound);
    const site = await this.repository.site(siteId, user.role === 'CLIENTE' ? {} : scopeOf(user));
    if (!site) throw AppError.notFound(SiteMessages.notFound);
    return site;
  }

  private async readablePlan(user: AuthUser, id: number): Promise<PlanWithCounts> {
    const plan = await this.repository.find(id);
    if (
      !plan ||
      outsidePortal(user, plan.siteId) ||
      (user.role === 'TECH' && !(await this.repository.site(plan.siteId, scopeOf(user))))
    ) {
      throw AppError.notFound(PlanMessages.notFound);
    }
    return plan;
  }

  /** Two plans given one name at once: the second is refused by the unique index, with the same answer. */
  private async unique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(PlanMessages.nameTaken);
      throw error;
    }
  }
}
