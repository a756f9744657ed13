/** The requests and answers of the payslips (server/areas/payslips, C48, C49): one source for the server and the app. */
import { z } from 'zod';
import { Scalar, listOf } from './records.js';

/** C48 POST /api/cedolini: each entry checked by the service, with its Italian message. */
export const PayslipsInput = z.looseObject({
  customerData: listOf(z.record(z.string(), Scalar))
    .optional()
    .describe(
      '[{customerId, business_name, cedoliniQuantity, month, year}] (elenco o testo JSON); quantità intera 0–100.000, mese 1–12, anno corrente ± 50',
    ),
});
export type PayslipsInput = z.infer<typeof PayslipsInput>;

/** C49 GET /api/cedolini: the customer and the year (the current one when missing). */
export const PayslipsQuery = z.looseObject({
  customer_id: z.union([z.string(), z.number()]).optional().describe('id del cliente'),
  year: z.union([z.string(), z.number()]).optional().describe('anno (predefinito: quello corrente)'),
});
export type PayslipsQuery = z.infer<typeof PayslipsQuery>;

/** C48: how many monthly entries were saved and how many removed (quantity 0). */
export const PayslipsSaved = z.object({ saved: z.number().int(), removed: z.number().int() });
export type PayslipsSaved = z.infer<typeof PayslipsSaved>;

/** C49: a customer's quantities of a year by month, '1'…'12' (0 where there is none). */
export const PayslipMonths = z.object(
  Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), z.number().int()])) as Record<
    string,
    z.ZodNumber
  >,
);
export type PayslipMonths = z.infer<typeof PayslipMonths>;
