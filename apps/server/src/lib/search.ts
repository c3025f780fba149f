/** A user's text as a LIKE pattern that matches it literally: %, _ and \ lose their special meaning. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function pageWindow(query: { page?: number | undefined; pageSize?: number | undefined }, defaultSize: number) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}
