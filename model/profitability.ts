/**
 * What 'Redditività' (issue 49 item 5) names the same in the browser and on the server, without zod
 * (the app imports it; the call's shapes are model/api/profitability.ts): the groupings, the sorts,
 * the longest period, the names of the rows without a service or a collaborator.
 */
export const PROFITABILITY_GROUPS = [
  { value: 'customer', text: 'Cliente' },
  { value: 'service', text: 'Servizio' },
  { value: 'collaborator', text: 'Collaboratore' },
] as const;
export type ProfitabilityGroup = (typeof PROFITABILITY_GROUPS)[number]['value'];

/** The columns a table of 'Redditività' may be sorted by. */
export const PROFITABILITY_SORTS = [
  'name',
  'charged',
  'collected',
  'open',
  'minutes',
  'cost',
  'value',
  'margin',
  'margin_per_hour',
] as const;
export type ProfitabilitySort = (typeof PROFITABILITY_SORTS)[number];

/** The longest period asked, in years. */
export const MAX_PERIOD_YEARS = 3;

/** The names of the rows with no service, no collaborator. */
export const NO_SERVICE = 'Senza servizio';
export const NO_COLLABORATOR = 'Senza collaboratore';
