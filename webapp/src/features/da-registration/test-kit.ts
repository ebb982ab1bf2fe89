/** The bot user of the link (id 8) as the backend answers the VERIFIED patch. */
export const verifiedBotUser = {
  id: 8,
  telegram_id: 1000001,
  chat_id: 1000001,
  first_name: 'Abebe',
  language: 'en',
  phone_number: '912345678',
  verification_status: 'VERIFIED',
  da_profile: 70,
  grants: [],
  report_user: null,
};
