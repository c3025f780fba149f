import { TRAP_TYPE_NAMES, TRAP_TYPES, type TrapType } from '@rondin/contracts/devices';
import { EDITOR_MESSAGES as TEXT } from '../messages';
import { MarkerIcon } from './marker-shape';

/** Each device type present, with its marker: what the shapes and colours on the plan mean. */
export function MarkerLegend({ types }: { types: readonly TrapType[] }) {
  const present = new Set(types);
  const shown = TRAP_TYPES.filter((type) => present.has(type));
  if (shown.length === 0) return null;
  return (
    <section className="marker-legend" aria-label={TEXT.legend}>
      <h3 className="visually-hidden">{TEXT.legend}</h3>
      <ul className="marker-legend__items">
        {shown.map((type) => (
          <li key={type} className="marker-legend__item">
            <MarkerIcon type={type} size={18} />
            {TRAP_TYPE_NAMES[type]}
          </li>
        ))}
      </ul>
    </section>
  );
}
