import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A user's text as a LIKE pattern that matches it literally: %, _ and \ lose their special meaning. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function pageWindow(query: { page?: number | undefined; pageSize?: number | undefined }, defaultSize: number) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * Accent- and case-folding, the same in SQL and here: `translate` maps the accented letters of Spanish,
 * Portuguese and French, upper and lower case, to their plain letter (ñ to n: a phone without the key types n),
 * after `lower`. Upper-case accented letters are listed because `lower` leaves them alone under the C locale.
 * `translate` costs about ten times `lower` a row (it walks the list for every character), so text of plain
 * ASCII, as most device codes are, is only lowered. The SQL is written out (no function) so the expression
 * indexes match the queries.
 */
const ACCENTED = 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç';
const PLAIN = 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc';
const PLAIN_OF = new Map([...ACCENTED].map((character, index) => [character, PLAIN[index]!]));

/** `column` folded in SQL: what the search's expression indexes hold. */
export function folded(column: SQLWrapper): SQL {
  return sql`(case when octet_length(${column}) = length(${column}) then lower(${column}) else translate(lower(${column}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}) end)`;
}

/** `text` folded as `folded` folds a column. */
export function foldText(text: string): string {
  return [...text.toLowerCase()].map((character) => PLAIN_OF.get(character) ?? character).join('');
}

/** A LIKE pattern of folded text: `%`, `_` and `\` are escaped. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
