-- Each item carries the SHA-256 of its trap's QR code (hex), so that a phone holding a scan it could not
-- send yet can mark the scanned trap as done-pending-sync: it hashes the code it read and compares. The
-- code itself stays out of the order (it would let anyone holding the order fake the visit), and a hash of
-- 100 random bits cannot be turned back into the code. The device's type says what the phone asks about it.
-- An item is completed by a scan (SCANNED, proof of presence), by the device's printed code typed when its label
-- could not be read (MANUAL: inspected, not proof of presence) or by an exception (the device could not be found
-- or reached); it carries the current version of its finding and its photos' ids. addedOnSite: the technician
-- added it to the order on the spot; trap.routeOrder: the device's place in its site's walk order.
CREATE OR REPLACE VIEW rondin_item_json AS
  SELECT i.session_id, i.id, tr.code AS trap_code, json_build_object(
    'id', i.id,
    'trapId', i.trap_id,
    'status', i.status,
    'completedAt', to_char(i.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completedBy', CASE WHEN who.id IS NULL THEN NULL ELSE json_build_object('id', who.id, 'fullName', who.full_name) END,
    'trap', json_build_object('code', tr.code, 'area', tr.area, 'type', tr.type, 'qrHash', encode(sha256(convert_to(tr.qr_slug, 'UTF8')), 'hex'), 'routeOrder', tr.route_order),
    'addedOnSite', i.added_on_site,
    'outcome', CASE WHEN i.status <> 'COMPLETED' THEN NULL WHEN i.exception_reason IS NOT NULL THEN 'EXCEPTION'
      WHEN i.manual_reason IS NOT NULL THEN 'MANUAL' ELSE 'SCANNED' END,
    'exception', CASE WHEN i.exception_reason IS NULL THEN NULL ELSE json_build_object('reason', i.exception_reason, 'reasonDetail', i.exception_detail, 'note', i.exception_note) END,
    'manual', CASE WHEN i.manual_reason IS NULL THEN NULL ELSE json_build_object('reason', i.manual_reason, 'code', i.manual_code) END,
    'finding', (SELECT x.finding FROM rondin_finding_json x WHERE x.id = i.finding_id),
    'photoIds', COALESCE((SELECT json_agg(ph.id ORDER BY ph.id) FROM photos ph WHERE ph.item_id = i.id), '[]'::json)
  ) AS item
  FROM session_items i
  JOIN traps tr ON tr.id = i.trap_id
  LEFT JOIN technicians who ON who.id = i.completed_by_id;
