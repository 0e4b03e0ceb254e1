import type { customerEn } from './en';

/** The customer area's texts in Hindi (आप). */
export const customerHi: Record<keyof typeof customerEn, string> = {};
