/**
 * The calls of SdI (server/areas/sdi; issue 28): the intermediary of this server, 'Invia a SdI',
 * an invoice's status with its events, and the intermediary's webhook. One source for the server's
 * schemas, its service's input and the app's types (imported as types only by the app).
 */
import { z } from 'zod';
import { Scalar } from './records.js';

/** Invoices one 'Invia a SdI' sends at most. */
export const SDI_MAX_SEND = 1000;

/** GET /api/sdi/channel: the simulator (nothing really reaches SdI), A-Cube, or none. */
export const SdiChannel = z.object({ channel: z.enum(['simulator', 'acube']).nullable() });
export type SdiChannel = z.infer<typeof SdiChannel>;

/** POST /api/sdi/send: the invoices to send (the service answers 422 on `ids` beyond 1 to SDI_MAX_SEND). */
export const SdiSendInput = z.looseObject({
  ids: z
    .union([z.array(Scalar), z.string(), z.number()])
    .optional()
    .describe(`id delle fatture (al più ${SDI_MAX_SEND})`),
});
export type SdiSendInput = z.infer<typeof SdiSendInput>;

/** POST /api/sdi/send's answer (202): how many files were queued, and through which intermediary. */
export const SdiSent = z.object({ queued: z.number(), channel: z.string() });
export type SdiSent = z.infer<typeof SdiSent>;

/** An event of an invoice's life: its file sent, refused by the intermediary, a courtesy copy, or a notification of SdI. */
export const SdiEvent = z.object({
  id: z.number(),
  kind: z.string().describe('invio, errore, copia, o il tipo della notifica SdI: RC, NS, MC, NE, DT, AT'),
  at: z.string().describe("ora locale dello studio, 'YYYY-MM-DDTHH:MM:SS'"),
  description: z.string().nullable(),
  errors: z.array(z.object({ code: z.string(), description: z.string() })),
  file_name: z.string().nullable(),
  has_xml: z.boolean(),
});
export type SdiEvent = z.infer<typeof SdiEvent>;

/** GET /api/sdi/edocument/:id: the invoice's SdI status and its events, oldest first. */
export const SdiTimeline = z.object({ status: z.string(), events: z.array(SdiEvent) });
export type SdiTimeline = z.infer<typeof SdiTimeline>;

// ---------------------------------------------------------------------------------------------
// The webhook of A-Cube (https://docs.acubeapi.com/documentation/gov-it/webhooks)

/** A value A-Cube may give as an object or as its JSON text. */
const objectOrJson = <T extends z.ZodType>(shape: T) => z.union([shape, z.string()]);

/**
 * A notification of SdI about an invoice sent, as A-Cube renders it (govit/tag/Notification):
 * only `invoice_uuid` is read, the rest is SdI's notification itself.
 */
const AcubeNotification = z.looseObject({
  uuid: z.string().nullish(),
  invoice_uuid: z.string().nullish().describe('la fattura inviata (il suo uuid in A-Cube)'),
  created_at: z.string().nullish(),
  type: z.string().nullish().describe('RC, NS, MC, NE, DT, AT'),
  file_name: z.string().nullish(),
  message: objectOrJson(z.looseObject({})).nullish().describe('la notifica di SdI (snake_case), oggetto o testo JSON'),
  downloaded: z.boolean().nullish(),
});

/**
 * One event A-Cube posts: `customer-notification` is `{ notification: {…}, invoice: {…} }` (its
 * documentation's payload); the invoice's uuid may also come as `invoice_uuid` or `invoice.uuid`.
 * Unknown fields are kept (A-Cube may add some).
 */
const AcubeWebhookEvent = z.looseObject({
  notification: objectOrJson(AcubeNotification).optional(),
  invoice: objectOrJson(z.looseObject({ uuid: z.string().nullish() })).optional(),
  invoice_uuid: z.string().nullish(),
});

/** POST /api/sdi/webhook/acube: one event, a list of them, or the event as JSON text. */
export const AcubeWebhookBody = z.union([AcubeWebhookEvent, z.array(AcubeWebhookEvent), z.string()]);
export type AcubeWebhookBody = z.infer<typeof AcubeWebhookBody>;

/** The webhook's answer: how many of this server's files the notification was about (200, else A-Cube retries). */
export const AcubeWebhookAnswer = z.object({ files: z.number() });
