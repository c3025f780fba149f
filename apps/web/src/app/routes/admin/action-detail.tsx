import { Navigate, useParams } from 'react-router';
import { ActionDetail } from '../../../features/actions/components/action-detail';
import { parseRouteId } from '../../route-id';

export default function ActionDetailRoute() {
  const id = parseRouteId(useParams().id);
  if (id === null) return <Navigate to="/admin/actions" replace />;
  return <ActionDetail key={id} id={id} />;
}
