import { z } from 'zod';

/**
 * Validation messages reach users as they are, so every zod issue must read as Spanish. Schemas in this
 * package give their own sentence where a field has a rule; everything else falls back to zod's Spanish
 * locale, prefixed with the field so a message such as "se esperaba número" says which field it means.
 */
export function installSpanishErrors(): void {
  const spanish = z.locales.es();
  z.config({
    localeError: (issue) => {
      const fallback = spanish.localeError(issue);
      const text = typeof fallback === 'string' ? fallback : (fallback?.message ?? 'Valor inválido');
      const field = (issue.path ?? []).join('.');
      return field ? `«${field}»: ${text}` : text;
    },
  });
}
