import { InspectionsView } from '../../../features/inspections/components/inspections-view';
import { INSPECTION_MESSAGES } from '../../../features/inspections/messages';
import { PeriodPicker, usePeriodParams } from '../../../features/reports/components/period-picker';
import { usePests } from '../../../features/settings/api/get-pests';
import { useSites } from '../../../features/sites/api/get-sites';
import { useTechnicians } from '../../../features/technicians/api/get-technicians';

/**
 * The inspections list with what it filters by, each from its own feature: sites, technicians and the pest
 * catalogue (each tens or hundreds, loaded whole), and the dashboard's period picker, kept in the address.
 */
export default function InspectionsRoute() {
  const sites = useSites();
  const technicians = useTechnicians();
  const pests = usePests();
  const period = usePeriodParams();
  return (
    <InspectionsView
      period={period.period}
      periodPicker={<PeriodPicker {...period} legend={INSPECTION_MESSAGES.periodLegend} />}
      sites={sites.data}
      technicians={technicians.data ?? []}
      pests={pests.data ?? []}
    />
  );
}
