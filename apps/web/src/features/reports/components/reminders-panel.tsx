import './reports.css';
import type { Reminders } from '@rondin/contracts';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { formatCount } from '../../../lib/format';
import { useReminders } from '../api/get-reminders';

const day = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' });
/** A calendar day (YYYY-MM-DD) as words, the same whatever the browser's zone. */
const formatDay = (value: string) => day.format(new Date(`${value}T00:00:00Z`));

/** "vence hoy", "vence en 12 días", "venció hace 3 días", with the day itself. */
function expiryText(daysLeft: number, expiresOn: string): string {
  const when = formatDay(expiresOn);
  if (daysLeft === 0) return `vence hoy (${when})`;
  if (daysLeft === 1) return `vence mañana (${when})`;
  if (daysLeft > 0) return `vence en ${daysLeft} días (${when})`;
  if (daysLeft === -1) return `venció ayer (${when})`;
  return `venció hace ${-daysLeft} días (${when})`;
}

interface Item {
  key: string;
  text: string;
  detail: string;
  to: string;
  urgent: boolean;
}

function items(reminders: Reminders): Item[] {
  const list: Item[] = [];
  for (const licence of reminders.licences) {
    list.push({
      key: `licence-${licence.technicianId}`,
      text: `Licencia de ${licence.fullName}${licence.licenceNumber ? ` (${licence.licenceNumber})` : ''}`,
      detail: expiryText(licence.daysLeft, licence.expiresOn),
      to: '/admin/technicians',
      urgent: licence.daysLeft < 0,
    });
  }
  for (const product of reminders.products) {
    list.push({
      key: `product-${product.productId}`,
      text: `Autorización de ${product.name} (${product.registrationNumber})`,
      detail: expiryText(product.daysLeft, product.expiresOn),
      to: '/admin/settings',
      urgent: product.daysLeft < 0,
    });
  }
  const count = (value: number, one: string, many: string) => `${formatCount(value)} ${value === 1 ? one : many}`;
  if (reminders.overdueOrders > 0) {
    list.push({
      key: 'orders',
      text: count(reminders.overdueOrders, 'orden atrasada', 'órdenes atrasadas'),
      detail: 'programadas antes de ahora y sin completar',
      to: '/admin/sessions?overdue=true',
      urgent: true,
    });
  }
  if (reminders.overdueActions > 0) {
    list.push({
      key: 'actions',
      text: count(reminders.overdueActions, 'acción correctiva vencida', 'acciones correctivas vencidas'),
      detail: 'con la fecha límite pasada y sin cerrar',
      to: '/admin/actions?overdue=true',
      urgent: true,
    });
  }
  if (reminders.visitsThisWeek > 0) {
    list.push({
      key: 'visits',
      text: count(reminders.visitsThisWeek, 'visita de planes de servicio', 'visitas de planes de servicio'),
      detail: 'de hoy al domingo, sin completar',
      to: '/admin/calendar',
      urgent: false,
    });
  }
  return list;
}

/**
 * The dashboard's reminders: licences and product authorisations that expire within 30 days or have expired,
 * overdue orders and actions, and this week's planned visits, each linking to where it is dealt with.
 */
export function RemindersPanel() {
  const reminders = useReminders();
  const list = reminders.data ? items(reminders.data) : [];
  return (
    <section className="panel reminders" aria-labelledby="reminders-title">
      <h2 id="reminders-title" className="panel__title">
        Pendientes
      </h2>
      <QueryState
        isPending={reminders.isPending}
        isError={reminders.isError}
        error={reminders.error}
        loadingText="Cargando pendientes…"
        errorText="No se pudieron cargar los pendientes."
        onRetry={() => void reminders.refetch()}
        isEmpty={list.length === 0}
        emptyText="Nada pendiente: ninguna licencia ni autorización vence en 30 días y no hay nada atrasado."
      >
        <ul className="reminders__list">
          {list.map((item) => (
            <li key={item.key} className={`reminders__item${item.urgent ? ' reminders__item--urgent' : ''}`}>
              <Link to={item.to} className="reminders__link">
                {item.text}
              </Link>
              <span className="reminders__detail">{item.detail}</span>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
