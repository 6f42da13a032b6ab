/** Seven days, renewed once a day of use; expired sessions stop working and the cron deletes them. */
export const SESSION_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_UPDATE_SECONDS = 24 * 60 * 60;
