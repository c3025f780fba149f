import { Loading } from '../components/ui/loading';
export function RouteFallback() {
  return <Loading text="Cargando…" />;
}
