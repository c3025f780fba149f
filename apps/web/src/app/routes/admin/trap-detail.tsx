import { Navigate, useParams } from 'react-router';
import { TrapDetailView } from '../../../features/traps/components/trap-detail-view';

/** Largest id the API can hold (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

function parseId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** One trap for the office: its data, its label and its inspection history. */
export default function TrapDetailRoute() {
  const id = parseId(useParams().id);
  if (id === null) return <Navigate to="/admin/traps" replace />;
  return <TrapDetailView key={id} id={id} />;
}
