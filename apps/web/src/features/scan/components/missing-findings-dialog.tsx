import { Modal } from '../../../components/ui/modal';
import { SCAN_MESSAGES as TEXT } from '../messages';

interface MissingFindingsDialogProps {
  /** The inspected devices of the order without a finding. */
  codes: readonly string[];
  /** Record «Sin novedad» for each of them as the order closes. */
  onNoNews: () => void;
  onBack: () => void;
}

/**
 * Before closing: every scanned device needs its finding, or the certificate has a hole. The technician goes back
 * to record them, or records «Sin novedad» for all of them in one tap (the close's `defaultNoActivity`).
 */
export function MissingFindingsDialog({ codes, onNoNews, onBack }: MissingFindingsDialogProps) {
  return (
    <Modal
      title={TEXT.missingTitle}
      description={TEXT.missingText(codes)}
      onClose={onBack}
      size="small"
      footer={
        <>
          <button type="button" className="button button--secondary button--large" onClick={onBack}>
            {TEXT.missingBack}
          </button>
          <button type="button" className="button button--primary button--large" onClick={onNoNews} data-autofocus>
            {TEXT.missingNoNews(codes.length)}
          </button>
        </>
      }
    >
      <p className="muted">{TEXT.missingHint}</p>
    </Modal>
  );
}
