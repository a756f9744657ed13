/**
 * Every screen accessible (issue 17 item 3) as a user of the role Utente, made in this file's own
 * studio first (the checks: tests/e2e/accessibility.ts).
 */
import { accessibilityChecks } from './accessibility';

accessibilityChecks(import.meta.url, ['Utente']);
