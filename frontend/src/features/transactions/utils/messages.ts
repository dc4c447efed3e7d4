export const EDIT_FAILED = 'The transaction could not be changed. Please try again.';
export const CALCULATING = 'Calculating...';
