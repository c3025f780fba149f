import { LabelReprintMessages } from '@rondin/contracts/messages';

/** The label reprint queue's texts: devices whose label a technician could not read. */
export const LABEL_REPRINT_MESSAGES = {
  title: 'Reimpresión de etiquetas',
  subtitle:
    'Dispositivos cuya etiqueta no se pudo leer: el técnico escribió su código impreso. Imprime sus etiquetas y reemplázalas en la próxima visita.',
  caption: 'Etiquetas por reimprimir',
  printAll: 'Imprimir todas',
  printing: 'Imprimiendo…',
  printed: (count: number) =>
    count === 1 ? 'Hoja con 1 etiqueta descargada.' : `Hoja con ${count} etiquetas descargada.`,
  printFailed: 'No se pudo imprimir la hoja de etiquetas.',
  empty: `${LabelReprintMessages.noneToPrint} Aparecerán aquí cuando un técnico registre un dispositivo por su código escrito.`,
  loading: 'Cargando etiquetas por reimprimir…',
  loadFailed: 'No se pudieron cargar las etiquetas por reimprimir.',
  pending: (count: number) => (count === 1 ? '1 etiqueta pendiente' : `${count} etiquetas pendientes`),
  columns: ['Dispositivo', 'Área', 'Sitio', 'Motivo', 'Pedida por', 'Orden'],
  noArea: 'Sin área',
  order: (id: number) => `#${id}`,
  requested: (who: string, when: string) => `${who} · ${when}`,
  nobody: 'Cuenta eliminada',
} as const;
