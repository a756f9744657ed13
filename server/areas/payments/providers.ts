/**
 * The payment providers this server offers (PRODUCT.md §7): the sandbox only with
 * PAYMENT_SANDBOX=true (issue 25: never on by mistake), PayPal and Stripe when their keys are set.
 */
import type { Settings } from '../../settings.js';
import type { PaymentProvider } from './provider.js';
import { sandboxProvider } from './sandbox.js';
import { paypalProvider } from './paypal.js';
import { stripeProvider } from './stripe.js';

export function paymentProviders(settings: Settings): PaymentProvider[] {
  return [
    ...(settings.paymentSandbox ? [sandboxProvider()] : []),
    ...(settings.paypal
      ? [paypalProvider({ ...settings.paypal, baseUrl: settings.serverBaseUrl, brandName: settings.appName })]
      : []),
    ...(settings.stripe ? [stripeProvider(settings.stripe)] : []),
  ];
}

/** What Stripe.js needs of the page's Content-Security-Policy (Stripe's documented list), only with Stripe on. */
export const STRIPE_CSP = {
  script: ['https://js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
} as const;
