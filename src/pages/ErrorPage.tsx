/** Public error page (/error?msg=…) and the 'Pagina NON trovata' page for unknown routes. */
import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { LinkBase, useLocation, useTranslate } from 'react-admin';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';

import { useClientVar } from '../layout/AppLayout';

/** Support address shown on the error page (client_var SUPPORT_EMAIL overrides it). */
export const DEFAULT_SUPPORT_EMAIL = 'assistenza@gestionalestudi.it';

export interface ErrorContentProps {
  /** The message to show; plain text */
  message: string;
  supportEmail?: string;
}

export const ErrorContent = ({ message, supportEmail }: ErrorContentProps) => {
  const translate = useTranslate();
  const { data: settings } = useClientVar();
  const mail = supportEmail ?? (typeof settings?.SUPPORT_EMAIL === 'string' && settings.SUPPORT_EMAIL ? settings.SUPPORT_EMAIL : DEFAULT_SUPPORT_EMAIL);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, mt: { xs: 2, sm: 6 } }}>
      <Card sx={{ width: '100%', maxWidth: 560 }} role="alert">
        <CardContent>
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
            <ErrorOutlineIcon color="error" fontSize="large" aria-hidden="true" />
            <Typography component="h1" variant="h5">{translate('app.error.generic_title')}</Typography>
          </Stack>
          <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{message || translate('app.error.generic')}</Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Se il problema persiste, scrivi all&apos;assistenza:{' '}
            <Link href={`mailto:${mail}?subject=${encodeURIComponent(`Segnalazione errore: ${message}`)}`}>{mail}</Link>
          </Typography>
          <Button component={LinkBase} to="/" variant="contained">Torna alla pagina iniziale</Button>
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

/** Route /error: shows the query parameter `msg`. */
export const ErrorPage = ({ supportEmail }: ErrorPageProps) => {
  const { search } = useLocation();
  const msg = new URLSearchParams(search).get('msg') ?? '';
  return <ErrorContent message={msg} supportEmail={supportEmail} />;
};

/** Unknown routes: 'Pagina NON trovata'. */
export const NotFoundPage = ({ supportEmail }: ErrorPageProps) => {
  const translate = useTranslate();
  return <ErrorContent message={translate('app.error.not_found')} supportEmail={supportEmail} />;
};

export default ErrorPage;
