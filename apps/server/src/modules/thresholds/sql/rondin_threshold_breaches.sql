-- The limits a finding (or an exception) crossed, judged by the limits in force when it was recorded: a null
-- when none. A device's thresholds are the global ones of its type, zone and risk level (a null zone or risk
-- in a threshold: any), where a site's own threshold of the same type, zone, risk, metric, pest group and
-- level takes the global one's place. A device nobody classified is judged as the strictest: inside (zone
-- INTERIOR), risk ALTO. Observed values: the activity as 0–3, the bait eaten (%), the catches of the
-- inspection (a band counts as its least: 1, 11, 51) of the threshold's pest group or all, and for the
-- device's condition 1 when it was damaged, tampered with or not found.
-- CAPTURAS_SEMANA: those catches per device-week, catches × 7 ÷ the days since the device's previous
-- inspection (the current version of its other items' findings recorded before this one), at least 1 day and
-- at most 28; 7 days when there is none (a first inspection is read as a week). Floored, which against a
-- whole limit is exact: ⌊x⌋ ≥ n ⟺ x ≥ n.
-- REPETICION: for a finding with activity (BAJA or more), the greater of how many inspections of the device
-- in a row had activity, this one included (the current version of each, exceptions skipped, the last 10),
-- and how many devices of its area (same site, same area name) had activity in the same order, this one
-- included; 0 for a finding without activity. A remote finding is judged alike: its earlier inspections are the
-- technicians' (remote findings are no order's item), and it has no order.
-- PL/pgSQL, so the query's plan is cached for the session: as a SQL function called from the trigger it was
-- planned at every call, 1 ms of a finding's time (BENCHMARKS.md, "Threshold evaluation"). Each metric's
-- observed value is computed only when a threshold of that metric applies. The device's history (its earlier
-- inspections, and the area's devices in the same order) is read by a statement of its own, run only when a
-- CAPTURAS_SEMANA or REPETICION limit applies: most devices have neither (the defaults give CAPTURAS_SEMANA to
-- pheromone and UV traps only), and a statement that could read it costs its plan's start-up on every finding
-- even when it reads nothing (an eighth of an electronic trap's report, BENCHMARKS.md "Remote events"). The
-- earlier inspections are read from the device's items (session_items_trap_id_idx), never searched by finding
-- (session_items.finding_id has no index).
CREATE OR REPLACE FUNCTION rondin_threshold_breaches(
  p_trap_id integer,
  p_site_id integer,
  p_at timestamptz,
  p_finding_id bigint,
  p_exception text
) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  -- The limits crossed, when none needs the device's history.
  v_crossed jsonb;
  -- Otherwise every limit in force, in the answer's order, observed where the finding alone tells (for
  -- CAPTURAS_SEMANA: the catches, not yet per week).
  v_judged jsonb;
  v_found boolean;
  v_active boolean;
  v_item integer;
  v_session integer;
  v_area text;
  v_days numeric;
  v_streak bigint;
  v_area_devices bigint;
