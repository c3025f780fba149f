import './plans.css';
import type { PlanDetail } from '@rondin/contracts';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { RecordState } from '../../../components/ui/record-state';
import { serverMessage } from '../../../lib/api-client';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useDownloadMapPdf } from '../api/get-map-pdf';
import { usePlan } from '../api/get-plan';
import { usePlanImage } from '../api/get-plan-image';
import { useSite } from '../api/get-site';
import { EDITOR_MESSAGES as TEXT } from '../messages';
import type { PlanMarker } from '../utils/plan-marker';
import { usePlanDevices } from '../hooks/use-plan-devices';
import { usePlanEditing } from '../hooks/use-plan-editing';
import { useBulkPlacement } from '../hooks/use-bulk-placement';
import { numberByCode } from '../utils/placements';
import { BulkPlacementBar } from './bulk-placement-bar';
import { DeviceList } from './device-list';
import { DeviceSheet } from './device-sheet';
import { MarkerLegend } from './marker-legend';
import { PlanCanvas, type PlanCanvasHandle } from './plan-canvas';
import { PlanImageNotes, PlanZoom } from './plan-controls';
import { PlanSelectionBar } from './plan-selection-bar';
import { PlanHeader } from './plan-views';

/** The plan editor is laid out for a phone (plan full width, devices in a sheet) below this width. */
export const PHONE_LAYOUT = '(max-width: 760px)';

/**
 * The plan editor (/admin/sites/{id}/plans/{planId}): the plan with its numbered markers beside the site's
 * devices, unplaced ones first. A device is placed by dragging it onto the plan, by choosing it and tapping the
 * plan, or with the keys (a cross moved by the arrows, Enter); a marker moves by dragging or with the keys. Every
 * change is saved at once and shown before the server answers; a refusal puts the device back and says why.
 */
export function PlanEditor({ siteId, planId }: { siteId: number; planId: number }) {
  const plan = usePlan(planId);
  return (
    <div className="plan-editor">
      {plan.data ? null : (
        <Link to={`/admin/sites/${siteId}`} className="button button--ghost plan-page__back">
          {TEXT.backToSite}
        </Link>
      )}
      <RecordState query={plan} texts={TEXT}>
        {plan.data ? <Editor siteId={siteId} plan={plan.data} /> : null}
      </RecordState>
    </div>
  );
}

