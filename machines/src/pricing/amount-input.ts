/**
 * Checks on what a customer types into the buy and sell amount fields, with the screens' texts.
 * Both amounts must be whole: INR because the desk settles whole rupees, USDT because the sell
 * form takes digits only. The buy field shows Indian grouping, so its commas are ignored.
 */

const NUMBER_TEXT = /^(\d+\.?\d*|\.\d+)$/;
const DIGITS = /^\d+$/;

/** The buy field's text without grouping commas or surrounding blanks: what to quote and send. */
export function cleanAmountInput(input: string): string {
  return input.trim().replaceAll(',', '');
}

function check(text: string, missing: string, notWhole: string): string | null {
  if (text === '') return missing;
  // Only digits and one dot pass NUMBER_TEXT, so the amount is positive exactly when a digit is not 0.
  if (!NUMBER_TEXT.test(text) || !/[1-9]/.test(text)) return 'Enter a valid positive amount';
  if (!DIGITS.test(text)) return notWhole;
  return null;
}

export function validateBuyAmount(input: string): string | null {
  return check(cleanAmountInput(input), 'Enter INR amount', 'INR amount must be a whole number');
}

export function validateSellAmount(input: string): string | null {
  return check(input.trim(), 'Enter USDT amount', 'USDT amount must be a whole number');
}
