import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { loopPasses, openPracticeTools, setTrainerLoop } from './practice-tools-page';
import { installStretchProbe, stretchNodesSeen } from './stretch-probe';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

// At each seam of an A-B loop played by the stretch nodes (the speed trainer changing the tempo,
// then a count-in before each pass), every node is told to play the loop's start at one output
// time, and no node plays anything from before the loop's start meanwhile: the worklet's own
// position reports stay inside the loop.
describe('the loop seam on the stretch nodes', () => {
  it('with the speed trainer and a count-in each pass, every seam starts at the loop start and nothing before it is heard', async () => {
    const page = await browser.newPage();
    await installStretchProbe(page);
    const { tools } = await openPracticeTools(page, baseUrl, 'loop-seam');
    const loop = await setTrainerLoop(page, tools);
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player-body"]')?.getAttribute('data-playing') === 'true');
    const passShown = (shown: number) => page.getByTestId('trainer-pass').filter({ hasText: new RegExp(`^pass ${shown}$`) }).waitFor({ timeout: 15_000 });
    await passShown(3);
    await tools.getByRole('combobox', { name: 'Count-in' }).selectOption('1');
    await tools.getByRole('checkbox', { name: 'each pass' }).check();
    await passShown(5);
    // Pass 5 is heard from its seam, its count-in first: wait until its music plays too.
    const passes = await loopPasses(tools);
    const last = passes.find((pass) => pass.pass === 4)!;
    expect(last.countIn).toHaveLength(4);
    await page.waitForFunction((until) => {
      const probe = window as unknown as { nodeContexts: BaseAudioContext[] };
      return probe.nodeContexts.at(-1)!.currentTime > until;
    }, last.startsAt + 0.5);
    const nodes = await stretchNodesSeen(page);
    await page.getByRole('button', { name: 'Pause' }).click();

    expect(nodes.length).toBeGreaterThan(0);
    const seams = passes.filter((pass) => pass.pass > 0);
    expect(seams.map((pass) => pass.pass)).toEqual([1, 2, 3, 4]);
    for (const pass of seams) {
      for (const node of nodes) {
        // The pass plays the loop's start, at the trainer's tempo, at one output time on every node.
        const start = node.schedules.filter((schedule) => schedule.active && Math.abs(schedule.output - pass.startsAt) < 1e-9);
        expect(start).toEqual([expect.objectContaining({ input: loop.start, rate: pass.tempo })]);
        // A count-in is silence from the seam on.
        const silent = node.schedules.filter((schedule) => !schedule.active && Math.abs(schedule.output - pass.boundary) < 1e-9);
        expect(silent).toHaveLength(pass.countIn.length > 0 ? 1 : 0);
      }
    }
    // The worklets' own positions from their first one inside the loop while playing on (a port
    // keeps its order, so the answer to the play's schedule, sent before, never comes after; a
    // report includes the node's input latency, so one inside the loop is never below its start):
    // a seam's segment taking effect early would play up to a tick's lookahead (0.3 s), or a whole
    // count-in, from before the loop's start.
    for (const node of nodes) {
      const first = node.times.findIndex((time) => time.at > passes[0]!.startsAt && time.input >= loop.start && time.input < loop.end);
      expect(first).toBeGreaterThanOrEqual(0);
      const reports = node.times.slice(first);
      expect(reports.length).toBeGreaterThan(20);
      const before = reports.filter((time) => time.input < loop.start);
      expect(before).toEqual([]);
    }
    await page.close();
  }, 120_000);
});
