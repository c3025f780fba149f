import { useParams } from 'react-router';
import { VerificationView } from '../../features/certificates/components/verification-view';

/** /verificar/{code}: the public page a certificate's QR opens; no sign-in, outside both layouts. */
export default function VerifyRoute() {
  return <VerificationView code={useParams().code ?? ''} />;
}
