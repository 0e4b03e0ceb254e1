import { formatInr, formatUsdt } from '@desk/machines/pricing/money-format';
import type { BuyQuote, SellQuote } from '@desk/machines/pricing/pricing';
import type { QuoteLine } from './quote-preview';

/** What a buy's preview lists, from its quote (dashes until there is one): the customer's buy card and the landing's calculator. */
export const buyQuoteLines = (quote: BuyQuote | null): QuoteLine[] => [
  { label: 'quote.youPay', value: quote ? formatInr(quote.fiatAmount) : '-' },
  { label: 'quote.grossUsdt', value: quote ? formatUsdt(quote.grossUsdt) : '-' },
  { label: 'quote.feeUsdt', value: quote ? formatUsdt(quote.feeUsdt) : '-' },
  { label: 'quote.youReceive', value: quote ? formatUsdt(quote.netUsdt) : '-', strong: true },
];

/** What a sell's preview lists, from its quote. */
export const sellQuoteLines = (quote: SellQuote | null): QuoteLine[] => [
  { label: 'quote.youSend', value: quote ? formatUsdt(quote.cryptoAmount) : '-' },
  { label: 'quote.grossInr', value: quote ? formatInr(quote.grossInr) : '-' },
  { label: 'quote.feeInr', value: quote ? formatInr(quote.feeInr) : '-' },
  { label: 'quote.youReceive', value: quote ? formatInr(quote.netInr) : '-', strong: true },
];
