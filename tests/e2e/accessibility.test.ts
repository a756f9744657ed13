/**
 * Every screen accessible (issue 17 item 3), part 1: the public pages logged out, and every
 * screen as the SuperAdmin (the checks: tests/e2e/accessibility.ts; the other roles in
 * accessibilityAdmin, accessibilityCollaboratore and accessibilityUtente.test.ts).
 */
import { accessibilityChecks } from './accessibility';

accessibilityChecks(import.meta.url, ['public', 'SuperAdmin']);
