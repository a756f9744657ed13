/**
 * A reporter that prints, at the end of a run, per project: files, tests, the wall time from its
 * first file's start to its last file's end, and the sum of its files' durations; then the
 * slowest files; with TEST_TIMELINE=1, every file's start and end (to see where the cores wait).
 * (Issue 24: `npm test` prints per-project times.)
 */
import type { Reporter, TestModule } from 'vitest/node';

interface Span {
  first: number;
  last: number;
  files: number;
  tests: number;
  failed: number;
  busy: number;
}

export default class ProjectTimes implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly spans = new Map<string, Span>();
  private readonly runStart = Date.now();

  onTestModuleStart(m: TestModule) {
    this.started.set(m.moduleId, Date.now());
  }

  onTestModuleEnd(m: TestModule) {
    const name = m.project.name || 'default';
    const now = Date.now();
    const s = this.spans.get(name) ?? { first: Infinity, last: 0, files: 0, tests: 0, failed: 0, busy: 0 };
    s.first = Math.min(s.first, this.started.get(m.moduleId) ?? now);
    s.last = Math.max(s.last, now);
    s.files++;
    for (const t of m.children.allTests()) {
      s.tests++;
      if (t.result().state === 'failed') s.failed++;
    }
    s.busy += m.diagnostic().duration;
    this.spans.set(name, s);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (!this.spans.size) return;
    const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [
      '',
      "Per project (wall = first file start → last file end, in seconds from the run's start; busy = sum of file durations):",
    ];
    const at = (t: number) => `${((t - this.runStart) / 1000).toFixed(0)} s`;
    for (const [name, s] of [...this.spans].sort((a, b) => a[1].first - b[1].first)) {
      lines.push(
        `  ${name.padEnd(7)} ${String(s.files).padStart(3)} files ${String(s.tests).padStart(5)} tests${s.failed ? ` (${s.failed} failed)` : ''}  wall ${sec(s.last - s.first).padStart(8)} (${at(s.first)} → ${at(s.last)})  busy ${sec(s.busy).padStart(8)}`,
      );
    }
    lines.push(`  run     ${sec(Date.now() - this.runStart)} in all`);
    if (process.env.TEST_TIMELINE) {
      // every file's start and end, in seconds from the run's start, in the order they started
      for (const m of [...modules].sort(
        (a, b) => (this.started.get(a.moduleId) ?? 0) - (this.started.get(b.moduleId) ?? 0),
      )) {
        const start = this.started.get(m.moduleId) ?? this.runStart;
        lines.push(
          `  ${at(start).padStart(6)} → ${at(start + m.diagnostic().duration).padStart(6)}  ${m.project.name}  ${m.relativeModuleId}`,
        );
      }
    }
    const slow = [...modules].sort((a, b) => b.diagnostic().duration - a.diagnostic().duration).slice(0, 5);
    lines.push(
      `  slowest files: ${slow.map((m) => `${m.relativeModuleId} ${sec(m.diagnostic().duration)}`).join(', ')}`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
