-- What recording a finding depends on, read in one statement and without locks: the caller's account, the
-- order, the item and its device's type, whether the finding's client id is already stored (and on which
-- item), and the caught pests that are active, with their groups. The server refuses from it what it must,
-- checks the finding against the device's type, then writes with rondin_finding, which takes the locks and
-- answers CHANGED if any of this is no longer so.
CREATE OR REPLACE FUNCTION rondin_finding_context(
  p_session_id integer,
  p_item_id integer,
  p_user_id integer,
  p_client_finding_id uuid,
  p_pest_ids integer[]
) RETURNS TABLE (
  role text,
  token_version integer,
  order_technician_id integer,
  order_status text,
  item_status text,
  exception_reason text,
  trap_type text,
  stored_item_id integer,
  pests json
)
LANGUAGE sql STABLE AS $$
  SELECT u.role, u.token_version, s.technician_id, s.status, i.status, i.exception_reason, t.type,
    (SELECT f.item_id FROM findings f WHERE f.client_finding_id = p_client_finding_id),
    (SELECT COALESCE(json_agg(json_build_object('id', p.id, 'group', p."group")), '[]'::json)
     FROM pests p WHERE p.id = ANY (p_pest_ids) AND p.is_active)
  FROM (SELECT 1) AS one
  LEFT JOIN technicians u ON u.id = p_user_id AND u.is_active
  LEFT JOIN sessions s ON s.id = p_session_id
  LEFT JOIN session_items i ON i.id = p_item_id AND i.session_id = p_session_id
  LEFT JOIN traps t ON t.id = i.trap_id
$$;
