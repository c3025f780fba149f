import './plans.css';
import type { PlanDetail } from '@rondin/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/query-state';
import { formatCount } from '../../../lib/format';
import { useObjectUrl } from '../../../lib/use-object-url';
import { type PlannedOrder, useOrderPlans } from '../api/get-order-plans';
import { planImageQueryOptions, type ReadPlanImage, usePlanImage } from '../api/get-plan-image';
import { ORDER_PLAN_MESSAGES as TEXT } from '../messages';
import { type OrderProgressByTrap, orderMarkers, planProgress, startingPlanId } from '../utils/order-markers';
import { MarkerLegend } from './marker-legend';
import { PlanCanvas, type PlanCanvasHandle } from './plan-canvas';
import { PlanImageNotes, PlanZoom } from './plan-controls';

interface OrderPlanProps {
  order: PlannedOrder;
  /** Whether each of the order's devices is done, by trap id. */
  done: OrderProgressByTrap;
  lastTrapId: number | null;
  /** How the images are read: on the phone, through the copy kept on the device. */
  readImage?: ReadPlanImage;
}

/**
 * 'Ver en el plano' on the technician's scan screen: the order's plans with its pending devices marked and the
 * last scanned one highlighted, read-only. The plans and their images are read as soon as the order shows, so
 * they are on the device before the technician walks out of coverage.
 */
export function OrderPlanButton({ order, done, lastTrapId, readImage }: OrderPlanProps) {
  const plans = useOrderPlans(order);
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    for (const plan of plans.data ?? []) {
      void queryClient.prefetchQuery(planImageQueryOptions(plan, readImage));
    }
  }, [plans.data, queryClient, readImage]);

  // Nothing while the plans load or when none holds the order's devices; a failure still offers the button,
  // whose view says what failed and reads again.
  const failed = plans.isError && !plans.data;
  if (!failed && !plans.data?.length) return null;
  return (
    <>
      <button type="button" className="button button--secondary button--large" onClick={() => setOpen(true)}>
        {TEXT.open}
      </button>
      {open ? (
        <Modal title={TEXT.title} size="large" onClose={() => setOpen(false)}>
          <QueryState
            isPending={plans.isPending}
            isError={plans.isError && !plans.data}
            error={plans.error}
            loadingText={TEXT.loading}
            errorText={TEXT.failed}
            onRetry={() => void plans.refetch()}
            isEmpty={plans.data?.length === 0}
            emptyText={TEXT.none}
          >
            {plans.data ? (
              <OrderPlans plans={plans.data} done={done} lastTrapId={lastTrapId} readImage={readImage} />
            ) : null}
          </QueryState>
        </Modal>
      ) : null}
    </>
  );
}

function OrderPlans({
  plans,
  done,
  lastTrapId,
  readImage,
}: {
  plans: readonly PlanDetail[];
  done: OrderProgressByTrap;
  lastTrapId: number | null;
  readImage: ReadPlanImage | undefined;
}) {
  const selectId = useId();
  const [chosenId, setChosenId] = useState(() => startingPlanId(plans, done, lastTrapId));
  const plan = plans.find((candidate) => candidate.id === chosenId) ?? plans[0]!;
  const image = usePlanImage(plan, readImage);
  const imageUrl = useObjectUrl(image.data);
  const canvas = useRef<PlanCanvasHandle>(null);
  const markers = useMemo(() => orderMarkers(plan, done, lastTrapId), [plan, done, lastTrapId]);
  const progress = planProgress(plan, done);
  const pending = markers.filter((marker) => marker.state === 'pending');
  const deviceOf = useMemo(() => new Map(plan.devices.map((device) => [device.trapId, device])), [plan]);

  return (
    <div className="order-plan">
      {plans.length > 1 ? (
        <div className="field order-plan__choose">
          <label htmlFor={selectId}>{TEXT.choosePlan}</label>
          <select id={selectId} value={plan.id} onChange={(event) => setChosenId(Number(event.target.value))}>
            {plans.map((option) => {
              const { pending: left } = planProgress(option, done);
              return (
                <option key={option.id} value={option.id}>
                  {option.name} ({formatCount(left)})
                </option>
              );
            })}
          </select>
        </div>
      ) : null}
      <p className="order-plan__progress" aria-live="polite">
        {TEXT.progress(progress.pending, progress.total)}
      </p>
      <PlanZoom canvas={canvas} texts={TEXT} />
      <div className="order-plan__canvas" style={{ '--plan-ratio': plan.height / plan.width } as CSSProperties}>
        <PlanCanvas
          key={plan.id}
          ref={canvas}
          imageUrl={imageUrl}
          width={plan.width}
          height={plan.height}
          markers={markers}
          label={TEXT.planLabel(plan.name)}
          keysLabel={TEXT.keysLabel}
          keysHint={TEXT.keysHint}
        >
          <PlanImageNotes image={image} texts={TEXT} />
        </PlanCanvas>
      </div>
      <ul className="order-plan__states" aria-label={TEXT.statesLabel}>
        <li>
          <span className="order-plan__state order-plan__state--pending" aria-hidden="true" />
          {TEXT.pending}
        </li>
        <li>
          <span className="order-plan__state order-plan__state--done" aria-hidden="true" />
          {TEXT.done}
        </li>
        <li>
          <span className="order-plan__state order-plan__state--current" aria-hidden="true" />
          {TEXT.last}
        </li>
      </ul>
      <MarkerLegend types={markers.map((marker) => marker.type)} />
      {pending.length > 0 ? (
        <section className="order-plan__pending" aria-label={TEXT.pendingTitle}>
          <h3 className="device-list__title">{TEXT.pendingTitle}</h3>
          <ul className="order-plan__pending-list">
            {pending.map((marker) => (
              <li key={marker.trapId}>
                <span className="order-plan__number">{formatCount(marker.number)}</span>
                <span className="device-row__code">{marker.code}</span>
                {deviceOf.get(marker.trapId)?.area ? (
                  <span className="device-row__area">{deviceOf.get(marker.trapId)?.area}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
