/**
 * The calls of 'Redditività' (server/areas/profitability; issue 49 item 5), Admin only: for a period,
 * per customer, studio service or collaborator, the fees charged, what was collected and what is
 * still open, the hours worked, their cost, their value at the services' hourly rates, the margin
 * and the margin per hour; the under-paying rows; what an update of X % of the under-paying
 * customers' fees would bring. One source for the server's schemas, its service's input and the
 * app's types. Amounts in euro (numbers with two decimals, summed in integer cents on the server).
 * The exact definition of each figure: the header of server/areas/profitability/service.ts.
 */
import { z } from 'zod';
import { PROFITABILITY_SORTS, type ProfitabilityGroup } from '../profitability.js';

export {
  MAX_PERIOD_YEARS,
  NO_COLLABORATOR,
  NO_SERVICE,
  PROFITABILITY_GROUPS,
  PROFITABILITY_SORTS,
  type ProfitabilityGroup,
  type ProfitabilitySort,
} from '../profitability.js';

const day = z.string().describe('YYYY-MM-DD');
const euro = z.number().describe('euro');

/**
 * GET /api/profitability (and .csv, .pdf): the query as sent, every value text (a loose object: the
 * service checks each and answers 422 under its field, in Italian).
 */
export const ProfitabilityQuery = z.looseObject({
  from: day.optional().describe("primo giorno del periodo (con `to`; senza entrambi: l'anno in corso)"),
  to: day.optional().describe('ultimo giorno del periodo (al più 3 anni dopo `from`)'),
  group: z.string().optional().describe('customer (default), service o collaborator'),
  customer_id: z.string().optional().describe('solo questo cliente'),
  user_id: z
    .string()
    .optional()
    .describe('solo questo collaboratore (i clienti di cui è il collaboratore contabilità, le sue ore)'),
  studio_service_id: z.string().optional().describe("solo questo servizio ('none': senza servizio)"),
  update_percent: z
    .string()
    .optional()
    .describe('simula un aggiornamento di questa percentuale dei compensi dei clienti sotto-remunerati (0,01–100)'),
  sort: z
    .string()
    .optional()
    .describe(`ordinamento: ${PROFITABILITY_SORTS.join(', ')} (default margin)`),
  order: z.string().optional().describe('asc (default: i margini peggiori prima) o desc'),
});
export type ProfitabilityQuery = z.infer<typeof ProfitabilityQuery>;

/** The filters of 'Redditività' as the app's screen holds them (and sends them). */
export interface ProfitabilityFilter {
  from: string;
  to: string;
  group: ProfitabilityGroup;
  customer_id?: number;
  user_id?: number;
  studio_service_id?: number;
  update_percent?: string;
}

/** What a row (or the totals) sums. */
const Figures = z.object({
  charged: euro.describe('compensi addebitati: Σ importi degli addebiti del periodo (il compenso, senza IVA e cassa)'),
  payable: euro.describe(
    "quanto chiedono gli addebiti del periodo (la regola delle partite aperte: compenso, cassa, IVA, bollo, meno la ritenuta; come l'estratto conto)",
  ),
  collected: euro.describe(
    "incassato: per cliente e collaboratore i pagamenti del periodo (come l'estratto conto); per servizio, o filtrando un servizio, la parte degli addebiti del periodo non più aperta",
  ),
  open: euro.describe('da incassare: quanto degli addebiti del periodo è ancora aperto oggi'),
  minutes: z.number().int().describe('minuti lavorati nel periodo'),
  hours: z.number().describe('ore lavorate (minuti / 60, due decimali)'),
  cost: euro.describe('costo delle ore: minuti × costo orario del collaboratore in vigore quel giorno'),
  value: euro.describe('valore delle ore alla tariffa oraria del servizio in vigore quel giorno'),
  margin: euro.describe('compensi addebitati − costo delle ore'),
  margin_per_hour: euro.nullable().describe('margine / ore; null senza ore'),
  uncosted_minutes: z
    .number()
    .int()
    .describe("minuti di collaboratori senza costo orario in vigore ('costo non indicato')"),
  unrated_minutes: z.number().int().describe('minuti di servizi senza tariffa oraria in vigore'),
});
export type ProfitabilityFigures = z.infer<typeof Figures>;

export const ProfitabilityRow = Figures.extend({
  /** the customer, service or user; null: 'Senza servizio' / 'Senza collaboratore' */
  id: z.number().int().nullable(),
  name: z.string(),
  /** the customer's 'Collaboratore contabilità' (grouping by customer), else null */
  collaborator: z.string().nullable(),
  /** fees below the value of the hours at the services' rates, or a negative margin */
  under_paying: z.boolean(),
  /** the simulated update of this row's fees (under-paying customers, when `update_percent` is given), else null */
  update_amount: euro.nullable(),
});
export type ProfitabilityRow = z.infer<typeof ProfitabilityRow>;

/** GET /api/profitability */
export const Profitability = z.object({
  from: day,
  to: day,
  group: z.enum(['customer', 'service', 'collaborator']),
  /** what 'collected' is in this answer: the payments of the period, or what of the period's charges is settled */
  collected_basis: z.enum(['payments', 'settled']),
  rows: z.array(ProfitabilityRow),
  totals: Figures.extend({ rows: z.number().int(), under_paying: z.number().int() }),
  /** the update of X % of the under-paying customers' fees (always by customer, whatever the grouping) */
  simulation: z
    .object({
      percent: z.number(),
      customers: z.number().int(),
      charged: euro.describe('Σ compensi addebitati dei clienti sotto-remunerati'),
      amount: euro.describe('Σ degli aggiornamenti per cliente, ciascuno arrotondato al centesimo'),
    })
    .nullable(),
});
export type Profitability = z.infer<typeof Profitability>;

/** GET /api/profitability/summary?year= */
export const ProfitabilitySummaryQuery = z.looseObject({
  year: z.string().optional().describe("l'anno (default l'anno in corso)"),
});

export const ProfitabilitySummaryRow = z.object({
  customer_id: z.number().int(),
  business_name: z.string(),
  charged: euro,
  cost: euro,
  margin: euro,
});
export type ProfitabilitySummaryRow = z.infer<typeof ProfitabilitySummaryRow>;

/** The home page's chart: the customers with the best and the worst margins of the year. */
export const ProfitabilitySummary = z.object({
  year: z.number().int(),
  /** up to five, best first */
  best: z.array(ProfitabilitySummaryRow),
  /** up to five not among the best, worst first */
  worst: z.array(ProfitabilitySummaryRow),
  customers: z.number().int().describe('clienti con addebiti o ore nell’anno'),
  margin: euro.describe("margine complessivo dell'anno"),
});
export type ProfitabilitySummary = z.infer<typeof ProfitabilitySummary>;
