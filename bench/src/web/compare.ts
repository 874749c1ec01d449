import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { WebSession } from './browser.ts';
import { chatOpens } from './chatOpen.ts';
import { homeLoads } from './homeLoad.ts';
import { ms } from './summary.ts';

/** Where the other build is served from, beside this one (the app's paths are relative, its API absolute). */
const COMPARED_AT = '__compare';

interface Arm {
  first: number[];
  cold: number[];
  warm: number[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * This build against another one (`otherDist`: the apps/web/dist of another checkout), in pairs: this
 * VM's speed drifts by a third within minutes, so a figure from one run and one from a run a few
 * minutes later do not tell two builds apart. The other build is served beside this one by the same
 * server, and each round measures both (which goes first alternates): the long chat's first open and
 * one cold and warm load of the chat list. Prints each arm's runs and medians, and in how many rounds
 * the other build was the faster.
 */
export async function compareBuilds(browser: Browser, url: string, webDist: string, otherDist: string, session: WebSession, chat: { friendId: number; lastMsgId: number }, rounds: number): Promise<void> {
  if (!fs.existsSync(path.join(otherDist, 'index.html'))) throw new Error(`--compare: ${otherDist} holds no built web app (index.html)`);
  const served = path.join(webDist, COMPARED_AT);
  fs.rmSync(served, { recursive: true, force: true });
  fs.cpSync(otherDist, served, { recursive: true });
  const arms: Record<'this' | 'other', Arm> = { this: { first: [], cold: [], warm: [] }, other: { first: [], cold: [], warm: [] } };
  const homeOf = { this: '/', other: `/${COMPARED_AT}/` };
  try {
    for (let round = 0; round < rounds; round++) {
      for (const arm of round % 2 === 0 ? (['this', 'other'] as const) : (['other', 'this'] as const)) {
        arms[arm].first.push((await chatOpens(browser, url, session, chat.friendId, chat.lastMsgId, 0, undefined, homeOf[arm])).first);
        const loads = await homeLoads(browser, url, session, 1, homeOf[arm]);
        arms[arm].cold.push(...loads.cold);
        arms[arm].warm.push(...loads.warm);
      }
    }
  } finally {
    fs.rmSync(served, { recursive: true, force: true });
  }
  console.log(`  compared with ${otherDist}, ${rounds} rounds (medians; each round's figures in brackets):`);
  for (const figure of ['first', 'cold', 'warm'] as const) {
    const faster = arms.this[figure].filter((x, i) => arms.other[figure][i] < x).length;
    console.log(
      `    ${figure === 'first' ? 'first open' : `chat list ${figure}`}: this ${ms([median(arms.this[figure])])} ms [${ms(arms.this[figure])}], other ${ms([median(arms.other[figure])])} ms [${ms(arms.other[figure])}]; the other faster in ${faster} of ${rounds}`,
    );
  }
}
