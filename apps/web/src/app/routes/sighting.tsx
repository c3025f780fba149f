import { useParams, useSearchParams } from 'react-router';
import { PublicSightingPage } from '../../features/sightings/components/public-sighting-page';

/** /avistamiento/{token}?area=: the public page a sighting poster's QR opens; no sign-in, outside both layouts. */
export default function SightingRoute() {
  const [search] = useSearchParams();
  return <PublicSightingPage token={useParams().token ?? ''} area={search.get('area')} />;
}
