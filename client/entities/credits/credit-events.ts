// What changes the member's credits, said once for every caller: a queued video took one, a failed
// one gave it back, a grant, a reward or a payment added some. The balance and its history are
// fetched again.
import type { QueryClient } from '@tanstack/react-query';
import { creditKeys } from './api/credit-keys';

export async function creditsChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: creditKeys.balance() }),
    queryClient.invalidateQueries({ queryKey: creditKeys.ledger() }),
  ]);
}
