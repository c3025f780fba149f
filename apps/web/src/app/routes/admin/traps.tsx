import { TrapsView } from '../../../features/traps/components/traps-view';

export default function TrapsRoute() {
  return <TrapsView />;
}
