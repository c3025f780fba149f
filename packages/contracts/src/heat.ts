// No zod here: the plan screens import this module alone (@rondin/contracts/heat) to colour the heat map as
// the printed map does.

/**
 * A device's heat on a plan over a period, from its inspections (current finding versions) in it:
 * - SIN_DATOS: no inspection in the period (an exception, a device not found or not reached, is not one);
 * - SIN_ACTIVIDAD: inspected, with no activity and no capture;
 * - BAJA: some activity or some capture, less than MEDIA;
 * - MEDIA: activity in at least one inspection in five (20 %), or at least 1 capture per device-week;
 * - ALTA: activity in at least half of the inspections (50 %), or at least 5 captures per device-week.
 * Said the same way on screen, in the map PDF and in the API's description: an auditor can redo it by hand.
 */
export const HEAT_CLASSES = ['SIN_DATOS', 'SIN_ACTIVIDAD', 'BAJA', 'MEDIA', 'ALTA'] as const;
export type HeatClass = (typeof HEAT_CLASSES)[number];

/** Where MEDIA and ALTA begin: a share of inspections with activity, or captures per device-week. */
export const HEAT_LIMITS = {
  MEDIA: { activityShare: 0.2, capturesPerWeek: 1 },
  ALTA: { activityShare: 0.5, capturesPerWeek: 5 },
} as const;

/**
 * One colour scale for the screen and the printed map: ColorBrewer's YlOrRd, sequential and safe for the
 * common colour blindnesses (it varies in lightness, so a grey copy keeps the order), with grey for "no data".
 * `text` is the colour a marker's number is written in on that fill. Never colour alone: the class's name is
 * written beside it in every legend and table, and in each marker's accessible name.
 */
export const HEAT_STYLES: Record<HeatClass, { label: string; description: string; color: string; text: string }> = {
  SIN_DATOS: {
    label: 'Sin datos',
    description: 'Sin inspecciones en el período.',
    color: '#bdbdbd',
    text: '#1a1a1a',
  },
  SIN_ACTIVIDAD: {
    label: 'Sin actividad',
    description: 'Inspeccionado, sin actividad ni capturas.',
    color: '#ffffb2',
    text: '#1a1a1a',
  },
  BAJA: {
    label: 'Baja',
    description: 'Alguna actividad o captura, menos que media.',
    color: '#fecc5c',
    text: '#1a1a1a',
  },
  MEDIA: {
    label: 'Media',
    description: 'Actividad en el 20 % o más de las inspecciones, o 1 captura o más por semana.',
    color: '#fd8d3c',
    text: '#1a1a1a',
  },
  ALTA: {
    label: 'Alta',
    description: 'Actividad en el 50 % o más de las inspecciones, o 5 capturas o más por semana.',
    color: '#bd0026',
    text: '#ffffff',
  },
};
