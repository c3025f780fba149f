import './traps.css';
import { Loading } from '../../../components/ui/loading';
import type { Trap } from '@rondin/contracts';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { saveBlob } from '../../../lib/download';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useTrapLabel } from '../api/get-trap-label';
import { TRAP_MESSAGES } from '../messages';

/** Shows a trap's label PDF from a blob: URL (the CSP allows blob: objects) and offers it as trap-{id}.pdf. */
export function LabelPreviewModal({ trap, onClose }: { trap: Trap; onClose: () => void }) {
  const label = useTrapLabel(trap.id);
  const url = useObjectUrl(label.data);

  return (
    <Modal
      title={`Etiqueta de ${trap.code}`}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cerrar
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!label.data}
            onClick={() => label.data && saveBlob(label.data, `trap-${trap.id}.pdf`)}
          >
            Descargar PDF
          </button>
        </>
      }
    >
      {label.isPending ? <Loading text="Generando etiqueta…" /> : null}
      {label.isError ? <Notice notice={{ tone: 'error', text: TRAP_MESSAGES.labelFailed }} /> : null}
      {url ? (
        <object
          className="pdf-preview"
          data={url}
          type="application/pdf"
          aria-label={`Vista previa de la etiqueta ${trap.code}`}
        >
          <p className="pdf-preview__fallback">
            Este navegador no muestra PDF dentro de la página. Usa «Descargar PDF» para guardar la etiqueta.
          </p>
        </object>
      ) : null}
    </Modal>
  );
}
