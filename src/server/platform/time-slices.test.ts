import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { mapInSlices, SLICE_MS, TimeSlices } from './time-slices';

/** Holds the thread for `ms`, as CPU-heavy work does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

/** What else the event loop ran while `work` ran: the turns other requests would get. */
async function turnsDuring(work: () => Promise<unknown>) {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  return turns;
}

describe('time slices (heavy work hands the request thread back)', () => {
  it('maps every item in order and lets the event loop run between slices', async () => {
    const items = Array.from({ length: 10 * SLICE_MS }, (_, index) => index);
    let out: number[] = [];
    const turns = await turnsDuring(async () => {
      out = await mapInSlices(items, (item) => {
        busy(1);
        return item * 2;
      });
    });
    expect(out).toEqual(items.map((item) => item * 2));
    // 50 ms of work in slices of 5 ms: the loop got a turn about every slice.
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('returns at once, without a turn, while the slice has time left', async () => {
    const slices = new TimeSlices();
    const turns = await turnsDuring(async () => {
      for (let index = 0; index < 100; index += 1) await slices.turn();
    });
    expect(turns).toBe(0);
  });

  it('reads a large CSV in slices, with every cell and row number exactly as written', async () => {
    const rows = 30_000;
    const lines = ['name,notes,amount'];
    const expected: { row: number; cells: string[] }[] = [];
    let line = 2;
    for (let index = 0; index < rows; index += 1) {
      if (index % 1000 === 0) {
        lines.push(''); // a blank row: counted, skipped
        line += 1;
      }
      const notes = index % 7 === 0 ? `two\nlines, "quoted" ${index}` : `note ${index}`;
      lines.push(`Asset ${index},"${notes.replaceAll('"', '""')}",${index}.5`);
      expected.push({ row: line, cells: [`Asset ${index}`, notes, `${index}.5`] });
      line += 1; // a spreadsheet shows a quoted line break inside its row
    }
    let parsed: Awaited<ReturnType<typeof parseCsv>> | null = null;
    const turns = await turnsDuring(async () => {
      parsed = await parseCsv(`${lines.join('\r\n')}\r\n`);
    });
    const result = parsed as unknown as Awaited<ReturnType<typeof parseCsv>>;
    expect(result.issues).toEqual([]);
    expect(result.columns).toEqual(['name', 'notes', 'amount']);
    expect(result.records).toHaveLength(rows);
    expect(result.records).toEqual(expected);
    expect(turns).toBeGreaterThan(0);
  });
});
