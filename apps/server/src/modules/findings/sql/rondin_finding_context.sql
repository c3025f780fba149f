-- What recording a finding depends on, read in one statement and without locks: the caller's account, the
-- order (and when it was created, to the millisecond as clients know times), the item, its device's type and
-- code, whether the finding's client id is already stored (and on which item), the caught pests that are
-- active, with their groups, and the item's current version as far as lowering it is concerned (id, recordedAt,
-- activity, bait consumption, captures, evidence). The server refuses from it what it must, checks the finding
-- against the device's type and against the current version (a lowering needs a reason), then writes with
-- rondin_finding, which takes the locks and answers CHANGED if any of this is no longer so.
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
  pests json,
  trap_code text,
  order_created_at timestamptz,
  current_finding json
)
LANGUAGE sql STABLE AS $$
  SELECT u.role, u.token_version, s.technician_id, s.status, i.status, i.exception_reason, t.type,
    (SELECT f.item_id FROM findings f WHERE f.client_finding_id = p_client_finding_id),
    (SELECT COALESCE(json_agg(json_build_object('id', p.id, 'group', p."group")), '[]'::json)
     FROM pests p WHERE p.id = ANY (p_pest_ids) AND p.is_active),
    t.code,
    date_trunc('milliseconds', s.created_at),
    (SELECT json_build_object(
       'id', f.id,
       'recordedAt', to_char(f.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       'activity', f.activity,
       'baitConsumption', f.bait_consumption,
       'evidence', to_json(f.evidence),
       'captures', (SELECT COALESCE(json_agg(json_build_object('pestId', c.pest_id, 'count', c.count, 'band', c.band)), '[]'::json)
                    FROM finding_captures c WHERE c.finding_id = f.id))
     FROM findings f WHERE f.id = i.finding_id)
  FROM (SELECT 1) AS one
  LEFT JOIN technicians u ON u.id = p_user_id AND u.is_active
  LEFT JOIN sessions s ON s.id = p_session_id
  LEFT JOIN session_items i ON i.id = p_item_id AND i.session_id = p_session_id
  LEFT JOIN traps t ON t.id = i.trap_id
$$;
