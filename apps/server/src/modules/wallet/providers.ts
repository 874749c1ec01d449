/**
 * Who approves recharges and withdrawals. `manual` leaves a request pending until an operator runs
 * `npm run admin -- wallet approve|reject <id>`; `sandbox` (development) approves at once.
 * A real payment provider would implement the same interface.
 */
export interface PaymentProvider {
  name: string;
  /** What happens to a new request right away. */
  submit(request: { id: number; kind: 'recharge' | 'withdraw'; amount: number; userId: number }): Promise<'pending' | 'approved'>;
}

export const manualProvider: PaymentProvider = { name: 'manual', submit: async () => 'pending' };
export const sandboxProvider: PaymentProvider = { name: 'sandbox', submit: async () => 'approved' };

export function providerFor(name: 'manual' | 'sandbox'): PaymentProvider {
  return name === 'sandbox' ? sandboxProvider : manualProvider;
}
