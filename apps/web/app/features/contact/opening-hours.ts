/** When the Leicester office and the phone line are staffed (UK time). */
export const OPENING_HOURS: readonly { days: string; hours: string }[] = [
  // The same hours as the shop settings (apps/api/src/db/seed/shop-settings.ts) and the legal pages.
  { days: 'Monday to Friday', hours: '8:30 am – 5:00 pm' },
  { days: 'Saturday, Sunday and bank holidays', hours: 'Closed' },
];
