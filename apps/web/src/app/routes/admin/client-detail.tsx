import { Navigate, useParams } from 'react-router';
import { ClientDetail } from '../../../features/clients/components/client-detail';
import { parseRouteId } from '../../route-id';

export default function ClientDetailRoute() {
  const id = parseRouteId(useParams().id);
  if (id === null) return <Navigate to="/admin/clients" replace />;
  return <ClientDetail key={id} id={id} />;
}
