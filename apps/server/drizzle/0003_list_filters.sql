CREATE INDEX "traps_code_pattern_idx" ON "traps" USING btree (lower("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "traps_area_pattern_idx" ON "traps" USING btree (lower("area") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "traps_area_code_idx" ON "traps" USING btree ("area","code");--> statement-breakpoint
CREATE INDEX "traps_active_code_idx" ON "traps" USING btree ("is_active","code");