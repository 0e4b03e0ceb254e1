/** The customer area's texts in English, the source (the specification's words where it gives them). */
export const customerEn = {} as const;
