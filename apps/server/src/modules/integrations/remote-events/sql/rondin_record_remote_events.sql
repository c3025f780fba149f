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
-- Each stored event is one statement, as a single report was: the event, its remote finding and catches, or
-- its bell event (once per dedup key). Events are written in the order of their device, type, time and
-- eventId, so two batches in flight that share a device, a bell's dedup key or a repeated eventId meet them
-- in the same order and do not wait on each other in a cycle (a batch that fails all the same is run again
-- one report at a time by the server). The thresholds (trigger findings_thresholds, deferred) are judged
-- before the answer (SET CONSTRAINTS … IMMEDIATE) so it names the actions they opened.
CREATE OR REPLACE FUNCTION rondin_record_remote_events(p_events jsonb, p_caught jsonb)
RETURNS TABLE (ord bigint, outcome text, detail text, event json)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  e record;
  v_group text;
  v_pest integer;
  v_pests jsonb := '{}';
  v_activity text;
  v_count integer;
  v_stored bigint;
  v_outcome text;
  v_ords bigint[] := '{}';
  v_outcomes text[] := '{}';
  v_details text[] := '{}';
  v_ids bigint[] := '{}';
BEGIN
  FOR e IN
    SELECT x.ord, x.value AS ev, d.id, d.site_id, d.code, d.type AS trap_type, d.is_active, d.matches
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
    ORDER BY d.id, x.value->>'type', x.value->>'occurredAt', x.value->>'eventId', x.ord
  LOOP
    v_stored := NULL;
    IF e.matches IS NULL THEN
      v_outcome := 'NOT_FOUND';
    ELSIF e.matches > 1 THEN
      v_outcome := 'AMBIGUOUS';
    ELSIF e.ev ? 'siteId' AND e.site_id <> (e.ev->>'siteId')::integer THEN
      v_outcome := 'OTHER_SITE';
    ELSIF NOT e.is_active THEN
      v_outcome := 'INACTIVE';
    ELSE
      v_group := p_caught->e.trap_type->>'group';
      v_activity := e.ev->'activities'->>v_group;
      v_count := (e.ev->>'caught')::integer;
      v_pest := NULL;
      IF v_count IS NOT NULL THEN
        v_pest := (v_pests->>v_group)::integer;
        IF v_pest IS NULL THEN
          SELECT p.id INTO v_pest FROM pests p WHERE lower(p.name) = lower(p_caught->e.trap_type->>'pest');
          IF v_pest IS NULL THEN
            INSERT INTO pests (name, "group", is_active) VALUES (p_caught->e.trap_type->>'pest', v_group, false)
            ON CONFLICT ((lower(name))) DO NOTHING
            RETURNING id INTO v_pest;
          END IF;
          IF v_pest IS NULL THEN
            -- Made meanwhile by a concurrent batch, committed when the insert above found it.
            SELECT p.id INTO v_pest FROM pests p WHERE lower(p.name) = lower(p_caught->e.trap_type->>'pest');
          END IF;
          v_pests := v_pests || jsonb_build_object(v_group, v_pest);
        END IF;
      END IF;
      WITH fid AS (
        SELECT CASE WHEN v_activity IS NOT NULL THEN nextval(pg_get_serial_sequence('findings', 'id')) END AS id
      ), ev AS (
        INSERT INTO remote_events (event_id, trap_id, site_id, type, occurred_at, count, raw, by_id, finding_id)
        SELECT e.ev->>'eventId', e.id, e.site_id, e.ev->>'type', (e.ev->>'occurredAt')::timestamptz,
          (e.ev->>'count')::integer, e.ev->'raw', (e.ev->>'byId')::integer, fid.id
        FROM fid
        ON CONFLICT (event_id) DO NOTHING
        RETURNING id, finding_id
      ), f AS (
        INSERT INTO findings (id, item_id, origin, site_id, trap_id, trap_type, client_finding_id, technician_id,
          recorded_at, device_time, received_at, device_status, activity, derived_activity)
        OVERRIDING SYSTEM VALUE
        SELECT ev.finding_id, NULL, 'REMOTO', e.site_id, e.id, e.trap_type, gen_random_uuid(), NULL,
          (e.ev->>'occurredAt')::timestamptz, (e.ev->>'occurredAt')::timestamptz, now(), 'OK', v_activity, v_activity
        FROM ev WHERE ev.finding_id IS NOT NULL
        RETURNING id
      ), c AS (
        INSERT INTO finding_captures (finding_id, pest_id, count, recorded_at)
        SELECT f.id, v_pest, v_count, (e.ev->>'occurredAt')::timestamptz
        FROM f WHERE v_pest IS NOT NULL
      ), n AS (
        -- One bell a device, kind of alert and day (UTC): a sensor repeating its warning rings once a day.
        INSERT INTO notification_events (kind, payload, dedup_key)
        SELECT 'device-alert', jsonb_build_object('remoteEventId', ev.id),
          'device-alert:' || e.id || ':' || (e.ev->>'type') || ':' || left(e.ev->>'occurredAt', 10)
        FROM ev WHERE v_activity IS NULL
        ON CONFLICT DO NOTHING
      )
      SELECT ev.id INTO v_stored FROM ev;
      IF v_stored IS NOT NULL THEN
        v_outcome := 'CREATED';
      ELSE
        v_outcome := 'REPEAT';
        SELECT r.id INTO v_stored FROM remote_events r WHERE r.event_id = e.ev->>'eventId';
      END IF;
    END IF;
    v_ords := v_ords || e.ord;
    v_outcomes := v_outcomes || v_outcome;
    v_details := v_details || CASE WHEN v_outcome = 'INACTIVE' THEN e.code END;
    v_ids := v_ids || v_stored;
  END LOOP;
  SET CONSTRAINTS findings_thresholds IMMEDIATE;
  SET CONSTRAINTS findings_thresholds DEFERRED;
  RETURN QUERY
    SELECT o.ord, o.outcome, o.detail, CASE WHEN o.id IS NOT NULL THEN rondin_remote_event_json(o.id) END
    FROM unnest(v_ords, v_outcomes, v_details, v_ids) AS o(ord, outcome, detail, id)
    ORDER BY o.ord;
END
$$;
