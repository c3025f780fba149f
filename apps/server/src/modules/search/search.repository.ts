import { and, asc, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { certificates, clients, sessions, sites, technicians, traps } from '../../db/schema.js';
import { folded, likeEscape } from '../../lib/search.js';

/** Already folded (lib/search foldText) by the service: lower case, without accents. */
export interface FoldedQuery {
  /** The whole text. */
  text: string;
  /** Its words: each must appear, in any of the fields searched. */
  words: string[];
}

export interface DeviceHit {
  id: number;
  code: string;
  area: string | null;
  siteName: string;
  isActive: boolean;
}
export interface SiteHit {
  id: number;
  name: string;
  client: string | null;
  address: string | null;
  isActive: boolean;
}
export interface ClientHit {
  id: number;
  name: string;
  taxId: string | null;
  address: string | null;
  isActive: boolean;
}
export interface OrderHit {
  id: number;
  status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED';
  siteName: string;
  technicianName: string;
}
export interface CertificateHit {
  id: number;
  year: number;
  number: number;
  sessionId: number;
  siteName: string;
}
/** Certificates of one year (or any) whose number lies in a range: a folio typed in part. */
export interface FolioRange {
  year: number | undefined;
  from: number;
  to: number;
}

const contains = (column: SQL, word: string) => like(column, `%${likeEscape(word)}%`);
const foldedCode = folded(traps.code);
const foldedArea = folded(traps.area);
/** In byte order, as traps_code_folded_c_idx holds it: it gives the order and a prefix's range. */
const codeKey = sql`(${foldedCode} collate "C")`;
/**
 * Areas are matched from three characters, what a trigram index can find: a shorter word would fold every
 * device's area to look, and two letters are a code's start more often than an area's.
 */
export const AREA_MIN_LENGTH = 3;

export class SearchRepository {
  constructor(private readonly db: Database) {}

  /**
   * Devices whose code starts with the text first, then those holding every word in their code, area or site's
   * name, each in code order; `limit` rows at most. Each way of matching the longest word is its own branch,
   * ordered and limited (as the trap list's search: one "or" gave the planner a single plan for common and rare
   * words alike): the prefix reads a range of the code's btree, a rare word its few matches from a trigram
   * index, a common one walks the code order until the branch is full. The best `limit` overall are among the
   * branches' best. The sites each word names are read first (a few rows): as ids, the planner knows how many
   * devices they hold, where a subquery made it walk every device for a word naming no site.
   */
  async devices(query: FoldedQuery, limit: number): Promise<DeviceHit[]> {
    const words = [...query.words].sort((a, b) => b.length - a.length);
    const siteIds = await Promise.all(words.map((word) => this.sitesNamed(word)));
    const has = (index: number, field: 'code' | 'area' | 'site' | 'any') => {
      const word = words[index]!;
      const code = field === 'code' || field === 'any' ? contains(foldedCode, word) : undefined;
      const area =
        (field === 'area' || field === 'any') && word.length >= AREA_MIN_LENGTH
          ? contains(foldedArea, word)
          : undefined;
      const ids = siteIds[index]!;
      const site = (field === 'site' || field === 'any') && ids.length > 0 ? inArray(traps.siteId, ids) : undefined;
      return or(code, area, site) ?? sql`false`;
    };
    const otherWords = words.slice(1).map((_, index) => has(index + 1, 'any'));
    const isPrefix = sql<boolean>`${codeKey} like ${`${likeEscape(query.text)}%`}`;
    const branch = (match: SQL, prefix: SQL) =>
      this.db
        .select({ id: traps.id, prefix: sql<boolean>`${prefix}`.as('prefix'), key: sql`${codeKey}`.as('key') })
        .from(traps)
        .where(and(match, ...otherWords))
        .orderBy(codeKey, asc(traps.id))
        .limit(limit);
    // A full page of codes starting with the text needs nothing else: they come first. Otherwise a branch for
    // text inside codes would walk the whole code order past them, looking for others ("TRP-4": 40,000 rows).
    const prefixed = await branch(isPrefix, sql`true`);
    const branches =
      prefixed.length >= limit
        ? []
        : [
            branch(has(0, 'code'), isPrefix),
            ...(words[0]!.length >= AREA_MIN_LENGTH ? [branch(has(0, 'area'), isPrefix)] : []),
            ...(siteIds[0]!.length > 0 ? [branch(has(0, 'site'), isPrefix)] : []),
          ];
    const [second, ...rest] = branches;
    const candidates = (second ? union(branch(isPrefix, sql`true`), second, ...rest) : branch(isPrefix, sql`true`)).as(
      'candidates',
    );
    return this.db
      .select({
        id: traps.id,
        code: traps.code,
        area: traps.area,
        siteName: sites.name,
        isActive: traps.isActive,
      })
      .from(candidates)
      .innerJoin(traps, eq(traps.id, candidates.id))
      .innerJoin(sites, eq(sites.id, traps.siteId))
      .groupBy(traps.id, sites.id, candidates.key)
      .orderBy(desc(sql`bool_or(${candidates.prefix})`), sql`${candidates.key}`, asc(traps.id))
      .limit(limit);
  }

  private async sitesNamed(word: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: sites.id })
      .from(sites)
      .where(contains(folded(sites.name), word));
    return rows.map((row) => row.id);
  }

  /** Sites holding every word in their name, client or address; those whose name starts with the text first. */
  sites(query: FoldedQuery, limit: number): Promise<SiteHit[]> {
    const name = folded(sites.name);
    return this.db
      .select({
        id: sites.id,
        name: sites.name,
        client: sites.client,
        address: sites.address,
        isActive: sites.isActive,
      })
      .from(sites)
      .where(
        and(
          ...query.words.map((word) =>
            or(contains(name, word), contains(folded(sites.client), word), contains(folded(sites.address), word)),
          ),
        ),
      )
      .orderBy(desc(sql`${name} like ${`${likeEscape(query.text)}%`}`), asc(sql`lower(${sites.name})`), asc(sites.id))
      .limit(limit);
  }

  /** Clients holding every word in their name, tax id or address; those whose name starts with the text first. */
  clients(query: FoldedQuery, limit: number): Promise<ClientHit[]> {
    const name = folded(clients.name);
    return this.db
      .select({
        id: clients.id,
        name: clients.name,
        taxId: clients.taxId,
        address: clients.address,
        isActive: clients.isActive,
      })
      .from(clients)
      .where(
        and(
          ...query.words.map((word) =>
            or(contains(name, word), contains(folded(clients.taxId), word), contains(folded(clients.address), word)),
          ),
        ),
      )
      .orderBy(
        desc(sql`${name} like ${`${likeEscape(query.text)}%`}`),
        asc(sql`lower(${clients.name})`),
        asc(clients.id),
      )
      .limit(limit);
  }

  order(id: number): Promise<OrderHit[]> {
    return this.db
      .select({
        id: sessions.id,
        status: sessions.status,
        siteName: sites.name,
        technicianName: technicians.fullName,
      })
      .from(sessions)
      .innerJoin(sites, eq(sites.id, sessions.siteId))
      .innerJoin(technicians, eq(technicians.id, sessions.technicianId))
      .where(eq(sessions.id, id));
  }

  /** The current certificates whose folio falls in the range, newest year first, then by number. */
  certificates(range: FolioRange, limit: number): Promise<CertificateHit[]> {
    return this.db
      .select({
        id: certificates.id,
        year: certificates.year,
        number: certificates.number,
        sessionId: certificates.sessionId,
        siteName: sites.name,
      })
      .from(certificates)
      .innerJoin(sessions, eq(sessions.id, certificates.sessionId))
      .innerJoin(sites, eq(sites.id, sessions.siteId))
      .where(
        and(
          range.year === undefined ? undefined : eq(certificates.year, range.year),
          sql`${certificates.number} between ${range.from} and ${range.to}`,
          isNull(certificates.replacedAt),
        ),
      )
      .orderBy(desc(certificates.year), asc(certificates.number))
      .limit(limit);
  }
}
