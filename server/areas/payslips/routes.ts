/**
 * Payslips (cedolini, seed B §3): C48 saves the monthly quantities of the customers given and
 * their charges, C49 reads a customer's year by month. The work is in server/areas/payslips/service.ts.
 */
import type { Api, AppDeps } from '../../deps.js';
import { z } from 'zod';
import { PayslipMonths, PayslipsSaved } from '../../../model/api/payslips.js';
import { ERRORS, Scalar, listOf } from '../../routes/schemas.js';
import { payslipYear, savePayslips } from './service.js';

export async function payslipRoutes(api: Api, deps: AppDeps) {
  const tags = ['Cedolini'];

  api.post(
    '/cedolini',
    {
      schema: {
        tags,
        summary: 'C48 Salva i cedolini del mese dei clienti indicati e il loro addebito (quantità 0: li elimina)',
        body: z.looseObject({
          customerData: listOf(z.record(z.string(), Scalar))
            .optional()
            .describe(
              '[{customerId, business_name, cedoliniQuantity, month, year}] (elenco o testo JSON); quantità intera 0–100.000, mese 1–12, anno corrente ± 50',
            ),
        }),
        response: {
          200: z.object({ data: PayslipsSaved }),
          ...ERRORS,
        },
      },
    },
    async (req) => ({ data: await savePayslips(deps.tx, req.ctx, req.body) }),
  );

  api.get(
    '/cedolini',
    {
      schema: {
        tags,
        summary: "C49 Cedolini di un cliente in un anno, per mese (0 dove non c'è nulla)",
        querystring: z.looseObject({
          customer_id: z.union([z.string(), z.number()]).optional().describe('id del cliente'),
          year: z.union([z.string(), z.number()]).optional().describe('anno (predefinito: quello corrente)'),
        }),
        response: { 200: z.object({ data: PayslipMonths }), ...ERRORS },
      },
    },
    async (req) => ({ data: await payslipYear(deps.tx, req.ctx, req.query) }),
  );
}
