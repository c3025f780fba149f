import { DEFAULT_HORIZON_DAYS } from '@rondin/contracts/service-plan-options';
import { TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import {
  ServicePlanMessages,
  type CreateServicePlanBody,
  type GenerateResult,
  type PlanAssignment,
  type ServicePlan,
  type ServicePlanListQuery,
  type ServicePlanOptions,
  type TrapType,
  type UpdateServicePlanBody,
} from '@rondin/contracts';
import { AppError, isForeignKeyViolation } from '../../lib/app-error.js';
import { localDate, zonedInstant } from '../../lib/time-zone.js';
import type { OrdersService } from '../orders/orders.service.js';
import { addDays, visitDates, visitOrdinal } from './plan-dates.js';
import type {
  PlanTechnicianValues,
  ServicePlanChanges,
  ServicePlansRepository,
  ServicePlanWithContext,
} from './service-plans.repository.js';

export function toServicePlan(row: ServicePlanWithContext): ServicePlan {
  return {
    id: row.id,
    siteId: row.siteId,
    name: row.name,
    technicianId: row.technicians[0]!.id,
    technician: { id: row.technicians[0]!.id, fullName: row.technicians[0]!.fullName },
    assignment: row.assignment,
    technicians: row.technicians,
    frequency: row.frequency,
    startDate: row.startDate,
    time: row.time,
    horizonDays: row.horizonDays,
    endDate: row.endDate,
    areas: row.areas,
    types: row.types,
    isActive: row.isActive,
    generatedUntil: row.generatedUntil,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who a plan sends, as written: its technicians in order, and its areas (undefined: left as they are). */
interface Staffing {
  technicians: PlanTechnicianValues;
  areas: string[] | null | undefined;
}

export interface ServicePlansOptions {
  /** The zone of a site without one (config TIME_ZONE). */
  timeZone: string;
  now?: () => Date;
  /** Told of each visit created (its orders); a test stops a run midway from here, as a crash would. */
  onOrderCreated?: (planId: number, date: string) => void;
}

export class ServicePlansService {
  private readonly now: () => Date;
  /** Runs of this process, one after another: the advisory lock keeps other processes out, this the own timers. */
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repository: ServicePlansRepository,
    private readonly orders: OrdersService,
    private readonly options: ServicePlansOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async list(query: ServicePlanListQuery): Promise<ServicePlan[]> {
    return (await this.repository.list({ siteId: query.siteId })).map(toServicePlan);
  }

  async get(id: number): Promise<ServicePlan> {
    const row = await this.repository.findById(id);
    if (!row) throw AppError.notFound(ServicePlanMessages.notFound);
    return toServicePlan(row);
  }

  /** The areas and types a plan of the site may narrow its devices to. */
  siteOptions(siteId: number): Promise<ServicePlanOptions> {
    return this.repository.siteOptions(siteId);
  }

  /**
   * A new plan fills its horizon at once: the office sees its orders as soon as it saves it. Without a horizon
   * it looks two periods ahead, its next two visits in sight.
   */
  async create(input: CreateServicePlanBody): Promise<ServicePlan> {
    if (!(await this.repository.siteIsActive(input.siteId)))
      throw AppError.badRequest(ServicePlanMessages.siteUnavailable);
    const staffing = await this.staffing(
      input.assignment,
      input.technicians ?? [{ technicianId: input.technicianId! }],
      {
        areas: input.areas,
      },
    );
    await this.checkDevices(input.siteId, staffing.areas ?? null, input.types ?? null);
    let id: number;
    try {
      id = await this.repository.insert(
        {
          siteId: input.siteId,
          name: input.name,
          assignment: input.assignment,
          frequency: input.frequency,
          startDate: input.startDate,
          time: input.time,
          horizonDays: input.horizonDays ?? DEFAULT_HORIZON_DAYS[input.frequency],
          endDate: input.endDate ?? null,
          areas: staffing.areas ?? null,
          types: input.types ?? null,
          isActive: input.isActive,
        },
        staffing.technicians,
      );
    } catch (error) {
      if (isForeignKeyViolation(error)) throw AppError.badRequest(ServicePlanMessages.siteUnavailable);
      throw error;
    }
    if (input.isActive) await this.generate(id);
    return this.get(id);
  }

  /**
   * New terms apply to the dates not yet generated. With `applyToOpen`, the plan's orders from today on that
   * nobody has started are deleted and created again from the new terms; started or closed ones stay as they are.
   */
  async update(id: number, input: UpdateServicePlanBody): Promise<ServicePlan> {
    const current = await this.repository.findById(id);
    if (!current) throw AppError.notFound(ServicePlanMessages.notFound);
    const startDate = input.startDate ?? current.startDate;
    const endDate = input.endDate === undefined ? current.endDate : input.endDate;
    if (endDate && endDate < startDate) throw AppError.badRequest(ServicePlanMessages.endBeforeStart);
    const {
      applyToOpen,
      technicianId,
      technicians: requested,
      assignment: requestedAssignment,
      areas: requestedAreas,
      ...fields
    } = input;
    // technicianId, as before plans had several: that technician alone, a rotating plan of one.
    const assignment = requestedAssignment ?? (technicianId !== undefined ? 'ROTATING' : current.assignment);
    const listed = requested ?? (technicianId !== undefined ? [{ technicianId }] : undefined);
    let staffing: Staffing | undefined;
    if (listed || assignment !== current.assignment || (assignment === 'BY_AREA' && requestedAreas !== undefined)) {
      // The plan's own list under a new assignment: its areas mean something in BY_AREA only.
      const list =
        listed ??
        current.technicians.map((technician) => ({
          technicianId: technician.id,
          areas: assignment === 'BY_AREA' ? technician.areas : null,
        }));
      staffing = await this.staffing(assignment, list, {
        areas: requestedAreas,
        current,
      });
    }
    const areas = staffing ? staffing.areas : requestedAreas;
    await this.checkDevices(current.siteId, areas ?? null, input.types ?? null);
    const changes: ServicePlanChanges = {};
    // A plan on its frequency's default horizon keeps the default of its new frequency.
    if (
      input.frequency !== undefined &&
      input.horizonDays === undefined &&
      current.horizonDays === DEFAULT_HORIZON_DAYS[current.frequency]
    ) {
      changes.horizonDays = DEFAULT_HORIZON_DAYS[input.frequency];
    }
    for (const [key, value] of Object.entries({ ...fields, areas, assignment })) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    try {
      await this.repository.update(id, changes, staffing?.technicians);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw AppError.badRequest(ServicePlanMessages.technicianUnavailable);
      throw error;
    }
    if (applyToOpen) {
      await this.exclusive(async () => {
        const today = localDate(this.now(), this.zoneOf(current));
        await this.orders.deleteUnstartedPlanned(id, today);
      });
    }
    const plan = await this.repository.findById(id);
    if (plan?.isActive && plan.siteIsActive) await this.generate(id);
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.repository.findById(id))) throw AppError.notFound(ServicePlanMessages.notFound);
    if (await this.repository.hasOrders(id)) throw AppError.conflict(ServicePlanMessages.hasOrders);
    try {
      await this.repository.delete(id);
    } catch (error) {
      // An order generated between the check and the delete.
      if (isForeignKeyViolation(error)) throw AppError.conflict(ServicePlanMessages.hasOrders);
      throw error;
    }
  }

  /** "Generar ahora": the generator for one plan, waiting its turn if another run holds the lock. */
  async generate(id: number): Promise<GenerateResult> {
    return this.exclusive(async () => {
      const plan = await this.repository.findById(id);
      if (!plan) throw AppError.notFound(ServicePlanMessages.notFound);
      if (!plan.isActive || !plan.siteIsActive) throw AppError.conflict(ServicePlanMessages.inactive);
      return this.generateFor(plan);
    });
  }

  /**
   * Every active plan, as the start-up and hourly job run it. A run of another process (or a "Generar ahora")
   * holding the lock is waited for, not skipped: it may cover one plan only, and after it this run finds done
   * what it did (an idle run over 1,000 plans costs tens of milliseconds).
   */
  async generateAll(): Promise<GenerateResult> {
    return this.exclusive(async () => {
      const total: GenerateResult = { created: 0, skippedWithoutDevices: [] };
      for (const plan of await this.repository.list({ activeOnly: true })) {
        // A plan whose technician was deactivated, say, waits for the office; the others go on.
        const result = await this.generateFor(plan).catch((error: unknown) => {
          if (error instanceof AppError) return { created: 0, skippedWithoutDevices: [] };
          throw error;
        });
        total.created += result.created;
        total.skippedWithoutDevices.push(...result.skippedWithoutDevices);
      }
      return total;
    });
  }

  /**
   * The plan's dates after the last one it has an order for, from today to its horizon, and not after its
   * end: one order each, its devices read now (a device added since the last order joins the next). A date
   * with no device matching is passed over and tried again on the next run.
   */
  private async generateFor(plan: ServicePlanWithContext): Promise<GenerateResult> {
    const zone = this.zoneOf(plan);
    const today = localDate(this.now(), zone);
    const after = plan.generatedUntil ? addDays(plan.generatedUntil, 1) : plan.startDate;
    const from = after > today ? after : today;
    const horizon = addDays(today, plan.horizonDays);
    const to = plan.endDate && plan.endDate < horizon ? plan.endDate : horizon;
    const result: GenerateResult = { created: 0, skippedWithoutDevices: [] };
    for (const date of visitDates(plan, from, to)) {
      const orders = await this.visitOrders(plan, date);
      if (orders.length === 0) {
        result.skippedWithoutDevices.push(date);
        continue;
      }
      const ids = await this.orders.createPlannedVisit({
        servicePlanId: plan.id,
        plannedDate: date,
        scheduledAt: zonedInstant(date, plan.time, zone).toISOString(),
        orders,
      });
      if (ids !== null) {
        result.created += ids.length;
        this.options.onOrderCreated?.(plan.id, date);
      }
    }
    return result;
  }

  /**
   * A visit's orders, their devices read now. ROTATING: one, the technician whose turn the visit is (its number
   * from the start date, modulo how many technicians). BY_AREA: one a technician, the devices of their areas; a
   * technician whose areas have no device now has none.
   */
  private async visitOrders(
    plan: ServicePlanWithContext,
    date: string,
  ): Promise<{ slot: number; technicianId: number; trapIds: number[] }[]> {
    if (plan.assignment === 'ROTATING') {
      const trapIds = await this.repository.deviceIds(plan);
      const technician = plan.technicians[visitOrdinal(plan, date) % plan.technicians.length]!;
      return trapIds.length > 0 ? [{ slot: 0, technicianId: technician.id, trapIds }] : [];
    }
    const orders = [];
    for (const [slot, technician] of plan.technicians.entries()) {
      const trapIds = await this.repository.deviceIds({ ...plan, areas: technician.areas });
      if (trapIds.length > 0) orders.push({ slot, technicianId: technician.id, trapIds });
    }
    return orders;
  }

  private zoneOf(plan: Pick<ServicePlanWithContext, 'siteTimeZone'>): string {
    return plan.siteTimeZone ?? this.options.timeZone;
  }

  /** The areas and types a plan names must be some of the site's devices': 400 naming those that are not. */
  private async checkDevices(siteId: number, areas: string[] | null, types: TrapType[] | null): Promise<void> {
    if (!areas && !types) return;
    const site = await this.repository.siteOptions(siteId);
    const unknownAreas = (areas ?? []).filter((area) => !site.areas.includes(area));
    if (unknownAreas.length > 0) throw AppError.badRequest(ServicePlanMessages.areaNotInSite(unknownAreas));
    const unknownTypes = (types ?? []).filter((type) => !site.types.includes(type));
    if (unknownTypes.length > 0) {
      throw AppError.badRequest(ServicePlanMessages.typeNotInSite(unknownTypes.map((type) => TRAP_TYPE_NAMES[type])));
    }
  }

  /**
   * The plan's technicians and areas as they will be written, or a Spanish 400: every technician once; one not
   * already in the plan must be an active account (one deactivated since may stay, and the plan waits at their
   * turn, as a plan of one waits); in a BY_AREA plan, each with some of the plan's areas and each area one
   * technician's, the plan's areas being theirs (`areas`, when given, must be the same).
   */
  private async staffing(
    assignment: PlanAssignment,
    list: { technicianId: number; areas?: string[] | null | undefined }[],
    options: { areas: string[] | null | undefined; current?: ServicePlanWithContext },
  ): Promise<Staffing> {
    const ids = list.map((entry) => entry.technicianId);
    if (new Set(ids).size !== ids.length) throw AppError.badRequest(ServicePlanMessages.technicianRepeated);
    const accounts = new Map((await this.repository.technicians(ids)).map((account) => [account.id, account]));
    const kept = new Set(options.current?.technicians.map((technician) => technician.id));
    for (const id of ids) {
      const account = accounts.get(id);
      if (!account) throw AppError.badRequest(ServicePlanMessages.technicianUnavailable);
      if (!account.isActive && !kept.has(id)) {
        throw AppError.badRequest(ServicePlanMessages.technicianNamed(account.fullName));
      }
    }
    if (assignment === 'ROTATING') {
      if (list.some((entry) => entry.areas)) throw AppError.badRequest(ServicePlanMessages.rotatingWithAreas);
      return {
        technicians: list.map((entry) => ({ technicianId: entry.technicianId, areas: null })),
        areas: options.areas,
      };
    }
    const areas: string[] = [];
    for (const entry of list) {
      if (!entry.areas) {
        throw AppError.badRequest(
          ServicePlanMessages.technicianWithoutAreas(accounts.get(entry.technicianId)!.fullName),
        );
      }
      for (const area of entry.areas) {
        if (areas.includes(area)) throw AppError.badRequest(ServicePlanMessages.areaTwice(area));
        areas.push(area);
      }
    }
    const unassigned = (options.areas ?? []).find((area) => !areas.includes(area));
    if (unassigned !== undefined) throw AppError.badRequest(ServicePlanMessages.areaUnassigned(unassigned));
    const outside = options.areas ? areas.find((area) => !options.areas!.includes(area)) : undefined;
    if (outside !== undefined) throw AppError.badRequest(ServicePlanMessages.areaOutsidePlan(outside));
    return {
      technicians: list.map((entry) => ({ technicianId: entry.technicianId, areas: entry.areas! })),
      areas,
    };
  }

  /** One run at a time in this process, and (on PostgreSQL) across processes. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.running.then(() => this.repository.asRunner(work));
    this.running = run.catch(() => {});
    return run;
  }
}
