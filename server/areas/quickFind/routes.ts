/**
 * Quick find (issue 16 item 3): `GET /api/quick_find?q=` — the app bar's search box (Ctrl+K).
 * The caller's studio's customers (name, VAT number, fiscal code, e-mail), legal representatives
 * (name, surname, fiscal code) and e-invoices (number, or number/year), each kind only when the
 * caller's role may read it, at most 8 of each, with the client route that opens the record.
 */
import { z } from 'zod';
import { QUICK_FIND_MAX, QUICK_FIND_MIN, QuickFindHit, QuickFindQuery } from '../../../model/api/quickFind.js';
import type { Api, AppDeps } from '../../deps.js';
import { getModel } from '../../../model/registry.js';
import { can } from '../../auth/context.js';
import { HttpError, MSG } from '../../errors.js';
import { findCustomers, findEDocuments, findLegalRepresentatives, quickFindTerms } from './queries.js';
import { ERRORS } from '../../routes/schemas.js';

/** the kinds, in the order the answer groups them, with the model whose read right they need */
const KINDS = [
  { model: 'Customer', find: findCustomers },
  { model: 'LegalRepresentative', find: findLegalRepresentatives },
  { model: 'EDocument', find: findEDocuments },
] as const;

export async function quickFindRoutes(api: Api, deps: AppDeps) {
  api.get(
    '/quick_find',
    {
      schema: {
        tags: ['Ricerca'],
        summary:
          'Ricerca rapida: clienti, legali rappresentanti e fatture elettroniche dello studio (al massimo 8 per tipo)',
        querystring: QuickFindQuery,
        response: { 200: z.object({ data: z.array(QuickFindHit) }), ...ERRORS },
      },
    },
    async (req) => {
      const text = (req.query.q ?? '').trim();
      if (text.length < QUICK_FIND_MIN)
        throw new HttpError(422, MSG.validation, { q: [`Scrivi almeno ${QUICK_FIND_MIN} caratteri`] });
      if (text.length > QUICK_FIND_MAX)
        throw new HttpError(422, MSG.validation, { q: [`Scrivi al massimo ${QUICK_FIND_MAX} caratteri`] });
      if (text.includes('\u0000')) throw new HttpError(422, MSG.validation, { q: ['Testo di ricerca non valido'] });
      const terms = quickFindTerms(text);
      const ctx = req.ctx;
      // one query per kind the role may read (side by side on PostgreSQL's pool), grouped in KINDS' order
      const groups = await Promise.all(
        KINDS.map((k) => (can(ctx, getModel(k.model), 'view') ? k.find(deps.exec, ctx, terms) : [])),
      );
      return { data: groups.flat() };
    },
  );
}
