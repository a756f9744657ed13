/**
 * The shell of the logged-in area: react-admin Layout with a custom AppBar (logo, application
 * name, user menu, theme toggle), the server menu, the footer, the banners (test payments, expired
 * subscription, incomplete studio), the 'new version' snackbar and the load-error dialog.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Layout, type LayoutProps } from 'react-admin';

import { AppMenu } from './AppMenu';
import { AppCrashPage } from '../pages/ErrorPage';
import { AppAppBar } from './shell/AppBar';
import { PaymentSandboxBanner, ShellLoadErrors, StudioIncompleteBanner, SubscriptionBanner } from './shell/Banners';
import { AppFooter } from './shell/Footer';
import { UpdateSnackbar } from './shell/UpdateSnackbar';
import { preloadListParts } from '../list/GenericList';
import { onIdle } from '../lazyPreloadable';

export { APP_VERSION, DEFAULT_APP_NAME, CLIENT_VAR_QUERY_KEY, useClientVar, useAppName, retryShell } from './settings';
export { useLoggedStudio, useMissingRequiredFields, formatDate, isSubscriptionExpired } from './shell/data';
export { AppLogo, AppAppBar } from './shell/AppBar';
export { AppUserMenu } from './shell/UserMenu';
export { SubscriptionBanner, StudioIncompleteBanner, PaymentSandboxBanner } from './shell/Banners';
export { UpdateSnackbar } from './shell/UpdateSnackbar';
export { AppFooter } from './shell/Footer';

/** Content column: banners on top, the page, the footer at the bottom. */
const ShellContent = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 'calc(100vh - 48px)', minWidth: 0 }}>
    <PaymentSandboxBanner />
    <SubscriptionBanner />
    <StudioIncompleteBanner />
    <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
    <AppFooter />
    <UpdateSnackbar />
    <ShellLoadErrors />
  </Box>
);

/** Once the first screen is shown and the app is idle: the parts of the lists that are not in the first load. */
function usePreloadListParts() {
  useEffect(() => onIdle(preloadListParts), []);
}

/** The application layout, for `<Admin layout={AppLayout}>`. */
export const AppLayout = ({ children, ...props }: LayoutProps) => {
  usePreloadListParts();
  const content = useMemo(() => <ShellContent>{children}</ShellContent>, [children]);
  return (
    <Layout
      {...props}
      appBar={AppAppBar}
      menu={AppMenu}
      error={AppCrashPage}
      sx={{
        minWidth: 0,
        '& .RaLayout-appFrame': { minWidth: 0 },
        '& .RaLayout-contentWithSidebar': { minWidth: 0 },
        '& .RaLayout-content': { minWidth: 0 },
      }}
    >
      {content}
    </Layout>
  );
};
