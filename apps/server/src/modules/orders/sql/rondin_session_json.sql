-- One order with its items in trap-code order.
CREATE OR REPLACE FUNCTION rondin_session_json(p_session_id integer) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT (v.summary::jsonb || jsonb_build_object('items', COALESCE(
    (SELECT jsonb_agg(x.item ORDER BY x.trap_code, x.id) FROM rondin_item_json x WHERE x.session_id = v.id),
    '[]'::jsonb
  )))::json
  FROM rondin_session_summary_json v
  WHERE v.id = p_session_id
$$;
