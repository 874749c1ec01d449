import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { Agent, request } from 'undici';

/** A bare node:http server in its own process that answers every request with a constant. */
const BARE_SERVER = `const s = require('node:http').createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end('{"code":0}'); });
s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;

/**
 * The floor of a burst on this machine: `clients` simultaneous requests, each on its own warm
 * connection, to a server that does no work at all. Whatever Parley adds to a burst is above it.
 * Answers the p95 latency in ms (the best of three rounds).
 */
export async function burstFloor(clients: number): Promise<number> {
  const proc = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: proc.stdout }).once('line', resolve);
      proc.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    const agent = new Agent({ connections: clients, pipelining: 1, keepAliveTimeout: 60_000 });
    const url = `http://127.0.0.1:${port}/`;
    const round = async () => {
      const times = await Promise.all(
        Array.from({ length: clients }, async () => {
          const t0 = performance.now();
          await (await request(url, { method: 'POST', body: '{}', dispatcher: agent })).body.text();
          return performance.now() - t0;
        }),
      );
      return times.sort((a, b) => a - b)[Math.floor(0.95 * clients)];
    };
    await round(); // the connections open
    const p95s = [await round(), await round(), await round()];
    await agent.close();
    return Math.min(...p95s);
  } finally {
    proc.kill();
  }
}
