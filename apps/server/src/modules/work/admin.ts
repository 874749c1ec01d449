import fs from 'node:fs';
import type { WorkService } from './service.ts';

export const WORK_USAGE = `  parley admin goods add FILE.json  add a good ({name, category, price, pictures, description})
  parley admin goods set ID FILE.json
  parley admin goods del ID
  parley admin goods list
  parley admin crm form set TYPE FILE.json
                                    replace the form of customer | business | project | receivable`;

function readJson(file: string | undefined): unknown {
  if (!file) throw new Error('Give a JSON file.');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Cannot read ${file} as JSON: ${(err as Error).message}`);
  }
}

function idOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw new Error('Give the good id (a number).');
  return Number(raw);
}

/** `admin goods …` and `admin crm form set …`: prints what it did; throws a readable error. */
export async function workAdmin(work: WorkService, args: string[]): Promise<string> {
  const [area, verb, a, b] = args;
  if (area === 'goods') {
    if (verb === 'add') return JSON.stringify(await work.addGood(readJson(a)), null, 2);
    if (verb === 'set') return JSON.stringify(await work.setGood(idOf(a), readJson(b)), null, 2);
    if (verb === 'del') {
      await work.delGood(idOf(a));
      return `Removed good ${a}.`;
    }
    if (verb === 'list') return JSON.stringify(await work.listGoods(), null, 2);
  }
  if (area === 'crm' && verb === 'form' && a === 'set') {
    const fields = await work.setForm(b ?? '', readJson(args[4]));
    return `Saved the ${b} form (${fields.length} fields).`;
  }
  throw new Error(`Usage:\n${WORK_USAGE}`);
}
