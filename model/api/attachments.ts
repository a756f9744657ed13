/** The answer of the files of a record (server/areas/attachments, C75, C76, C79): one source for the server and the app. */
import { z } from 'zod';

/** A file of a record. */
export const AttachmentRow = z
  .object({
    id: z.number().int(),
    original_filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    descrizione: z.string().nullable(),
    nota: z.string().nullable(),
    marked_for_deletion: z.boolean(),
    created_at: z.string(),
  })
  .describe('Allegato');
export type AttachmentRow = z.infer<typeof AttachmentRow>;
