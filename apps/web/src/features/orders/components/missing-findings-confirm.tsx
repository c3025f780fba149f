import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { MissingFindings } from '../api/close-session';
import { ORDER_MESSAGES } from '../messages';

/** The office asked to close an order whose inspected devices lack a finding: record «Sin novedad» in them? */
export function MissingFindingsConfirm({
  missing,
  busy,
  onConfirm,
  onCancel,
}: {
  missing: MissingFindings;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={ORDER_MESSAGES.missingTitle(missing.id)}
      message={ORDER_MESSAGES.missingConfirm(missing.codes)}
      confirmLabel={ORDER_MESSAGES.missingNoNews(missing.codes.length)}
      tone="primary"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
