-- Adds counts to trend_periods: each row of p_counts to the row of the same site, interval, series and period,
-- or as a new row. The counts of rondin_trend_period_count and rondin_trend_trap_moved (signed: -1 counts out).
CREATE OR REPLACE FUNCTION rondin_trend_periods_add(p_counts trend_periods[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trend_periods AS p SELECT * FROM unnest(p_counts)
  ON CONFLICT (site_id, interval, dimension, period, key) DO UPDATE SET
    inspected = p.inspected + excluded.inspected,
    with_activity = p.with_activity + excluded.with_activity,
    bait_sum = p.bait_sum + excluded.bait_sum,
    baits = p.baits + excluded.baits,
    roedores = p.roedores + excluded.roedores,
    roedores_recorded = p.roedores_recorded + excluded.roedores_recorded,
    rastreros = p.rastreros + excluded.rastreros,
    rastreros_recorded = p.rastreros_recorded + excluded.rastreros_recorded,
    voladores = p.voladores + excluded.voladores,
    voladores_recorded = p.voladores_recorded + excluded.voladores_recorded,
    producto_almacenado = p.producto_almacenado + excluded.producto_almacenado,
    producto_almacenado_recorded = p.producto_almacenado_recorded + excluded.producto_almacenado_recorded,
    otros = p.otros + excluded.otros,
    otros_recorded = p.otros_recorded + excluded.otros_recorded;
END
$$;