BEGIN
  WITH trap AS (
    SELECT t.type, coalesce(t.zone, 'INTERIOR') AS zone, coalesce(t.risk_level, 'ALTO') AS risk_level
    FROM traps t WHERE t.id = p_trap_id
  ), candidate AS (
    SELECT th.zone, th.risk_level, th.metric, th.pest_group, th.level, th.value, th.site_id
    FROM thresholds th JOIN trap ON th.trap_type = trap.type
    WHERE (th.zone IS NULL OR th.zone = trap.zone)
      AND (th.risk_level IS NULL OR th.risk_level = trap.risk_level)
      AND (th.site_id IS NULL OR th.site_id = p_site_id)
      AND th.valid_from <= p_at AND (th.valid_to IS NULL OR th.valid_to > p_at)
  ), effective AS (
    SELECT c.* FROM candidate c
    WHERE c.site_id IS NOT NULL OR NOT EXISTS (
      SELECT 1 FROM candidate o
      WHERE o.site_id IS NOT NULL AND o.zone IS NOT DISTINCT FROM c.zone
        AND o.risk_level IS NOT DISTINCT FROM c.risk_level AND o.metric = c.metric
        AND o.pest_group IS NOT DISTINCT FROM c.pest_group AND o.level = c.level
    )
  ), finding AS (
    SELECT f.device_status, f.activity, f.bait_consumption FROM findings f WHERE f.id = p_finding_id
  ), observed AS MATERIALIZED (
    -- Materialized: each limit's observed value is read once. Inlined, the planner copied its CASE, with the
    -- subqueries of every metric, into each place judged uses it (the breach, twice, and the FILTER): three times
    -- the plan to start on every finding (BENCHMARKS.md, "Remote events").
    SELECT e.metric, e.pest_group, e.level, e.value AS limit_value,
      CASE
        WHEN e.metric = 'ESTADO' THEN CASE
          WHEN p_exception = 'NO_ENCONTRADO' OR (SELECT x.device_status FROM finding x) IN ('DANADO', 'MANIPULADA') THEN 1
          ELSE 0 END
        WHEN e.metric = 'ACTIVIDAD' THEN (SELECT array_position(ARRAY['NINGUNA', 'BAJA', 'MEDIA', 'ALTA'], x.activity) - 1 FROM finding x)
        WHEN e.metric = 'CONSUMO_CEBO' THEN (SELECT x.bait_consumption::integer FROM finding x)
        WHEN e.metric IN ('CAPTURAS', 'CAPTURAS_SEMANA') THEN (
          SELECT sum(coalesce(c.count, CASE c.band WHEN '0' THEN 0 WHEN '1-10' THEN 1 WHEN '11-50' THEN 11 ELSE 51 END))::integer
          FROM finding_captures c JOIN pests p ON p.id = c.pest_id
          WHERE c.finding_id = p_finding_id AND (e.pest_group IS NULL OR p."group" = e.pest_group)
        )
      END AS observed
    FROM effective e
  ), judged AS (
    SELECT jsonb_build_object('metric', o.metric, 'pestGroup', o.pest_group, 'level', o.level, 'limit', o.limit_value,
      'observed', o.observed) AS breach, o.*
    FROM observed o
  )
  SELECT
    jsonb_agg(j.breach ORDER BY j.level, j.metric, j.pest_group) FILTER (WHERE j.observed >= j.limit_value),
    CASE WHEN bool_or(j.metric IN ('CAPTURAS_SEMANA', 'REPETICION'))
      THEN jsonb_agg(j.breach ORDER BY j.level, j.metric, j.pest_group) END
  INTO v_crossed, v_judged
  FROM judged j;
  IF v_judged IS NULL THEN
    RETURN v_crossed;
  END IF;

  SELECT f.activity <> 'NINGUNA', f.item_id, i.session_id INTO v_active, v_item, v_session
  FROM findings f LEFT JOIN session_items i ON i.id = f.item_id WHERE f.id = p_finding_id;
  v_found := FOUND;
  SELECT t.area INTO v_area FROM traps t WHERE t.id = p_trap_id;
  WITH earlier AS (
    -- The device's other inspections before this one, newest first (current finding versions).
    SELECT f.recorded_at, f.activity <> 'NINGUNA' AS active,
      row_number() OVER (ORDER BY f.recorded_at DESC, f.id DESC) AS n
    FROM session_items i JOIN findings f ON f.id = i.finding_id
    WHERE i.trap_id = p_trap_id AND f.recorded_at < p_at AND i.id IS DISTINCT FROM v_item
    ORDER BY f.recorded_at DESC, f.id DESC
    LIMIT 9
  )
  SELECT CASE WHEN max(e.recorded_at) IS NULL THEN 7
      ELSE least(28, greatest(1, extract(epoch FROM p_at - max(e.recorded_at)) / 86400)) END,
    1 + coalesce(min(e.n) FILTER (WHERE NOT e.active) - 1, count(*))
  INTO v_days, v_streak
  FROM earlier e;
  IF v_active THEN
    SELECT count(DISTINCT i.trap_id) INTO v_area_devices
    FROM session_items i JOIN findings f ON f.id = i.finding_id JOIN traps t ON t.id = i.trap_id
    WHERE i.session_id = v_session AND t.site_id = p_site_id AND t.area = v_area
      AND (f.activity <> 'NINGUNA' OR i.id = v_item);
  END IF;
  RETURN (
    SELECT jsonb_agg(y.breach ORDER BY y.n)
    FROM (
      SELECT x.n, CASE x.breach->>'metric'
        WHEN 'CAPTURAS_SEMANA' THEN x.breach || jsonb_build_object('observed',
          CASE WHEN (x.breach->>'observed')::numeric > 0
            THEN floor((x.breach->>'observed')::numeric * 7 / v_days)::integer ELSE 0 END)
        WHEN 'REPETICION' THEN x.breach || jsonb_build_object('observed',
          CASE WHEN NOT v_found THEN NULL WHEN NOT v_active THEN 0 ELSE greatest(v_streak, v_area_devices) END)
        ELSE x.breach
      END AS breach
      FROM jsonb_array_elements(v_judged) WITH ORDINALITY AS x(breach, n)
    ) y
    WHERE (y.breach->>'observed')::numeric >= (y.breach->>'limit')::numeric
  );
END
$$;
