-- Electronic devices' events, several in one statement (one round trip and one commit for the reports that
-- queued up while the previous batch was stored: remote-events.repository.ts). p_events is a JSON array of
-- {eventId, externalId | deviceCode [, siteId], type, occurredAt, count, raw, byId, activities, caught}:
-- activities, the remote finding's activity by the pest group of the device's type (absent for a maintenance
-- alert); caught, the catches of a capture (absent when none). p_caught maps a
-- device type to the pest group its catches are and the inactive pest they count as («Roedores (detección
-- remota)»), made the first time. Both are worked out by the service from @rondin/contracts' rules.
-- One answer row per event, numbered from 1 in p_events' order: CREATED or REPEAT (its eventId was stored
-- before: nothing is written again) with the event as the API answers it, or why it was refused: NOT_FOUND,
-- AMBIGUOUS (a code of several sites and no siteId), OTHER_SITE, INACTIVE (detail: the device's code).
-- The batch's events are written by one statement: the events, their remote findings and catches, the bells'
-- events (once per dedup key). One for all of them rather than one each: a statement's start-up (its five
-- inserts' tables and indexes opened and locked) cost as much as a small event's rows (BENCHMARKS.md, "Remote
-- events"). An eventId twice in a batch is written once, for the first of the two in the order below; the other
-- answers as a repeat. Events are written in the order of their device, type, time and eventId, so two batches
-- in flight that share a device, a bell's dedup key or a repeated eventId meet them in the same order and do not
-- wait on each other in a cycle (a batch that fails all the same is run again one report at a time by the
-- server). The thresholds (trigger findings_thresholds, deferred) are judged before the answer (SET CONSTRAINTS
-- … IMMEDIATE) so it names the actions they opened; a repeat's stored event is read by the answer's statement,
-- which sees what a concurrent batch committed meanwhile.
CREATE OR REPLACE FUNCTION rondin_record_remote_events(p_events jsonb, p_caught jsonb)
RETURNS TABLE (ord bigint, outcome text, detail text, event json)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  -- The reports in the order they are written (n), each with its device and why it is refused (null: it is not).
  v_reports jsonb;
  v_group text;
  v_name text;
  v_pest integer;
  -- The pest a group's catches count as: {group: pest id}.
  v_pests jsonb := '{}';
  -- The reports written: {n: the stored event's id}.
  v_created jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('n', y.n, 'ord', y.ord, 'ev', y.ev, 'trap_id', y.id, 'site_id', y.site_id,
      'code', y.code, 'trap_type', y.type, 'refused', y.refused))
  INTO v_reports
  FROM (
    SELECT row_number() OVER (ORDER BY d.id, x.value->>'type', x.value->>'occurredAt', x.value->>'eventId', x.ord) AS n,
      x.ord, x.value AS ev, d.id, d.site_id, d.code, d.type,
      CASE
        WHEN d.matches IS NULL THEN 'NOT_FOUND'
        WHEN d.matches > 1 THEN 'AMBIGUOUS'
        WHEN x.value ? 'siteId' AND d.site_id <> (x.value->>'siteId')::integer THEN 'OTHER_SITE'
        WHEN NOT d.is_active THEN 'INACTIVE'
      END AS refused
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(value, ord)
    LEFT JOIN LATERAL (
      SELECT m.*, count(*) OVER () AS matches FROM (
        SELECT t.id, t.site_id, t.code, t.type, t.is_active FROM traps t
        WHERE x.value ? 'externalId' AND t.external_id = x.value->>'externalId'
        UNION ALL
        (SELECT t.id, t.site_id, t.code, t.type, t.is_active FROM traps t
        WHERE NOT x.value ? 'externalId' AND lower(t.code) = lower(x.value->>'deviceCode')
          AND (NOT x.value ? 'siteId' OR t.site_id = (x.value->>'siteId')::integer)
        LIMIT 2)
      ) m
      LIMIT 1
    ) d ON true
  ) y;

  -- The inactive pest each group's catches count as («Roedores (detección remota)»…), made the first time.
  FOR v_group, v_name IN
    SELECT DISTINCT p_caught->r.trap_type->>'group', p_caught->r.trap_type->>'pest'
    FROM jsonb_to_recordset(v_reports) AS r(ev jsonb, trap_type text, refused text)
    WHERE r.refused IS NULL AND r.ev ? 'caught'
  LOOP
    SELECT p.id INTO v_pest FROM pests p WHERE lower(p.name) = lower(v_name);
    IF v_pest IS NULL THEN
      INSERT INTO pests (name, "group", is_active) VALUES (v_name, v_group, false)
      ON CONFLICT ((lower(name))) DO NOTHING
      RETURNING id INTO v_pest;
    END IF;
    IF v_pest IS NULL THEN
      -- Made meanwhile by a concurrent batch, committed when the insert above found it.
      SELECT p.id INTO v_pest FROM pests p WHERE lower(p.name) = lower(v_name);
    END IF;
    v_pests := v_pests || jsonb_build_object(v_group, v_pest);
  END LOOP;

  WITH fresh AS (
    -- The reports to write: not refused, the first of an eventId; a finding's id drawn for a capture or activity.
    SELECT r.*, CASE WHEN r.activity IS NOT NULL THEN nextval(pg_get_serial_sequence('findings', 'id')) END AS finding_id
    FROM (
      SELECT r.*, r.ev->'activities'->>(p_caught->r.trap_type->>'group') AS activity,
        row_number() OVER (PARTITION BY r.ev->>'eventId' ORDER BY r.n) AS nth
      FROM jsonb_to_recordset(v_reports) AS r(n bigint, ev jsonb, trap_id integer, site_id integer, trap_type text, refused text)
      WHERE r.refused IS NULL
    ) r
    WHERE r.nth = 1
  ), ev AS (
    INSERT INTO remote_events (event_id, trap_id, site_id, type, occurred_at, count, raw, by_id, finding_id)
    SELECT f.ev->>'eventId', f.trap_id, f.site_id, f.ev->>'type', (f.ev->>'occurredAt')::timestamptz,
      (f.ev->>'count')::integer, f.ev->'raw', (f.ev->>'byId')::integer, f.finding_id
    FROM fresh f ORDER BY f.n
    ON CONFLICT (event_id) DO NOTHING
    RETURNING id, event_id
  ), written AS (
    SELECT f.*, ev.id AS stored FROM ev JOIN fresh f ON f.ev->>'eventId' = ev.event_id
  ), found AS (
    INSERT INTO findings (id, item_id, origin, site_id, trap_id, trap_type, client_finding_id, technician_id,
      recorded_at, device_time, received_at, device_status, activity, derived_activity)
    OVERRIDING SYSTEM VALUE
    SELECT w.finding_id, NULL, 'REMOTO', w.site_id, w.trap_id, w.trap_type, gen_random_uuid(), NULL,
      (w.ev->>'occurredAt')::timestamptz, (w.ev->>'occurredAt')::timestamptz, now(), 'OK', w.activity, w.activity
    FROM written w WHERE w.finding_id IS NOT NULL ORDER BY w.n
    RETURNING id
  ), caught AS (
    INSERT INTO finding_captures (finding_id, pest_id, count, recorded_at)
    SELECT found.id, (v_pests->>(p_caught->w.trap_type->>'group'))::integer, (w.ev->>'caught')::integer,
      (w.ev->>'occurredAt')::timestamptz
    FROM found JOIN written w ON w.finding_id = found.id
    WHERE w.ev ? 'caught'
  ), rung AS (
    -- One bell a device, kind of alert and day (UTC): a sensor repeating its warning rings once a day.
    INSERT INTO notification_events (kind, payload, dedup_key)
    SELECT 'device-alert', jsonb_build_object('remoteEventId', w.stored),
      'device-alert:' || w.trap_id || ':' || (w.ev->>'type') || ':' || left(w.ev->>'occurredAt', 10)
    FROM written w WHERE w.activity IS NULL ORDER BY w.n
    ON CONFLICT DO NOTHING
  )
  SELECT jsonb_object_agg(w.n, w.stored) INTO v_created FROM written w;

  SET CONSTRAINTS findings_thresholds IMMEDIATE;
  SET CONSTRAINTS findings_thresholds DEFERRED;
  RETURN QUERY
    SELECT r.ord, coalesce(r.refused, CASE WHEN v_created ? r.n::text THEN 'CREATED' ELSE 'REPEAT' END),
      CASE WHEN r.refused = 'INACTIVE' THEN r.code END,
      CASE WHEN r.refused IS NULL THEN rondin_remote_event_json(coalesce((v_created->>r.n::text)::bigint,
        (SELECT e.id FROM remote_events e WHERE e.event_id = r.ev->>'eventId'))) END
    FROM jsonb_to_recordset(v_reports) AS r(n bigint, ord bigint, ev jsonb, code text, refused text)
    ORDER BY r.ord;
END
$$;
