/** Shell data hooks (logged studio, missing studio fields, logged user record) and date/credit helpers. */
import { formatValue } from '../../../model/types';
import { User } from '../../../model/models/User';
import { useQuery } from '@tanstack/react-query';
import { displayDate, isoDate, isPast } from '../../../model/dates';
import { dataProvider } from '../../dataProvider';
import { retryShell } from '../settings';

/** GET /api/studio_logged → the logged user's studio. */
export function useLoggedStudio() {
  return useQuery({
    queryKey: ['shell', 'studio_logged'],
    queryFn: ({ signal }) => dataProvider.loggedStudio({ signal }),
    staleTime: 5 * 60_000,
    retry: retryShell,
  });
}

/** GET /api/loggedStudio/missingRequiredFields (not asked for SuperAdmin). */
export function useMissingRequiredFields(enabled: boolean) {
  return useQuery({
    queryKey: ['shell', 'missingRequiredFields'],
    queryFn: ({ signal }) => dataProvider.missingRequiredFields({ signal }),
    enabled,
    staleTime: 60_000,
    retry: retryShell,
  });
}

/** GET /api/user/users/{id} → fresh name, email and credit of the logged user. */
export function useLoggedUserRecord(id: string | number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['shell', 'user', id],
    queryFn: ({ signal }) => dataProvider.ownUser(id!, { signal }),
    enabled: enabled && id !== undefined && id !== null,
    staleTime: 60_000,
    retry: retryShell,
  });
}

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

/** 'YYYY-MM-DD' → 'DD-MM-YYYY'; '' when empty or invalid. */
export const formatDate = (value: string | null | undefined): string => displayDate(isoDate(value ?? '') ?? '');

/** Expired when the expiry day (Rome) has passed. */
export const isSubscriptionExpired = (expiry: string | null | undefined, now: Date = new Date()): boolean =>
  isPast(expiry, now);

/** The user's credit in Italian, by the credit field's own type (model/types.ts). */
export const formatCredit = (value: number | string | null | undefined) =>
  formatValue(User.fields.credit, Number(value ?? 0) || 0);
