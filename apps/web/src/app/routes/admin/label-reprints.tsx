import { LabelReprintsView } from '../../../features/label-reprints/components/label-reprints-view';

export default function LabelReprintsRoute() {
  return <LabelReprintsView />;
}
