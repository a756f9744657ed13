/**
 * The public area's pages (issue 15), one lazy chunk for all six: a visitor goes from one to the
 * next (landing → registration, recovery → reset), and one chunk shares fewer modules with the
 * first load than six would (each shared set is a chunk of its own, preloaded with the app).
 */
export { LandingPage } from './LandingPage';
export { ContactForm } from './ContactForm';
export { Register } from './Register';
export { Activation } from './Activation';
export { RecoverPassword } from './RecoverPassword';
export { ResetPassword } from './ResetPassword';
