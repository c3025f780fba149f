DROP INDEX "traps_code_pattern_idx";--> statement-breakpoint
CREATE INDEX "traps_code_c_idx" ON "traps" USING btree ((lower("code") collate "C"));