/** Shell banners (test payments, expired subscription, incomplete studio) and the shell load-error dialog. */
import { useEffect, useState } from 'react';
import { Alert, AlertTitle, Button, Typography } from '@mui/material';
import { LinkBase, useLogoutIfAccessDenied, usePermissions, useTranslate } from 'react-admin';

import { ApiError } from '../../api/client';
import { useMenuItems } from '../AppMenu';
import { ErrorDialog } from '../ErrorDialog';
import { useClientVar } from '../settings';
import { formatDate, isSubscriptionExpired, useLoggedStudio, useMissingRequiredFields } from './data';

/** 'Abbonamento Scaduto il DD-MM-YYYY' when now is after the end of the expiry day. */
export const SubscriptionBanner = () => {
  const translate = useTranslate();
  const { data: studio } = useLoggedStudio();
  const expiry = studio?.subscription_expire_date;
  if (!isSubscriptionExpired(expiry)) return null;
  return (
    <Alert severity="error" variant="filled" role="alert" sx={{ borderRadius: 0 }}>
      <AlertTitle>{translate('app.subscription.expired', { date: formatDate(expiry) })}</AlertTitle>
      {translate('app.subscription.contact')}
    </Alert>
  );
};

/**
 * While the payment sandbox is on (client_var PAYMENT_SANDBOX, issue 25): a warning bar on every
 * page, for every role, so that a server left with test payments on is seen at once.
 */
export const PaymentSandboxBanner = () => {
  const { data } = useClientVar();
  if (data?.PAYMENT_SANDBOX !== true) return null;
  return (
    <Alert severity="warning" variant="filled" role="status" sx={{ borderRadius: 0, py: 0 }}>
      Pagamenti di prova: nessun addebito reale
    </Alert>
  );
};

/** Prompt to complete the studio data, when fields are missing (never for SuperAdmin). */
export const StudioIncompleteBanner = () => {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<{ role?: string | null } | undefined>();
  const role = permissions?.role ?? null;
  const enabled = !isPending && !!role && role !== 'SuperAdmin';
  const { data: missing } = useMissingRequiredFields(enabled);
  if (!enabled || !missing || missing.length === 0) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ borderRadius: 0 }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          component={LinkBase}
          to="/utente/il_mio_studio"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {translate('app.studio.complete_action')}
        </Button>
      }
    >
      {translate('app.studio.incomplete')}
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        Campi mancanti: {missing.map((m) => m.label || m.field).join(', ')}
      </Typography>
    </Alert>
  );
};

interface Loadable {
  error: unknown;
  errorUpdatedAt: number;
  data?: unknown;
}

/**
 * 'Attenzione!!' dialog when one of the shell loads fails; an expired session (401) goes
 * through the authProvider instead.
 */
export const ShellLoadErrors = () => {
  const translate = useTranslate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { permissions, isPending } = usePermissions<{ role?: string | null } | undefined>();
  const role = permissions?.role ?? null;
  const settings = useClientVar();
  const studio = useLoggedStudio();
  const menu = useMenuItems();
  const missing = useMissingRequiredFields(!isPending && !!role && role !== 'SuperAdmin');
  const [dismissedAt, setDismissedAt] = useState(0);

  // a failed settings poll keeps the previous settings: only the first load counts
  const loads: Loadable[] = [settings.data ? { error: null, errorUpdatedAt: 0 } : settings, studio, menu, missing];
  const errors = loads.filter((l) => l.error);
  const unauthorized = errors.find((l) => l.error instanceof ApiError && l.error.status === 401);
  const shown = errors.filter((l) => !(l.error instanceof ApiError && l.error.status === 401));
  const latest = Math.max(0, ...shown.map((l) => l.errorUpdatedAt));

  useEffect(() => {
    if (unauthorized) void logoutIfAccessDenied(unauthorized.error);
  }, [unauthorized, logoutIfAccessDenied]);

  return (
    <ErrorDialog
      open={shown.length > 0 && latest > dismissedAt}
      onClose={() => setDismissedAt(Date.now())}
      title={`${translate('app.error.generic_title')}!!`}
      text={translate('app.error.loading_dialog')}
    />
  );
};
