/**
 * The requests and answers of the customer import (server/areas/customerImport): one source for
 * the server's schemas, its service's input and the app's types (model/customerImport.ts
 * re-exports the types; the app imports types only, so zod stays out of its bundle).
 */
import { z } from 'zod';

const count = z.number().int();

/** The options of a preview or an import (the columns checked against the file's by the service). */
export const ImportOptionsInput = z.looseObject({
  mapping: z
    .record(z.string(), z.string().nullable())
    .optional()
    .describe('campo del cliente → intestazione della colonna del file (o null)'),
  fixed: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe('campo non associato → valore per tutte le righe'),
  duplicates: z
    .enum(['skip', 'update'])
    .optional()
    .describe('clienti già presenti (stessa partita IVA o codice fiscale): saltati o aggiornati'),
});
export type ImportOptionsInput = z.infer<typeof ImportOptionsInput>;

/** A file staged for import: its headers, how many rows, the proposed mapping, the first rows. */
export const ImportStaged = z.object({
  id: z.number().int(),
  file_name: z.string(),
  format: z.enum(['csv', 'xlsx']),
  encoding: z.string().nullable(),
  separator: z.string().nullable(),
  headers: z.array(z.string()),
  row_count: count,
  mapping: z.record(z.string(), z.string().nullable()),
  sample: z.array(z.array(z.string())),
});
export type ImportStaged = z.infer<typeof ImportStaged>;

/** One import of the 'Importazioni' list. */
export const ImportListRow = z.object({
  id: z.number().int(),
  user_name: z.string(),
  file_name: z.string(),
  file_format: z.string(),
  status: z.enum(['imported', 'undone']),
  row_count: count,
  created_count: count,
  updated_count: count,
  skipped_count: count,
  invalid_count: count,
  created_at: z.string(),
  imported_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  undone_by: z.string().nullable(),
});
export type ImportListRow = z.infer<typeof ImportListRow>;

/** An import undone: the customers it created trashed, those it updated restored. */
export const ImportUndone = z.object({ id: z.number().int(), trashed: count, restored: count });
export type ImportUndone = z.infer<typeof ImportUndone>;
