/**
 * The database's tables (Drizzle), one file per domain under schema/, re-exported here: every other file, and
 * drizzle-kit (drizzle.config.ts), imports them from this file. A table goes in the file of the module that owns
 * it, with its doc comment; a foreign key imports the table it points at from that table's file.
 *
 * - schema/accounts.ts: technicians (the accounts: administrators, technicians, CLIENTE), portal_invitations.
 * - schema/clients.ts: clients, contacts.
 * - schema/sites.ts: sites.
 * - schema/devices.ts: traps.
 * - schema/orders.ts: service_plans, service_plan_technicians, sessions (the orders), session_items, scan_events.
 * - schema/label-reprints.ts: label_reprints.
 * - schema/pests.ts: pests.
 * - schema/files.ts: files, file_chunks, file_object_deletions; FILE_MEDIA_TYPES.
 * - schema/company.ts: company_settings.
 * - schema/plans.ts: plans, trap_placements, placement_events.
 * - schema/findings.ts: findings, finding_captures, photos.
 * - schema/trends.ts: trend_inspections, trend_periods, trend_settings; TREND_DIMENSIONS.
 * - schema/thresholds.ts: thresholds, threshold_breaches.
 * - schema/actions.ts: corrective_actions, corrective_action_events, corrective_action_changes, action_responses,
 *   action_photos.
 * - schema/assessments.ts: assessments, assessment_photos.
 * - schema/certificates.ts: certificate_counters, certificates.
 * - schema/products.ts: products, applications.
 * - schema/programmes.ts: control_programmes.
 * - schema/sightings.ts: sightings, sighting_photos, sighting_links.
 * - schema/audit.ts: audit_log.
 * - schema/notifications.ts: notification_events, outbox_emails, notifications.
 * - schema/integrations.ts: api_tokens, webhooks, webhook_deliveries.
 * - schema/remote-events.ts: remote_events.
 * - schema/columns.ts: the column helpers the files share (bytea, createdAt, allIn, textList), not re-exported.
 */
export * from './schema/accounts.js';
export * from './schema/actions.js';
export * from './schema/assessments.js';
export * from './schema/audit-packs.js';
export * from './schema/audit.js';
export * from './schema/certificates.js';
export * from './schema/clients.js';
export * from './schema/company.js';
export * from './schema/devices.js';
export * from './schema/files.js';
export * from './schema/findings.js';
export * from './schema/integrations.js';
export * from './schema/label-reprints.js';
export * from './schema/notifications.js';
export * from './schema/orders.js';
export * from './schema/pests.js';
export * from './schema/plans.js';
export * from './schema/products.js';
export * from './schema/programmes.js';
export * from './schema/remote-events.js';
export * from './schema/sightings.js';
export * from './schema/sites.js';
export * from './schema/thresholds.js';
export * from './schema/trends.js';
