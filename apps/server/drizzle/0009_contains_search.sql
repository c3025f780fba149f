-- Search for text anywhere in a trap's code or area from trigram indexes. pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database's owner may create it; PGlite loads it in openPglite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "traps_area_pattern_idx";--> statement-breakpoint
CREATE INDEX "traps_code_trgm_idx" ON "traps" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "traps_area_trgm_idx" ON "traps" USING gin (lower("area") gin_trgm_ops);