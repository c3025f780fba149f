export function RouteFallback() {
  return (
    <div className="state state--loading" role="status">
      <span className="spinner" aria-hidden="true" />
      Cargando…
    </div>
  );
}
