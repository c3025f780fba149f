-- One version of what was found at a device, as the API answers it. FOTO_PENDIENTE is worked out here, not
-- stored: a tampered device's finding carries it until the item has a photo, whichever of the two arrives first.
CREATE OR REPLACE VIEW rondin_finding_json AS
  SELECT f.id, f.item_id, json_build_object(
    'id', f.id,
    'itemId', f.item_id,
    'clientFindingId', f.client_finding_id,
    'recordedAt', to_char(f.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'receivedAt', to_char(f.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'recordedBy', CASE WHEN who.id IS NULL THEN NULL ELSE json_build_object('id', who.id, 'fullName', who.full_name) END,
    'deviceStatus', f.device_status,
    'activity', f.activity,
    'derivedActivity', f.derived_activity,
    'baitConsumption', f.bait_consumption,
    'baitState', f.bait_state,
    'captures', COALESCE((
      SELECT json_agg(json_build_object('pestId', c.pest_id, 'name', p.name, 'group', p."group", 'count', c.count, 'band', c.band) ORDER BY c.pest_id)
      FROM finding_captures c JOIN pests p ON p.id = c.pest_id
      WHERE c.finding_id = f.id
    ), '[]'::json),
    'evidence', to_json(f.evidence),
    'actions', to_json(f.actions),
    'notes', f.notes,
    'reason', f.reason,
    'isCorrection', f.is_correction,
    'flags', to_json(f.flags || CASE
      WHEN f.device_status = 'MANIPULADA' AND NOT EXISTS (SELECT 1 FROM photos ph WHERE ph.item_id = f.item_id)
        THEN ARRAY['FOTO_PENDIENTE']
      ELSE ARRAY[]::text[]
    END),
    'isCurrent', i.finding_id IS NOT DISTINCT FROM f.id,
    'versionCount', (SELECT count(*)::int FROM findings v WHERE v.item_id = f.item_id)
  ) AS finding
  FROM findings f
  JOIN session_items i ON i.id = f.item_id
  LEFT JOIN technicians who ON who.id = f.technician_id;
