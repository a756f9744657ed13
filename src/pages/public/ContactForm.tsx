/**
 * `/utente/contact_form` (seed B §2, §5; issue 15 item 2): 'Iscriviti', the free-trial request
 * (C60): name max 30, e-mail required and valid, phone max 30, note max 100. Success replaces the
 * form with a box.
 */

import { Button } from '@mui/material';
import { LinkBase } from 'react-admin';

import { compose, email, maxLength, required } from '../../../model/validators';
import { useAppDataProvider } from '../../dataProvider';
import { useDocumentTitle } from '../../layout/PageTitle';
import { ROUTES } from '../../routeTable';
import { PublicCard, PublicLayout, SuccessBox } from './PublicLayout';
import {
  EmailField,
  FormField,
  FormFooter,
  PublicForm,
  SubmitButton,
  usePublicForm,
  usePublicSubmit,
} from './publicForm';

export const CONTACT_DONE_TITLE = 'Richiesta inviata';

export function ContactForm() {
  const dp = useAppDataProvider();
  useDocumentTitle('Iscriviti alla prova gratuita');
  const form = usePublicForm(
    { name: '', email: '', tel: '', note: '' },
    { name: maxLength(30), email: compose(required(), email()), tel: maxLength(30), note: maxLength(100) },
  );
  const submit = usePublicSubmit(form, async (v) => {
    const res = await dp.sendContactForm({
      name: v.name.trim(),
      email: v.email.trim(),
      tel: v.tel.trim(),
      note: v.note.trim(),
    });
    return res?.message || 'Ti contatteremo al più presto.';
  });
  const done = submit.result;

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
          <PublicForm submit={submit} label="Richiesta di prova gratuita">
            <FormField {...form.text('name')} label="Nome e cognome" autoComplete="name" />
            <EmailField {...form.text('email')} />
            <FormField {...form.text('tel')} label="Telefono" type="tel" autoComplete="tel" />
            <FormField
              {...form.text('note', `${form.values.note.length}/100 caratteri`)}
              label="Note"
              multiline
              minRows={3}
            />
            <SubmitButton>Invia la richiesta</SubmitButton>
            <FormFooter
              text="Vuoi iniziare subito?"
              to={`${ROUTES.landingPage}#registrazione`}
              link="Registra il tuo studio"
            />
          </PublicForm>
        )}
      </PublicCard>
    </PublicLayout>
  );
}

export default ContactForm;
