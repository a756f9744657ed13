/** What the payslip (cedolini) screens share: the seed's constants and the Italian month names. */
import { currentYear } from '../../../model/dates';
export { currentMonth } from '../../../model/dates';

/** payslip year lists: 50 years before to 50 years after the current one (seed B constants) */
export const PAYSLIP_YEARS = 50;
export const QUANTITY_MAX = 100_000;
export const MONTHS = [
  'Gennaio',
  'Febbraio',
  'Marzo',
  'Aprile',
  'Maggio',
  'Giugno',
  'Luglio',
  'Agosto',
  'Settembre',
  'Ottobre',
  'Novembre',
  'Dicembre',
] as const;
export const payslipYears = () => {
  const y = currentYear();
  return Array.from({ length: 2 * PAYSLIP_YEARS + 1 }, (_, i) => y - PAYSLIP_YEARS + i);
};
/** a quantity as typed: an integer 0–100,000, else undefined */
export const quantityOf = (text: string): number | undefined =>
  /^\d{1,6}$/.test(text.trim()) && Number(text) <= QUANTITY_MAX ? Number(text) : undefined;
export const QUANTITY_ERROR = `Numero intero tra 0 e ${QUANTITY_MAX.toLocaleString('it-IT')}`;
