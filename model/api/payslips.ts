/** The answers of the payslips (server/areas/payslips, C48, C49): one source for the server and the app. */
import { z } from 'zod';

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
