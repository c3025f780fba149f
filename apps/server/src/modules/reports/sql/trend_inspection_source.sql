-- What the trends count of each inspection (trend_inspections, migration 0025): the current version of each
-- order item's finding (the one session_items.finding_id points at), whether it saw activity, the bait eaten
-- (bait stations only), and its catches by pest group (a band counting as its least; null without any of
-- the group). The trigger session_items_trend (rondin_trend_inspection.sql) writes one item's row from it,
-- and the migration and a bulk seed all of them.
CREATE OR REPLACE VIEW trend_inspection_source AS
SELECT i.id AS item_id, f.id AS finding_id, f.site_id, f.trap_id, f.trap_type, f.recorded_at,
       f.activity <> 'NINGUNA' AS active,
       CASE WHEN f.trap_type = 'CEBADERO' THEN f.bait_consumption END AS bait_consumption,
       k.roedores, k.rastreros, k.voladores, k.producto_almacenado, k.otros
FROM session_items i
JOIN findings f ON f.id = i.finding_id
LEFT JOIN LATERAL (
  SELECT sum(a.caught) FILTER (WHERE p."group" = 'ROEDORES')::integer AS roedores,
         sum(a.caught) FILTER (WHERE p."group" = 'RASTREROS')::integer AS rastreros,
         sum(a.caught) FILTER (WHERE p."group" = 'VOLADORES')::integer AS voladores,
         sum(a.caught) FILTER (WHERE p."group" = 'PRODUCTO_ALMACENADO')::integer AS producto_almacenado,
         sum(a.caught) FILTER (WHERE p."group" = 'OTROS')::integer AS otros
  FROM finding_captures c
  JOIN pests p ON p.id = c.pest_id
  CROSS JOIN LATERAL (
    SELECT coalesce(c.count, CASE c.band WHEN '0' THEN 0 WHEN '1-10' THEN 1 WHEN '11-50' THEN 11 ELSE 51 END) AS caught
  ) a
  WHERE c.finding_id = f.id
) k ON true;
