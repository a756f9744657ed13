/**
 * The generic table's answers (server/records, C14 list): what a list call says besides its rows —
 * the page (`meta`) and what the user may do with the model and with each row (`item_meta_data`).
 * One source for the server's answer schema and the app's types (imported as types only by the app).
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
