/** Sightings reported by the plant's staff, their photos and each site's public link (modules/sightings). */
import { PEST_GROUPS } from '@rondin/contracts/devices';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { correctiveActions } from './actions.js';
import { createdAt } from './columns.js';
import { traps } from './devices.js';
import { files } from './files.js';
import { pests } from './pests.js';
import { sites } from './sites.js';

/**
 * What someone of the plant saw (a mouse by the dock at night): where (one of the site's device areas), when,
 * who said so, and the corrective action it opened in the same transaction (origin AVISTAMIENTO). Its state is
 * the action's (ATENDIDO once the action is closed): not stored, so the two never disagree.
 */
export const sightings = pgTable(
  'sightings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    area: text('area').notNull(),
    trapId: integer('trap_id').references(() => traps.id, { onDelete: 'restrict' }),
    pestGroup: text('pest_group', { enum: PEST_GROUPS }),
    pestId: integer('pest_id').references(() => pests.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    /** The portal's or the office's account that reported it; null from the public page. */
    reporterId: integer('reporter_id').references(() => technicians.id, { onDelete: 'set null' }),
    /** The name typed on the public page, or the account's name when it was reported. */
    reporterName: text('reporter_name').notNull(),
    source: text('source', { enum: ['PORTAL', 'PUBLICO', 'OFICINA'] }).notNull(),
    actionId: integer('action_id')
      .notNull()
      .references(() => correctiveActions.id, { onDelete: 'restrict' }),
    /** The public page's sender, as a keyed hash of its address (never the address): what the hourly limit counts. */
    addressHash: text('address_hash'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sightings_action_key').on(table.actionId),
    index('sightings_site_idx').on(table.siteId, table.seenAt),
    index('sightings_address_idx').on(table.addressHash, table.createdAt).where(sql`${table.addressHash} is not null`),
    check('sightings_source_check', sql`${table.source} in ('PORTAL', 'PUBLICO', 'OFICINA')`),
    check(
      'sightings_pest_group_check',
      sql`${table.pestGroup} in (${sql.raw(PEST_GROUPS.map((group) => `'${group}'`).join(', '))})`,
    ),
    check('sightings_reporter_check', sql`${table.source} = 'PUBLICO' or ${table.reporterId} is not null`),
  ],
);

/** A sighting's photos (up to 3), kept through the file storage with their small JPEG made at upload. */
export const sightingPhotos = pgTable(
  'sighting_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sightingId: integer('sighting_id')
      .notNull()
      .references(() => sightings.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    thumbnailFileId: integer('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('sighting_photos_sighting_idx').on(table.sightingId, table.id),
    uniqueIndex('sighting_photos_file_key').on(table.fileId),
  ],
);

/**
 * Each site's public sighting link: the token its posters' QR carries. Rotating it replaces the row's token, so
 * every older poster stops working at once. Kept in clear: the office reads the link again to print posters.
 */
export const sightingLinks = pgTable(
  'sighting_links',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdById: integer('created_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sighting_links_token_key').on(table.token)],
);
