import type { RefObject } from 'react';
import type { PlanCanvasHandle } from './plan-canvas';

/** The zoom buttons over a plan: out, in, and the whole plan. */
export function PlanZoom({
  canvas,
  texts,
}: {
  canvas: RefObject<PlanCanvasHandle | null>;
  texts: { zoomIn: string; zoomOut: string; reset: string };
}) {
  return (
    <div className="plan-zoom" role="group" aria-label="Zoom">
      <button
        type="button"
        className="button button--secondary plan-zoom__button"
        onClick={() => canvas.current?.zoomBy(1 / 1.25)}
        aria-label={texts.zoomOut}
      >
        −
      </button>
      <button
        type="button"
        className="button button--secondary plan-zoom__button"
        onClick={() => canvas.current?.zoomBy(1.25)}
        aria-label={texts.zoomIn}
      >
        +
      </button>
      <button type="button" className="button button--secondary" onClick={() => canvas.current?.reset()}>
        {texts.reset}
      </button>
    </div>
  );
}

/** Over the plan while its image loads, or when it could not be read, with a retry. */
export function PlanImageNotes({
  image,
  texts,
}: {
  image: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
  texts: { imageLoading: string; imageFailed: string };
}) {
  if (image.isPending) return <p className="plan-canvas__note">{texts.imageLoading}</p>;
  if (!image.isError) return null;
  return (
    <div className="plan-canvas__note" role="alert">
      <p>{texts.imageFailed}</p>
      <button type="button" className="button button--secondary button--small" onClick={() => void image.refetch()}>
        Reintentar
      </button>
    </div>
  );
}
