// No zod here: the products and applications screens import this module alone (@rondin/contracts/product-names)
// for the lists and names they offer, the same the server accepts, without zod reaching the browser
// (docs/decisions/0004).

/** Who may use it: PROFESIONAL (any trained worker) or ESPECIALIZADO (profesional especializado). */
export const USER_CATEGORIES = ['PROFESIONAL', 'ESPECIALIZADO'] as const;
export const USER_CATEGORY_LABELS: Record<(typeof USER_CATEGORIES)[number], string> = {
  PROFESIONAL: 'Profesional',
  ESPECIALIZADO: 'Profesional especializado',
};

export const PRODUCT_DOCUMENT_KINDS = ['sds', 'label'] as const;
export const PRODUCT_DOCUMENT_LABELS: Record<(typeof PRODUCT_DOCUMENT_KINDS)[number], string> = {
  sds: 'Ficha de datos de seguridad',
  label: 'Etiqueta',
};

/** Units a quantity applied is given in. */
export const APPLICATION_UNITS = ['g', 'kg', 'ml', 'l', 'unidades'] as const;

/** Methods the screens offer; any other text is accepted. */
export const APPLICATION_METHODS = [
  'Cebo en portacebos',
  'Gel en puntos',
  'Pulverización',
  'Nebulización',
  'Espolvoreo',
  'Trampeo',
] as const;
