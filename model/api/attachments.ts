/** The requests and answers of the files of a record (server/areas/attachments, C75–C79): one source for the server and the app. */
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

/** C75 GET /api/{route}?{ownerColumn}=: the files of one record of the model (`label`), by its model's owner column. */
export const attachmentListQuery = (ownerColumn: string, label: string) =>
  z.looseObject({ [ownerColumn]: z.string().optional().describe(`id dell'elemento (${label})`) });

/** C77 DELETE /api/{route}/{ids}?column=: the files by their ids (the default), or every file of the owners. */
export const attachmentDeleteQuery = (ownerColumn: string) =>
  z.looseObject({ column: z.string().optional().describe(`id (predefinito) o ${ownerColumn}`) });
export type AttachmentDeleteQuery = z.infer<ReturnType<typeof attachmentDeleteQuery>>;

/** C77's answer: how many files went. */
export const AttachmentsDeleted = z.object({ deleted: z.number().int() });
export type AttachmentsDeleted = z.infer<typeof AttachmentsDeleted>;

/** C79 PUT /api/allegato/{id}: description, note (at most 255 characters each) and the mark for deletion. */
export const AttachmentMetaInput = z.looseObject({
  descrizione: z.string().nullish(),
  nota: z.string().nullish(),
  marked_for_deletion: z
    .union([z.boolean(), z.number(), z.string()])
    .optional()
    .describe("segna per l'eliminazione al salvataggio dell'elemento (o toglie il segno)"),
});
export type AttachmentMetaInput = z.infer<typeof AttachmentMetaInput>;
