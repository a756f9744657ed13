/**
 * Payslips (cedolini, seed B §3): C48 saves the monthly quantities of the customers given and
 * their charges, C49 reads a customer's year by month. The work is in server/areas/payslips/service.ts.
 */
import type { Api, AppDeps } from '../../deps.js';
import { z } from 'zod';
import { PayslipMonths, PayslipsInput, PayslipsQuery, PayslipsSaved } from '../../../model/api/payslips.js';
import { ERRORS } from '../../routes/schemas.js';
import { payslipYear, savePayslips } from './service.js';

export async function payslipRoutes(api: Api, deps: AppDeps) {
  const tags = ['Cedolini'];

  api.post(
    '/cedolini',
    {
      schema: {
        tags,
        summary: 'C48 Salva i cedolini del mese dei clienti indicati e il loro addebito (quantità 0: li elimina)',
        body: PayslipsInput,
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
        querystring: PayslipsQuery,
        response: { 200: z.object({ data: PayslipMonths }), ...ERRORS },
      },
    },
    async (req) => ({ data: await payslipYear(deps.tx, req.ctx, req.query) }),
  );
}
