/** Every screen accessible (issue 17 item 3) as an Admin of Studio Demo (the checks: tests/e2e/accessibility.ts). */
import { accessibilityChecks } from './accessibility';

accessibilityChecks(import.meta.url, ['Admin']);
