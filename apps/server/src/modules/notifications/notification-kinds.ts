import { REMOTE_EVENT_TYPE_NAMES, type RemoteEventType } from '@rondin/contracts';
import type { EmailContent } from './email-body.js';
import type { Delivery, DeliveryOf } from './notifications.service.js';
import type { Account, RecipientsRepository } from './recipients.repository.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const id = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/** Orders a digest names one by one; the rest are counted. */
const DIGEST_ORDERS = 30;

const ASSESSMENT_NAMES: Record<string, string> = {
  DIAGNOSTICO: 'diagnóstico',
  ENCUESTA_ANUAL: 'encuesta anual',
  REVISION_TRIMESTRAL: 'revisión trimestral',
};

const SEVERITY_NAMES: Record<string, string> = { BAJA: 'baja', MEDIA: 'media', ALTA: 'alta' };

export interface KindOptions {
  recipients: RecipientsRepository;
  /** PUBLIC_URL: emails link to the app there; unset, they carry no link. */
  publicUrl: string | undefined;
}

/** A day (YYYY-MM-DD) as people read it: 29-11-2026. */
const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

/**
 * Each event kind's recipients and texts (lib/notification-events.ts names the kinds). Read in the transaction
 * that tells the event, so what is sent is what the database held when it was told. An event whose subject is
 * gone by then (a deleted product) is told to nobody.
 */
