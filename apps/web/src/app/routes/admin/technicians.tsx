import { useAuth } from '../../../features/auth/components/auth-provider';
import { TechniciansView } from '../../../features/technicians/components/technicians-view';

export default function TechniciansRoute() {
  const { user, updateUser } = useAuth();
  return <TechniciansView currentUserId={user?.id} onUpdated={updateUser} />;
}
