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
