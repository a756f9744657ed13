/**
 * The studio's documents for its customers (seed A §7, PRODUCT.md §6): payment notices (C21,
 * C22), contracts (C27, C28), account statements (C29, C30), the transfer letter (C33).
 * Validation with the seed's Italian messages (every field's at once), the data read in a few
 * statements of the caller's studio (another studio's customer or service: 404).
 */
import type { Ctx } from '../../auth/context.js';
import { can } from '../../auth/context.js';
import type { Exec } from '../../records/exec.js';
import { HttpError, MSG, fieldChecks, forbidden, notFound } from '../../errors.js';
import { getModel } from '../../../model/registry.js';
import { fieldValidators } from '../../../model/validate.js';
import { MESSAGES } from '../../../model/types.js';
import { oneId } from '../../records/ids.js';
import { fromCents, toCents } from '../../../model/money.js';
import { accountBalances, customerIds, statementPeriod } from '../accounts/index.js';
import { customerFee, customersOf, legalRepresentativeOf, serviceOf, studioData, studioManager } from './queries.js';
import type { ContractData } from './contract.js';
import type { TransferLetterData } from './transferLetter.js';
import type { BollettinoData } from './bollettino.js';
import type { AccountBalanceData } from './statement.js';
import type {
  AccountBalancesQuery,
  BollettinoMailInput,
  BollettinoQuery,
  ContractQuery,
  TransferLetterQuery,
} from '../../../model/api/documents.js';

const invalid = (errors: Record<string, string[]>) => new HttpError(422, MSG.validation, errors);

/** Collaboratore and above: those who see the customers print for them. */
function allow(ctx: Ctx) {
  if (!can(ctx, getModel('Customer'), 'view')) throw forbidden();
}

/** The amount of a document: required, > 0, money (the movement's rules and messages). */
function amountOf(raw: unknown, field: string): number {
  const value = typeof raw === 'string' ? raw.trim().replace(',', '.') : raw;
  const message = fieldValidators(getModel('Transaction').fields.amount!, 'create')
    .map((check) => check(value))
    .find(Boolean);
  if (message) throw invalid({ [field]: [message] });
  return fromCents(toCents(value as number | string));
}

function idOf(raw: unknown, field: string): number {
  const id = oneId(raw);
  if (id === null)
    throw invalid({
      [field]: [raw === undefined || raw === null || raw === '' ? 'Campo Obbligatorio' : 'Elemento non valido'],
    });
  return id;
}

/** C20–C22: one payment notice per chosen customer (by name), or 422/404 before anything is made. */
export async function bollettini(
  exec: Exec,
  ctx: Ctx,
  q: BollettinoQuery | BollettinoMailInput,
): Promise<BollettinoData[]> {
  allow(ctx);
  const checks = fieldChecks();
  const ids = checks.take(() => customerIds(q.customers_ids, 'customers_ids'));
  const serviceId = checks.take(() => idOf(q.studio_service_id, 'studio_service_id'));
  const amount = checks.take(() => amountOf(q.amount, 'amount'));
  checks.done();
  const service = await serviceOf(exec, ctx.studioId, serviceId!);
  const customers = await customersOf(exec, ctx.studioId, ids!);
  const studio = await studioData(exec, ctx.studioId);
  if (!service || customers.length !== ids!.length) throw notFound();
  const iban = service.bank_iban ?? studio.iban;
  if (!iban) {
    throw new HttpError(422, "Manca l'IBAN: indicalo nel conto bancario del servizio o nei dati dello studio", {
      studio_service_id: ["Manca l'IBAN del conto bancario del servizio e dello studio"],
    });
  }
  const beneficiary = studio.name ?? ctx.studioName;
  return customers.map((customer) => ({
    studio,
    customer,
    service: { description: service.description, cod: service.cod },
    amount: amount!,
    iban,
    beneficiary,
  }));
}

