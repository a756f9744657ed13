/**
 * The order the test files start in. Vitest's own order runs a project's files largest first when
 * it has no timings of an earlier run (a clean clone in CI has none), and a file's size says little
 * of its time: `registryBadInput.test.ts` (158 lines) takes about two minutes and, started last,
 * kept one core busy alone at the API project's end. Here the files known to be long start first,
 * longest first, so the two workers end together; the rest keep vitest's order. Timings measured on
 * the 2.6 GHz CI machine on 2026-11-29 (seconds, with the other worker busy); a file that grows past
 * about a tenth of its project's wall time joins the list (tests/unit/sequencer.test.ts checks that
 * each listed file exists). form.test.tsx and formEdit.test.tsx (50 s each) were missing from it and
 * started late: the UI project ended a minute after its ideal.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONG_FILES: Record<string, number> = {
  'tests/api/registryBadInput.test.ts': 65,
  'tests/api/sdi.test.ts': 24,
  'tests/api/start.test.ts': 12,
  'tests/drills/faultDrills.test.ts': 44,
  'tests/drills/remindersRun.test.ts': 39,
  'tests/drills/backup.test.ts': 36,
  'tests/drills/faults.test.ts': 26,
  'tests/drills/dataDirLock.test.ts': 21,
  'tests/e2e/accessibility.test.ts': 43,
  'tests/e2e/accessibilityAdmin.test.ts': 68,
  'tests/e2e/accessibilityCollaboratore.test.ts': 59,
  'tests/e2e/publicArea.test.ts': 33,
  'tests/e2e/collections.test.ts': 28,
  'tests/e2e/screens25.test.ts': 24,
  'tests/e2e/reminders.test.ts': 23,
  'tests/e2e/sdi.test.ts': 21,
  'tests/e2e/outbox.test.ts': 21,
  'tests/e2e/keyboard.test.ts': 20,
  'tests/ui/defects.test.tsx': 55,
  'tests/ui/form.test.tsx': 52,
  'tests/ui/formEdit.test.tsx': 50,
  'tests/ui/listJourneys.test.tsx': 48,
  'tests/ui/list.test.tsx': 46,
  'tests/ui/formJourneys.test.tsx': 39,
  'tests/ui/eDocumentEditor.test.tsx': 31,
  'tests/ui/aml.test.tsx': 42,
  'tests/ui/amlIdentification.test.tsx': 42,
  'tests/ui/amlSelfAssessment.test.tsx': 24,
  'tests/ui/adminForms.test.tsx': 21,
  'tests/ui/sdi.test.tsx': 20,
  'tests/ui/screens25.test.tsx': 20,
  'tests/unit/fatturapaProperty.test.ts': 10,
};

export default class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = `${this.ctx.config.root}/`;
    const weight = (f: TestSpecification) => LONG_FILES[f.moduleId.replace(root, '')] ?? 0;
    // vitest's order keeps the projects one after the other; within a project, the long files first
    const position = new Map(base.map((f, i) => [f, i]));
    const projectStart = new Map<string, number>();
    for (const f of base) if (!projectStart.has(f.project.name)) projectStart.set(f.project.name, position.get(f)!);
    return [...base].sort(
      (a, b) =>
        projectStart.get(a.project.name)! - projectStart.get(b.project.name)! ||
        weight(b) - weight(a) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
