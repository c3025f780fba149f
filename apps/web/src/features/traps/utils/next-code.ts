/**
 * The code that follows `code` in a series: its last number plus one, padded as it was ("TRP-011" → "TRP-012",
 * "TRP-099" → "TRP-100", "A9" → "A10"). A code without a number has no next one: empty.
 */
export function nextCode(code: string): string {
  const match = /^(.*?)(\d+)(\D*)$/.exec(code.trim());
  if (!match) return '';
  const [, before = '', digits = '', after = ''] = match;
  const next = String(Number(digits) + 1).padStart(digits.length, '0');
  return `${before}${next}${after}`;
}