/** C29, C30: the account statement of each chosen customer (by name) for the period. */
export async function accountStatements(exec: Exec, ctx: Ctx, q: AccountBalancesQuery): Promise<AccountBalanceData[]> {
  if (!can(ctx, getModel('Transaction'), 'view')) throw forbidden();
  const checks = fieldChecks();
  const ids = checks.take(() => customerIds(q.customer_ids, 'customer_ids')) ?? [];
  const period = checks.take(() => statementPeriod(q));
  checks.done();
  const { from, to } = period!;
  const customers = await customersOf(exec, ctx.studioId, ids);
  if (customers.length !== ids.length) throw notFound();
  const studio = await studioData(exec, ctx.studioId);
  const balances = await accountBalances(exec, ctx, ids, from, to);
  return customers.map((customer) => ({ studio, customer, balance: balances.get(customer.id)!, from, to }));
}

/** C33: the transfer letter of exactly one customer for an amount, to the studio's IBAN. */
export async function transferLetter(exec: Exec, ctx: Ctx, q: TransferLetterQuery): Promise<TransferLetterData> {
  allow(ctx);
  const checks = fieldChecks();
  const ids = checks.take(() => customerIds(q.customers_ids, 'customers_ids')) ?? [];
  if (ids.length > 1) checks.add('customers_ids', MESSAGES.oneCustomer);
  const amount = checks.take(() => amountOf(q.amount, 'amount')) ?? 0;
  checks.done();
  const [customer] = await customersOf(exec, ctx.studioId, ids);
  if (!customer) throw notFound();
  const studio = await studioData(exec, ctx.studioId);
  if (!studio.iban) throw new HttpError(422, "Manca l'IBAN dello studio: completalo nei dati dello studio");
  return { studio, customer, representative: await legalRepresentativeOf(exec, ctx.studioId, customer.id), amount };
}

/** the studio's data a contract prints (the manager, the Ordine, where it is signed) */
const CONTRACT_STUDIO_FIELDS = [
  'manager_title',
  'manager_name',
  'manager_surname',
  'manager_cf',
  'manager_birth_date',
  'manager_birth_city',
  'manager_ordine_commercialisti_name',
  'manager_ordine_commercialisti_city',
  'manager_ordine_commercialisti_number',
  'sign_city',
] as const;

/**
 * C27, C28: the engagement letter of exactly one customer. Missing mandatory data (the studio's
 * manager, the customer's address and tax ids, its fee) or no legal representative: 422 naming
 * what is missing.
 */
export async function contract(exec: Exec, ctx: Ctx, q: ContractQuery): Promise<ContractData> {
  allow(ctx);
  const raw = q.customer_id ?? q.customer_ids;
  let ids: number[] = [];
  try {
    ids = customerIds(raw, 'customer_id');
  } catch (e) {
    if (e instanceof HttpError && e.errors) throw invalid({ customer_id: e.errors[Object.keys(e.errors)[0]!]! });
    throw e;
  }
  if (ids.length !== 1) throw invalid({ customer_id: [MESSAGES.oneCustomer] });
  const [customer] = await customersOf(exec, ctx.studioId, ids);
  if (!customer) throw notFound();
  const studio = await studioData(exec, ctx.studioId);
  const manager = await studioManager(exec, ctx.studioId);
  const representative = await legalRepresentativeOf(exec, ctx.studioId, customer.id);
  const fee = await customerFee(exec, ctx.studioId, customer.id);
  const studioLabels = getModel('Studio').fields;
  const customerLabels = getModel('Customer').fields;
  const missing = [
    ...CONTRACT_STUDIO_FIELDS.filter((f) => !manager[f]).map((f) => `${studioLabels[f]?.label ?? f} (studio)`),
    ...(!studio.address ? [`${studioLabels.address?.label ?? 'Indirizzo'} (studio)`] : []),
    ...(!customer.address ? [`${customerLabels.address?.label ?? 'Indirizzo'} (cliente)`] : []),
    ...(!customer.city ? [`${customerLabels.city?.label ?? 'Città'} (cliente)`] : []),
    ...(!customer.vat_id && !customer.fiscal_code ? ['Partita IVA o codice fiscale (cliente)'] : []),
    ...(!(fee.amount > 0) ? [`${customerLabels.yearly_accounting_amount?.label ?? 'Tariffa annuale'} (cliente)`] : []),
    ...(!representative || !representative.name ? ['Legale rappresentante (cliente)'] : []),
  ];
  if (missing.length)
    throw new HttpError(422, `Dati mancanti per il contratto: ${missing.join(', ')}`, { customer_id: missing });
  return { studio, manager, customer, representative: representative!, fee };
}
