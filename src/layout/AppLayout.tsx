/**
 * The shell of the logged-in area: react-admin Layout with a custom AppBar (logo, application
 * name, user menu, theme toggle), the server menu, the footer, the banners (expired subscription,
 * incomplete studio), the 'new version' snackbar and the load-error dialog.
 */
import { useEffect, useId, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import {
  Alert, AlertTitle, Box, Button, Divider, IconButton, ListItemIcon, ListItemText, Menu as MuiMenu, MenuItem,
  Snackbar, Stack, Typography,
} from '@mui/material';
import {
  AppBar, Layout, LinkBase, LoadingIndicator, TitlePortal, ToggleThemeButton, useGetIdentity, useLogout,
  useLogoutIfAccessDenied, usePermissions, useThemesContext, useTranslate, type AppBarProps, type LayoutProps,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { displayDate, isoDate, isPast } from '../../model/dates';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import PersonIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';
import CloseIcon from '@mui/icons-material/Close';

import { apiFetch, ApiError } from '../api/client';
import { AppMenu, useMenuItems } from './AppMenu';
import { ErrorDialog } from './ErrorDialog';
import { AppCrashPage } from '../pages/ErrorPage';

/** Id of the compiled build (Vite `define`); 'dev' / 'test' outside real builds. */
declare const __BUILD_ID__: string;

export { APP_VERSION, DEFAULT_APP_NAME, CLIENT_VAR_QUERY_KEY, useClientVar, useAppName, retryShell, type ClientVar } from './settings';
import { APP_VERSION, retryShell, useAppName, useClientVar } from './settings';

/** GET /api/studio_logged → the logged user's studio. */
export function useLoggedStudio() {
  return useQuery({
    queryKey: ['shell', 'studio_logged'],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: { id?: number; name?: string; subscription_expire_date: string | null } | null }>('/api/studio_logged', { signal })).data,
    staleTime: 5 * 60_000,
    retry: retryShell,
  });
}

/** GET /api/loggedStudio/missingRequiredFields (not asked for SuperAdmin). */
export function useMissingRequiredFields(enabled: boolean) {
  return useQuery({
    queryKey: ['shell', 'missingRequiredFields'],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: Array<{ field: string; label: string }> }>('/api/loggedStudio/missingRequiredFields', { signal })).data ?? [],
    enabled,
    staleTime: 60_000,
    retry: retryShell,
  });
}

/** GET /api/user/users/{id} → fresh name, email and credit of the logged user. */
function useLoggedUserRecord(id: string | number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['shell', 'user', id],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: { name?: string; email?: string; credit?: number | string | null } }>(`/api/user/users/${encodeURIComponent(String(id))}`, { signal })).data,
    enabled: enabled && id !== undefined && id !== null,
    staleTime: 60_000,
    retry: retryShell,
  });
}

/** The shape returned by authProvider.getIdentity(). */
interface ShellIdentity {
  id: string | number;
  fullName?: string;
  avatar?: string;
  email?: string;
  role?: string;
  studio_id?: number;
  studio_name?: string;
  subscription_expire_date?: string | null;
  credit?: number;
}

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

/** 'YYYY-MM-DD' → 'DD-MM-YYYY'; '' when empty or invalid. */
export const formatDate = (value: string | null | undefined): string => displayDate(isoDate(value ?? '') ?? '');

/** Expired when the expiry day (Rome) has passed. */
export const isSubscriptionExpired = (expiry: string | null | undefined, now: Date = new Date()): boolean => isPast(expiry, now);

const formatCredit = (value: number | string | null | undefined) =>
  new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(Number(value ?? 0) || 0);

// ---------------------------------------------------------------------------
// app bar
// ---------------------------------------------------------------------------

/** The product logo: an inline SVG (ledger with a check mark). */
export const AppLogo = ({ size = 28 }: { size?: number }) => (
  <Box component="svg" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" sx={{ flexShrink: 0 }}>
    <rect x="4" y="3" width="24" height="26" rx="3" fill="currentColor" opacity="0.18" />
    <rect x="4" y="3" width="24" height="26" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M9 10h14M9 15h8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    <path d="M11 22l3.5 3.5L22 18" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
  </Box>
);

const AppBarBrand = () => {
  const appName = useAppName();
  return (
    <Box
      component={LinkBase}
      to="/Menu"
      aria-label={`${appName} – Home`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 2, flexShrink: 0 }}
    >
      <AppLogo />
      <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 500, display: { xs: 'none', sm: 'inline' } }}>
        {appName}
      </Typography>
    </Box>
  );
};

/** Non-focusable header of the user menu (skipped by the MenuList keyboard navigation). */
const UserInfo = ({ identity, expiry, credit }: { identity: ShellIdentity; expiry: string; credit: string | null }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, py: 1, minWidth: 240 }} data-testid="user-info">
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>{identity.fullName}</Typography>
      {identity.email && <Typography variant="body2" color="text.secondary">{identity.email}</Typography>}
      {identity.role && <Typography variant="body2">{translate('app.user.role')}: {identity.role}</Typography>}
      {identity.studio_name && <Typography variant="body2">{translate('app.user.studio')}: {identity.studio_name}</Typography>}
      {expiry && <Typography variant="body2">{translate('app.user.expiry', { date: expiry })}</Typography>}
      {credit !== null && <Typography variant="body2">{translate('app.user.credit', { credit })}</Typography>}
    </Box>
  );
};
(UserInfo as unknown as { muiSkipListHighlight: boolean }).muiSkipListHighlight = true;

