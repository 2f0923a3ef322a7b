/** The product's name: not translated, shown in the top bar, titles and the footer. */
export const brandName = 'Serviceportal';
