-- Triggers session_items_trend*, findings_trend and finding_captures_trend: an item's row of
-- trend_inspections follows its current finding. Constraint triggers deferred to the commit (as
-- findings_thresholds: the catches are written after the finding and the pointer), so the row is written once
-- the finding is whole, still inside that transaction; an item that lost its finding, or is gone, loses its
-- row (a deleted order's rows go with its items, by the foreign key's cascade). A finding or a catch edited in
-- place (the server never does; a repair by hand may) writes its item's row again.
CREATE OR REPLACE FUNCTION rondin_trend_inspection() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_item integer;
BEGIN
  IF TG_TABLE_NAME = 'session_items' THEN
    v_item := NEW.id;
  ELSIF TG_TABLE_NAME = 'findings' THEN
    v_item := NEW.item_id;
  ELSE
    SELECT f.item_id INTO v_item FROM findings f WHERE f.id = OLD.finding_id;
  END IF;
  DELETE FROM trend_inspections WHERE item_id = v_item;
  INSERT INTO trend_inspections SELECT * FROM trend_inspection_source s WHERE s.item_id = v_item;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An item's row follows its finding pointer: when it is set (a finding, a later version, a correction) and
-- when an item arrives with one (a restore instead writes the whole table at its end: fillTrendInspections).
DROP TRIGGER IF EXISTS session_items_trend ON session_items;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER session_items_trend AFTER UPDATE OF finding_id ON session_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.finding_id IS DISTINCT FROM OLD.finding_id) EXECUTE FUNCTION rondin_trend_inspection();
--> statement-breakpoint
DROP TRIGGER IF EXISTS session_items_trend_insert ON session_items;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER session_items_trend_insert AFTER INSERT ON session_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.finding_id IS NOT NULL) EXECUTE FUNCTION rondin_trend_inspection();
--> statement-breakpoint
DROP TRIGGER IF EXISTS findings_trend ON findings;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER findings_trend AFTER UPDATE ON findings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rondin_trend_inspection();
--> statement-breakpoint
DROP TRIGGER IF EXISTS finding_captures_trend ON finding_captures;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER finding_captures_trend AFTER UPDATE OR DELETE ON finding_captures DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rondin_trend_inspection();
