/** The largest plan image the server takes (PLAN_IMAGE_MAX_BYTES in the contracts, which the browser cannot import). */
export const PLAN_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** The image types the server takes (PLAN_IMAGE_TYPES); a PDF is turned into one of them first. */
export const PLAN_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];
export const PDF_TYPE = 'application/pdf';

/** What a chosen file is, by its type or, when the system gave none, its name. */
export function planFileKind(file: File): 'image' | 'pdf' | null {
  const type = file.type.toLowerCase();
  if (PLAN_IMAGE_TYPES.includes(type)) return 'image';
  if (type === PDF_TYPE) return 'pdf';
  if (type) return null;
  const extension = file.name.toLowerCase().split('.').pop();
  if (extension === 'pdf') return 'pdf';
  return extension && ['png', 'jpg', 'jpeg', 'webp'].includes(extension) ? 'image' : null;
}

/** A plan's name from its file: the name without extension, separators as spaces, at most 120 characters. */
export function nameFromFile(fileName: string): string {
  return fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
}
