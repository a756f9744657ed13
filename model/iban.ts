/**
 * Italian IBANs made and read: the CIN (the BBAN's check letter) and the ISO 13616 check digits
 * computed from a bank's ABI and CAB and an account number — the demo data's accounts and the
 * payers of its realistic bank statement.
 */
import { isValidIban } from './validators.js';

/**
 * ABI, CAB and account number of a valid Italian IBAN (IT, check digits, CIN, ABI 5, CAB 5, account
 * 12: ISO 13616 with the Italian BBAN), else null.
 */
export function italianBankCoordinates(
  iban: string | null | undefined,
): { abi: string; cab: string; account: string } | null {
  const s = (iban ?? '').replace(/\s+/g, '').toUpperCase();
  if (!/^IT\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/.test(s) || !isValidIban(s)) return null;
  return { abi: s.slice(5, 10), cab: s.slice(10, 15), account: s.slice(15) };
}

/** An IBAN in groups of four, as it is printed (and as a screen may wrap it between two groups). */
export const ibanText = (iban: string | null | undefined) =>
  (iban ?? '')
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');

/** Values of the characters in odd positions of the Italian CIN (the same table as the fiscal code's). */
const CIN_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** CIN, the check letter of an Italian BBAN, from ABI (5), CAB (5) and account (12 characters). */
export function italianCin(abi: string, cab: string, account: string): string {
  const s = (abi + cab + account).toUpperCase();
  if (!/^\d{10}[A-Z0-9]{12}$/.test(s))
    throw new RangeError('italianCin: ABI, CAB (5 digits) and a 12-character account expected');
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = c <= 57 ? c - 48 : c - 65; // digit → 0–9, letter → 0–25
    sum += i % 2 === 0 ? CIN_ODD[v]! : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** A valid Italian IBAN: CIN and the ISO 13616 check digits (mod 97) computed. */
export function italianIban(abi: string, cab: string, account: string): string {
  const acc = account.toUpperCase().padStart(12, '0');
  const bban = italianCin(abi, cab, acc) + abi + cab + acc;
  const digits = (bban + 'IT00').replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rem = 0;
  for (const d of digits) rem = (rem * 10 + Number(d)) % 97;
  return `IT${String(98 - rem).padStart(2, '0')}${bban}`;
}

/**
 * A SEPA creditor identifier (EPC262-08) made from a national identifier (in Italy the creditor's
 * fiscal code or VAT number): country, ISO 7064 MOD 97-10 check digits, business code, national id.
 */
export function sepaCreditorId(nationalId: string, country = 'IT', businessCode = 'ZZZ'): string {
  const id = nationalId.replace(/\s+/g, '').toUpperCase();
  const digits = (id + country + '00').replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rem = 0;
  for (const d of digits) rem = (rem * 10 + Number(d)) % 97;
  return `${country}${String(98 - rem).padStart(2, '0')}${businessCode}${id}`;
}
