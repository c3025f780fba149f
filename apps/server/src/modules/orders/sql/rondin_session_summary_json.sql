-- An order without its items, with the site it belongs to: what the phone's order card shows (client, address)
-- and the zone its times are shown in (null: the server's).
CREATE OR REPLACE VIEW rondin_session_summary_json AS
  SELECT s.id, json_build_object(
    'id', s.id,
    'status', s.status,
    'scheduledAt', to_char(s.scheduled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdAt', to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'startedAt', to_char(s.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'closedAt', to_char(s.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'closedBy', CASE WHEN cb.id IS NULL THEN NULL ELSE json_build_object('id', cb.id, 'fullName', cb.full_name) END,
    'forceClosed', s.force_closed,
    'technicianId', s.technician_id,
    'technician', json_build_object('id', t.id, 'fullName', t.full_name, 'email', t.email),
    'itemCount', s.item_count,
    'completedCount', s.completed_count,
    'siteId', s.site_id,
    'site', json_build_object('id', si.id, 'name', si.name, 'client', si.client, 'address', si.address, 'timeZone', si.time_zone),
    'servicePlanId', s.service_plan_id
  ) AS summary
  FROM sessions s
  JOIN sites si ON si.id = s.site_id
  JOIN technicians t ON t.id = s.technician_id
  LEFT JOIN technicians cb ON cb.id = s.closed_by_id;
