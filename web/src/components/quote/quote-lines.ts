import { formatInr, formatUsdt } from '@desk/machines/pricing/money-format';
import type { BuyQuote, SellQuote } from '@desk/machines/pricing/pricing';
import type { QuoteLine } from './quote-preview';

/** What a buy's preview lists, from its quote (dashes until there is one): the customer's buy card and the landing's calculator. */
export const buyQuoteLines = (quote: BuyQuote | null): QuoteLine[] => [
  { label: 'You pay', value: quote ? formatInr(quote.fiatAmount) : '-' },
  { label: 'Gross USDT', value: quote ? formatUsdt(quote.grossUsdt) : '-' },
  { label: 'Fee (USDT)', value: quote ? formatUsdt(quote.feeUsdt) : '-' },
  { label: 'You receive', value: quote ? formatUsdt(quote.netUsdt) : '-', strong: true },
];

/** What a sell's preview lists, from its quote. */
export const sellQuoteLines = (quote: SellQuote | null): QuoteLine[] => [
  { label: 'You send', value: quote ? formatUsdt(quote.cryptoAmount) : '-' },
  { label: 'Gross INR', value: quote ? formatInr(quote.grossInr) : '-' },
  { label: 'Fee (INR)', value: quote ? formatInr(quote.feeInr) : '-' },
  { label: 'You receive', value: quote ? formatInr(quote.netInr) : '-', strong: true },
];
