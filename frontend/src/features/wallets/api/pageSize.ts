/** Accounts per page of the wallets lists (spec 000 §9). */
export const PAGE_SIZE = 50;
