import { Notice } from '../../../components/ui/notice';
import { useVerifyAddress } from '../api/verify-address';
import { VERIFY_ADDRESS_MESSAGES as TEXT } from '../messages';

/**
 * Where the certificates' QR codes and printed links point. A warning while PUBLIC_URL is unset and the address
 * in use cannot be opened from outside (localhost, a private network): the client's auditor could not check them.
 */
export function VerifyAddressNotice() {
  const address = useVerifyAddress();
  const data = address.data;
  if (!data) return null;
  if (!data.configured && !data.public) {
    return <Notice notice={{ tone: 'error', text: TEXT.notPublic(data.url), detail: TEXT.notPublicHint }} />;
  }
  return (
    <Notice notice={{ tone: 'info', text: TEXT.inUse(data.url), detail: data.configured ? undefined : TEXT.unset }} />
  );
}