/** Menu of the logged user: name, role, studio, expiry, credit, profile, logout. */
export const AppUserMenu = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const id = useId();
  const { identity: rawIdentity, isPending } = useGetIdentity();
  const identity = rawIdentity as ShellIdentity | undefined;
  const { data: settings } = useClientVar();
  const { data: studio } = useLoggedStudio();
  const creditEnabled = !!settings?.CREDIT_ENABLED;
  const { data: userRecord } = useLoggedUserRecord(identity?.id, creditEnabled);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  if (isPending) return null;
  if (!identity) {
    // logged out: login / sign-up menu
    return (
      <Stack direction="row" spacing={1} sx={{ mr: 1 }}>
        <Button color="inherit" component={LinkBase} to="/utente/login">{translate('ra.auth.sign_in')}</Button>
        <Button color="inherit" variant="outlined" component={LinkBase} to="/utente/contact_form">Iscriviti</Button>
      </Stack>
    );
  }

  const name = userRecord?.name ?? identity.fullName ?? '';
  const expiry = formatDate(studio?.subscription_expire_date ?? identity.subscription_expire_date);
  const credit = creditEnabled ? formatCredit(userRecord?.credit ?? identity.credit) : null;
  const open = Boolean(anchor);

  return (
    <>
      <Button
        id={`${id}-button`}
        color="inherit"
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        startIcon={<AccountCircleIcon aria-hidden="true" />}
        sx={{ textTransform: 'none', mr: 1, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>{name}</Box>
      </Button>
      <MuiMenu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
        disableScrollLock
      >
        <UserInfo identity={{ ...identity, fullName: name }} expiry={expiry} credit={credit} />
        <Divider />
        <MenuItem component={LinkBase} to="/utente/il_mio_profilo" onClick={close}>
          <ListItemIcon><PersonIcon fontSize="small" aria-hidden="true" /></ListItemIcon>
          <ListItemText>{translate('app.user.profile')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => { close(); logout(); }}>
          <ListItemIcon><LogoutIcon fontSize="small" aria-hidden="true" /></ListItemIcon>
          <ListItemText>{translate('app.user.logout')}</ListItemText>
        </MenuItem>
      </MuiMenu>
    </>
  );
};

const AppBarToolbar = () => {
  const { darkTheme } = useThemesContext();
  return (
    <>
      {darkTheme && <ToggleThemeButton />}
      <LoadingIndicator />
    </>
  );
};

/** AppBar: logo + application name, page title, theme toggle, user menu. */
export const AppAppBar = (props: AppBarProps) => (
  <AppBar {...props} color="primary" toolbar={<AppBarToolbar />} userMenu={<AppUserMenu />}>
    <AppBarBrand />
    <TitlePortal variant="subtitle1" component="span" />
  </AppBar>
);

// ---------------------------------------------------------------------------
// banners, snackbar, footer, load errors
// ---------------------------------------------------------------------------

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
        <Button color="inherit" size="small" variant="outlined" component={LinkBase} to="/utente/il_mio_studio" sx={{ whiteSpace: 'nowrap' }}>
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

/** 'Nuova versione disponibile!' when the served build differs from the compiled one. */
export const UpdateSnackbar = () => {
  const translate = useTranslate();
  const { data, refetch } = useClientVar({ poll: true });
  const [dismissed, setDismissed] = useState<string | null>(null);
  // react-query only listens to 'visibilitychange': re-read the settings on window focus too
  useEffect(() => {
    const onFocus = () => { void refetch(); };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  const compiled = typeof __BUILD_ID__ === 'undefined' ? 'dev' : __BUILD_ID__;
  const served = data?.BUILD_ID;
  const open = !!served && served !== 'dev' && served !== compiled && served !== dismissed;
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={translate('app.update.available')}
      action={
        <>
          <Button color="secondary" variant="contained" size="small" onClick={() => window.location.reload()}>
            {translate('app.update.reload')}
          </Button>
          <IconButton size="small" color="inherit" aria-label="Chiudi" onClick={() => setDismissed(served ?? null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
};

export const AppFooter = () => {
  const appName = useAppName();
  return (
    <Box component="footer" sx={{ mt: 'auto', py: 1.5, px: 2, textAlign: 'center', color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" component="p">
        {appName} · versione {APP_VERSION}
      </Typography>
    </Box>
  );
};

interface Loadable { error: unknown; errorUpdatedAt: number; data?: unknown }

/**
 * 'Attenzione!!' dialog when one of the shell loads fails; an expired session (401) goes
 * through the authProvider instead.
 */
const ShellLoadErrors = () => {
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

/** Content column: banners on top, the page, the footer at the bottom. */
const ShellContent = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 'calc(100vh - 48px)', minWidth: 0 }}>
    <SubscriptionBanner />
    <StudioIncompleteBanner />
    <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
    <AppFooter />
    <UpdateSnackbar />
    <ShellLoadErrors />
  </Box>
);

/** The application layout, for `<Admin layout={AppLayout}>`. */
export const AppLayout = ({ children, ...props }: LayoutProps) => {
  const content = useMemo(() => <ShellContent>{children}</ShellContent>, [children]);
  return (
    <Layout {...props} appBar={AppAppBar} menu={AppMenu} error={AppCrashPage}
      sx={{ minWidth: 0, '& .RaLayout-appFrame': { minWidth: 0 }, '& .RaLayout-contentWithSidebar': { minWidth: 0 }, '& .RaLayout-content': { minWidth: 0 } }}>
      {content}
    </Layout>
  );
};
