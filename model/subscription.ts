/**
 * The subscription's arithmetic (PRODUCT.md §7), the same in the payment page and on the server:
 * new expiry = max(current expiry, today) + months (a month past the end of a shorter month ends
 * on its last day: 31-01 + 1 month = 28-02), total = price per month × months, in cents.
 */
import dayjs from 'dayjs';
import { toCents } from './money.js';

export function newExpiry(current: string | null | undefined, today: string, months: number): string {
  const from = current && current > today ? current : today;
  return dayjs(from, 'YYYY-MM-DD').add(months, 'month').format('YYYY-MM-DD');
}

/** price × months in whole cents */
export const totalCents = (pricePerMonth: number | string, months: number) => toCents(pricePerMonth) * months;
