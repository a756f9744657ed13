/**
 * `/utente/contact_form` (seed B §2, §5; issue 15 item 2): 'Iscriviti', the free-trial request
 * (C60): name max 30, e-mail required and valid, phone max 30, note max 100. Success replaces the
 * form with a box.
 */

import { Box, Button, Link, TextField, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';

import { compose, email, maxLength, required } from '../../../model/validators';
import { useAppDataProvider } from '../../dataProvider';
import { useDocumentTitle } from '../../layout/PageTitle';
import { ROUTES } from '../../routeTable';
import { ErrorBox, PublicCard, PublicLayout, SuccessBox } from './PublicLayout';
import { errorText, GENERIC_FAILURE, SubmitButton, usePublicForm, usePublicSubmit } from './publicForm';

export const CONTACT_DONE_TITLE = 'Richiesta inviata';

export function ContactForm() {
  const dp = useAppDataProvider();
  useDocumentTitle('Iscriviti alla prova gratuita');
  const form = usePublicForm(
    { name: '', email: '', tel: '', note: '' },
    { name: maxLength(30), email: compose(required(), email()), tel: maxLength(30), note: maxLength(100) },
  );
  const {
    sending,
    failure,
    result: done,
    onSubmit,
  } = usePublicSubmit(
    form,
    async (v) => {
      const res = await dp.sendContactForm({
        name: v.name.trim(),
        email: v.email.trim(),
        tel: v.tel.trim(),
        note: v.note.trim(),
      });
      return res?.message || 'Ti contatteremo al più presto.';
    },
    { failureText: (err) => errorText(err, GENERIC_FAILURE) },
  );

  return (
    <PublicLayout>
      <PublicCard
        title="Iscriviti alla prova gratuita"
        intro={
          done
            ? undefined
            : 'Lasciaci i tuoi recapiti: ti contattiamo per attivare la prova e rispondere alle tue domande.'
        }
      >
        {done ? (
          <SuccessBox
            title={CONTACT_DONE_TITLE}
            action={
              <Button component={LinkBase} to={ROUTES.landingPage}>
                Torna alla pagina iniziale
              </Button>
            }
          >
            {done}
          </SuccessBox>
        ) : (
          <Box component="form" noValidate onSubmit={onSubmit} aria-label="Richiesta di prova gratuita">
            {failure ? <ErrorBox>{failure}</ErrorBox> : null}
            <TextField
              {...form.text('name')}
              label="Nome e cognome"
              autoComplete="name"
              fullWidth
              margin="dense"
              variant="outlined"
              disabled={sending}
            />
            <TextField
              {...form.text('email')}
              label="Email"
              type="email"
              autoComplete="email"
              required
              fullWidth
              margin="dense"
              variant="outlined"
              disabled={sending}
            />
            <TextField
              {...form.text('tel')}
              label="Telefono"
              type="tel"
              autoComplete="tel"
              fullWidth
              margin="dense"
              variant="outlined"
              disabled={sending}
            />
            <TextField
              {...form.text('note', `${form.values.note.length}/100 caratteri`)}
              label="Note"
              multiline
              minRows={3}
              fullWidth
              margin="dense"
              variant="outlined"
              disabled={sending}
            />
            <SubmitButton sending={sending}>Invia la richiesta</SubmitButton>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              Vuoi iniziare subito?{' '}
              <Link component={LinkBase} to={`${ROUTES.landingPage}#registrazione`}>
                Registra il tuo studio
              </Link>
            </Typography>
          </Box>
        )}
      </PublicCard>
    </PublicLayout>
  );
}

export default ContactForm;
