-- Records what a finding version or an exception crossed (threshold_breaches), in the transaction that wrote
-- it; called once per finding and once per exception by the triggers findings_thresholds and
-- session_items_exception_thresholds, so a replay (which writes nothing) never records twice, and the unique
-- indexes of threshold_breaches refuse a second record of one finding or exception. Crossing an ACCION limit
-- opens a corrective action for the device, or adds the breach as an occurrence of the one already open: the
-- unique index corrective_actions_open_threshold_key keeps one open UMBRAL action a device, and a concurrent
-- transaction that opened it first is waited for and then joined.
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
  v_breaches jsonb := rondin_threshold_breaches(p_trap_id, p_site_id, p_at, p_finding_id, p_exception);
  v_level text;
  v_action integer;
  v_what text;
BEGIN
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
        ELSE 'capturas' || coalesce(' de ' || lower(b->>'pestGroup'), '') || ': ' || (b->>'observed') || ' (límite ' || (b->>'limit') || ')'
      END, '; ' ORDER BY b->>'metric')
    INTO v_what
    FROM jsonb_array_elements(v_breaches) b WHERE b->>'level' = 'ACCION';
    LOOP
      SELECT a.id INTO v_action FROM corrective_actions a
      WHERE a.trap_id = p_trap_id AND a.origin = 'UMBRAL' AND a.status <> 'CERRADA';
      EXIT WHEN FOUND;
      INSERT INTO corrective_actions (site_id, trap_id, area, origin, detected_at, detected_by_id, severity, description,
        responsible, due_date, status)
      SELECT p_site_id, t.id, t.area, 'UMBRAL', p_at, p_by, 'ALTA',
        'Umbral de acción superado en ' || t.code || ': ' || v_what || '.', 'EMPRESA',
        (p_at AT TIME ZONE coalesce(s.time_zone, 'UTC'))::date + 7, 'ABIERTA'
      FROM traps t JOIN sites s ON s.id = t.site_id WHERE t.id = p_trap_id
      ON CONFLICT (trap_id) WHERE origin = 'UMBRAL' AND status <> 'CERRADA' DO NOTHING
      RETURNING id INTO v_action;
      IF v_action IS NOT NULL THEN
        INSERT INTO corrective_action_events (action_id, from_status, to_status, note, by_id)
        VALUES (v_action, NULL, 'ABIERTA', 'Abierta al superar un umbral de acción.', p_by);
        EXIT;
      END IF;
    END LOOP;
  END IF;
  INSERT INTO threshold_breaches (site_id, trap_id, item_id, finding_id, exception_reason, level, breaches, occurred_at, action_id)
  VALUES (p_site_id, p_trap_id, p_item_id, p_finding_id, p_exception, v_level, v_breaches, p_at, v_action);
END
$$;
