/**
 * The frame of the public area's pages (issue 15) and of the login page: a top bar with the
 * logo and the application's name (to /landing_page) and, logged out, the login / sign-up menu
 * of seed A §2 ('Iscriviti' to the contact form, 'Accedi'), the page in a `main` landmark, a footer with the support address
 * (client_var SUPPORT_EMAIL). Also the pieces the public pages share: the centred card of a form,
 * the success and error boxes.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Container, Link, Stack, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import { useLocation } from 'react-router-dom';
import LoginIcon from '@mui/icons-material/Login';

import { AppLogo } from '../../layout/shell/AppBar';
import { useAppName, useClientVar } from '../../layout/settings';
import { ROUTES } from '../../routeTable';

/** Support address shown on the error and public pages (client_var SUPPORT_EMAIL overrides it). */
export const DEFAULT_SUPPORT_EMAIL = 'assistenza@gestionalestudi.it';

/** The support address from the settings (a fallback while they load). */
export function useSupportEmail(): string {
  const { data } = useClientVar();
  return typeof data?.SUPPORT_EMAIL === 'string' && data.SUPPORT_EMAIL ? data.SUPPORT_EMAIL : DEFAULT_SUPPORT_EMAIL;
}

/** the year of the footer's copyright line (when the app was loaded) */
const YEAR = new Date().getFullYear();

export interface PublicLayoutProps {
  children: ReactNode;
  /** links of the header before 'Iscriviti' and 'Accedi' (the landing page's sections) */
  nav?: ReactNode;
}

export const PublicLayout = ({ children, nav }: PublicLayoutProps) => {
  const appName = useAppName();
  const supportEmail = useSupportEmail();
  const { pathname } = useLocation();
  // the link of the menu to the page being shown says so
  const current = (path: string) => (pathname === path ? ('page' as const) : undefined);
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <Link
        href="#contenuto"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 10,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          borderRadius: 1,
          boxShadow: 2,
          '&:focus': { top: 8 },
        }}
      >
        Vai al contenuto
      </Link>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, py: 1.5, minHeight: 64 }}
        >
          <Box
            component={LinkBase}
            to={ROUTES.landingPage}
            aria-label={`${appName} – pagina iniziale`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'primary.main',
              textDecoration: 'none',
              minWidth: 0,
              borderRadius: 1,
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <AppLogo size={32} />
            <Typography component="span" variant="h6" noWrap sx={{ color: 'text.primary', fontWeight: 600 }}>
              {appName}
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          <Stack
            component="nav"
            aria-label="Area pubblica"
            direction="row"
            spacing={{ xs: 0.5, sm: 1 }}
            alignItems="center"
          >
            {nav}
            <Button component={LinkBase} to={ROUTES.contactForm} aria-current={current(ROUTES.contactForm)}>
              Iscriviti
            </Button>
            <Button
              component={LinkBase}
              to={ROUTES.login}
              aria-current={current(ROUTES.login)}
              variant="outlined"
              startIcon={<LoginIcon aria-hidden="true" />}
            >
              Accedi
            </Button>
          </Stack>
        </Container>
      </Box>
      <Box component="main" id="contenuto" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        {children}
      </Box>
      <Box component="footer" sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', py: 3 }}>
        <Container maxWidth="lg">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            justifyContent="space-between"
            alignItems={{ xs: 'flex-start', sm: 'center' }}
          >
            <Typography variant="body2" color="text.secondary">
              © {YEAR} {appName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Assistenza: <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
            </Typography>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
};

/** The centred card of a public form, with the page's one h1. */
export const PublicCard = ({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) => (
  <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 2, sm: 3 } }}>
    <Card elevation={2}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: intro ? 1 : 2 }}>
          {title}
        </Typography>
        {intro ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  </Container>
);

/** Takes the keyboard focus when shown (the box replaces the form the focus was in). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** The success box that replaces a sent form. */
export const SuccessBox = ({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) => {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="success"
      role="status"
      variant="outlined"
      sx={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'success.main' } }}
    >
      <AlertTitle>{title}</AlertTitle>
      {children}
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </Alert>
  );
};

/** An error box (a failed call, a link without its token). */
export const ErrorBox = ({
  title = 'Errore!!',
  children,
  action,
  id,
}: {
  title?: string;
  children: ReactNode;
  action?: ReactNode;
  id?: string;
}) => (
  <Alert severity="error" role="alert" id={id} sx={{ mb: 2 }}>
    <AlertTitle>{title}</AlertTitle>
    {children}
    {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
  </Alert>
);

/** 'Accedi' as the action of a success or error box. */
export const LoginButton = ({ label = 'Accedi' }: { label?: string }) => (
  <Button component={LinkBase} to={ROUTES.login} variant="contained" startIcon={<LoginIcon aria-hidden="true" />}>
    {label}
  </Button>
);
