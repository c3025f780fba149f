import { Navigate, useParams } from 'react-router';
import { useSites } from '../../../features/sites/api/get-sites';
import { TrapDetailView } from '../../../features/traps/components/trap-detail-view';
import { siteNames, sitesToChoose } from '../../../lib/site-scope';

/** Largest id the API can hold (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

function parseId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** One trap for the office: its data (its site's name from the sites feature), its label and its history. */
export default function TrapDetailRoute() {
  const id = parseId(useParams().id);
  const sites = useSites();
  if (id === null) return <Navigate to="/admin/traps" replace />;
  // The trap's site is named only when there are several active ones, as everywhere else.
  const names = sitesToChoose(sites.data).length > 0 ? siteNames(sites.data) : null;
  return <TrapDetailView key={id} id={id} siteNames={names} />;
}
