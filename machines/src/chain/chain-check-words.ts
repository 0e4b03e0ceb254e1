/**
 * A chain check in an admin's words: what happened, and what it means for the order. Shared by the
 * server (flags, history) and the screens. Times are left to the screen, which shows them in the
 * admin's time zone.
 */
import type { Network } from '../addresses/networks';
import type { ChainCheck, UnavailableReason } from './chain-check';

const NATIVE_COIN: Record<Network, string> = { ERC20: 'ETH', BEP20: 'BNB', POLYGON: 'POL', TRC20: 'TRX' };

const UNAVAILABLE: Record<UnavailableReason, string> = {
  timeout: 'did not answer in time',
  unreachable: 'could not be reached',
  error_answer: 'answered with an error',
  unreadable_answer: 'gave an answer that could not be read',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function chainCheckWords(check: ChainCheck, network: Network): string {
  switch (check.state) {
    case 'not_found':
      return `No such transaction on ${network}: not sent yet, dropped, or sent on another network.`;
    case 'pending':
      return 'Sent, and waiting to be included in a block.';
    case 'reverted':
      return `The transaction failed on the chain (block ${check.blockNumber}): no USDT moved.`;
    case 'wrong_token': {
      const other = check.tokens.length > 0 ? ` It moved another token (${check.tokens.join(', ')}).` : '';
      const coin = check.movedNativeCoin ? ` It sent ${NATIVE_COIN[network]}, not USDT.` : '';
      return `This transaction moved no USDT.${other}${coin}`;
    }
    case 'wrong_address': {
      const where = check.transfers.map((transfer) => `${transfer.amount} USDT to ${transfer.to}`).join(', ');
      return `The USDT went elsewhere (${where}), not to ${check.expectedTo}.`;
    }
    case 'wrong_amount': {
      const how = check.transferCount > 1 ? ` (${check.transferCount} transfers together)` : '';
      return `${check.paidAmount} USDT reached ${check.to}${how}; the order is for ${check.expectedAmount} USDT.`;
    }
    case 'before_order':
      return `This transfer of ${check.amount} USDT was made before the order was placed: it is not this order's payment unless you know otherwise.`;
    case 'confirming':
      return `${check.amount} USDT to the right address, ${check.confirmations} of ${check.required} confirmations so far.`;
    case 'confirmed':
      return `Verified on chain: ${check.amount} USDT to the right address, ${plural(check.confirmations, 'confirmation')}.`;
    case 'not_configured':
      return `${network} transfers are not checked on this desk: no ${network} node is configured.`;
    case 'unavailable':
      return `The ${network} node ${UNAVAILABLE[check.reason]}: the transaction could not be checked. Try again later.`;
    case 'invalid_input':
      switch (check.problem) {
        case 'not_a_transaction_hash':
          return 'That is not a transaction hash (64 hexadecimal characters, with or without 0x).';
        case 'not_an_address':
          return `The receiving address is not a valid ${network} address.`;
        case 'not_an_amount':
          return 'The order amount cannot be paid exactly in this token.';
        case 'not_a_time':
          return 'The order has no readable placing time.';
      }
  }
}
