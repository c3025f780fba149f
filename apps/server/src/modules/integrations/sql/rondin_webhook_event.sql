-- The triggers webhook_* (AFTER INSERT or UPDATE of the record an event is about, FOR EACH ROW, the event's type in
-- TG_ARGV[0]): queue one delivery per enabled webhook subscribed to the event (modules/integrations), in the
-- transaction that made the record, so a hook is told if and only if that commits; the delivery worker sends it
-- after the commit. Triggers rather than calls from services because findings and threshold actions are written
-- in SQL (the scan, rondin_record_breach). With no hook subscribed it costs one read of the (small) webhooks
-- table. The body is built here, once, and sent and signed byte for byte on every try: {type, timestamp, data},
-- data naming the record (ids, site, when) for the receiver to read the rest through the API.
CREATE OR REPLACE FUNCTION rondin_webhook_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  event text := TG_ARGV[0];
  data jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhooks WHERE enabled AND event = ANY (events)) THEN
    RETURN NULL;
  END IF;
  IF event = 'order.closed' THEN
    data := jsonb_build_object('orderId', NEW.id, 'siteId', NEW.site_id, 'technicianId', NEW.technician_id,
      'closedAt', to_char(NEW.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  ELSIF event = 'certificate.issued' THEN
    data := jsonb_build_object('certificateId', NEW.id, 'orderId', NEW.session_id, 'code', NEW.code,
      'folio', NEW.year || '-' || NEW.number, 'revision', NEW.revision, 'sha256', NEW.sha256,
      'issuedAt', to_char(NEW.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  ELSIF event = 'finding.recorded' THEN
    data := jsonb_build_object('findingId', NEW.id, 'orderId', (SELECT session_id FROM session_items
      WHERE id = NEW.item_id), 'siteId', NEW.site_id, 'trapId', NEW.trap_id, 'origin', NEW.origin,
      'activity', NEW.activity, 'isCorrection', NEW.is_correction,
      'recordedAt', to_char(NEW.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  ELSIF event IN ('action.opened', 'action.closed') THEN
    data := jsonb_build_object('actionId', NEW.id, 'siteId', NEW.site_id, 'origin', NEW.origin,
      'severity', NEW.severity, 'status', NEW.status,
      'detectedAt', to_char(NEW.detected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'closedAt', to_char(NEW.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  ELSIF event = 'sighting.created' THEN
    data := jsonb_build_object('sightingId', NEW.id, 'siteId', NEW.site_id, 'actionId', NEW.action_id,
      'source', NEW.source, 'area', NEW.area,
      'seenAt', to_char(NEW.seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  ELSE
    RAISE EXCEPTION 'rondin_webhook_event: unknown event %', event;
  END IF;
  INSERT INTO webhook_deliveries (webhook_id, message_id, event_type, payload)
  SELECT w.id, m.id, event, jsonb_build_object('type', event,
      'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', data)::text
  FROM webhooks w, (SELECT 'msg_' || replace(gen_random_uuid()::text, '-', '') AS id) m
  WHERE w.enabled AND event = ANY (w.events);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_order_closed ON sessions;
--> statement-breakpoint
CREATE TRIGGER webhook_order_closed AFTER UPDATE OF status ON sessions FOR EACH ROW WHEN (NEW.status = 'COMPLETED' AND OLD.status <> 'COMPLETED') EXECUTE FUNCTION rondin_webhook_event('order.closed');
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_certificate_issued ON certificates;
--> statement-breakpoint
CREATE TRIGGER webhook_certificate_issued AFTER UPDATE OF file_id ON certificates FOR EACH ROW WHEN (OLD.file_id IS NULL AND NEW.file_id IS NOT NULL) EXECUTE FUNCTION rondin_webhook_event('certificate.issued');
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_finding_recorded ON findings;
--> statement-breakpoint
CREATE TRIGGER webhook_finding_recorded AFTER INSERT ON findings FOR EACH ROW EXECUTE FUNCTION rondin_webhook_event('finding.recorded');
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_action_opened ON corrective_actions;
--> statement-breakpoint
CREATE TRIGGER webhook_action_opened AFTER INSERT ON corrective_actions FOR EACH ROW EXECUTE FUNCTION rondin_webhook_event('action.opened');
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_action_closed ON corrective_actions;
--> statement-breakpoint
CREATE TRIGGER webhook_action_closed AFTER UPDATE OF status ON corrective_actions FOR EACH ROW WHEN (NEW.status = 'CERRADA' AND OLD.status <> 'CERRADA') EXECUTE FUNCTION rondin_webhook_event('action.closed');
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_sighting_created ON sightings;
--> statement-breakpoint
CREATE TRIGGER webhook_sighting_created AFTER INSERT ON sightings FOR EACH ROW EXECUTE FUNCTION rondin_webhook_event('sighting.created');
