import { AddTransactionForm } from '@/features/transactions/components/AddTransactionForm';

/** /transactions/new: a transaction entered by hand. */
export default function AddTransactionRoute() {
  return <AddTransactionForm />;
}
