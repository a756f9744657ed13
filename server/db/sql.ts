/**
 * SQL pieces that know nothing of the models: a quoted identifier, a column of an alias, and an
 * array of ids as one parameter. A leaf module: the areas' queries use it without loading the
 * records engine (which loads the models' hooks, which use the queries).
 */
import { sql } from 'drizzle-orm';

export const ident = (name: string) => sql.identifier(name);
/** pg array literal of validated integer ids: one parameter however many ids (`= ANY(…)`). */
export const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
/** texts as one text[] parameter (each element quoted, `"` and `\` escaped) */
export const textArray = (texts: string[]) =>
  sql`${`{${texts.map((t) => `"${t.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`}::text[]`;
export const col = (alias: string, name: string) => sql`${ident(alias)}.${ident(name)}`;
