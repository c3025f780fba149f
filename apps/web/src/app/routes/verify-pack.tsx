import { useParams } from 'react-router';
import { PackVerificationView } from '../../features/audit-pack/components/pack-verification-view';

/** /verificar/dossier/{code}: the public page an audit pack's cover QR opens; no sign-in, outside both layouts. */
export default function VerifyPackRoute() {
  return <PackVerificationView code={useParams().code ?? ''} />;
}
