/**
 * The order the test files start in. Vitest's own order runs a project's files largest first when
 * it has no timings of an earlier run (a clean clone in CI has none), and a file's size says little
 * of its time: `registryBadInput.test.ts` (158 lines) takes about two minutes and, started last,
 * kept one core busy alone at the API project's end. Here the files known to be long start first,
 * longest first, so the two workers end together; the rest keep vitest's order. Timings measured on
 * the 2.1 GHz CI machine (seconds, one file alone on its worker); a file that grows past about
 * 30 s joins the list (tests/unit/sequencer.test.ts checks that each listed file exists).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONG_FILES: Record<string, number> = {
  'tests/api/registryBadInput.test.ts': 45,
  'tests/api/sdi.test.ts': 27,
  'tests/api/start.test.ts': 23,
  'tests/drills/remindersRun.test.ts': 77,
  'tests/drills/faultDrills.test.ts': 53,
  'tests/drills/backup.test.ts': 52,
  'tests/drills/dataDirLock.test.ts': 39,
  'tests/drills/faults.test.ts': 34,
  'tests/e2e/accessibilityAdmin.test.ts': 101,
  'tests/e2e/accessibilityCollaboratore.test.ts': 99,
  'tests/e2e/accessibility.test.ts': 80,
  'tests/e2e/accessibilityUtente.test.ts': 55,
  'tests/e2e/reminders.test.ts': 49,
  'tests/e2e/publicArea.test.ts': 48,
  'tests/e2e/keyboard.test.ts': 56,
  'tests/e2e/collections.test.ts': 39,
  'tests/e2e/roleMatrix.test.ts': 37,
  'tests/ui/listJourneys.test.tsx': 68,
  'tests/ui/list.test.tsx': 64,
  'tests/ui/defects.test.tsx': 55,
  'tests/ui/eDocumentEditor.test.tsx': 47,
  'tests/ui/formJourneys.test.tsx': 45,
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
