
import type { Db, Dialect } from '../../db/index.ts';
import type { Hub } from '../../realtime/hub.ts';
import { auditWallets } from './audit.ts';
import { decideRequest, pendingRequests } from './decide.ts';

export const WALLET_USAGE = `  parley admin wallet pending        list pending recharge and withdraw requests
  parley admin wallet approve ID     approve a request (the balance updates live)
  parley admin wallet reject ID      reject a request (a held withdrawal goes back)
  parley admin wallet audit          check the ledger; exits non-zero on any mismatch`;

/**
 * `npm run admin -- wallet …`: the operator's side of the manual provider. Tests and the e2e call
 * this same function in-process. Answers the lines to print and the exit code.
 */
export async function walletAdmin(
  deps: { db: Db; dialect: Dialect; hub?: Hub },
  args: string[],
): Promise<{ lines: string[]; exitCode: number }> {
  const [verb, idText] = args;
  if (verb === 'pending') {
    const rows = await pendingRequests(deps.db);
    if (rows.length === 0) return { lines: ['No pending requests.'], exitCode: 0 };
    return {
      lines: rows.map((r) => `${r.id}\t${r.kind}\tuser ${r.user_id}\t¥${r.amount}\t${new Date(r.created_at).toISOString()}`),
      exitCode: 0,
    };
  }
  if ((verb === 'approve' || verb === 'reject') && idText && /^\d+$/.test(idText)) {
    const r = await decideRequest(deps, Number(idText), verb);
    return { lines: [`Request ${r.id} (${r.kind} ¥${r.amount}) ${r.status}.`], exitCode: 0 };
  }
  if (verb === 'audit') {
    const report = await auditWallets(deps.db);
    const f = report.figures;
    const lines = [
      `${f.transactions} transactions, ${f.wallets} wallets; escrow ¥${f.escrow}, held withdrawals ¥${f.heldWithdrawals}, provider side ¥${f.providerSide}.`,
      ...(report.ok ? ['Audit clean: every transaction sums to zero and every balance equals its entries.'] : report.problems),
    ];
    return { lines, exitCode: report.ok ? 0 : 1 };
  }
  return { lines: [`Usage:\n${WALLET_USAGE}`], exitCode: 2 };
}

