/**
 * The studio's call of what a customer opened in the area (issue 50 item 3):
 * - GET /api/customer/{id}/portal/openings  each document the studio sends that the customer's
 *   people downloaded (openings.ts), the latest first, named in words — 'Fattura n. 12 del
 *   30-11-2026 (PDF)', 'Estratto conto', 'Avviso di pagamento: Addebito – Rata 2/2 2026', the AML
 *   declaration's title, 'Mandato SEPA firmato (rif. …)' — with the first and the last opening, how
 *   many times and who opened it first.
 * Collaboratore and above, as the area's other calls; another studio's customer is not found.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import type { Ctx } from '../../auth/context.js';
import { ERRORS } from '../../routes/schemas.js';
import { atLeast } from '../../../model/define.js';
import { forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import { PortalOpening } from '../../../model/api/portalDocuments.js';
import { movementText } from '../documents/index.js';
import { portalCustomer } from './queries.js';
import { openingRows, type OpeningKind, type OpeningRow } from './openingQueries.js';
import { acceptancesNamed, invoicesNamed, mandatesNamed, movementsNamed } from './invoiceQueries.js';
import { invoiceTitle } from './sentDocuments.js';

/** The distinct documents of these kinds among the openings. */
const refsOf = (rows: OpeningRow[], ...kinds: OpeningKind[]) => [
  ...new Set(rows.filter((r) => kinds.includes(r.kind)).map((r) => r.ref_id)),
];

/** GET /api/customer/{id}/portal/openings (see the file's comment). */
export async function customerOpenings(deps: AppDeps, ctx: Ctx, raw: unknown): Promise<PortalOpening[]> {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
  const c = await portalCustomer(deps.exec, ctx.studioId, pathId(raw));
  if (!c) throw notFound();
  const rows = await openingRows(deps.exec, ctx.studioId, c.id);
  const invoices = await invoicesNamed(deps.exec, ctx.studioId, c.id, refsOf(rows, 'fattura_pdf', 'fattura_xml'));
  const moves = await movementsNamed(deps.exec, ctx.studioId, c.id, refsOf(rows, 'avviso'));
  const declarations = await acceptancesNamed(deps.exec, ctx.studioId, c.id, refsOf(rows, 'dichiarazione'));
  const mandates = await mandatesNamed(deps.exec, ctx.studioId, c.id, refsOf(rows, 'mandato'));
  const describe = (r: OpeningRow): string => {
    switch (r.kind) {
      case 'fattura_pdf':
      case 'fattura_xml': {
        const format = r.kind === 'fattura_pdf' ? 'PDF' : 'XML';
        const inv = invoices.get(r.ref_id);
        return inv ? `${invoiceTitle(inv)} (${format})` : `Fattura eliminata (${format})`;
      }
      case 'estratto':
        return 'Estratto conto';
      case 'avviso': {
        const m = moves.get(r.ref_id);
        return m ? `Avviso di pagamento: ${movementText(m)}` : 'Avviso di pagamento (movimento eliminato)';
      }
      case 'dichiarazione':
        return declarations.get(r.ref_id) ?? 'Dichiarazione antiriciclaggio';
      case 'mandato': {
        const reference = mandates.get(r.ref_id);
        return reference ? `Mandato SEPA firmato (rif. ${reference})` : 'Mandato SEPA firmato';
      }
    }
  };
  return rows.map((r) => ({ ...r, description: describe(r) }));
}

export async function portalOpeningRoutes(api: Api, deps: AppDeps): Promise<void> {
  api.get(
    '/customer/:id/portal/openings',
    {
      schema: {
        tags: ['Area clienti'],
        summary:
          "I documenti dello studio aperti dal cliente nell'area clienti (fatture, estratto conto, avvisi di pagamento, dichiarazioni, mandati): prima e ultima apertura, quante volte, da chi",
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ data: z.array(PortalOpening) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await customerOpenings(deps, req.ctx, req.params.id) }),
  );
}
