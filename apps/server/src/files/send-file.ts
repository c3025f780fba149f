/**
 * `inline` with the name twice: plain ASCII for old clients (accents dropped, anything that could end the
 * quoted string or the header replaced) and the real name in UTF-8 (RFC 6266, RFC 8187).
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._()-]/g, '_')
    .trim();
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii || 'archivo'}"; filename*=UTF-8''${encoded}`;
}
