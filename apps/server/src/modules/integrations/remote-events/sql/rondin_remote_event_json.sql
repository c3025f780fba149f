-- A remote event as the API answers it (RemoteEvent in @rondin/contracts): its device's code, its remote
-- finding's activity, and the corrective actions that finding opened or joined by crossing a threshold. One
-- definition for the answer to a report (rondin_record_remote_events) and for a device's list of events.
-- PL/pgSQL, so its query's plan is kept for the session: as a SQL function it was planned again in every
-- statement that called it, a seventh of the database's time for a report (BENCHMARKS.md, "Remote events").
CREATE OR REPLACE FUNCTION rondin_remote_event_json(p_id bigint) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT json_build_object(
    'id', r.id, 'eventId', r.event_id, 'trapId', r.trap_id, 'trapCode', t.code, 'siteId', r.site_id, 'type', r.type,
    'occurredAt', to_char(r.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'receivedAt', to_char(r.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'count', r.count, 'findingId', r.finding_id, 'activity', f.activity,
    'actionIds', coalesce((SELECT json_agg(DISTINCT a.id) FROM threshold_breaches b
      CROSS JOIN LATERAL (VALUES (b.action_id), (b.area_action_id)) a(id)
      WHERE b.finding_id = r.finding_id AND a.id IS NOT NULL), '[]'::json))
  FROM remote_events r JOIN traps t ON t.id = r.trap_id LEFT JOIN findings f ON f.id = r.finding_id
  WHERE r.id = p_id);
END
$$;