function Editor({ siteId, plan }: { siteId: number; plan: PlanDetail }) {
  const site = useSite(siteId);
  const image = usePlanImage(plan);
  const imageUrl = useObjectUrl(image.data);
  const download = useDownloadMapPdf();
  const phone = useMediaQuery(PHONE_LAYOUT);
  const canvas = useRef<PlanCanvasHandle>(null);
  const placed = usePlanDevices(siteId, plan);
  const { devices, placements, entries } = placed;
  const editing = usePlanEditing({ siteId, plan, canvas, devices: placed });
  const { mode, selectedId, status, sheetOpen, setSheetOpen } = editing;
  const [query, setQuery] = useState('');
  const bulk = useBulkPlacement({ siteId, plan, entries, canvas, announce: editing.announce, search: query });
  const { preview } = bulk;

  const markers: PlanMarker[] = useMemo(() => {
    const shown: PlanMarker[] = placed.numbered.map(({ number, device }) => ({
      trapId: device.id,
      number,
      code: device.code,
      type: device.type,
      x: device.x,
      y: device.y,
      state: device.id === selectedId ? 'selected' : 'normal',
    }));
    if (!preview) return shown;
    // The devices about to be placed, with the numbers they will have among the plan's once saved.
    const coming = preview.devices.map((device, index) => ({ ...device, ...preview.points[index]! }));
    const numbers = new Map(
      numberByCode([...placed.onThisPlan, ...coming]).map(({ number, device }) => [device.id, number]),
    );
    return [
      ...shown.map((marker) => ({ ...marker, number: numbers.get(marker.trapId) ?? marker.number })),
      ...coming.map((device) => ({
        trapId: device.id,
        number: numbers.get(device.id) ?? 0,
        code: device.code,
        type: device.type,
        x: device.x,
        y: device.y,
        state: 'preview' as const,
      })),
    ];
  }, [placed.numbered, placed.onThisPlan, selectedId, preview]);
  const unplacedCount = entries.filter((entry) => entry.where === 'unplaced').length;
  const selected = selectedId === null ? null : (entries.find((entry) => entry.trap.id === selectedId) ?? null);

  // In the toolbar on a laptop; in the device sheet on the phone, whose toolbar has no room left.
  const startBulk =
    bulk.groups.length > 0 ? (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          editing.clear();
          setSheetOpen(false);
          bulk.start();
        }}
        disabled={bulk.active}
      >
        {TEXT.bulkStart}
      </button>
    ) : null;

  const list = (
    <QueryState
      isPending={devices.isPending || placements.isPending}
      isError={(devices.isError && !devices.data) || (placements.isError && !placements.data)}
      error={devices.error ?? placements.error}
      loadingText={TEXT.devicesLoading}
      errorText={TEXT.devicesFailed}
      onRetry={() => {
        void devices.refetch();
        void placements.refetch();
      }}
      isEmpty={devices.data?.length === 0}
      emptyText={TEXT.noDevices}
    >
      <DeviceList
        entries={entries}
        selectedId={selectedId}
        onChoose={(trapId, byKeyboard) => {
          bulk.reset();
          editing.choose(trapId, byKeyboard);
        }}
        onDrop={editing.dropFromList}
        dragEnabled={!phone}
        query={query}
        onQueryChange={setQuery}
      />
    </QueryState>
  );

  return (
    <>
      <PlanHeader siteId={siteId} siteName={site.data?.name} plan={plan} current="edit">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => download.mutate({ id: plan.id, name: plan.name })}
          disabled={download.isPending}
        >
          {TEXT.printMap}
        </button>
      </PlanHeader>
      {download.isError ? (
        <Notice
          notice={{ tone: 'error', text: TEXT.printFailed, detail: serverMessage(download.error) }}
          onDismiss={() => download.reset()}
        />
      ) : null}
      {editing.notice ? <Notice notice={editing.notice} onDismiss={editing.dismissNotice} /> : null}
      <div className="plan-editor__body">
        <section className="plan-editor__plan" aria-label="Plano">
          <div className="plan-editor__toolbar">
            <PlanZoom canvas={canvas} texts={TEXT} />
            {phone ? null : startBulk}
            {phone ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => setSheetOpen(true)}
                aria-expanded={sheetOpen}
              >
                {TEXT.devicesButton(unplacedCount)}
              </button>
            ) : null}
          </div>
          {/* Its own row above the plan, never over it, and as tall whether a device is chosen or not: every point
              of the plan stays clickable and the plan keeps its size (and its drawing) as a device is chosen. */}
          <div className="plan-editor__bar">
            {bulk.active ? (
              <BulkPlacementBar bulk={bulk} touch={phone} />
            ) : selected ? (
              <PlanSelectionBar
                code={selected.trap.code}
                touch={phone}
                mode={mode}
                number={selected.number}
                onMove={() => editing.startMoving(selected.trap.id)}
                moveRef={editing.moveButton}
                onRemove={() => editing.remove(selected.trap.id)}
                onClose={() => editing.closeSelection(selected.trap.id, selected.where)}
              />
            ) : (
              <p className="plan-selection plan-selection--idle">{phone ? TEXT.idleHintTouch : TEXT.idleHint}</p>
            )}
          </div>
          <div className="plan-editor__canvas">
            <PlanCanvas
              ref={canvas}
              imageUrl={imageUrl}
              width={plan.width}
              height={plan.height}
              markers={markers}
              label={TEXT.planLabel(plan.name)}
              keysLabel={TEXT.planKeysLabel}
              keysHint={TEXT.planKeysHint}
              onFocus={bulk.active ? undefined : editing.onCanvasFocus}
              onMarkerMoved={editing.onMarkerMoved}
              onMarkerTap={bulk.active ? (_, at) => bulk.onPoint(at) : editing.onMarkerTap}
              onTap={bulk.active ? bulk.onPoint : editing.onTap}
              cluster
              onClusterTap={
                bulk.active
                  ? (at) => {
                      bulk.onPoint(at);
                      return true;
                    }
                  : editing.onClusterTap
              }
              crosshair={bulk.active ? bulk.crosshair : editing.crosshair}
              onKeyDown={bulk.active ? bulk.onKeyDown : editing.onKeyDown}
            >
              <PlanImageNotes image={image} texts={TEXT} />
            </PlanCanvas>
          </div>
          <p className="plan-editor__status" role="status" aria-live="polite">
            {status || (phone ? '' : TEXT.keyboardHint)}
          </p>
        </section>
        {phone ? (
          sheetOpen ? (
            <DeviceSheet onClose={() => setSheetOpen(false)}>
              {startBulk}
              <MarkerLegend types={entries.map((entry) => entry.trap.type)} />
              {list}
            </DeviceSheet>
          ) : null
        ) : (
          <aside className="plan-editor__devices" aria-labelledby="plan-devices-title">
            <h2 id="plan-devices-title" className="plan-editor__devices-title">
              {TEXT.devicesTitle}
            </h2>
            <MarkerLegend types={entries.map((entry) => entry.trap.type)} />
            {list}
          </aside>
        )}
      </div>
    </>
  );
}
