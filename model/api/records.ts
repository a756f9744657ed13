/**
 * The generic table's answers (server/records, C14 list): what a list call says besides its rows —
 * the page (`meta`) and what the user may do with the model and with each row (`item_meta_data`).
 * One source for the server's answer schema and the app's types (imported as types only by the app).
 * Also what the areas' requests share: a scalar form value, a list or its JSON text, ids, a choice.
 */
import { z } from 'zod';

/** What the user may do with a row: every row's flags, overridden per row in `items`. */
export const ItemFlags = z.object({
  is_selectable: z.boolean(),
  is_erasable: z.boolean(),
  disable_edit_item: z.boolean(),
});
export type ItemFlags = z.infer<typeof ItemFlags>;

export const ItemMetaData = ItemFlags.extend({
  can_add_new: z.boolean(),
  /** the field whose value a row shows expanded under it, if any */
  expand_field: z.string().nullable(),
  /** by row id: the flags that differ from the list's (e.g. a trashed row the user may not erase) */
  items: z.record(z.string(), ItemFlags.partial()),
});
export type ItemMetaData = z.infer<typeof ItemMetaData>;

/** The page of a list: its total and where this page is. */
export const ListMeta = z.object({
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
});
export type ListMeta = z.infer<typeof ListMeta>;

// ---------------------------------------------------------------------------------------------
// What the areas' requests share

/**
 * A form value the server checks itself, with its own Italian message on the field (a number, a
 * date, a code): text, a number, true/false or null — never an object or a list, which the
 * schema refuses before the route runs ('Corpo della richiesta non valido').
 */
export const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Scalar = z.infer<typeof Scalar>;

/** A list of such values given as a list or as its JSON text (e.g. `[{id, year}]` of a bulk action). */
export const listOf = <T extends z.ZodType>(item: T) => z.union([z.array(item), z.string()]);

/** Ids of records in a body: a list (of numbers or their text), its JSON text, or one id. */
export const IdsInput = z.union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()]);
export type IdsInput = z.infer<typeof IdsInput>;

/** A choice of a select as the seeds answer it (C12, C58, the credit's kinds): its value and text. */
export const Choice = z.object({ value: z.string(), text: z.string() });
export type Choice = z.infer<typeof Choice>;

/**
 * The fingerprint of a preview (SDD batch, invoicing), to send back with the run that confirms it:
 * the first 32 hexadecimal characters of a SHA-256 of what the preview read.
 */
export const FINGERPRINT_LENGTH = 32;
export const Fingerprint = z.string().max(FINGERPRINT_LENGTH).describe("l'impronta data dall'anteprima confermata");
