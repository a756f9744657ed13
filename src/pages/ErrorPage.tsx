/** Public error page (/error?msg=…) and the 'Pagina NON trovata' page for unknown routes. */
import type { ErrorInfo, ReactNode } from 'react';
import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { LinkBase, useLocation, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';

import { useClientVar } from '../layout/settings';
import { ScreenTitle, useDocumentTitle } from '../layout/PageTitle';
import { useGoBack } from '../layout/CloseHeader';
import { getToken } from '../authProvider/token';
import { DEFAULT_SUPPORT_EMAIL, PublicLayout } from './public/PublicLayout';

export interface ErrorContentProps {
  /** The message to show; plain text */
  message: string;
  supportEmail?: string;
  /** buttons instead of 'Torna alla pagina iniziale' */
  actions?: ReactNode;
}

export const ErrorContent = ({ message, supportEmail, actions }: ErrorContentProps) => {
  const translate = useTranslate();
  const { data: settings } = useClientVar();
  const mail =
    supportEmail ??
    (typeof settings?.SUPPORT_EMAIL === 'string' && settings.SUPPORT_EMAIL
      ? settings.SUPPORT_EMAIL
      : DEFAULT_SUPPORT_EMAIL);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, mt: { xs: 2, sm: 6 } }}>
      <Card sx={{ width: '100%', maxWidth: 560 }} role="alert">
        <CardContent>
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
            <ErrorOutlineIcon color="error" fontSize="large" aria-hidden="true" />
            <Typography component="h1" variant="h5">
              {translate('app.error.generic_title')}
            </Typography>
          </Stack>
          <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{message || translate('app.error.generic')}</Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Se il problema persiste, scrivi all&apos;assistenza:{' '}
            <Link href={`mailto:${mail}?subject=${encodeURIComponent(`Segnalazione errore: ${message}`)}`}>{mail}</Link>
          </Typography>
          {actions ?? (
            <Button component={LinkBase} to="/" variant="contained">
              Torna alla pagina iniziale
            </Button>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};

/** Props of the pages (compatible with react-admin's `catchAll`, which passes `title`). */
export interface ErrorPageProps {
  supportEmail?: string;
  title?: unknown;
}

/**
 * Route /error: shows the query parameter `msg`. Without a session it is a public page: the top
 * bar with the login / sign-up menu (seed A §2), as the login and the other public pages.
 */
export const ErrorPage = ({ supportEmail }: ErrorPageProps) => {
  const { search } = useLocation();
  const msg = new URLSearchParams(search).get('msg') ?? '';
  useDocumentTitle(msg || 'Errore');
  const content = <ErrorContent message={msg} supportEmail={supportEmail} />;
  return getToken() ? content : <PublicLayout>{content}</PublicLayout>;
};

/** Unknown routes: 'Pagina NON trovata'. */
export const NotFoundPage = ({ supportEmail }: ErrorPageProps) => {
  const translate = useTranslate();
  useDocumentTitle(translate('app.error.not_found'));
  return <ErrorContent message={translate('app.error.not_found')} supportEmail={supportEmail} />;
};

/** Unknown routes go to /error with 'Pagina NON trovata' (seed B §2). */
export const NotFoundRedirect = (_props: ErrorPageProps) => {
  const translate = useTranslate();
  return <Navigate to={`/error?msg=${encodeURIComponent(translate('app.error.not_found'))}`} replace />;
};

/**
 * The page shown when a screen fails to render (react-admin's `error` component): Italian,
 * inside the layout, with the application's title kept.
 */
export const AppCrashPage = ({ error }: { error?: Error; errorInfo?: ErrorInfo; title?: unknown }) => {
  const translate = useTranslate();
  const goBack = useGoBack();
  if (error) console.warn('screen error', error);
  return (
    <>
      <ScreenTitle title="Errore" />
      <ErrorContent
        message={
          'Qualcosa non ha funzionato in questa pagina. I dati salvati non sono stati toccati: torna indietro o ricarica la pagina.'
        }
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => goBack('/Menu')}>
              Indietro
            </Button>
            <Button variant="outlined" onClick={() => window.location.reload()}>
              Ricarica la pagina
            </Button>
            <Button component={LinkBase} to="/Menu">
              {translate('app.menu.home')}
            </Button>
          </Stack>
        }
      />
    </>
  );
};

export default ErrorPage;
