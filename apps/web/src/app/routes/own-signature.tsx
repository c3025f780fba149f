import { OwnSignatureView } from '../../features/certificates/components/own-signature-view';

/** 'Mi firma' (/tech/signature and /admin/signature): the signed-in user's signature for their certificates. */
export default function OwnSignatureRoute() {
  return <OwnSignatureView />;
}
