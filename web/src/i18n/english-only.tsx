import { useEffect, useState, type ComponentType } from 'react';
import { enterEnglishOnly, leaveEnglishOnly } from './i18n';

/**
 * `Desk` shown in English whatever language the person chose on the landing or in the customer
 * area (decision 0036: the desks are English only): its dates, and <html lang> for screen readers.
 */
export function inEnglish<Props extends object>(Desk: ComponentType<Props>): ComponentType<Props> {
  return function InEnglish(props: Props) {
    // Before the first render, so its dates are English; Lingui is told once rendered.
    useState(() => enterEnglishOnly(false));
    useEffect(() => {
      enterEnglishOnly();
      return leaveEnglishOnly;
    }, []);
    return <Desk {...props} />;
  };
}