export function notificationKinds({ recipients, publicUrl }: KindOptions): Record<string, DeliveryOf> {
  const link = (path: string, label: string) => (publicUrl ? { url: `${publicUrl}${path}`, label } : undefined);
  const emailsTo = (
    addresses: readonly string[],
    content: EmailContent,
    attachments?: Delivery['emails'][0]['attachments'],
  ) =>
    [...new Set(addresses.map((address) => address.toLowerCase()))].map((to) => ({
      to,
      content,
      ...(attachments ? { attachments } : {}),
    }));
  const emailsOf = (accounts: readonly Account[]) => accounts.map((account) => account.email);
  /** The office, in the app and by email, with one text. */
  const toOffice = async (
    tx: Parameters<DeliveryOf>[0],
    kind: string,
    content: EmailContent,
    path: string,
  ): Promise<Delivery> => {
    const office = await recipients.office(tx);
    return {
      emails: emailsTo(emailsOf(office), { ...content, link: link(path, 'Abrir en Rondín') }),
      inApp: [
        {
          accountIds: office.map((account) => account.id),
          kind,
          title: content.subject,
          body: content.paragraphs[0] ?? '',
          link: path,
        },
      ],
    };
  };

  return {
    message: async (_tx, { payload }) => ({
      emails: emailsTo([text(payload.to)], {
        subject: text(payload.subject),
        heading: text(payload.subject),
        paragraphs: [text(payload.text)],
      }),
    }),

    'certificate-issued': async (tx, { kind, payload }) => {
      const certificate = await recipients.certificate(tx, id(payload.certificateId));
      if (!certificate?.fileId) return { emails: [] };
      const folio =
        certificate.revision > 1 ? `${certificate.folio} (revisión ${certificate.revision})` : certificate.folio;
      const content: EmailContent = {
        subject: `Certificado de servicio ${folio} · ${certificate.siteName}`,
        heading: `Certificado de servicio ${folio}`,
        paragraphs: [
          `Se emitió el certificado del servicio realizado en ${certificate.siteName} el ${day(certificate.issuedAt)}.`,
          'Lo adjuntamos en PDF; su código QR permite comprobar que es auténtico.',
        ],
      };
      const [contacts, portal] = await Promise.all([
        recipients.siteContacts(tx, certificate.siteId, 'notify_certificates'),
        recipients.portalAccounts(tx, certificate.siteId),
      ]);
      const portalPath = `/cliente/sites/${certificate.siteId}`;
      return {
        emails: emailsTo(contacts, content, [
          {
            filename: `certificado-${folio.replace(/\W+/g, '-')}.pdf`,
            contentType: 'application/pdf',
            fileId: certificate.fileId,
          },
        ]),
        inApp: [
          {
            accountIds: portal.map((account) => account.id),
            kind,
            title: content.subject,
            body: content.paragraphs[0]!,
            link: portalPath,
          },
        ],
      };
    },

    'action-opened': async (tx, { kind, payload }) => {
      const action = await recipients.action(tx, id(payload.actionId));
      if (!action) return { emails: [] };
      const sighting = action.origin === 'AVISTAMIENTO';
      const where = action.area ? `${action.siteName}, ${action.area}` : action.siteName;
      const content: EmailContent = {
        subject: sighting ? `Avistamiento en ${where}` : `Acción correctiva abierta en ${where}`,
        heading: sighting ? 'Avistamiento informado por la planta' : 'Umbral de acción superado',
        paragraphs: [
          sighting
            ? `${action.sightingReporter ?? 'La planta'} informó: ${action.description}`
            : `Se abrió una acción correctiva: ${action.description}`,
          `Severidad ${SEVERITY_NAMES[action.severity] ?? action.severity}; plazo hasta el ${day(action.dueDate)}.`,
        ],
      };
      const officePath = `/admin/actions/${action.id}`;
      const portalPath = `/cliente/sites/${action.siteId}`;
      const [office, contacts, portal] = await Promise.all([
        recipients.office(tx),
        recipients.siteContacts(tx, action.siteId, 'notify_actions'),
        recipients.portalAccounts(tx, action.siteId),
      ]);
      return {
        emails: [
          ...emailsTo(emailsOf(office), { ...content, link: link(officePath, 'Ver la acción') }),
          ...emailsTo(
            contacts.filter((address) => !office.some((account) => account.email.toLowerCase() === address)),
            { ...content, link: link(portalPath, 'Ver en el portal') },
          ),
        ],
        // Two links, one per side: the office's accounts and the portal's open different screens.
        inApp: [
          {
            accountIds: office.map((account) => account.id),
            kind,
            title: content.subject,
            body: content.paragraphs[0]!,
            link: officePath,
          },
          {
            accountIds: portal.map((account) => account.id),
            kind,
            title: content.subject,
            body: content.paragraphs[0]!,
            link: portalPath,
          },
        ],
      };
    },

    'recommendation-waiting': async (tx, { kind, payload }) => {
      const action = await recipients.action(tx, id(payload.actionId));
      if (!action || action.acknowledged || action.closed) return { emails: [] };
      const portal = await recipients.portalAccounts(tx, action.siteId);
      const contacts = await recipients.siteContacts(tx, action.siteId, 'notify_actions');
      const path = `/cliente/sites/${action.siteId}`;
      const content: EmailContent = {
        subject: `Recomendación pendiente en ${action.siteName}`,
        heading: 'Una recomendación espera su respuesta',
        paragraphs: [
          `Hace una semana le hicimos esta recomendación y aún no consta como recibida: ${action.description}`,
          `Indíquenos en el portal qué hizo la planta (una nota, fotos). Plazo: ${day(action.dueDate)}.`,
        ],
        link: link(path, 'Responder en el portal'),
      };
      return {
        emails: emailsTo([...emailsOf(portal), ...contacts], content),
        inApp: [
          {
            accountIds: portal.map((account) => account.id),
            kind,
            title: content.subject,
            body: content.paragraphs[0]!,
            link: path,
          },
        ],
      };
    },

    'assessment-due': async (tx, { kind, payload }) => {
      const siteName = await recipients.siteName(tx, id(payload.siteId));
      if (!siteName) return { emails: [] };
      const name = ASSESSMENT_NAMES[text(payload.assessmentKind)] ?? 'evaluación';
      const due = text(payload.dueOn);
      return toOffice(
        tx,
        kind,
        {
          subject: `Evaluación pendiente: ${name} de ${siteName}`,
          heading: `Toca el ${name} de ${siteName}`,
          paragraphs: [
            due ? `El ${name} de ${siteName} vence el ${day(due)}.` : `${siteName} aún no tiene su ${name}.`,
            'Lo firma un responsable técnico.',
          ],
        },
        `/admin/sites/${id(payload.siteId)}`,
      );
    },

    'licence-expiring': async (tx, { kind, payload }) => {
      const name = await recipients.technicianName(tx, id(payload.technicianId));
      if (!name) return { emails: [] };
      return toOffice(
        tx,
        kind,
        {
          subject: `El carné de ${name} vence el ${day(text(payload.expiresOn))}`,
          heading: 'Carné de aplicador por vencer',
          paragraphs: [
            `El carné de aplicador de ${name} vence el ${day(text(payload.expiresOn))}.`,
            'Con el carné vencido no puede aplicar productos.',
          ],
        },
        '/admin/technicians',
      );
    },

    'authorisation-expiring': async (tx, { kind, payload }) => {
      const name = await recipients.productName(tx, id(payload.productId));
      if (!name) return { emails: [] };
      return toOffice(
        tx,
        kind,
        {
          subject: `La autorización de ${name} vence el ${day(text(payload.expiresOn))}`,
          heading: 'Autorización de producto por vencer',
          paragraphs: [
            `La autorización de ${name} vence el ${day(text(payload.expiresOn))}.`,
            'Un producto sin autorización vigente no debe aplicarse.',
          ],
        },
        '/admin/settings',
      );
    },

    'device-alert': async (tx, { kind, payload }) => {
      const alert = await recipients.deviceAlert(tx, id(payload.remoteEventId));
      if (!alert) return { emails: [] };
      const what = REMOTE_EVENT_TYPE_NAMES[alert.type as RemoteEventType] ?? alert.type;
      return toOffice(
        tx,
        kind,
        {
          subject: `${what}: ${alert.trapCode} de ${alert.siteName}`,
          heading: `Mantenimiento de ${alert.trapCode}`,
          paragraphs: [
            `El dispositivo electrónico ${alert.trapCode} de ${alert.siteName} avisó «${what.toLowerCase()}» el ${alert.occurredAt}.`,
            'Revisa el dispositivo en la próxima visita o antes si hace falta.',
          ],
        },
        `/admin/traps/${alert.trapId}`,
      );
    },

    'overdue-digest': async (tx, { kind, payload }) => {
      const { total, orders } = await recipients.overdueOrders(tx, DIGEST_ORDERS);
      if (total === 0) return { emails: [] };
      const lines = orders.map(
        (order) =>
          `${order.siteName}: orden ${order.id}, programada el ${day(order.scheduledAt)}` +
          (order.technicianName ? `, ${order.technicianName}` : ''),
      );
      if (total > orders.length) lines.push(`Y ${total - orders.length} más.`);
      return toOffice(
        tx,
        kind,
        {
          subject: total === 1 ? 'Resumen del día: 1 orden atrasada' : `Resumen del día: ${total} órdenes atrasadas`,
          heading: `Órdenes atrasadas al ${day(text(payload.day))}`,
          paragraphs: [
            total === 1
              ? 'Hay 1 orden sin completar cuya fecha ya pasó.'
              : `Hay ${total} órdenes sin completar cuya fecha ya pasó.`,
            ...lines,
          ],
        },
        '/admin/sessions',
      );
    },

    'webhook-disabled': async (tx, { kind, payload }) =>
      toOffice(
        tx,
        kind,
        {
          subject: 'Un webhook se desactivó por fallar durante 3 días',
          heading: 'Webhook desactivado',
          paragraphs: [
            `El webhook ${text(payload.url)} falló en todos sus intentos desde el ${day(text(payload.failingSince))} y se desactivó: no recibirá más eventos hasta que se active de nuevo.`,
            'Revisa su registro de entregas en Configuración › Integraciones, corrige el sistema que lo recibe y actívalo.',
          ],
        },
        '/admin/settings/integrations',
      ),

    'portal-invitation': async (_tx, { payload }) => {
      const client = text(payload.clientName);
      const expires = text(payload.expiresAt);
      return {
        emails: emailsTo([text(payload.email)], {
          subject: client ? `Invitación al portal de ${client} en Rondín` : 'Invitación al portal de Rondín',
          heading: `Hola${text(payload.name) ? `, ${text(payload.name)}` : ''}`,
          paragraphs: [
            `Le invitamos al portal de Rondín${client ? ` de ${client}` : ''}, donde verá las visitas, certificados, hallazgos y acciones de sus plantas.`,
            `El enlace sirve una sola vez${expires ? `, hasta el ${day(expires)}` : ''}: con él elige su contraseña.`,
          ],
          link: { url: text(payload.invitationUrl), label: 'Elegir mi contraseña' },
        }),
      };
    },
  };
}
