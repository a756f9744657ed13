/**
 * The order the test files start in. Vitest's own order runs a project's files largest first when
 * it has no timings of an earlier run (a clean clone in CI has none), and a file's size says little
 * of its time: `registryBadInput.test.ts` (158 lines) takes about two minutes and, started last,
 * kept one core busy alone at the API project's end. Here the files known to be long start first,
 * longest first, so the two workers end together; the rest keep vitest's order. Timings measured in
 * the clean-clone CI on the 2-core AMD EPYC machine on 2026-11-30 (seconds, with the other worker
 * busy); a file that grows past about a tenth of its project's wall time joins the list (tests/unit/sequencer.test.ts checks that
 * each listed file exists). form.test.tsx and formEdit.test.tsx (50 s each) were missing from it and
 * started late: the UI project ended a minute after its ideal.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONG_FILES: Record<string, number> = {
  'tests/api/registryBadInput.test.ts': 68,
  'tests/api/sdi.test.ts': 26,
  'tests/api/start.test.ts': 16,
  'tests/api/reminders.test.ts': 11,
  'tests/drills/remindersRun.test.ts': 47,
  'tests/drills/faultDrills.test.ts': 46,
  'tests/drills/backup.test.ts': 41,
  'tests/drills/faults.test.ts': 29,
  'tests/drills/dataDirLock.test.ts': 22,
  'tests/drills/clamav.test.ts': 15,
  'tests/e2e/accessibilityAdmin.test.ts': 81,
  'tests/e2e/accessibilityCollaboratore.test.ts': 45,
  'tests/e2e/accessibility.test.ts': 64,
  'tests/e2e/portal.test.ts': 55,
  'tests/e2e/publicArea.test.ts': 28,
  'tests/e2e/reminders.test.ts': 27,
  'tests/e2e/documents.test.ts': 26,
  'tests/e2e/keyboard.test.ts': 26,
  'tests/e2e/aml.test.ts': 24,
  'tests/e2e/savedViews.test.ts': 24,
  'tests/e2e/roleMatrix.test.ts': 23,
  'tests/e2e/customers.test.ts': 22,
  'tests/e2e/collections.test.ts': 21,
  'tests/e2e/sdi.test.ts': 21,
  'tests/e2e/outbox.test.ts': 21,
  'tests/e2e/screens25.test.ts': 21,
  'tests/ui/listJourneys.test.tsx': 41,
  'tests/ui/formEdit.test.tsx': 33,
  'tests/ui/form.test.tsx': 31,
  'tests/ui/list.test.tsx': 31,
  'tests/ui/defects.test.tsx': 28,
  'tests/ui/amlIdentification.test.tsx': 25,
  'tests/ui/formJourneys.test.tsx': 24,
  'tests/ui/aml.test.tsx': 22,
  'tests/ui/sdi.test.tsx': 20,
  'tests/ui/reminders.test.tsx': 18,
  'tests/ui/screens25.test.tsx': 18,
  'tests/ui/adminForms.test.tsx': 17,
  'tests/ui/publicArea.test.tsx': 17,
  'tests/ui/eDocumentEditor.test.tsx': 16,
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
