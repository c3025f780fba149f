-- src/modules/integrations/remote-events/sql/rondin_record_remote_events.sql
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
--> statement-breakpoint
-- src/modules/thresholds/sql/rondin_record_breach.sql
-- Records what a finding version or an exception crossed (threshold_breaches), in the transaction that wrote
-- it; called once per finding and once per exception by the triggers findings_thresholds and
-- session_items_exception_thresholds, so a replay (which writes nothing) never records twice, and the unique
-- indexes of threshold_breaches refuse a second record of one finding or exception. Crossing an ACCION limit
-- opens a corrective action for the device, or adds the breach as an occurrence of the one already open: the
-- unique index corrective_actions_open_threshold_key keeps one open UMBRAL action a device, and a concurrent
-- transaction that opened it first is waited for and then joined. A REPETICION crossing at ACCION is the
-- area's (a device without an area: the device's): it opens or joins the area's open UMBRAL action (trap_id
-- null; corrective_actions_open_area_threshold_key keeps one a site and area), linked as area_action_id, while
-- the other ACCION crossings of the same finding go to the device's action. An order's findings of one area
-- are judged one transaction at a time (an advisory lock on the site and area until the commit), so two
-- devices of an area with activity in the same order see each other even when their findings commit at once.
CREATE OR REPLACE FUNCTION rondin_record_breach(
  p_site_id integer,
  p_trap_id integer,
  p_item_id integer,
  p_finding_id bigint,
  p_exception text,
  p_at timestamptz,
  p_by integer
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_area text;
  v_code text;
  v_due date;
  v_breaches jsonb;
  v_level text;
  v_action integer;
  v_area_action integer;
  v_what text;
  v_repeated text;
BEGIN
  SELECT t.area, t.code, (p_at AT TIME ZONE coalesce(s.time_zone, 'UTC'))::date + 7
  INTO v_area, v_code, v_due
  FROM traps t JOIN sites s ON s.id = t.site_id WHERE t.id = p_trap_id;
  -- A remote finding (no order item) needs no lock: the area's count is of devices in the same order, which
  -- it is not in and never counts in (rondin_threshold_breaches); electronic devices' reports of one area are
  -- so judged side by side.
  IF v_area IS NOT NULL AND p_finding_id IS NOT NULL AND p_item_id IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(p_site_id, hashtext(v_area));
  END IF;
  -- After the lock, so this statement's snapshot holds what the area's other findings committed.
  v_breaches := rondin_threshold_breaches(p_trap_id, p_site_id, p_at, p_finding_id, p_exception);
  IF v_breaches IS NULL THEN
    RETURN;
  END IF;
  v_level := CASE WHEN v_breaches @> '[{"level": "ACCION"}]' THEN 'ACCION' ELSE 'ALERTA' END;
  IF v_level = 'ACCION' THEN
    SELECT string_agg(
      CASE b->>'metric'
        WHEN 'ESTADO' THEN CASE WHEN p_exception = 'NO_ENCONTRADO' THEN 'dispositivo no encontrado' ELSE 'dispositivo dañado o manipulado' END
        WHEN 'ACTIVIDAD' THEN 'actividad ' || (ARRAY['baja', 'media', 'alta'])[(b->>'observed')::int]
        WHEN 'CONSUMO_CEBO' THEN 'consumo de cebo ' || (b->>'observed') || ' % (límite ' || (b->>'limit') || ' %)'
        WHEN 'CAPTURAS_SEMANA' THEN 'capturas' || coalesce(' de ' || g.name, '') || ' por semana: '
          || (b->>'observed') || ' (límite ' || (b->>'limit') || ')'
        ELSE 'capturas' || coalesce(' de ' || g.name, '') || ': ' || (b->>'observed') || ' (límite ' || (b->>'limit') || ')'
      END, '; ' ORDER BY b->>'metric')
    INTO v_what
    -- A pest group as people say it (PEST_GROUP_NAMES in @rondin/contracts, in lower case).
    FROM jsonb_array_elements(v_breaches) b
    CROSS JOIN LATERAL (SELECT CASE b->>'pestGroup'
      WHEN 'ROEDORES' THEN 'roedores'
      WHEN 'RASTREROS' THEN 'insectos rastreros'
      WHEN 'VOLADORES' THEN 'insectos voladores'
      WHEN 'PRODUCTO_ALMACENADO' THEN 'plagas de producto almacenado'
      WHEN 'OTROS' THEN 'otras plagas'
    END AS name) g
    WHERE b->>'level' = 'ACCION' AND (b->>'metric' <> 'REPETICION' OR v_area IS NULL);
    SELECT 'actividad repetida: ' || (b->>'observed') || ' (límite ' || (b->>'limit') || ')'
    INTO v_repeated
    FROM jsonb_array_elements(v_breaches) b
    WHERE b->>'level' = 'ACCION' AND b->>'metric' = 'REPETICION';
    IF v_area IS NULL AND v_repeated IS NOT NULL THEN
      v_what := concat_ws('; ', v_what, v_repeated);
    END IF;
    IF v_what IS NOT NULL THEN
      LOOP
        SELECT a.id INTO v_action FROM corrective_actions a
        WHERE a.trap_id = p_trap_id AND a.origin = 'UMBRAL' AND a.status <> 'CERRADA';
        EXIT WHEN FOUND;
        INSERT INTO corrective_actions (site_id, trap_id, area, origin, detected_at, detected_by_id, severity, description,
          responsible, due_date, status)
        VALUES (p_site_id, p_trap_id, v_area, 'UMBRAL', p_at, p_by, 'ALTA',
          'Umbral de acción superado en ' || v_code || ': ' || v_what || '.', 'EMPRESA', v_due, 'ABIERTA')
        ON CONFLICT (trap_id) WHERE origin = 'UMBRAL' AND status <> 'CERRADA' DO NOTHING
        RETURNING id INTO v_action;
        IF v_action IS NOT NULL THEN
          INSERT INTO corrective_action_events (action_id, from_status, to_status, note, by_id)
          VALUES (v_action, NULL, 'ABIERTA', 'Abierta al superar un umbral de acción.', p_by);
          EXIT;
        END IF;
      END LOOP;
    END IF;
    IF v_area IS NOT NULL AND v_repeated IS NOT NULL THEN
      LOOP
        SELECT a.id INTO v_area_action FROM corrective_actions a
        WHERE a.site_id = p_site_id AND a.area = v_area AND a.trap_id IS NULL AND a.origin = 'UMBRAL' AND a.status <> 'CERRADA';
        EXIT WHEN FOUND;
        INSERT INTO corrective_actions (site_id, trap_id, area, origin, detected_at, detected_by_id, severity, description,
          responsible, due_date, status)
        VALUES (p_site_id, NULL, v_area, 'UMBRAL', p_at, p_by, 'ALTA',
          'Umbral de acción superado en el área ' || v_area || ' (' || v_code || '): ' || v_repeated || '.', 'EMPRESA',
          v_due, 'ABIERTA')
        ON CONFLICT (site_id, area) WHERE origin = 'UMBRAL' AND status <> 'CERRADA' AND trap_id IS NULL DO NOTHING
        RETURNING id INTO v_area_action;
        IF v_area_action IS NOT NULL THEN
          INSERT INTO corrective_action_events (action_id, from_status, to_status, note, by_id)
          VALUES (v_area_action, NULL, 'ABIERTA', 'Abierta al repetirse la actividad en el área.', p_by);
          EXIT;
        END IF;
      END LOOP;
    END IF;
  END IF;
  INSERT INTO threshold_breaches (site_id, trap_id, item_id, finding_id, exception_reason, level, breaches, occurred_at,
    action_id, area_action_id)
  VALUES (p_site_id, p_trap_id, p_item_id, p_finding_id, p_exception, v_level, v_breaches, p_at, v_action, v_area_action);
END
$$;
