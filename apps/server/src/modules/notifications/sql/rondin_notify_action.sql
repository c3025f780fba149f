-- The trigger corrective_actions_notify (AFTER INSERT ON corrective_actions, FOR EACH ROW, for actions a threshold
-- opened at its ACCION level (origin UMBRAL) or a sighting opened (AVISTAMIENTO)): records the event that tells
-- the office and the site's contacts (modules/notifications), in the transaction that opened the action, so it is
-- told if and only if that commits. A threshold's action is opened by rondin_record_breach, in SQL, which is why
-- this is a trigger and not a call from a service. Actions opened by hand are not told.
CREATE OR REPLACE FUNCTION rondin_notify_action() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_events (kind, payload) VALUES ('action-opened', jsonb_build_object('actionId', NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS corrective_actions_notify ON corrective_actions;
--> statement-breakpoint
CREATE TRIGGER corrective_actions_notify AFTER INSERT ON corrective_actions FOR EACH ROW WHEN (NEW.origin IN ('UMBRAL', 'AVISTAMIENTO')) EXECUTE FUNCTION rondin_notify_action();
