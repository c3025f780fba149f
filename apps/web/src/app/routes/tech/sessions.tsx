import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until the technician's order list is built (src/features/orders, src/features/scan). */
export default function TechSessionsRoute() {
  return (
    <>
      <PageHeader title="Órdenes asignadas" />
      <p className="state state--empty">La lista de órdenes asignadas estará disponible pronto.</p>
    </>
  );
}
