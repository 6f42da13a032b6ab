/** One toast per chat that went away, whether the inbox or the action that caused it reports it first. */
export const groupGoneToastId = (chatId: string) => `group-gone:${chatId}`;
