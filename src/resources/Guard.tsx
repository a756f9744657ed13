import type { JSX } from 'react';
import { usePermissions } from 'react-admin';
import { atLeast, type RoleName } from '../../model/define';
import { Unauthorized } from '../pages/UnauthorizedDialog';

/**
 * A screen for the roles from `min` up: a logged-in user below it sees the unauthorized dialog
 * (seed B §6), whichever URL brought him there (`/table/Studio`, react-admin's `/Studio/2`…).
 */
export function Guard({ min, children }: { min: RoleName; children: JSX.Element }) {
  const { permissions, isPending } = usePermissions<{ role?: string | null }>();
  if (isPending) return null;
  if (!atLeast(permissions?.role ?? undefined, min)) return <Unauthorized />;
  return children;
}
